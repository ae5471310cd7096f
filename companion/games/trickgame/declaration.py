"""What a trick game without bids declares to the base, in one value (pure): its name, the
parts of its hands (``entries.SlotNames``), how a hand is built and scored
(``hands.HandRules``), its moon or its like (``hands.Moon``), what each card taken scores,
its special cards by name, and the pass and deal rules in force (``passing.PassRules``).

Hearts and Consonants each make one (``DECLARED`` in their ``table/state.py``); a new game
makes its own (``tests/games/test_trick_base.py`` shows a whole one) and gets from the base
the fold, the targets and slots, the trick checks, the open hand, the rebuild after a
correction, the moon-like choice, the pass line and the deal rotation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.games.trickgame import hands, passwords
from companion.games.trickgame.entries import SlotNames
from companion.games.trickgame.hands import HandRules, Moon
from companion.games.trickgame.passing import PassRules, dealer_for_hand

S = TypeVar("S", bound=hands.Built)
H = TypeVar("H")
C = TypeVar("C")


@dataclass(frozen=True)
class Declaration(Generic[S, H, C]):
    """One trick game as the base reads it (see the module's docstring). ``card_points`` and
    ``special_cards`` take the folded state (a table's deck or options may change them)."""

    name: str
    slots: SlotNames
    hands: HandRules[S, H]
    moon: Moon | None
    card_points: Callable[[S, C], int]
    special_cards: Callable[[S], Mapping[str, C]]
    passes: Callable[[S], PassRules]

    def rebuild(self, state: S, start: int) -> S:
        """The hands from hand ``start`` on built again (``hands.rebuild``)."""
        return hands.rebuild(state, start, self.hands)

    def points(self, state: S, cards: Iterable[C]) -> int:
        """What ``cards`` taken score, card by card."""
        return sum(self.card_points(state, card) for card in cards)

    def special(self, state: S, name: str) -> C | None:
        """The special card called ``name`` at this table (None: not in play)."""
        return self.special_cards(state).get(name)

    def pass_line(
        self, state: S, number: int, seat: int | None, names: Sequence[str], done: bool = False
    ) -> passwords.PassLine:
        """The pass of hand ``number`` for the phone at ``seat`` (None: for everyone); ``done``:
        the hand has begun, so the pass is past."""
        return passwords.pass_line(self.passes(state), number, seat, names, done)

    def dealer(self, state: S, number: int) -> int:
        """Who deals hand ``number``: the table's first dealer, then one seat left a hand."""
        return dealer_for_hand(number, state.options.players, state.options.first_dealer)
