"""Hand scores after the moon policy, running totals, game end, winners, partnerships.

Points are what one hand gives; a total is the running sum (kept per seat). With pooled
partnership scores every seat carries its team's score and total (both partners show the
same number); with individual partnership scores, partners' totals are added at the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games.hearts.options import HeartsOptions
from companion.games.hearts.scoring import MOON_POINTS, Shooter, teams, units

Scores = dict[int, int]


@dataclass(frozen=True)
class HandScores:
    """A hand's scores: ``scores`` is None while the shooter's choice is needed."""

    scores: Scores | None
    choice_required: bool
    direction: str | None = None  # "add" / "subtract" when a moon or sun was scored


def _zeros(options: HeartsOptions, totals: Mapping[int, int] | None) -> Scores:
    return {seat: (totals or {}).get(seat, 0) for seat in range(options.players)}


def moon_direction(
    shooter: Shooter,
    options: HeartsOptions,
    bonus: Scores,
    totals_before: Mapping[int, int] | None,
    choice: str | None,
) -> str | None:
    """'add' or 'subtract' under the moon policy; None when the shooter must choose."""
    policy = options.moon_policy
    if policy in ("add", "subtract"):
        return policy
    if policy == "choose":
        return choice
    totals = _zeros(options, totals_before)
    if policy == "choose-if-74":
        # the choice exists only when someone is within reach of the target (74 of 100)
        if max(totals.values()) >= options.target - shooter.value:
            return choice
        return "add"
    added = _apply(shooter, options, "add")
    after = {seat: totals[seat] + added[seat] + bonus.get(seat, 0) for seat in totals}
    return "subtract" if _protect_needed(shooter, options, after) else "add"


def _protect_needed(shooter: Shooter, options: HeartsOptions, after: Scores) -> bool:
    """Adding would end the game with the shooter not the lowest alone."""
    if max(after.values()) < options.target:
        return False
    mine = after[shooter.seat]
    return any(after[s] <= mine for s in after if s not in shooter.seats)


def _apply(shooter: Shooter, options: HeartsOptions, direction: str) -> Scores:
    """Moon/sun scoring without the bonus card: penalty points taken are dropped; the
    shooter gets -26 (subtract) or 0, everyone else +26 (add) or 0."""
    scores: Scores = {}
    for unit in units(options):
        if set(unit) == set(shooter.seats):
            value = -shooter.value if direction == "subtract" else 0
        else:
            value = shooter.value if direction == "add" else 0
        scores.update({seat: value for seat in unit})
    return scores


def hand_scores(
    points: Mapping[int, int],
    bonus: Mapping[int, int],
    shooter: Shooter | None,
    options: HeartsOptions,
    totals_before: Mapping[int, int] | None = None,
    choice: str | None = None,
) -> HandScores:
    """Scores for the hand. ``points``: points as taken per seat (bonus included);
    ``bonus``: the bonus-card part of them. Pooled partners each get the team's score."""
    if shooter is None:
        return HandScores(_pool(dict(points), options), False)
    team_bonus = _pool({s: bonus.get(s, 0) for s in range(options.players)}, options)
    direction = moon_direction(shooter, options, team_bonus, totals_before, choice)
    if direction is None:
        return HandScores(None, True)
    moon = _apply(shooter, options, direction)
    return HandScores({s: moon[s] + team_bonus[s] for s in moon}, False, direction)


def _pool(per_seat: Scores, options: HeartsOptions) -> Scores:
    """With pooled partnership, every seat gets its team's sum; else unchanged."""
    result = {seat: per_seat.get(seat, 0) for seat in range(options.players)}
    for unit in units(options):
        total = sum(per_seat.get(seat, 0) for seat in unit)
        for seat in unit:
            result[seat] = total
    return result


def revoke_scores(revoker: int, options: HeartsOptions) -> Scores:
    """Revoke penalty: the revoker (or its pooled team) scores 26, everyone else 0."""
    unit = next(u for u in units(options) if revoker in u)
    return {seat: MOON_POINTS if seat in unit else 0 for seat in range(options.players)}


def add_hand(
    totals: Mapping[int, int], scores: Mapping[int, int], options: HeartsOptions
) -> Scores:
    """Totals after one more hand; a total of exactly the target resets (option)."""
    after: Scores = {}
    for seat in range(options.players):
        total = totals.get(seat, 0) + scores.get(seat, 0)
        reset = options.exact_target_resets_to
        after[seat] = reset if reset is not None and total == options.target else total
    return after


def running_totals(hands: Sequence[Mapping[int, int]], options: HeartsOptions) -> list[Scores]:
    """Totals after each hand, from the hands' scores in order."""
    totals: Scores = {seat: 0 for seat in range(options.players)}
    result = []
    for scores in hands:
        totals = add_hand(totals, scores, options)
        result.append(totals)
    return result


def team_totals(totals: Mapping[int, int], options: HeartsOptions) -> dict[tuple[int, ...], int]:
    """Per team (partners): pooled = the team's shared total; individual = the sum."""
    if options.partnership == "pooled":
        return {team: totals.get(team[0], 0) for team in teams(options)}
    return {team: sum(totals.get(s, 0) for s in team) for team in teams(options)}


def leaders(totals: Mapping[int, int], options: HeartsOptions) -> list[int]:
    """Seats with the lowest total (whole teams when playing partners)."""
    units = team_totals(totals, options)
    low = min(units.values())
    return sorted(seat for team, value in units.items() if value == low for seat in team)


def game_over(totals: Mapping[int, int], options: HeartsOptions) -> bool:
    """Someone reached the target; with tie continuation, also a single lowest seat/team."""
    if max(totals.get(s, 0) for s in range(options.players)) < options.target:
        return False
    if not options.tie_continues:
        return True
    return len(leaders(totals, options)) == len(teams(options)[0])


def winners(totals: Mapping[int, int], options: HeartsOptions) -> list[int]:
    """The winning seats once the game is over (several on a tie without continuation;
    both partners for a team); empty while the game goes on."""
    return leaders(totals, options) if game_over(totals, options) else []
