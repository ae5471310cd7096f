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

from companion.errors import Unreadable
from companion.games import agreements, challenges, scoresheet
from companion.games.alphagrams.table.fold import fold_event
from companion.games.alphagrams.table.moves import Moves
from companion.games.alphagrams.table.options import TableOptions, load_options, parse_options
from companion.games.alphagrams.table.state import SLOT, State
from companion.games.alphagrams.table.view import final_sheet, last_word, words_view
from companion.games.alphagrams.table.words import describe
from companion.games.protocol import JSON, Action, Data, Event
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

    def parse_options(self, data: Data) -> TableOptions:
        if self.lexicon is None:
            raise Unreadable("No word lists are loaded here.", "lexicon")
        return parse_options(data, self.lexicon)

    def load_options(self, data: Data) -> TableOptions:
        return load_options(data)

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

    def current(self, state: State, action: Action) -> JSON:
        if action.kind in challenges.ACTIONS:
            return challenges.current(state)
        if action.kind in agreements.ACTIONS:
            return agreements.current(state, state.options.players)
        g = state.game
        if g is None:
            return {"turn": 0, "started": False}
        return {
            "turn": state.turn,
            "seat": g.turn,
            "phase": g.phase,
            "last_word": last_word(state),
            "words": [{"word": i, "text": w.text} for i, w in zip(state.ids, g.words, strict=True)],
        }

    def sheet(self, state: State) -> scoresheet.Sheet:
        return final_sheet(state)

    def view(self, state: State, seat: int | None, versions: Mapping[str, int]) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "version": versions.get(SLOT, 0),
            "turn": state.turn,
            "started": state.game is not None,
            "over": state.over,
        }
        g = state.game
        if g is not None:
            out.update(
                seat=g.turn,
                phase=g.phase,
                stock=g.stock,
                hands=list(g.hands),
                pool=[str(c) for c in g.pool],
                lose_turns=list(g.lose_turns),
                words=words_view(state),
                last_word=last_word(state),
            )
        out.update(challenges.view(state))
        out["agreement"] = agreements.view(state, state.options.players)
        return out

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return describe(event, names)


GAME = AlphaGramsTable()
