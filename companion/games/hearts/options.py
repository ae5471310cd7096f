"""Hearts options and presets: data with documented defaults (OpenSpiel Hearts style).

``OPTION_HELP`` gives a one-line plain-English description of every option for the UI;
``PRESETS`` are named option sets; ``options_from(data)`` reads ``{"preset": NAME, ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from companion.errors import Unreadable
from companion.games.optionvalues import typed_value
from companion.games.trickgame.passing import DEFAULT_CYCLES as DEFAULT_CYCLES
from companion.games.trickgame.passing import DIRECTIONS as DIRECTIONS
from companion.games.trickgame.passing import HOUSE_RULE_CYCLES as HOUSE_RULE_CYCLES
from companion.games.trickgame.passing import OTHER_CYCLES as OTHER_CYCLES
from companion.games.trickgame.passing import cycle_of, cycle_problem

MOON_POLICIES = ("add", "subtract", "choose", "choose-if-74", "protect")


@dataclass(frozen=True)
class HeartsOptions:
    """Every table setting. Defaults are the ``standard`` preset (seed 001)."""

    players: int = 4
    pass_count: int = 3
    pass_cycle: tuple[str, ...] | None = None
    odd_deal: str = "remove"
    kitty_to: str = "first-trick"
    first_lead: str = "low-club"
    must_break_hearts: bool = True
    qs_breaks_hearts: bool = False
    can_lead_hearts_instead_of_qs: bool = False
    no_points_on_first_trick: bool = True
    bonus_card: str | None = None
    bonus_points: int = -10
    shoot_the_sun: bool = False
    moon_policy: str = "choose-if-74"
    exact_target_resets_to: int | None = None
    tie_continues: bool = True
    partnership: str | None = None
    target: int = 100
    revoke_penalty: bool = False

    @property
    def cycle(self) -> tuple[str, ...]:
        """The pass cycle in force (the default for the player count when not set)."""
        return cycle_of(self)

    @property
    def uses_kitty(self) -> bool:
        """True when left-over cards form a kitty (always at 6 players)."""
        return self.players == 6 or (self.players in (3, 5) and self.odd_deal == "kitty")


OPTION_HELP: dict[str, str] = {
    "players": "Number of players, 3 to 6.",
    "pass_count": "How many cards each player passes before play (0 = never pass).",
    "pass_cycle": "The order of passes, repeated: left, right, across, 2nd-left, 2nd-right, "
    "scatter (one card to each other player) or hold (no pass); empty = the usual cycle.",
    "odd_deal": "With 3 or 5 players: 'remove' takes out the 2D (and the 2C for 5) so the "
    "cards deal out evenly; 'kitty' deals evenly and sets the rest aside.",
    "kitty_to": "Who gets the kitty: 'first-trick' = the winner of the first trick, "
    "'first-penalty' = whoever first takes a heart or the QS.",
    "first_lead": "'low-club': the holder of the lowest club in play (2C) leads it; "
    "'left-of-dealer': the player left of the dealer leads any card.",
    "must_break_hearts": "Hearts may not be led until a heart has been played, unless the "
    "leader holds only hearts. Off: hearts may be led any time.",
    "qs_breaks_hearts": "Playing the QS also allows hearts to be led.",
    "can_lead_hearts_instead_of_qs": "A leader holding only hearts and the QS may lead a "
    "heart before hearts are broken.",
    "no_points_on_first_trick": "No heart and no QS on the first trick, unless the player "
    "holds nothing else that may be played.",
    "bonus_card": "Omnibus bonus card: 'JD' or 'TD' scores bonus_points for whoever takes "
    "it; empty = none.",
    "bonus_points": "Points for taking the bonus card (usually -10).",
    "shoot_the_sun": "Taking every trick shoots the sun: scored like the moon, but 52.",
    "moon_policy": "When someone shoots the moon: 'add' 26 to everyone else; 'subtract' 26 "
    "from the shooter; 'choose' lets the shooter pick; 'choose-if-74' allows subtracting "
    "only when someone has 74 or more; 'protect' adds unless that would end the game with "
    "the shooter not lowest, then subtracts.",
    "exact_target_resets_to": "A total of exactly the target score drops to this (50 or 0); "
    "empty = no reset.",
    "tie_continues": "If the game ends with a tie for lowest, play more hands until one "
    "player is lowest alone.",
    "partnership": "Partners sit opposite: 'pooled' = one team score and team moon; "
    "'individual' = own scores, partners' totals added at the end; empty = no partners.",
    "target": "The game ends after a hand in which someone reaches this total.",
    "revoke_penalty": "A player found not following suit takes all 26 points for that hand "
    "(nobody else scores).",
}

PRESETS: dict[str, HeartsOptions] = {
    "standard": HeartsOptions(),
    "pagat": HeartsOptions(no_points_on_first_trick=False, moon_policy="choose"),
    "omnibus": HeartsOptions(no_points_on_first_trick=False, moon_policy="choose", bonus_card="JD"),
}
"""standard = seed 001; pagat = seed 002's base rules; omnibus = pagat + JD -10."""

PRESET_HELP = {
    "standard": "Four players, pass 3 left/right/across/hold, 2C leads, no points on the "
    "first trick, moon: +26 to others (or -26 to self when someone has 74).",
    "pagat": "As standard, but points may fall on the first trick and the moon shooter "
    "always chooses -26 to self or +26 to others.",
    "omnibus": "Pagat rules plus the JD: -10 to whoever takes it.",
}

_CHOICES: dict[str, tuple[object, ...]] = {
    "odd_deal": ("remove", "kitty"),
    "kitty_to": ("first-trick", "first-penalty"),
    "first_lead": ("low-club", "left-of-dealer"),
    "bonus_card": (None, "JD", "TD"),
    "moon_policy": MOON_POLICIES,
    "exact_target_resets_to": (None, 0, 50),
    "partnership": (None, "pooled", "individual"),
}


def options_from(data: Mapping[str, object] | None, field: str = "options") -> HeartsOptions:
    """Read ``{"preset": NAME, ...overrides}``; omitted = standard. ``Unreadable`` names
    the field and value for an unknown preset or option, a wrong type or an impossible value."""
    data = dict(data or {})
    name = data.pop("preset", None) or "standard"
    if not isinstance(name, str) or name not in PRESETS:
        raise Unreadable(
            f"field '{field}': unknown preset {name!r:.40} (known: {', '.join(PRESETS)})", field
        )
    known = {f.name: f for f in fields(HeartsOptions)}
    changes: dict[str, Any] = {}  # each field's own type, checked by _read_value
    for key, value in data.items():
        if key not in known:
            raise Unreadable(f"field '{field}': unknown option {key!r:.40}", field)
        changes[key] = _read_value(key, value, PRESETS[name], field)
    options = replace(PRESETS[name], **changes)
    validate(options, field)
    return options


def _read_value(key: str, value: object, base: HeartsOptions, field: str) -> object:
    expected = type(getattr(base, key)) if getattr(base, key) is not None else None
    where = f"field '{field}': option '{key}'"
    if key == "pass_cycle":
        if value is None or value == []:
            return None
        if not isinstance(value, list) or not all(isinstance(d, str) for d in value):
            raise Unreadable(f"{where} must be a list of directions, not {value!r:.60}", field)
        return tuple(d.strip().lower() for d in value)
    if key in _CHOICES:
        if value not in _CHOICES[key] or isinstance(value, bool):
            allowed = ", ".join("none" if c is None else str(c) for c in _CHOICES[key])
            raise Unreadable(f"{where} is {value!r:.40}; allowed: {allowed}", field)
        return value
    return typed_value(value, expected, where, field)


def validate(options: HeartsOptions, field: str = "options") -> None:
    """Refuse settings that cannot be played (player count, pass sizes, cycle words)."""
    n = options.players
    problem = None
    if not 3 <= n <= 6:
        problem = f"players is {n}; Hearts is for 3 to 6 players"
    elif not 0 <= options.pass_count <= 6:
        problem = f"pass_count is {options.pass_count}; pass 0 to 6 cards"
    elif not 1 <= options.target <= 10000:
        problem = f"target is {options.target}; choose 1 to 10000"
    elif options.partnership and n % 2:
        problem = f"partners sit opposite, so partnership needs an even number of players, not {n}"
    else:
        problem = cycle_problem(options)
    if problem:
        raise Unreadable(f"field '{field}': {problem}", field)
