"""Spades scoring: one hand's points and bags per team, the running totals, the game's end.

A bid is a number of tricks (1-13), ``"nil"`` or ``"blind-nil"``. Tricks and bids are keyed by
seat; points, bags and totals by team (0: seats 0+2, 1: seats 1+3). Worked example
(RULES.md): bids 4, 3, nil, 2 and tricks 5, 4, 0, 4 give team 0 141 (40, a bag, the nil's
100) and team 1 53 (50 and 3 bags).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.errors import Unreadable
from companion.games.spades.options import (
    BAG_LIMIT,
    BAG_PENALTY,
    BLIND_NIL_BEHIND,
    TEAMS,
    TRICKS,
    SpadesOptions,
    partners,
)

Bid = int | str
NILS = {"nil": 100, "blind-nil": 200}


def read_bid(value: object) -> Bid:
    """A bid as sent: 1..13, "nil" or "blind-nil" (0 reads as nil)."""
    if isinstance(value, str) and value.strip().lower() in NILS:
        return value.strip().lower()
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= TRICKS:
        return value if value else "nil"
    raise Unreadable(f"A Spades bid is 1 to {TRICKS}, nil or blind nil, not {value!r:.20}.", "bid")


def bid_words(bid: Bid) -> str:
    return {"nil": "nil", "blind-nil": "blind nil"}.get(str(bid), str(bid))


@dataclass(frozen=True)
class TeamHand:
    """One team's hand: its contract, tricks, points and the bags this hand added."""

    contract: int
    tricks: int
    made: bool
    points: int
    bags: int
    nils: tuple[tuple[int, bool], ...]  # (seat, made) for each nil bid


def team_hand(
    team: int, bids: Mapping[int, Bid], taken: Mapping[int, int], options: SpadesOptions
) -> TeamHand:
    """Score one team's hand (no bag penalty yet: that needs the bags carried over)."""
    seats = partners(team)
    nil_seats = [s for s in seats if isinstance(bids[s], str)]
    contract = sum(int(bids[s]) for s in seats if s not in nil_seats)
    counting = seats if options.nil_tricks_count else [s for s in seats if s not in nil_seats]
    tricks = sum(taken[s] for s in counting)
    made = tricks >= contract
    bags = (tricks - contract if made else 0) + sum(
        taken[s] for s in nil_seats if not options.nil_tricks_count
    )
    points = (10 * contract if made else -10 * contract) + bags
    nils = tuple((s, taken[s] == 0) for s in nil_seats)
    points += sum(NILS[str(bids[s])] * (1 if ok else -1) for s, ok in nils)
    return TeamHand(contract, tricks, made, points, bags, nils)


@dataclass(frozen=True)
class HandScore:
    """A hand's result per team: points (bag penalty included) and bags carried after it."""

    teams: tuple[TeamHand, TeamHand]
    points: tuple[int, int]
    bags: tuple[int, int]
    penalties: tuple[int, int]  # how many bag penalties each team took this hand


def score_hand(
    bids: Mapping[int, Bid],
    taken: Mapping[int, int],
    bags_before: Sequence[int],
    options: SpadesOptions,
) -> HandScore:
    """Score a whole hand: each team's points and its bags after the hand."""
    teams = (team_hand(0, bids, taken, options), team_hand(1, bids, taken, options))
    points, bags, penalties = [], [], []
    for team in TEAMS:
        carried = bags_before[team] + teams[team].bags
        lost = carried // BAG_LIMIT if options.bags else 0
        points.append(teams[team].points - BAG_PENALTY * lost)
        bags.append(carried - BAG_LIMIT * lost)
        penalties.append(lost)
    return HandScore(
        teams, (points[0], points[1]), (bags[0], bags[1]), (penalties[0], penalties[1])
    )


def blind_nil_allowed(team: int, totals: Sequence[int], options: SpadesOptions) -> bool:
    """Blind nil: only where the table allows it, by a team at least 100 behind."""
    return options.blind_nil and totals[1 - team] - totals[team] >= BLIND_NIL_BEHIND


def winners(totals: Sequence[int], options: SpadesOptions) -> list[int] | None:
    """The winning team(s) after a hand, or None while the game goes on: a team at the
    target wins (both there: the higher; equal: play on); a team at ``lose_at`` loses."""
    if options.lose_at is not None:
        losing = [t for t in TEAMS if totals[t] <= options.lose_at]
        if len(losing) == 1:
            return [1 - losing[0]]
        if len(losing) == 2 and totals[0] != totals[1]:
            return [max(TEAMS, key=lambda t: totals[t])]
    there = [t for t in TEAMS if totals[t] >= options.target]
    if len(there) == 1:
        return there
    if len(there) == 2 and totals[0] != totals[1]:
        return [max(TEAMS, key=lambda t: totals[t])]
    return None
