"""Consonants at the table in words (pure): history lines for the game's own events and their
undos (``ConsonantsTable.describe``), the line a phone sees once its action is saved, and a
word judge's verdict as a ``cons-challenge`` payload with its outcome in words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.cards.alpha import Deck
from companion.games import consonants as engine
from companion.games.consonants.table.state import State
from companion.games.protocol import Action, Data, Event, Payload
from companion.games.trickgame.words import history_line, trick_line
from companion.games.trickgame.words import seat_name as _name

UNDONE = {
    "cons-taken": "the cards taken",
    "cons-words": "the words",
    "cons-trick": "a trick",
    "cons-fly": "the Flying by Night choice",
    "cons-close": "the scoring",
    "cons-rest": "the rest of a hand",
}
KINDS = frozenset(UNDONE) | {"cons-challenge"}


def _listed(values: Iterable[str] | None, none: str) -> str:
    return " ".join(values or []) or none


def _line(kind: str, n: int | None, p: Data, names: Sequence[str]) -> str:
    seat = _name(names, p.get("seat"))
    if kind == "cons-taken":
        return f"hand {n}, {seat} took {_listed(p.get('cards'), 'no cards')}"
    if kind == "cons-words":
        return f"hand {n}, {seat} laid {_listed(p.get('words'), 'no words')}"
    if kind == "cons-fly":
        what = "-50 for the flyer" if p.get("choice") == "subtract" else "+50 for everyone else"
        return f"hand {n}, Flying by Night: {what}"
    if kind == "cons-trick":
        return trick_line(n, p, names)
    if kind == "cons-close":
        return f"hand {n} scored"
    if kind == "cons-rest":
        return f"hand {n}, the rest go to {seat} (tricks {int(p.get('trick', 0)) + 1} on)"
    stands = "stands" if p.get("valid") else "fails"
    return (
        f"hand {n}, {p.get('word')} {stands} after {_name(names, p.get('challenger'))}'s challenge"
    )


def describe(event: Event, names: Sequence[str]) -> str | None:
    """A history line for the game's own events and their undos (None: not Consonants')."""
    return history_line(event, names, UNDONE, KINDS, _line)


def saved(action: Action, after: State, names: Sequence[str]) -> str:
    """What the phone that sent ``action`` is told once it is stored (``after``: the state
    with it)."""
    t, kind = action.target, action.kind
    seat = t.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The seat"
    if kind == "taken":
        return f"{who}'s cards are in."
    if kind == "words":
        laid = after.current.words.get(seat, []) if isinstance(seat, int) else []
        return f"{who} lays {', '.join(laid) or 'no words'}."
    if kind == "trick":
        trick = t.get("trick")
        return f"Trick {trick + 1 if isinstance(trick, int) else '?'} is in."
    if kind == "rest":
        taker = after.current.rest
        name = names[taker] if taker is not None and 0 <= taker < len(names) else "one player"
        return f"The rest of hand {t.get('hand')} went to {name}: now the words."
    if kind == "done":
        return _scored_once(t.get("hand"), after, names)
    if kind == "challenge":
        return "Challenge opened: both sides confirm on their phones."
    return "The choice is in."


def _scored_once(hand: object, after: State, names: Sequence[str]) -> str:
    """ "Hand 1 is scored." only when it is: while the table is still asked, who must agree."""
    asked = after.agreement
    waiting = [names[s] for s in asked.waiting(len(names))] if asked is not None else []
    if not waiting:
        return f"Hand {hand} is scored."
    who = waiting[0] if len(waiting) == 1 else ", ".join(waiting[:-1]) + f" and {waiting[-1]}"
    return f"Hand {hand} is scored once {who} agree{'s' if len(waiting) == 1 else ''}."


def verdict(
    ref: Data, n: int, challenger: int, valid: bool, deck: Deck, names: Sequence[str]
) -> tuple[Payload, str] | None:
    """The judge's verdict on a challenged word (``ref``: hand, seat, word) as the
    ``cons-challenge`` payload and its outcome: the winner -points, the loser +points."""
    try:
        hand, seat, word = int(ref["hand"]), int(ref["seat"]), str(ref["word"])
    except (KeyError, TypeError, ValueError):
        return None
    points = engine.word_points(word, deck)
    winner, loser = (seat, challenger) if valid else (challenger, seat)
    payload = {
        "n": n,
        "hand": hand,
        "seat": seat,
        "word": word,
        "challenger": challenger,
        "valid": valid,
    }
    stands = "stands" if valid else "is not a word: it was never laid"
    return payload, f"{word} {stands}. {names[winner]} −{points}, {names[loser]} +{points}."
