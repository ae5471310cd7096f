"""Oh Hell at a table: what Oh Hell decides on the shared bidding table (``trickgame``)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import Forbidden
from companion.games.oh_hell import options as oo
from companion.games.oh_hell import scoring
from companion.games.oh_hell.options import OhHellOptions
from companion.games.protocol import JSON
from companion.games.seats import seat_labels, seat_name
from companion.games.trickgame.bids import hooked
from companion.games.trickgame.bidstate import Bid, Hand
from companion.games.trickgame.bidstate import State as BidState
from companion.games.trickgame.bidtable import BidTable

State = BidState[OhHellOptions]  # Oh Hell on the bidding table's State

ACTIONS = {
    "trump": "The suit of the card turned up for a hand (or none), before its tricks.",
    "bid": "A seat's bid for a hand: 0 up to the hand size, in turn from the dealer's left.",
    "tricks": "The tricks each seat took in a hand (adding up to its size); corrects one.",
    "took": "One seat's own count of the tricks it took; the hand scores once every seat said.",
    "trick": "The next trick of the open hand as cards, or a correction of an entered one.",
}


class OhHellRules:
    key, name = "oh-hell", "Oh Hell"
    fixed_trump: str | None = None
    trumps_broken = False

    def players(self, options: OhHellOptions) -> int:
        return options.players

    def cards(self, options: OhHellOptions, number: int) -> int | None:
        sizes = oo.schedule(options)
        return sizes[number - 1] if number <= len(sizes) else None

    def read_bid(self, value: object, cards: int) -> Bid:
        return scoring.read_bid(value, cards)

    def bid_problem(self, state: State, hand: Hand, seat: int, bid: Bid) -> Forbidden | None:
        others = {s: int(b) for s, b in hand.bids.items() if s != seat}
        last = seat == hand.dealer and len(others) == state.players - 1
        if not (state.options.hook and last and hooked(hand.cards, others, int(bid))):
            return None
        dealer = seat_name(seat, seat_labels(state.players))
        return Forbidden(
            f"The hook: {dealer} deals and may not bid {bid}, since the bids "
            f"would add up to the {hand.cards} cards and nobody would miss.",
            "hook",
        )

    def score(self, state: State, hand: Hand) -> tuple[dict[int, int], dict[str, object]]:
        assert hand.taken is not None
        bids = {s: int(b) for s, b in hand.bids.items()}
        points = scoring.score_hand(bids, hand.taken, state.options)
        return points, {"scores": points}

    def winners(self, state: State) -> tuple[int, ...] | None:
        if len(state.scored) < len(oo.schedule(state.options)):
            return None
        return tuple(scoring.winners(dict(enumerate(state.totals()))))

    def hand_words(self, state: State, hand: Hand, names: Sequence[str]) -> list[str]:
        taken, points = hand.taken or {}, hand.points or {}
        return [
            f"{names[s]} bid {hand.bids[s]}, took {taken[s]}: "
            f"{'exact' if hand.bids[s] == taken[s] else 'missed'}, {points[s]:+d}."
            for s in range(state.players)
        ]

    def bid_values(self, options: OhHellOptions, cards: int) -> list[tuple[str, str]]:
        return [(str(n), str(n)) for n in range(cards + 1)]

    def summary(self, state: State) -> dict[str, JSON]:
        return {"schedule": oo.schedule(state.options)}


GAME = BidTable(OhHellRules(), oo.options_from, ACTIONS)
