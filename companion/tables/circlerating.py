"""A circle's ratings: each finished game, in the order they finished, updates every
member's rating with the ``openskill`` library (Plackett-Luce, for any number of sides:
free-for-all seats, or Spades' partnerships as teams of two). Pure.

A rating is a belief about skill: ``mu`` (the estimate) and ``sigma`` (its uncertainty, which
shrinks with every game). ``shown`` is the cautious figure ``mu - 3 sigma``, which is what the
page ranks by: a member with few games is not put first by luck. Pure, but outside
``companion.games`` only because it needs the library.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from companion.games.circlestats import Result, games_of


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> float:
        return self.mu - 3 * self.sigma


def ratings(results: Sequence[Result]) -> tuple[dict[int, Rating], list[dict[int, float]]]:
    """Every member's rating after all ``results``, and after each game the shown rating of
    every member rated so far (the chart's points)."""
    model = PlackettLuce()
    now: dict[int, PlackettLuceRating] = {}
    played: dict[int, int] = {}
    history: list[dict[int, float]] = []
    for rows in games_of(results).values():
        sides: dict[int, list[Result]] = {}
        for r in rows:
            sides.setdefault(r.team, []).append(r)
        if len(sides) < 2:
            continue  # nobody to be measured against
        order = sorted(sides)
        teams = [[now.get(r.member_id) or model.rating() for r in sides[t]] for t in order]
        ranks = [float(min(r.place for r in sides[t])) for t in order]
        rated = model.rate(teams, ranks=ranks)
        for t, team in zip(order, rated, strict=True):
            for r, new in zip(sides[t], team, strict=True):
                now[r.member_id] = new
                played[r.member_id] = played.get(r.member_id, 0) + 1
        history.append({m: _shown(v) for m, v in now.items()})
    final = {m: Rating(float(v.mu), float(v.sigma), played[m]) for m, v in now.items()}
    return final, history


def _shown(rating: PlackettLuceRating) -> float:
    return float(rating.mu - 3 * rating.sigma)
