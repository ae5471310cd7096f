"""AlphaGrams at a table, read back (pure): the words on the table, each seat's points and the
final sheet (winners by points, then the longest words)."""

from __future__ import annotations

from companion.games import scoresheet
from companion.games.alphagrams import state as engine
from companion.games.alphagrams.scoring import tie_break_key
from companion.games.alphagrams.table.state import State
from companion.games.protocol import JSON


def last_word(state: State) -> int | None:
    """The number of the last word made, while it may be challenged."""
    g = state.game
    return state.ids[-1] if g is not None and g.last is not None and state.ids else None


def words_view(state: State) -> list[dict[str, JSON]]:
    g = state.game
    if g is None:
        return []
    return [
        {"word": i, "seat": w.seat, "text": w.text, "cards": [str(c) for c in w.cards]}
        for i, w in zip(state.ids, g.words, strict=True)
    ]


def points(state: State) -> dict[int, int]:
    return engine.final_points(state.game, state.deck) if state.game is not None else {}


def final_sheet(state: State) -> scoresheet.Sheet:
    """One row, at the end: each seat's points; winners by points, then longest words."""
    n = state.options.players
    if not state.over or state.game is None:
        zero = tuple(0 for _ in range(n))
        return scoresheet.Sheet(n, (), zero, (), (), False, (), 0)
    pts, words = points(state), engine.words_by_seat(state.game)
    order = engine.final_ranking(state.game, state.deck)
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
    return ""  # a clear win: "Cy wins with 4" says it all
