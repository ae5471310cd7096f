"""A fifth trick game on the base (``trickgame``), with no web code: a tiny "Black Lady"
(hearts 1 each, the queen of spades 13, three cards passed left, right, across, then held;
game at 100; no moon) declared here in one ``Declaration``, then played through the
service's own ``plan`` (the pure shell): a whole hand by tricks, a refused trick, a
correction that recomputes the hand.

What it declares is what a new trick game writes: its entries' parts (here only the shared
ones), its card points and special cards, its pass rules, how a hand is built and scored,
and the table's name and action kinds. The fold, targets, slots, versions, trick checks, the
open hand, the rebuild after a correction, the pass line and the deal rotation come from the
base (the moon-like choice too, for a game that has one)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.cards.standard import Card
from companion.errors import Forbidden
from companion.games.protocol import Action, Actor, NewEvent
from companion.games.trickgame import hands
from companion.games.trickgame.declaration import Declaration
from companion.games.trickgame.entries import TRICK, HandEntries, SlotNames
from companion.games.trickgame.state import HandLookup
from companion.games.trickgame.table import TrickTable, hand_open, need_player, trick_payload
from companion.games.trickgame.trumps import winner_with
from companion.games.tricks import Hand as Tricks
from tests.games.shell import HOST, Shell

# --- the whole declaration of the game -------------------------------------------------------

SLOTS = SlotNames("b", {"trick": TRICK}, HandEntries())


def card_points(card: Card) -> int:
    return 13 if str(card) == "QS" else 1 if card.suit == "H" else 0


@dataclass(frozen=True)
class Options:
    players: int = 4
    target: int = 100
    pass_count: int = 3
    pass_cycle: tuple[str, ...] | None = None
    first_dealer: int = 0


@dataclass(frozen=True)
class Hand:
    number: int
    tricks: list[tuple[int, list[Card]]]
    scores: dict[int, int] | None


@dataclass(frozen=True)
class State(HandLookup[Hand]):
    options: Options
    entries: Mapping[int, HandEntries] = field(default_factory=dict)
    hands: tuple[Hand, ...] = ()
    totals: dict[int, int] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return max(self.totals.values(), default=0) >= self.options.target


def check(players: int, tricks: Sequence[tuple[int, Sequence[Card]]]) -> list[Any]:
    hand = Tricks.of(players, tricks)
    return hand.count_violations() + hand.duplicate_violations(lambda card: 1, ())


class BlackLadyHands(hands.HandRules[State, Hand]):
    def build(self, state: State, number: int, totals: dict[int, int]) -> Hand:
        entries = state.entries.get(number, SLOTS.empty)
        tricks = [(lead, [Card.parse(c) for c in cards]) for lead, cards in entries.trick_list()]
        scores = None
        if len(tricks) == 52 // state.options.players and not check(state.options.players, tricks):
            taken = Tricks.of(state.options.players, tricks).taken(winner_with(None))
            scores = {s: DECLARED.points(state, taken.get(s, [])) for s in range(4)}
        return Hand(number, tricks, scores)

    def done(self, hand: Hand) -> bool:
        return hand.scores is not None

    def add(self, state: State, totals: dict[int, int], hand: Hand) -> dict[int, int]:
        return {s: totals[s] + (hand.scores or {}).get(s, 0) for s in totals}

    def over(self, state: State, totals: dict[int, int]) -> bool:
        return max(totals.values()) >= state.options.target


DECLARED: Declaration[State, Hand, Card] = Declaration(
    "Black Lady",
    SLOTS,
    BlackLadyHands(),
    None,
    lambda state, card: card_points(card),
    lambda state: {"queen": Card.parse("QS")},
    lambda state: state.options,
)


class BlackLadyTable(TrickTable):
    name, parts, event_parts, slots = "Black Lady", {"trick": "trick"}, {"bl-trick": "trick"}, SLOTS

    def initial(self, options: Options, players: int) -> State:
        return DECLARED.rebuild(State(options, totals={s: 0 for s in range(players)}), 1)

    def rebuild(self, state: State, number: int) -> State:
        return DECLARED.rebuild(state, number)

    def tricks_per_hand(self, state: State) -> int:
        return 52 // state.options.players

    def apply(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        _, number, index = self.target(state, action)
        need_player(actor)
        hand = hand_open(state, number)
        players = state.options.players
        faults = lambda tricks: check(players, tricks)  # noqa: E731
        blocking = ("duplicate-card", "wrong-card-count")
        payload = trick_payload(
            hand.tricks, index, action.data, players, Card.parse, faults, blocking
        )
        return [NewEvent("bl-trick", payload, round=number)]


GAME = BlackLadyTable()

# --- playing it through the base ------------------------------------------------------------


def deal(seed: int) -> list[tuple[int, list[str]]]:
    """13 tricks of a random legal-enough deal: each seat plays its own cards in turn."""
    deck = [f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA"]
    random.Random(seed).shuffle(deck)
    held = [deck[s::4] for s in range(4)]
    tricks, leader = [], 0
    for _ in range(13):
        cards = [held[(leader + i) % 4].pop() for i in range(4)]
        tricks.append((leader, cards))
        played = [Card.parse(c) for c in cards]
        leader = (leader + winner_with(None)(played)) % 4
    return tricks


def send(shell: Shell, number: int, index: int, trick: tuple[int, list[str]]) -> None:
    target = {"hand": number, "trick": index}
    data = {"leader": trick[0], "cards": trick[1]}
    shell.act(Action("trick", target, shell.version("trick", target), data), HOST)


def play(shell: Shell, number: int, tricks: list[tuple[int, list[str]]]) -> None:
    for i, trick in enumerate(tricks):
        send(shell, number, i, trick)


def test_a_fifth_trick_game_plays_a_hand_through_the_base():
    shell = Shell(GAME, Options(), 4)
    tricks = deal(3)
    play(shell, 1, tricks)
    first = shell.state.hands[0]
    assert first.scores is not None and sum(first.scores.values()) == 26
    assert shell.state.open_number == 2 and shell.state.totals == first.scores
    assert [e.slot for e in shell.events[:2]] == ["b1t0", "b1t1"]
    assert DECLARED.points(shell.state, [DECLARED.special(shell.state, "queen")]) == 13


def test_the_pass_and_the_deal_rotation_come_from_the_base():
    state = GAME.initial(Options(first_dealer=3), 4)
    names = ["Ann", "Ben", "Cy", "Di"]
    assert DECLARED.pass_line(state, 1, 0, names).text == "Pass 3 cards to Ben, on your left."
    assert DECLARED.pass_line(state, 4, None, names).text == "Hold: no pass this hand."
    assert [DECLARED.dealer(state, n) for n in (1, 2, 3)] == [3, 0, 1]


def test_the_base_refuses_a_repeated_card_and_a_hand_not_open():
    shell = Shell(GAME, Options(), 4)
    tricks = deal(5)
    play(shell, 1, tricks[:1])
    again = Action("trick", {"hand": 1, "trick": 1}, 0, {"leader": 0, "cards": tricks[0][1]})
    with pytest.raises(Forbidden) as err:
        shell.act(again, HOST)
    assert err.value.field == "duplicate-card" and len(shell.events) == 1
    later = Action("trick", {"hand": 2, "trick": 0}, 0, {"leader": 0, "cards": tricks[1][1]})
    with pytest.raises(Forbidden, match="Hand 2 is not open yet"):
        shell.act(later, HOST)


def test_a_correction_replaces_its_trick_and_the_fold_agrees():
    shell = Shell(GAME, Options(), 4)
    tricks = deal(3)
    play(shell, 1, tricks[:12])
    leader, cards = tricks[0]
    moved = ((leader + 1) % 4, cards[1:] + cards[:1])  # the same trick, led by the next seat
    send(shell, 1, 0, moved)
    assert shell.state.current.tricks[0][0] == moved[0]
    assert shell.version("trick", {"hand": 1, "trick": 0}) == 2
    with pytest.raises(Forbidden, match="would repeat a card of trick 6"):
        send(shell, 1, 1, tricks[5])
    send(shell, 1, 12, tricks[12])
    refolded = GAME.initial(Options(), 4)
    for e in shell.events:
        refolded = GAME.fold(refolded, e)
    assert refolded.totals == shell.state.totals and sum(shell.state.totals.values()) == 26
