"""A trick game with bids at a table (Spades, Oh Hell): the table protocol over ``bidstate``.

Actions (TABLE_API.md), each naming its hand and its seat or trick:

- ``bid`` ``{"hand", "seat"}`` ``{"bid"}``: in turn from the dealer's left (``422``
  ``not-your-turn-to-bid`` naming the seat awaited); the seat's own phone, or the host for a
  seat with no phone. A bid already made may be corrected, even in a scored hand.
- ``tricks`` ``{"hand"}`` ``{"taken": {"0": 5, ...}}``: the tricks each seat took, once every
  bid is in; a scored hand takes corrections.
- ``trick`` ``{"hand", "trick"}`` ``{"leader", "cards"}``: the next trick of the open hand, or
  a correction of an entered one; a card entered twice, a wrong leader or a wrong count is
  refused, a play that broke a rule (not following suit, trumps led too early) is stored and
  named in the hand's ``violations``.
- ``trump`` ``{"hand"}`` ``{"suit"}``: the suit turned up (or ``none``), for games without a
  fixed trump; it is needed before the hand's tricks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Generic, TypeVar

from companion.cards.standard import Card
from companion.errors import Forbidden, Unreadable
from companion.games import scoresheet
from companion.games.protocol import (
    JSON,
    Action,
    Actor,
    Data,
    Entered,
    Event,
    NewEvent,
    need_seat_phone,
    target_int,
)
from companion.games.seats import seat_labels, seat_name
from companion.games.trickgame import bidstate as bs
from companion.games.trickgame import bidview, read
from companion.games.trickgame.bidstate import Hand, State
from companion.games.trickgame.table import need_player, trick_payload
from companion.games.trickgame.trumps import check
from companion.games.tricks import Violation

BLOCKING = ("wrong-card-count", "duplicate-card", "wrong-leader", "opening-lead")
Opts = TypeVar("Opts", bound=bs.BidOptions)  # the game's own options
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "none": "no trumps"}


class BidTable(Generic[Opts]):
    """The table protocol of one bidding game; ``rules`` is what the game decides, ``parse``
    reads its options."""

    def __init__(
        self,
        rules: bs.Rules[Opts],
        parse: Callable[[dict[str, Entered]], Opts],
        actions: Mapping[str, str],
    ) -> None:
        self.rules, self.key, self.actions = rules, rules.key, actions
        self._parse = parse

    def parse_options(self, data: Data) -> Opts:
        return self._parse(dict(data))

    def load_options(self, data: Data) -> Opts:
        return self._parse(dict(data))

    def initial(self, options: Opts, players: int) -> State[Opts]:
        return bs.initial(self.rules, options)

    def fold(self, state: State[Opts], event: Event) -> State[Opts]:
        return bs.fold(state, event)

    def target(self, state: State[Opts], action: Action) -> tuple[str, int, int | None]:
        if action.kind not in self.actions:
            raise Unreadable(f"{self.rules.name} has no action '{action.kind[:30]}'.", "action")
        number = target_int(action, "hand", 1, 500)
        if action.kind in ("bid", "took"):
            return action.kind, number, target_int(action, "seat", 0, state.players - 1)
        if action.kind == "trick":
            return "trick", number, target_int(action, "trick", 0, 51)
        return action.kind, number, None

    def target_slot(self, state: State[Opts], action: Action) -> str:
        part, number, index = self.target(state, action)
        return bs.slot(number, part, index)

    def current(self, state: State[Opts], action: Action) -> JSON:
        part, number, index = self.target(state, action)
        entries = state.entries.get(number, bs.Entries())
        if part == "bid":
            return entries.bids.get(index or 0)
        if part == "tricks":
            return read_keyed(entries.taken)
        if part == "took":
            return entries.took.get(index or 0)
        if part == "trump":
            return entries.trump
        trick = entries.tricks.get(index or 0)
        return None if trick is None else {"leader": trick[0], "cards": list(trick[1])}

    def apply(self, state: State[Opts], action: Action, actor: Actor) -> Sequence[NewEvent]:
        part, number, index = self.target(state, action)
        decide = {
            "bid": self._bid,
            "tricks": self._tricks,
            "trick": self._trick,
            "trump": self._trump,
            "took": self._took,
        }[part]
        payload = decide(state, number, index or 0, action.data, actor)  # 0: no index
        return [NewEvent(part, payload, round=number)]

    def _bid(
        self, state: State[Opts], number: int, seat: int, data: Data, actor: Actor
    ) -> dict[str, object]:
        need_seat_phone(actor, seat, seat_labels(state.players))
        hand = hand_for(state, number, correction_ok=True)
        bid = self.rules.read_bid(data.get("bid"), hand.cards)
        if not hand.scored and seat not in hand.bids and hand.bidding != seat:
            awaited = seat_name(hand.bidding or 0, seat_labels(state.players))
            raise Forbidden(
                f"It is {awaited}'s turn to bid: bids go round from the dealer's left.",
                "not-your-turn-to-bid",
            )
        problem = self.rules.bid_problem(state, hand, seat, bid)
        if problem is not None:
            raise problem
        return {"seat": seat, "bid": bid}

    def _tricks(
        self, state: State[Opts], number: int, _: int, data: Data, actor: Actor
    ) -> dict[str, object]:
        need_player(actor)
        hand = ready_for_play(state, hand_for(state, number, correction_ok=True))
        taken = data.get("taken")
        if not isinstance(taken, Mapping):
            raise Unreadable('\'taken\' gives each seat\'s tricks, like {"0": 5, "1": 4}.', "taken")
        counts = {read.seat_value(_seat(k), state.players, "taken"): v for k, v in taken.items()}
        check_taken(counts, state.players, hand.cards)
        return {"taken": {str(s): counts[s] for s in sorted(counts)}}

    def _took(
        self, state: State[Opts], number: int, seat: int, data: Data, actor: Actor
    ) -> dict[str, object]:
        """A seat's own count of its tricks; the last seat's makes the hand add up."""
        need_seat_phone(actor, seat, seat_labels(state.players))
        hand = ready_for_play(state, hand_for(state, number, correction_ok=True))
        n = data.get("tricks")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= hand.cards:
            raise Unreadable(f"Tricks taken are a whole number from 0 to {hand.cards}.", "tricks")
        said = {**state.entries.get(number, bs.Entries()).took, seat: n}
        total = sum(said.values())
        if total > hand.cards or (len(said) == state.players and total != hand.cards):
            raise Forbidden(
                f"With yours the tricks said add up to {total}, but the hand has "
                f"{hand.cards}: check who took what.",
                "tricks-total",
            )
        return {"seat": seat, "tricks": n}

    def _trick(
        self, state: State[Opts], number: int, index: int, data: Data, actor: Actor
    ) -> dict[str, object]:
        need_player(actor)
        hand = ready_for_play(state, hand_for(state, number))
        if index >= hand.cards:
            raise Forbidden(
                f"A hand of {hand.cards} cards has {hand.cards} tricks.", "wrong-card-count"
            )

        def faults(tricks: list[tuple[int, list[Card | str]]]) -> list[Violation[Card]]:
            return check(
                bs.trick_hand(state, hand, tricks),
                bs.trick_rules(state, hand),
                seat_labels(state.players),
            )

        entered: Sequence[tuple[int, Sequence[Card | str]]] = hand.tricks  # texts as entered
        return trick_payload(entered, index, data, state.players, Card.parse, faults, BLOCKING)

    def _trump(
        self, state: State[Opts], number: int, _: int, data: Data, actor: Actor
    ) -> dict[str, object]:
        need_player(actor)
        if self.rules.fixed_trump is not None:
            raise Forbidden(f"{self.rules.name} always has the same trumps.", "fixed-trump")
        hand_for(state, number, correction_ok=True)
        suit = str(data.get("suit", "")).strip()
        suit = suit if suit == "none" else suit.upper()
        if suit not in SUITS:
            raise Unreadable("Trumps are S, H, D, C, or none.", "suit")
        return {"suit": suit}

    # what the table shows

    def sheet(self, state: State[Opts]) -> scoresheet.Sheet:
        rows = tuple(
            tuple(h.points[s] for s in range(state.players)) for h in state.scored if h.points
        )
        built = scoresheet.from_rows(
            state.players, rows, scoresheet.rerun(rows, (), 0), scoresheet.EndRule(high_wins=True)
        )
        if state.winners is None:
            return built
        return replace(built, finished=True, winners=state.winners)

    def view(
        self, state: State[Opts], seat: int | None, versions: Mapping[str, int]
    ) -> dict[str, JSON]:
        return bidview.view(state, versions)

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return bidview.describe(event, names)


def _seat(key: Entered) -> Entered:
    return int(key) if isinstance(key, str) and key.strip().isdigit() else key


def read_keyed(values: Mapping[int, JSON] | None) -> dict[str, JSON] | None:
    return None if values is None else {str(k): v for k, v in sorted(values.items())}


def hand_for(state: State[Opts], number: int, correction_ok: bool = False) -> Hand:
    """Hand ``number`` if it may take this action now (a scored hand too with
    ``correction_ok``), else ``Forbidden`` saying why."""
    hand = state.hand(number)
    if correction_ok and hand is not None and hand.scored:
        return hand
    if state.finished:
        raise Forbidden("This game is over. Start a new game to keep playing.", "game-over")
    now = state.open_hand
    if hand is None or now is None or hand.number != now.number:
        open_words = f"hand {now.number} is open" if now else "no hand is open"
        raise Forbidden(f"Hand {number} is not open: {open_words}.", "hand-not-open")
    return hand


def ready_for_play(state: State[Opts], hand: Hand) -> Hand:
    """Tricks are entered once every bid is in and trumps are known."""
    if hand.bidding is not None:
        awaited = seat_name(hand.bidding, seat_labels(state.players))
        raise Forbidden(f"Every bid comes first: {awaited} has not bid yet.", "bids-first")
    if hand.trump is None:
        raise Forbidden("Record the trump suit (or none) before the tricks.", "trump-first")
    return hand


def check_taken(taken: Mapping[int, Entered], players: int, cards: int) -> None:
    """Tricks taken: one whole number per seat, adding up to the hand size."""
    if sorted(taken) != list(range(players)):
        raise Unreadable("Give the tricks taken by every seat.", "taken")
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in taken.values()):
        raise Unreadable(f"Tricks taken are whole numbers from 0 to {cards}.", "taken")
    if sum(taken.values()) != cards:
        total = sum(taken.values())
        raise Forbidden(f"The tricks taken add up to {total}, not {cards}.", "tricks-total")
