"""AlphaGrams at a table in words (pure): history lines for the game's events and their
undos, and the final ranking as lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games import agreements
from companion.games.alphagrams import state as engine
from companion.games.alphagrams.moves import spoken
from companion.games.alphagrams.scoring import tie_break_key
from companion.games.alphagrams.table.state import KINDS, State
from companion.games.alphagrams.table.view import points
from companion.games.protocol import Data, Entered, Event


def ranking_lines(state: State, names: Sequence[str]) -> list[str]:
    """Lines like ``1. Ann: 14 points (longest word 6 letters)`` for the end of the game."""
    if state.game is None:
        return []
    pts, words = points(state), engine.words_by_seat(state.game)
    out, place, before = [], 0, None
    for i, seat in enumerate(engine.final_ranking(state.game, state.deck), start=1):
        key = tie_break_key(pts[seat], words[seat])
        place = place if key == before else i  # a true tie shares its place: 1, 1, 3
        before = key
        longest = max((len(w) for w in words[seat]), default=0)
        said = f"longest word {longest} letters" if longest else "no words"
        out.append(f"{place}. {names[seat]}: {pts[seat]} points ({said})")
    return out


def _name(names: Sequence[str], seat: Entered) -> str:
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "a seat"


def _word_line(p: Data, names: Sequence[str]) -> str:
    who, text = _name(names, p.get("seat")), spoken(str(p.get("text", "")))
    stolen = spoken(str(p["stolen"])) if p.get("stolen") else None
    if stolen and p.get("from_seat") == p.get("seat"):
        line = f"{who} made {text}, protecting {stolen}"
    elif stolen:
        line = f"{who} made {text}, stealing {stolen} from {_name(names, p.get('from_seat'))}"
    else:
        line = f"{who} made {text}"
    if p.get("overruled"):
        line += f" (allowed by the table over: {'; '.join(p['overruled'])})"
    return line


def describe(event: Event, names: Sequence[str]) -> str | None:
    """A history line in plain words for AlphaGrams' own events and the table's agreements
    (None for other kinds)."""
    if event.kind in agreements.KINDS:
        return agreements.describe(event, names)
    p = event.payload
    when = f"{event.created_at:%H:%M:%S} " if event.created_at is not None else ""
    who = event.actor or "Someone"
    if event.kind == "undo" and str(p.get("what", "")).startswith("ag-"):
        return f"{when}{who}: undid a change ({_LABELS.get(str(p['what']), 'a move')})"
    if event.kind not in KINDS:
        return None
    lines: dict[str, Callable[[], str]] = {
        "ag-start": lambda: f"turned {p.get('card')} to start the pool",
        "ag-flip": lambda: f"{_name(names, p.get('seat'))} turned {p.get('card')} into the pool",
        "ag-word": lambda: _word_line(p, names),
        "ag-pass": lambda: f"{_name(names, p.get('seat'))} passed",
        "ag-end": lambda: "the game is over, as the table agreed",
        "ag-challenge": lambda: str(p.get("outcome") or "a challenge was settled"),
    }
    return f"{when}{who}: {lines[event.kind]()}"


_LABELS = {
    "ag-start": "the first card",
    "ag-flip": "a card turned",
    "ag-word": "a word",
    "ag-pass": "a pass",
    "ag-end": "the end of the game",
}
