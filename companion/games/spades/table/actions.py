"""Spades at a table: what Spades decides on the shared bidding table (``trickgame``).

Seats 0+2 and 1+3 are partners. Each seat's sheet cell shows its team's points for the hand,
so partners share every total and the win. A hand's ``scores`` and ``bags`` (and the state's
``bags``) are per team: ``"0"`` is seats 0+2.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import Forbidden
from companion.games.protocol import JSON
from companion.games.spades import options as so
from companion.games.spades import scoring
from companion.games.spades.options import SpadesOptions, team_of
from companion.games.spades.table.words import team_words
from companion.games.trickgame.bidstate import Bid, Hand
from companion.games.trickgame.bidstate import State as BidState
from companion.games.trickgame.bidtable import BidTable

State = BidState[SpadesOptions]  # Spades on the bidding table's State

ACTIONS = {
    "bid": "A seat's bid for a hand: 1 to 13, nil or blind nil, in turn from the dealer's left.",
    "tricks": "The tricks each seat took in a hand (adding up to 13); corrects a scored hand.",
    "took": "One seat's own count of the tricks it took; the hand scores once every seat said.",
    "trick": "The next trick of the open hand as cards, or a correction of an entered one.",
}


class SpadesRules:
    key, name = "spades", "Spades"
    fixed_trump: str | None = "S"
    trumps_broken = True

    def players(self, options: SpadesOptions) -> int:
        return so.PLAYERS

    def cards(self, options: SpadesOptions, number: int) -> int | None:
        return so.TRICKS

    def read_bid(self, value: object, cards: int) -> Bid:
        return scoring.read_bid(value)

    def bid_problem(self, state: State, hand: Hand, seat: int, bid: Bid) -> Forbidden | None:
        if bid != "blind-nil":
            return None
        team = team_of(seat)
        totals = state.totals(before=hand.number)
        if scoring.blind_nil_allowed(team, (totals[0], totals[1]), state.options):
            return None
        if not state.options.blind_nil:
            return Forbidden("This table plays without blind nil.", "blind-nil")
        return Forbidden("Blind nil is only for a team at least 100 points behind.", "blind-nil")

    def score(self, state: State, hand: Hand) -> tuple[dict[int, int], dict[str, object]]:
        before = state.hand(hand.number - 1)
        bags = before.extra["bags"] if before is not None else {0: 0, 1: 0}
        assert hand.taken is not None
        result = scoring.score_hand(hand.bids, hand.taken, (bags[0], bags[1]), state.options)
        points = {seat: result.points[team_of(seat)] for seat in range(so.PLAYERS)}
        extra = {
            "scores": dict(enumerate(result.points)),
            "bags": dict(enumerate(result.bags)),
            "made": dict(enumerate(t.made for t in result.teams)),
            "nils": {seat: made for t in result.teams for seat, made in t.nils},
            "bag_penalties": dict(enumerate(result.penalties)),
        }
        return points, extra

    def winners(self, state: State) -> tuple[int, ...] | None:
        totals = state.totals()
        won = scoring.winners((totals[0], totals[1]), state.options)
        return None if won is None else tuple(s for s in range(so.PLAYERS) if team_of(s) in won)

    def hand_words(self, state: State, hand: Hand, names: Sequence[str]) -> list[str]:
        return [team_words(state, hand, team, names) for team in so.TEAMS]

    def bid_values(self, options: SpadesOptions, cards: int) -> list[tuple[str, str]]:
        numbers = [(str(n), str(n)) for n in range(1, cards + 1)]
        return [("nil", "Nil"), *numbers, ("blind-nil", "Blind nil")]

    def summary(self, state: State) -> dict[str, JSON]:
        last = state.scored[-1] if state.scored else None
        bags = last.extra["bags"] if last is not None else {0: 0, 1: 0}
        return {"bags": {str(t): bags[t] for t in so.TEAMS}}


GAME = BidTable(SpadesRules(), so.options_from, ACTIONS)
