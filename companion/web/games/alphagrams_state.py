"""AlphaGrams at the table: the stored events replayed through the engine (no Flask).

Events (moves share the versioned slot ``ag``, so two phones never make the same move twice):

- ``ag-start``: ``card`` (the first pool card), ``deck`` (the table's deck then);
- ``ag-flip``: ``seat``, ``card`` turned from the stock into the pool;
- ``ag-word``: ``seat``, ``cards`` (as played: ``T``, ``A/E=E``, ``?=R``), ``sources``, ``steal``
  (index of the word anagrammed), ``discard``, ``overrule`` (the table waived ``overruled``),
  plus ``text``/``stolen``/``from_seat`` for the history;
- ``ag-pass``: ``seat``; ``ag-end``: the table agrees the game is over;
- ``ag-challenge`` (from the judge's verdict): ``n``, ``challenger``, ``player``, ``valid``;
- ``alpha-deck``: the host's deck correction (values for scoring).

A stored event the engine refuses (an import, an undo below it) is skipped and reported, so
the page always shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from companion.cards.alpha import DEFAULT_DECK, AlphaCard, Deck
from companion.errors import CompanionError
from companion.games import scoresheet
from companion.games.alphagrams import state as engine
from companion.games.alphagrams.moves import Move
from companion.games.alphagrams.scoring import tie_break_key
from companion.games.protocol import Event
from companion.tables import store
from companion.web.games.alphagrams_options import TableOptions, first_player

KINDS = frozenset({"ag-start", "ag-flip", "ag-word", "ag-pass", "ag-end", "ag-challenge"})
UNDOABLE = frozenset({"ag-start", "ag-flip", "ag-word", "ag-pass", "ag-end"})
SLOT = "ag"
State = engine.AlphaGramsState


@dataclass
class Replayed:
    """The game so far: ``state`` (None before the first card), the deck for scoring, the
    seats whose turn the last move skipped, and events that could not be replayed."""

    state: State | None = None
    deck: Deck = DEFAULT_DECK
    skipped: tuple[int, ...] = ()
    problems: list[str] = field(default_factory=list)
    moves: int = 0

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.phase == "over"


def _start(r: Replayed, p: dict[str, Any], options: TableOptions) -> State:
    if r.state is not None:
        raise CompanionError("the game has started already")
    if isinstance(p.get("deck"), dict):
        r.deck = Deck.from_dict(p["deck"])
    state = engine.new_game(options.game, AlphaCard.parse(str(p["card"])), r.deck)
    return replace(state, turn=first_player(options))


def _word(state: State, p: dict[str, Any]) -> State:
    steal = p.get("steal")
    move = Move.parse(
        int(p["seat"]),
        [str(c) for c in p["cards"]],
        [str(s) for s in p["sources"]],
        int(steal) if steal is not None else None,
        str(p["discard"]) if p.get("discard") else None,
        bool(p.get("overrule")),
    )
    return engine.play(state, move)


def _challenge(state: State, p: dict[str, Any]) -> State:
    valid = bool(p["valid"])
    return engine.challenge(state, int(p["challenger"]), lambda _: valid)[0]


STEPS: dict[str, Callable[[State, dict[str, Any]], State]] = {
    "ag-flip": lambda s, p: engine.flip(s, AlphaCard.parse(str(p["card"]))),
    "ag-word": _word,
    "ag-pass": lambda s, p: engine.pass_turn(s, int(p["seat"])),
    "ag-end": lambda s, p: engine.end_game(s),
    "ag-challenge": _challenge,
}


def replay(options: TableOptions, rows: list[Event]) -> Replayed:
    r = Replayed()
    for e in store.effective(rows):
        if e.kind == "alpha-deck":
            r.deck = _deck(e.payload, r.deck)
        if e.kind not in KINDS:
            continue
        try:
            before = r.state
            after = _start(r, e.payload, options) if e.kind == "ag-start" else _step(r, e)
        except (CompanionError, KeyError, TypeError, ValueError) as err:
            r.problems.append(f"{e.kind.removeprefix('ag-')} at {e.created_at:%H:%M:%S}: {err}")
            continue
        r.skipped = _skipped(before, after, e)
        r.state, r.moves = after, r.moves + 1
    return r


def _step(r: Replayed, e: Event) -> State:
    if r.state is None:
        raise CompanionError("the first pool card has not been turned")
    return STEPS[e.kind](r.state, e.payload)


def _deck(payload: dict[str, Any], old: Deck) -> Deck:
    try:
        return Deck.from_dict(payload)
    except CompanionError:
        return old


def _skipped(before: State | None, after: State, e: Event) -> tuple[int, ...]:
    """Seats whose missed turn was used up by this move (the app says so)."""
    if before is None or e.kind not in ("ag-word", "ag-pass", "ag-challenge"):
        return ()
    base = before
    if e.kind == "ag-challenge" and e.payload.get("valid"):
        challenger = int(e.payload.get("challenger", -1))
        if before.turn == challenger and after.turn != challenger:  # the turn in hand is lost
            return (challenger,)
    if e.kind == "ag-challenge" and not e.payload.get("valid") and before.last is not None:
        base = before.last.before
    if not base.lose_turns or not after.lose_turns:
        return ()
    return tuple(s for s, n in enumerate(after.lose_turns) if n < base.lose_turns[s])


def points(r: Replayed) -> dict[int, int]:
    if r.state is None:
        return {}
    return engine.final_points(r.state, r.deck)


def sheet(options: TableOptions, rows: list[Event]) -> scoresheet.Sheet:
    """One row, at the end: each seat's points; winners by points, then longest words."""
    n = options.players
    r = replay(options, rows)
    if not r.over or r.state is None:
        zero = tuple(0 for _ in range(n))
        return scoresheet.Sheet(n, (), zero, (), (), False, (), 0)
    pts = points(r)
    words = engine.seat_words(r.state)
    order = engine.final_ranking(r.state, r.deck)
    key = [tie_break_key(pts[s], words[s]) for s in range(n)]
    winners = tuple(s for s in order if key[s] == key[order[0]])
    row = tuple(pts[s] for s in range(n))
    reason = _reason(pts, winners, order)
    return scoresheet.Sheet(n, (row,), row, (row,), winners, True, winners, 1, (), reason)


def _reason(pts: dict[int, int], winners: tuple[int, ...], order: list[int]) -> str:
    top = pts[order[0]]
    tied = [s for s in order if pts[s] == top]
    if len(winners) > 1:
        return f"{top} points each, and words of the same lengths"
    if len(tied) > 1:
        return f"{top} points each: the tie goes to the longest word"
    return f"{top} points"


def ranking_lines(r: Replayed, names: list[str]) -> list[str]:
    """Lines like ``1. Ann: 14 points (longest word 6 letters)`` for the end of the game."""
    if r.state is None:
        return []
    pts, words = points(r), engine.seat_words(r.state)
    out = []
    for place, seat in enumerate(engine.final_ranking(r.state, r.deck), start=1):
        longest = max((len(w) for w in words[seat]), default=0)
        out.append(f"{place}. {names[seat]}: {pts[seat]} points (longest word {longest} letters)")
    return out
