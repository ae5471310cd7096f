"""Game totals and the end of the game.

Standard: after the last round the highest total wins (equal totals: a draw, winner None).
*Cribbage Finish*: points are added as they happen (in-play events in play order, alpha hand
then omega hand, then the round-end categories in the table's order, the alpha dealer first
within a category); the first seat to reach the target wins at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.follow_the_author.inplay import PointEvent
from companion.games.follow_the_author.options import DEFAULT, Options
from companion.games.follow_the_author.rounds import alpha_dealer, other
from companion.games.follow_the_author.scoring import CATEGORIES, TITLES, RoundScore


@dataclass(frozen=True)
class RoundRecord:
    """What a round gave: the in-play events of each hand, and the round-end score
    (None while the round is not yet scored)."""

    alpha_events: tuple[PointEvent, ...] = ()
    omega_events: tuple[PointEvent, ...] = ()
    score: RoundScore | None = None


@dataclass(frozen=True)
class Step:
    """One addition to a seat's total, in the order Cribbage Finish counts them."""

    round_index: int
    seat: int
    points: int
    label: str


@dataclass(frozen=True)
class Standing:
    totals: tuple[int, int]
    over: bool
    winner: int | None
    decided_by: Step | None = None


def round_steps(record: RoundRecord, round_index: int, first: int) -> list[Step]:
    """The round's points in counting order; ``first`` is the round's alpha dealer."""
    steps = [
        Step(round_index, e.seat, e.points, f"{hand} hand: {e.kind}")
        for hand, events in (("alpha", record.alpha_events), ("omega", record.omega_events))
        for e in events
    ]
    if record.score is not None:
        for name in CATEGORIES:
            for seat in (first, other(first)):
                points = record.score.breakdown(seat)[name]
                if points:
                    steps.append(Step(round_index, seat, points, TITLES[name]))
    return steps


def all_steps(records: Sequence[RoundRecord], options: Options = DEFAULT) -> list[Step]:
    return [
        step
        for i, record in enumerate(records)
        for step in round_steps(record, i, alpha_dealer(i, options))
    ]


def standing(records: Sequence[RoundRecord], options: Options = DEFAULT) -> Standing:
    """Totals so far, whether the game is over, and who won (None: not over, or a draw)."""
    totals = [0, 0]
    for step in all_steps(records, options):
        totals[step.seat] += step.points
        if options.cribbage_finish and totals[step.seat] >= options.target:
            return Standing((totals[0], totals[1]), True, step.seat, step)
    scored = sum(1 for r in records if r.score is not None)
    over = not options.cribbage_finish and scored >= options.rounds
    return Standing((totals[0], totals[1]), over, _highest(totals) if over else None)


def _highest(totals: Sequence[int]) -> int | None:
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1
