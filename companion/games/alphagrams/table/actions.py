"""AlphaGrams at a table: the table protocol (``companion.games.protocol``), pure.

Rule text ``seeds/003_e8cba11fc1d7cffd.txt``; rulings in RULES.md "AlphaGrams rulings" and in
this package's docstring. Every move shares the versioned slot ``ag`` (stored games keep
working: the event kinds and payloads are the ones the pages always stored):

- ``start`` -> ``ag-start`` (``card``, ``deck``); target ``{"turn": 0}``;
- ``flip`` -> ``ag-flip`` (``seat``, ``card``); ``pass`` -> ``ag-pass`` (``seat``);
- ``word`` -> ``ag-word`` (``seat``, ``cards``, ``sources``, ``steal``, ``discard``,
  ``overrule``, ``overruled``, ``text``, ``stolen``, ``from_seat``);
- ``end`` asks the table (``companion.games.agreements``); when every seat agreed, ``ag-end``;
- ``challenge`` -> ``judge-open`` in slot ``judge{n}``; ``confirm`` and ``withdraw``
  (``companion.games.challenges``): the last confirmation appends the verdict and
  ``ag-challenge`` (``challenger``, ``player``, ``valid``, ``outcome``) at the next ``ag``
  version; ``agree`` and ``disagree`` answer what the table is asked.

Targets are explicit: ``{"turn": t, "seat": s}`` names the turn (numbered from 1 at the first
card; a word or a pass starts the next one) and the seat on turn; a steal adds ``"word": id``
(the word's number, given when it was made and kept while it stays on the table). A turn or
word that is not the one named now is a ``Conflict``; a stale ``ag`` version is refused by the
shell before ``apply`` runs. Rulings of ours: the seat's phone, the host, or any seated phone
for a seat without a phone moves for a seat; no move while a challenge is being judged or the
table is asked something; a word the table's rules only question (an inflection; with word
checking on, a word not in the list) needs ``"overrule": true``, which asks the table: the
word is made when every seat agreed (and it is logged).

Secrets: none. Hands are only counted (the cards in hand are never entered), so every seat's
``view`` is the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.errors import Unreadable
from companion.games import agreements, challenges, scoresheet
from companion.games.alphagrams import state as engine
from companion.games.alphagrams.moves import spoken
from companion.games.alphagrams.scoring import tie_break_key
from companion.games.alphagrams.table import options as tableopts
from companion.games.alphagrams.table.fold import fold_event
from companion.games.alphagrams.table.moves import Moves
from companion.games.alphagrams.table.options import TableOptions
from companion.games.alphagrams.table.state import KINDS, SLOT, State
from companion.games.protocol import Action, Event
from companion.words.lexicon import Lexicon


class AlphaGramsTable(Moves):
    key = "alphagrams"
    actions = {
        "start": "Turn the first card into the pool (target turn 0; data card, optional deck).",
        "flip": "The seat on turn turns a card from the stock into the pool (data card).",
        "word": "The seat on turn makes a word, or steals/protects the target's word "
        "(data cards, sources, optional discard; overrule: ask the table to allow a word "
        "the rules only question).",
        "pass": "The seat on turn makes no word this turn.",
        "challenge": "Challenge the last word made (target word; data challenger): the word "
        "judge takes it from there.",
        "end": "Ask the table to end the game: every seat agrees (agree), then it is scored.",
        **challenges.ACTIONS,
        **agreements.ACTIONS,
    }

    def __init__(self, lexicon: Callable[[str], Lexicon] | None = None) -> None:
        self.lexicon = lexicon

    def parse_options(self, data: Mapping[str, Any]) -> TableOptions:
        if self.lexicon is None:
            raise Unreadable("No word lists are loaded here.", "lexicon")
        return tableopts.parse_options(data, self.lexicon)

    def load_options(self, data: Mapping[str, Any]) -> TableOptions:
        return tableopts.load_options(data)

    def initial(self, options: TableOptions, players: int) -> State:
        return State(options)

    def fold(self, state: State, event: Event) -> State:
        return fold_event(state, event)

    def target_slot(self, state: State, action: Action) -> str:
        if action.kind not in self.actions:
            raise Unreadable(f"AlphaGrams has no action '{action.kind[:30]}'.", "action")
        if action.kind in challenges.ACTIONS:
            return challenges.slot(action)
        if action.kind in agreements.ACTIONS:
            return agreements.slot(action)
        return SLOT

    def current(self, state: State, action: Action) -> Any:
        if action.kind in challenges.ACTIONS:
            return challenges.current(state)
        if action.kind in agreements.ACTIONS:
            return agreements.current(state, state.options.players)
        g = state.game
        if g is None:
            return {"turn": 0, "started": False}
        return {"turn": state.turn, "seat": g.turn, "phase": g.phase,
                "last_word": last_word(state),
                "words": [{"word": i, "text": w.text} for i, w in zip(state.ids, g.words,
                                                                    strict=True)]}  # fmt: skip

    def sheet(self, state: State) -> scoresheet.Sheet:
        return final_sheet(state)

    def view(self, state: State, seat: int | None, versions: Mapping[str, int]) -> dict[str, Any]:
        out: dict[str, Any] = {"version": versions.get(SLOT, 0), "turn": state.turn,
                               "started": state.game is not None, "over": state.over}  # fmt: skip
        g = state.game
        if g is not None:
            out.update(seat=g.turn, phase=g.phase, stock=g.stock, hands=list(g.hands),
                       pool=[str(c) for c in g.pool], lose_turns=list(g.lose_turns),
                       words=words_view(state), last_word=last_word(state))  # fmt: skip
        j = state.judging
        out["challenge"] = None if j is None else {"n": j.n, "player": j.player,
                                                   "challenger": j.challenger}  # fmt: skip
        out["next_challenge"] = state.challenges + 1
        out["agreement"] = agreements.view(state, state.options.players)
        return out

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return describe(event, names)


def last_word(state: State) -> int | None:
    """The number of the last word made, while it may be challenged."""
    g = state.game
    return state.ids[-1] if g is not None and g.last is not None and state.ids else None


def words_view(state: State) -> list[dict[str, Any]]:
    g = state.game
    if g is None:
        return []
    return [{"word": i, "seat": w.seat, "text": w.text, "cards": [str(c) for c in w.cards]}
            for i, w in zip(state.ids, g.words, strict=True)]  # fmt: skip


def points(state: State) -> dict[int, int]:
    return engine.final_points(state.game, state.deck) if state.game is not None else {}


def final_sheet(state: State) -> scoresheet.Sheet:
    """One row, at the end: each seat's points; winners by points, then longest words."""
    n = state.options.players
    if not state.over or state.game is None:
        zero = tuple(0 for _ in range(n))
        return scoresheet.Sheet(n, (), zero, (), (), False, (), 0)
    pts, words = points(state), engine.seat_words(state.game)
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


def ranking_lines(state: State, names: Sequence[str]) -> list[str]:
    """Lines like ``1. Ann: 14 points (longest word 6 letters)`` for the end of the game."""
    if state.game is None:
        return []
    pts, words = points(state), engine.seat_words(state.game)
    out, place, before = [], 0, None
    for i, seat in enumerate(engine.final_ranking(state.game, state.deck), start=1):
        key = tie_break_key(pts[seat], words[seat])
        place = place if key == before else i  # a true tie shares its place: 1, 1, 3
        before = key
        longest = max((len(w) for w in words[seat]), default=0)
        said = f"longest word {longest} letters" if longest else "no words"
        out.append(f"{place}. {names[seat]}: {pts[seat]} points ({said})")
    return out


def _name(names: Sequence[str], seat: Any) -> str:
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "a seat"


def _word_line(p: Mapping[str, Any], names: Sequence[str]) -> str:
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


_LABELS = {"ag-start": "the first card", "ag-flip": "a card turned", "ag-word": "a word",
           "ag-pass": "a pass", "ag-end": "the end of the game"}  # fmt: skip

GAME = AlphaGramsTable()
