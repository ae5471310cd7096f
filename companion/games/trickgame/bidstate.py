"""The state of a trick game with bids at a table (Spades, Oh Hell), folded from its events.

What was entered is kept per hand (``Entries``: the newest event of each slot counts); the
hands are built again from the first changed hand on (``rebuild``), so a correction of hand 2
recomputes every total after it. A game supplies its ``Rules`` (hand sizes, bids, scoring,
the end); everything else here is the same for every bidding game.

Slots: ``h3b1`` seat 1's bid in hand 3, ``h3n`` the tricks each seat took (numbers, one
scorer), ``h3c1`` the tricks seat 1 says it took (each phone for itself), ``h3t0`` trick 0
(cards), ``h3trump`` the trump suit. A scorer's numbers count over the seats' own; the seats'
own count once every seat has said (they must add up to the hand's cards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, Protocol, TypeVar

from companion.cards.standard import Card
from companion.errors import Forbidden
from companion.games.protocol import JSON, Data, Entered, Event
from companion.games.trickgame.bids import next_bidder
from companion.games.trickgame.trumps import Rules as TrickRules
from companion.games.trickgame.trumps import check, winner_with
from companion.games.tricks import Hand as Tricks
from companion.games.tricks import Violation

Bid = int | str
BidOpts = TypeVar("BidOpts", bound="BidOptions")  # the game's own options


class BidOptions(Protocol):
    """What every bidding game's options say: the seats and who deals first."""

    @property
    def players(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...


KINDS = {"bid": "bid", "tricks": "tricks", "trick": "trick", "trump": "trump", "took": "took"}


def slot(hand: int, part: str, index: int | None = None) -> str:
    suffix = {"bid": "b", "tricks": "n", "trick": "t", "trump": "trump", "took": "c"}[part]
    return f"h{hand}{suffix}{'' if index is None else index}"


@dataclass(frozen=True)
class Entries:
    """What the table entered for one hand (the newest of each slot)."""

    bids: Mapping[int, Bid] = field(default_factory=dict)
    taken: Mapping[int, int] | None = None
    tricks: Mapping[int, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    trump: str | None = None
    took: Mapping[int, int] = field(default_factory=dict)

    def trick_list(self) -> list[tuple[int, list[str]]]:
        found: list[tuple[int, list[str]]] = []
        while (t := self.tricks.get(len(found))) is not None:
            found.append((t[0], list(t[1])))
        return found


@dataclass(frozen=True)
class Hand:
    """One hand as it stands: its deal, bids, tricks and, once scored, its points."""

    number: int
    dealer: int
    cards: int
    trump: str | None  # "S", "H", "D", "C", "none"; None: not recorded yet
    bids: Mapping[int, Bid]
    bidding: int | None  # the seat whose bid is awaited
    tricks: tuple[tuple[int, list[str]], ...]
    taken: Mapping[int, int] | None
    source: str  # "numbers", "tricks" or "" (not yet)
    points: Mapping[int, int] | None = None
    extra: Data = field(default_factory=dict)
    running: tuple[int, ...] = ()  # each seat's total after this hand, once scored
    violations: tuple[Violation[Card], ...] = ()  # the rules its entered tricks show broken

    @property
    def scored(self) -> bool:
        return self.points is not None

    def trump_suit(self) -> str | None:
        return None if self.trump in (None, "none") else self.trump


class Rules(Protocol[BidOpts]):
    """What one bidding game decides; the table (``bidtable``) does the rest."""

    key: str
    name: str
    fixed_trump: str | None  # Spades: "S"; None: the table records it each hand
    trumps_broken: bool  # the trump suit may not be led until broken

    def players(self, options: BidOpts) -> int: ...
    def cards(self, options: BidOpts, number: int) -> int | None: ...
    def read_bid(self, value: object, cards: int) -> Bid: ...
    def bid_problem(
        self, state: State[BidOpts], hand: Hand, seat: int, bid: Bid
    ) -> Forbidden | None: ...
    def score(
        self, state: State[BidOpts], hand: Hand
    ) -> tuple[dict[int, int], dict[str, object]]: ...
    def winners(self, state: State[BidOpts]) -> tuple[int, ...] | None: ...
    def bid_values(self, options: BidOpts, cards: int) -> list[tuple[str, str]]: ...
    def summary(self, state: State[BidOpts]) -> dict[str, JSON]: ...
    def hand_words(self, state: State[BidOpts], hand: Hand, names: Sequence[str]) -> list[str]: ...


@dataclass(frozen=True)
class State(Generic[BidOpts]):
    rules: Rules[BidOpts]
    options: BidOpts
    players: int
    entries: Mapping[int, Entries] = field(default_factory=dict)
    hands: tuple[Hand, ...] = ()
    winners: tuple[int, ...] | None = None

    @property
    def finished(self) -> bool:
        return self.winners is not None

    @property
    def scored(self) -> tuple[Hand, ...]:
        return tuple(h for h in self.hands if h.scored)

    @property
    def open_hand(self) -> Hand | None:
        last = self.hands[-1] if self.hands else None
        return last if last is not None and not last.scored else None

    def hand(self, number: int) -> Hand | None:
        return self.hands[number - 1] if 0 < number <= len(self.hands) else None

    def totals(self, before: int | None = None) -> tuple[int, ...]:
        """Each seat's total (before hand ``before``, when given), kept in the hands."""
        shown = self.hands if before is None else self.hands[: max(before - 1, 0)]
        last = next((h for h in reversed(shown) if h.scored), None)
        return last.running if last is not None else (0,) * self.players


def dealer(options: BidOptions, number: int) -> int:
    """Who deals hand ``number``: the first dealer, then one seat to the left each hand."""
    return int((number - 1 + options.first_dealer) % options.players)


def initial(rules: Rules[BidOpts], options: BidOpts) -> State[BidOpts]:
    return rebuild(State(rules, options, rules.players(options)), 1)


def fold(state: State[BidOpts], event: Event) -> State[BidOpts]:
    part = KINDS.get(event.kind)
    if part is None or not event.round:
        return state
    entries = dict(state.entries)
    entries[event.round] = _with(entries.get(event.round, Entries()), part, event.payload)
    return rebuild(replace(state, entries=entries), event.round)


def _with(entries: Entries, part: str, payload: Data) -> Entries:
    if part == "bid":
        return replace(entries, bids={**entries.bids, int(payload["seat"]): payload["bid"]})
    if part == "tricks":
        return replace(entries, taken={int(s): int(n) for s, n in payload["taken"].items()})
    if part == "trump":
        return replace(entries, trump=str(payload["suit"]))
    if part == "took":
        return replace(entries, took={**entries.took, int(payload["seat"]): int(payload["tricks"])})
    trick = (int(payload["leader"]), tuple(payload["cards"]))
    return replace(entries, tricks={**entries.tricks, int(payload["trick"]): trick})


def rebuild(state: State[BidOpts], start: int) -> State[BidOpts]:
    """The hands again from hand ``start`` on (the ones before are kept as they are)."""
    hands = list(state.hands[: max(start - 1, 0)])
    state = replace(state, hands=tuple(hands), winners=None)
    while (hand := _next_hand(state)) is not None:
        hands.append(hand)
        state = replace(state, hands=tuple(hands))
        if not hand.scored:
            break
        state = replace(state, winners=state.rules.winners(state))
    return state


def _next_hand(state: State[BidOpts]) -> Hand | None:
    if state.finished or (state.hands and not state.hands[-1].scored):
        return None
    number = len(state.hands) + 1
    cards = state.rules.cards(state.options, number)
    if cards is None:
        return None
    entries = state.entries.get(number, Entries())
    first = dealer(state.options, number)
    trump = state.rules.fixed_trump or entries.trump
    hand = Hand(
        number,
        first,
        cards,
        trump,
        dict(entries.bids),
        next_bidder(first, state.players, entries.bids),
        tuple(entries.trick_list()),
        None,
        "",
    )
    if hand.tricks:
        hand = replace(
            hand, violations=tuple(check(trick_hand(state, hand), trick_rules(state, hand)))
        )
    hand = _taken(state, hand, entries)
    if hand.bidding is None and hand.taken is not None:
        points, extra = state.rules.score(state, hand)
        before = state.totals()
        running = tuple(before[s] + points[s] for s in range(state.players))
        hand = replace(hand, points=points, extra=extra, running=running)
    return hand


def _taken(state: State[BidOpts], hand: Hand, entries: Entries) -> Hand:
    if entries.taken is not None:
        return replace(hand, taken=dict(entries.taken), source="numbers")
    if len(entries.took) == state.players and sum(entries.took.values()) == hand.cards:
        return replace(hand, taken=dict(entries.took), source="seats")
    if len(hand.tricks) == hand.cards and all(len(c) == state.players for _, c in hand.tricks):
        counts = trick_hand(state, hand).tricks_taken(winner_with(hand.trump_suit()))
        return replace(hand, taken=counts, source="tricks")
    return hand


def trick_hand(
    state: State[BidOpts], hand: Hand, tricks: Sequence[tuple[int, Sequence[Card | str]]] = ()
) -> Tricks[Card]:
    """The hand's tricks (or ``tricks`` instead) as the trick engine reads them."""
    entered = tricks or hand.tricks
    return Tricks.of(state.players, [(lead, [_card(c) for c in cards]) for lead, cards in entered])


def trick_rules(state: State[BidOpts], hand: Hand) -> TrickRules:
    leader = (hand.dealer + 1) % state.players
    return TrickRules(hand.trump_suit(), state.rules.trumps_broken, hand.cards, leader)


def _card(value: Entered) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)
