"""Reading a phone's Consonants entry (cards taken, words, a trick) before it is stored.

Every reader raises ``Unreadable`` with a sentence a player understands; nothing is stored
then. Storing goes through Hearts' ``save`` (versioned slot, ``Conflict`` when another phone
changed it since the form was opened).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.cards.alpha import AlphaCard, PlayedAlpha
from companion.errors import Forbidden, Unreadable
from companion.games import consonants as engine
from companion.web.games import consonants_state as state
from companion.web.games.hearts_entry import read_seat, read_version, save
from companion.web.tableview import TableView

__all__ = ["read_cards", "read_seat", "read_taken", "read_trick", "read_version", "read_words"]
MAX_ITEMS = 80


def _split(text: Any) -> list[str]:
    return [w for w in re.split(r"[\s,;]+", str(text or "").strip())[:MAX_ITEMS] if w]


def read_cards(text: Any, who: str) -> list[AlphaCard]:
    """Cards typed or tapped, e.g. ``T A/E ? J``."""
    found = []
    for word in _split(text):
        try:
            found.append(AlphaCard.parse(word))
        except Unreadable as err:
            raise Unreadable(f"{who}: {err.message}", "cards") from None
    return found


def _copies_problem(game: state.ConsonantsGame, mine: list[AlphaCard], who: str) -> str | None:
    for card, count in sorted(Counter(mine).items()):
        copies = game.deck.copies.get(card, 0)
        if count > copies:
            have = f"the deck has {copies}" if copies else "that card is not in this deck"
            return (
                f"{who} listed the {card} {count} times, but {have} (rule: no more copies "
                "than the deck has)."
            )
    return None


def read_taken(
    v: TableView, game: state.ConsonantsGame, hand: state.Hand, seat: int, form: Mapping
) -> dict[str, Any]:
    """One seat's taken cards (the kitty too, for the last trick's taker); ``rest`` adds every
    card of the deck that nobody else has entered."""
    who = v.names[seat]
    mine = read_cards(form.get("cards"), who)
    if (problem := _copies_problem(game, mine, who)) is not None:
        raise Unreadable(problem, "cards")
    if form.get("rest"):
        others = Counter(c for s, got in hand.taken.items() if s != seat for c in got)
        rest = Counter(game.deck.copies) - others - Counter(mine)
        mine += sorted(rest.elements())
    return {"seat": seat, "cards": [str(c) for c in mine]}


def seat_cards_known(hand: state.Hand, seat: int) -> bool:
    if hand.source == "tricks":
        return hand.trick_report is not None and hand.trick_report.complete
    return seat in hand.entered


def read_words(
    v: TableView, game: state.ConsonantsGame, hand: state.Hand, seat: int, form: Mapping
) -> dict[str, Any]:
    """The words a seat lays: 4+ letters each, from its own taken cards, each card once."""
    who = v.names[seat]
    if not seat_cards_known(hand, seat):
        raise Forbidden(f"Enter {who}'s taken cards first: words are made from them.")
    words = [engine.read_word(w, "words") for w in _split(form.get("words"))]
    for word in words:
        if len(word) < engine.MIN_WORD:
            raise Unreadable(f"{word} is too short: a word needs 4 letters or more.", "words")
    laid, refused = engine.lay_words(words, hand.taken.get(seat, []))
    if refused:
        raise Unreadable(
            f"{refused[0]} cannot be spelt from {who}'s own taken cards, beside the other "
            "words (each card once; a vowel card gives one of its letters; no wilds).",
            "words",
        )
    kept = hand.challenged(seat) - set(laid)
    if kept:
        raise Forbidden(f"{sorted(kept)[0]} has been challenged: it stays laid.")
    return {"seat": seat, "words": laid}


def read_trick(
    v: TableView, game: state.ConsonantsGame, hand: state.Hand, form: Mapping
) -> dict[str, Any]:
    """The next trick: ``leader`` and ``cards`` in play order with declarations."""
    players, number = game.rules.players, len(hand.tricks) + 1
    if number > engine.cards_per_seat(game.rules):
        raise Unreadable(f"All {number - 1} tricks of this hand are in already.", "cards")
    leader = read_seat(form, "leader", players)
    assert leader is not None
    plays = []
    for word in _split(form.get("cards")):
        try:
            plays.append(PlayedAlpha.parse(word))
        except Unreadable as err:
            raise Unreadable(f"Trick {number}: {err.message}", "cards") from None
    if len(plays) != players:
        raise Unreadable(
            f"Trick {number} needs one card from each of the {players} players, not {len(plays)}.",
            "cards",
        )
    tricks = [*hand.tricks, (leader, plays)]
    report = engine.check_hand(game.rules, tricks, names=v.names)
    bad = [x for x in report.violations if x.rule in state.BLOCKING and x.trick == number - 1]
    if bad:
        raise Unreadable(bad[0].message, "cards")
    return {"trick": number - 1, "leader": leader, "cards": [str(p) for p in plays]}


def store_change(
    v: TableView, kind: str, hand: int, slot: str, form: Mapping, payload: dict, what: str
) -> None:
    """Store one change in its versioned slot (``Conflict`` when another phone was first)."""
    save(v, kind, hand, slot, read_version(form), payload, what)
