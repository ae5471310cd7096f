"""The Hearts options as a player reads them on the new-table form and the rules page (pure).

``OPTION_HELP`` (in ``options``) documents each option by its key for the APIs; here every
option has the label the form shows, help that speaks of that label and of the choices as the
form words them (never an internal key such as ``bonus_points`` or ``left-of-dealer``), and
each preset says in words which options it sets.
"""

from __future__ import annotations

from companion.games.hearts.options import PRESETS, HeartsOptions
from companion.games.trickgame import passwords

LABELS = {
    "pass_count": "Cards passed",
    "pass_cycle": "Pass order",
    "odd_deal": "Spare cards with 3 or 5 players",
    "kitty_to": "Who wins the kitty",
    "first_lead": "First lead",
    "target": "Game ends at",
    "moon_policy": "Shooting the moon",
    "shoot_the_sun": "Shooting the sun",
    "exact_target_resets_to": "Landing exactly on the end score",
    "tie_continues": "Play on after a tie",
    "bonus_card": "Bonus card",
    "bonus_points": "Bonus card points",
    "partnership": "Partners",
    "must_break_hearts": "Hearts must be broken",
    "qs_breaks_hearts": "The queen of spades breaks hearts",
    "can_lead_hearts_instead_of_qs": "A heart instead of the queen",
    "no_points_on_first_trick": "No points on the first trick",
    "revoke_penalty": "Revoke penalty",
}

CHOICE_WORDS: dict[str, list[tuple[str, str]]] = {
    "odd_deal": [("remove", "remove cards"), ("kitty", "a kitty")],
    "kitty_to": [("first-trick", "first trick's winner"), ("first-penalty", "first penalty")],
    "first_lead": [("low-club", "lowest club leads"), ("left-of-dealer", "left of dealer")],
    "bonus_card": [
        ("none", "no bonus card"),
        ("JD", "jack of diamonds"),
        ("TD", "ten of diamonds"),
    ],
    "moon_policy": [
        ("add", "26 to everyone else"),
        ("subtract", "26 off the shooter"),
        ("choose", "the shooter chooses"),
        ("choose-if-74", "the shooter chooses once someone has 74"),
        ("protect", "the shooter is protected"),
    ],
    "exact_target_resets_to": [("none", "no reset"), ("50", "to 50"), ("0", "to 0")],
    "partnership": [("none", "no partners"), ("pooled", "pooled"), ("individual", "individual")],
}


HELP = {
    "pass_count": "How many cards each player passes before play; 0 means nobody passes.",
    "pass_cycle": "The passes in order, then again from the start: left, right, across, two "
    "seats left or right, scatter (one card to each other player) or hold (no pass).",
    "odd_deal": "Only with 3 or 5 players. Remove cards: the 2 of diamonds (and with 5 "
    "players the 2 of clubs) comes out so the cards deal out evenly. A kitty: the cards "
    "that do not deal out evenly are set aside for one player to win.",
    "kitty_to": "Only with a kitty. First trick's winner: it goes with the first trick. "
    "First penalty: it goes to whoever first takes a heart or the queen of spades.",
    "first_lead": "Lowest club leads: whoever holds the 2 of clubs (or the lowest club in "
    "play) leads it. Left of dealer: that player leads any card.",
    "target": "The game ends after the hand in which someone reaches this score; the lowest "
    "score wins.",
    "moon_policy": "When one player takes every heart and the queen of spades. 26 to "
    "everyone else, or 26 off the shooter; the shooter chooses between the two; once "
    "someone has 74: the shooter may choose only then; protected: 26 to everyone else, "
    "unless that ends the game with the shooter not lowest, then 26 off the shooter.",
    "shoot_the_sun": "Yes: taking every trick counts like the moon, but for 52.",
    "exact_target_resets_to": "A player whose score lands exactly on the end score drops "
    "back to 50 or to 0.",
    "tie_continues": "Yes: when the game ends with a tie for the lowest score, play more "
    "hands until one player is lowest alone.",
    "bonus_card": "A card that gives its taker the bonus card points (Omnibus Hearts uses "
    "the jack of diamonds).",
    "bonus_points": "What the bonus card gives whoever takes it, usually -10.",
    "partnership": "Partners sit across from each other. Pooled: one score per team, and "
    "the team can shoot the moon together. Individual: each keeps a score, and partners "
    "add theirs together at the end.",
    "must_break_hearts": "Yes: nobody may lead a heart until a heart has been played, "
    "unless they hold only hearts.",
    "qs_breaks_hearts": "Yes: once the queen of spades has been played, hearts may be led.",
    "can_lead_hearts_instead_of_qs": "Yes: a leader holding only hearts and the queen of "
    "spades may lead a heart before hearts are broken.",
    "no_points_on_first_trick": "Yes: no heart and no queen of spades on the first trick, "
    "unless a player has nothing else to play.",
    "revoke_penalty": "Yes: a player caught not following suit takes all 26 points of that "
    "hand, and nobody else scores.",
}

PRESET_WORDS = {
    "standard": "The usual game.",
    "pagat": "The rules as pagat.com gives them.",
    "omnibus": "Pagat's rules with a bonus card.",
}


def value_words(key: str, value: object) -> str:
    """An option's value as the form words it: ``moon_policy='add'`` -> ``26 to everyone
    else``; a pass order as its directions; yes or no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return passwords.cycle_words(value)
    text = "none" if value is None else str(value)
    return dict(CHOICE_WORDS.get(key, [])).get(text, text)


def preset_keys() -> list[str]:
    """The options the presets set differently (what choosing one changes)."""
    return [k for k in LABELS if len({repr(getattr(p, k)) for p in PRESETS.values()}) > 1]


def preset_sets(name: str) -> list[str]:
    """What preset ``name`` sets, in words: ``["Shooting the moon: the shooter chooses", ...]``."""
    preset = PRESETS[name]
    return [f"{LABELS[k]}: {value_words(k, getattr(preset, k))}" for k in preset_keys()]


def cycle_words(options: HeartsOptions) -> str:
    return value_words("pass_cycle", options.cycle)
