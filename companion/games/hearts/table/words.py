"""Hearts at the table in words (pure): the pass (said per seat), the opening lead, cards with
suit symbols, the engine's ``Seat 2`` as a player's name, and history lines for the game's
own events (``HeartsTable.describe``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.cards.standard import Card
from companion.games import hearts
from companion.games.hearts.table.options import TableOptions
from companion.games.protocol import Data, Event
from companion.games.trickgame import passwords
from companion.games.trickgame.passwords import PassLine as PassLine
from companion.games.trickgame.words import face as face
from companion.games.trickgame.words import history_line, trick_line
from companion.games.trickgame.words import named as named
from companion.games.trickgame.words import seat_name as _name

UNDONE = {
    "hearts-taken": "the cards taken",
    "hearts-claim": "a claim",
    "hearts-trick": "a trick",
    "hearts-moon": "the moon choice",
    "hearts-revoke": "the revoke",
    "hearts-points": "a hand's points",
    "hearts-rest": "the rest of a hand",
}


CODE = re.compile(r"\b(10|[2-9TJQKA])([CDHS])\b")


def said(text: str, names: Sequence[str]) -> str:
    """An engine's message as a page says it: players' names for ``Seat 2``, and each card
    as its face (``5D`` -> ``5♦``, drawn as an icon by the page)."""

    return CODE.sub(lambda found: face(Card.parse(found.group(0))), named(text, names))


def pass_line(options: TableOptions, hand: int, seat: int | None, names: Sequence[str]) -> PassLine:
    """The pass of hand ``hand`` for the phone at ``seat`` (None: said for everyone)."""
    return passwords.pass_line(options.rules, hand, seat, names)


def lead_line(options: TableOptions, dealer: int, names: Sequence[str]) -> str:
    rules = options.rules
    if rules.first_lead == "left-of-dealer":
        seat = hearts.first_leader(rules, dealer)
        return f"{names[seat or 0]} (left of the dealer) leads any card."
    if rules.uses_kitty:
        return "The lowest club not in the kitty leads (the 2\u2663 unless it is in the kitty)."
    card = hearts.opening_lead(rules)
    return f"The {face(card or '2C')} leads."


def _taken_words(payload: Data, names: Sequence[str]) -> str:
    parts = []
    for seat, texts in sorted(payload.get("taken", {}).items(), key=lambda i: int(i[0])):
        if texts:
            parts.append(f"{_name(names, seat)} {' '.join(texts)}")
    return "; ".join(parts) or "no cards"


def _points_words(n: int | None, payload: Data, names: Sequence[str]) -> str:
    """``hand 3 by points: Ann 15, Bob 4, ...`` (or who shot the moon or the sun)."""
    for key, what in (("sun", "took every trick"), ("moon", "shot the moon")):
        if payload.get(key) is not None:
            return f"hand {n} by points: {_name(names, payload[key])} {what}"
    points = sorted(payload.get("points", {}).items(), key=lambda i: int(i[0]))
    return f"hand {n} by points: " + ", ".join(f"{_name(names, s)} {p}" for s, p in points)


def _line(kind: str, n: int | None, p: Data, names: Sequence[str]) -> str:
    """What an event of ``kind`` (one of the game's own) did to hand ``n``."""
    lines = {
        "hearts-taken": lambda: f"hand {n}, cards taken: {_taken_words(p, names)}",
        "hearts-claim": lambda: (
            f"hand {n}, {_name(names, p.get('seat'))} took "
            + (" ".join(p.get("cards", [])) or "no points")
            + (" and every trick" if p.get("sun") else "")
        ),
        "hearts-moon": lambda: (
            f"hand {n}, moon: "
            + ("the shooter subtracts" if p.get("choice") == "subtract" else "added to the others")
        ),
        "hearts-trick": lambda: trick_line(n, p, names),
        "hearts-points": lambda: _points_words(n, p, names),
        "hearts-rest": lambda: (
            f"hand {n}, the rest go to {_name(names, p.get('seat'))} "
            f"(tricks {int(p.get('trick', 0)) + 1} on)"
        ),
        "hearts-revoke": lambda: (
            f"hand {n}, recorded a revoke by {_name(names, p.get('seat'))} "
            f"on trick {int(p.get('trick', 0)) + 1}"
        ),
    }
    return lines[kind]()


def describe(event: Event, names: Sequence[str]) -> str | None:
    """A history line for the game's own events and their undos (None: the shell words it)."""
    return history_line(event, names, UNDONE, UNDONE, _line)
