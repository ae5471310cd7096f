"""Spades at a table in words (pure): one team's hand as a line (bids, tricks, made or set,
nils, bags, points)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.spades import options as so
from companion.games.spades import scoring
from companion.games.spades.options import SpadesOptions
from companion.games.trickgame.bidstate import Hand, State


def team_words(state: State[SpadesOptions], hand: Hand, team: int, names: Sequence[str]) -> str:
    """One team's hand in words: bids, tricks, made or set, nils, bags, points."""
    seats = so.partners(team)
    extra, taken = hand.extra, hand.taken or {}
    bids = " + ".join(scoring.bid_words(hand.bids[s]) for s in seats)
    took = sum(taken[s] for s in seats)
    parts = [f"{names[seats[0]]} and {names[seats[1]]} bid {bids}, took {took}"]
    if any(not isinstance(hand.bids[s], str) for s in seats):
        parts.append("contract made" if extra["made"][team] else "set")
    for seat in seats:
        if seat in extra["nils"]:
            made = "made" if extra["nils"][seat] else "lost"
            parts.append(f"{names[seat]}'s {scoring.bid_words(hand.bids[seat])} {made}")
    bags = extra["bags"][team]
    parts.append(f"bags now {bags}")
    if extra["bag_penalties"][team]:
        parts.append("ten bags: minus 100")
    return f"{', '.join(parts)}: {extra['scores'][team]:+d}."
