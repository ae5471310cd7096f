"""A circle's ratings: each finished game, in the order they finished, updates every
member's rating with the ``openskill`` library (Plackett-Luce, for any number of sides:
free-for-all seats, or Spades' partnerships as teams of two). Pure, but outside
``companion.games`` only because it needs the library.

A rating is a belief about skill: ``mu`` (the estimate) and ``sigma`` (its uncertainty, which
shrinks with every game). ``shown`` is the cautious figure ``mu - 3 sigma``, which is what the
chart draws: a member with few games is not put first by luck.

``Rated`` keeps where a run of games got to, so the next finished game is one more update,
not all of them again (``ratings(results, after=...)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from companion.games.circlestats import Result, games_of

MODEL = PlackettLuce()
Signature = tuple[int, tuple[tuple[int, int, int], ...]]  # game, (member, team, place)...


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Rated:
    """The ratings after the games ``done`` (in order), and the chart's points so far."""

    done: tuple[Signature, ...] = ()
    now: dict[int, PlackettLuceRating] = field(default_factory=dict)
    played: dict[int, int] = field(default_factory=dict)
    history: tuple[dict[int, float], ...] = ()

    def final(self) -> dict[int, Rating]:
        return {m: Rating(float(v.mu), float(v.sigma), self.played[m]) for m, v in self.now.items()}


def ratings(results: Sequence[Result]) -> tuple[dict[int, Rating], list[dict[int, float]]]:
    """Every member's rating after all ``results``, and after each game the shown rating of
    every member rated so far (the chart's points)."""
    rated = rate(results)
    return rated.final(), list(rated.history)


def rate(results: Sequence[Result], after: Rated | None = None) -> Rated:
    """The ratings after ``results``, going on from ``after`` when its games are the first
    ones of these (else from the start)."""
    games = list(games_of(results).values())
    signs = [_signature(rows) for rows in games]
    going_on = after is not None and tuple(signs[: len(after.done)]) == after.done
    start = after if after is not None and going_on else Rated()
    now, played, history = dict(start.now), dict(start.played), list(start.history)
    for rows in games[len(start.done) :]:
        _one(rows, now, played, history)
    return Rated(tuple(signs), now, played, tuple(history))


def _signature(rows: list[Result]) -> Signature:
    return (rows[0].game_id, tuple(sorted((r.member_id, r.team, r.place) for r in rows)))


def _one(
    rows: list[Result],
    now: dict[int, PlackettLuceRating],
    played: dict[int, int],
    history: list[dict[int, float]],
) -> None:
    sides: dict[int, list[Result]] = {}
    for r in rows:
        sides.setdefault(r.team, []).append(r)
    if len(sides) < 2:
        return  # nobody to be measured against
    order = sorted(sides)
    teams = [[now.get(r.member_id) or MODEL.rating() for r in sides[t]] for t in order]
    ranks = [float(min(r.place for r in sides[t])) for t in order]
    for t, team in zip(order, MODEL.rate(teams, ranks=ranks), strict=True):
        for r, new in zip(sides[t], team, strict=True):
            now[r.member_id] = new
            played[r.member_id] = played.get(r.member_id, 0) + 1
    history.append({m: float(v.mu - 3 * v.sigma) for m, v in now.items()})
