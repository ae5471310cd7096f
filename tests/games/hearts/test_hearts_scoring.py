"""Points, moon and sun (from who took which cards), moon policies, partnerships, totals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.cards.standard import Card
from companion.games.hearts import (
    PRESETS,
    add_hand,
    game_over,
    options_from,
    running_totals,
    score_taken,
    team_totals,
    winners,
)

HEARTS = [f"{r}H" for r in "23456789TJQKA"]
STD = PRESETS["standard"]


def cards(*texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts]


def moon_for(seat: int, extra: dict[int, list[str]] | None = None) -> dict[int, list[Card]]:
    taken = {s: [] for s in range(4)}
    taken[seat] = cards("QS", *HEARTS)
    for s, more in (extra or {}).items():
        taken[s] += cards(*more)
    return taken


def test_plain_points():
    taken = {0: cards("QS", "2H"), 1: cards(*HEARTS[1:6]), 2: cards(*HEARTS[6:]), 3: []}
    report = score_taken(STD, taken)
    assert report.points == {0: 14, 1: 5, 2: 7, 3: 0}
    assert report.hand_scores == report.points and report.shooter is None
    assert report.violations == ()


@pytest.mark.parametrize(
    ("policy", "totals", "choice", "scores", "required"),
    [
        ("add", {}, None, {0: 26, 1: 0, 2: 26, 3: 26}, False),
        ("subtract", {}, None, {0: 0, 1: -26, 2: 0, 3: 0}, False),
        ("choose", {}, None, None, True),
        ("choose", {}, "subtract", {0: 0, 1: -26, 2: 0, 3: 0}, False),
        ("choose-if-74", {0: 73}, None, {0: 26, 1: 0, 2: 26, 3: 26}, False),
        ("choose-if-74", {0: 74}, None, None, True),
        ("choose-if-74", {0: 74}, "subtract", {0: 0, 1: -26, 2: 0, 3: 0}, False),
        ("choose-if-74", {0: 74}, "add", {0: 26, 1: 0, 2: 26, 3: 26}, False),
        # protect: adding would end the game, shooter (90) lowest anyway -> add
        ("protect", {0: 80, 1: 60, 2: 80, 3: 80}, None, {0: 26, 1: 0, 2: 26, 3: 26}, False),
        # protect: adding would end the game with seat 3 (10) lowest -> subtract
        ("protect", {0: 80, 1: 60, 2: 80, 3: 10}, None, {0: 0, 1: -26, 2: 0, 3: 0}, False),
    ],
)
def test_moon_policies(policy, totals, choice, scores, required):
    options = replace(STD, moon_policy=policy)
    report = score_taken(options, moon_for(1), totals_before=totals, moon_choice=choice)
    assert report.shooter is not None and report.shooter.as_dict() == {"seat": 1, "kind": "moon"}
    assert report.hand_scores == scores
    assert report.choice_required is required


def test_omnibus_jd_counts_on_top_of_the_moon():
    options = replace(PRESETS["omnibus"], moon_policy="add")
    report = score_taken(options, moon_for(1, {2: ["JD"]}))
    assert report.hand_scores == {0: 26, 1: 0, 2: 16, 3: 26}
    report = score_taken(options, moon_for(1, {1: ["JD"]}))
    assert report.points[1] == 16
    assert report.hand_scores == {0: 26, 1: -10, 2: 26, 3: 26}


def test_sixteen_points_with_jd_is_not_a_moon_without_every_heart():
    options = PRESETS["omnibus"]
    taken = {0: cards("QS", *HEARTS[:12], "JD"), 1: cards("AH"), 2: [], 3: []}
    report = score_taken(options, taken)
    assert report.points[0] == 15 and report.shooter is None


def test_sun_needs_every_trick():
    options = replace(STD, shoot_the_sun=True, moon_policy="add")
    tricks = {0: 13, 1: 0, 2: 0, 3: 0}
    report = score_taken(options, moon_for(0), tricks_taken=tricks)
    assert report.shooter.as_dict() == {"seat": 0, "kind": "sun"}
    assert report.hand_scores == {0: 0, 1: 52, 2: 52, 3: 52}
    report = score_taken(options, moon_for(0), tricks_taken={0: 12, 1: 1, 2: 0, 3: 0})
    assert report.shooter.kind == "moon"


def test_penalty_cards_missing_or_twice():
    taken = moon_for(0, {1: ["QS"]})
    taken[0].remove(Card.parse("5H"))
    report = score_taken(STD, taken)
    problems = {(v.seat, str(v.card)) for v in report.violations}
    assert problems == {(1, "QS"), (-1, "5H")}
    assert all(v.rule == "penalty-cards" for v in report.violations)


def test_pooled_partnership_team_scores_and_team_moon():
    options = replace(STD, partnership="pooled", moon_policy="add")
    taken = {0: cards("QS", *HEARTS[:5]), 1: [], 2: cards(*HEARTS[5:]), 3: []}
    report = score_taken(options, taken)
    assert report.shooter.seats == (0, 2)
    assert report.hand_scores == {0: 0, 1: 26, 2: 0, 3: 26}
    plain = {0: cards("QS", "2H"), 1: cards("3H"), 2: cards(*HEARTS[2:]), 3: []}
    assert score_taken(options, plain).hand_scores == {0: 25, 1: 1, 2: 25, 3: 1}


@pytest.mark.parametrize("direction", ["add", "subtract"])
def test_pooled_partnership_sun_is_the_teams_like_its_moon(direction):
    """Ben (seat 1) takes every trick with Dee (seat 3) as his pooled partner: the sun is the
    team's, as a team moon is: -52 for Ben and Dee, or +52 for Ann and Cy only (it scored the
    partner +52 as if an opponent, and subtracted nothing)."""
    options = replace(STD, partnership="pooled", shoot_the_sun=True, moon_policy=direction)
    every = {0: 0, 1: 13, 2: 0, 3: 0}
    report = score_taken(options, moon_for(1), tricks_taken=every)
    assert report.shooter.kind == "sun" and report.shooter.seats == (1, 3)
    expected = {"add": {0: 52, 1: 0, 2: 52, 3: 0}, "subtract": {0: 0, 1: -52, 2: 0, 3: -52}}
    assert report.hand_scores == expected[direction]
    split = score_taken(options, moon_for(1), tricks_taken={0: 0, 1: 7, 2: 0, 3: 6})
    assert split.shooter.kind == "sun" and split.shooter.seats == (1, 3)  # the team took all
    alone = replace(STD, shoot_the_sun=True, moon_policy=direction)  # no partners: Ben alone
    solo = {"add": {0: 52, 1: 0, 2: 52, 3: 52}, "subtract": {0: 0, 1: -52, 2: 0, 3: 0}}
    assert score_taken(alone, moon_for(1), tricks_taken=every).hand_scores == solo[direction]


def test_individual_partnership_adds_partners_at_the_end():
    options = replace(STD, partnership="individual")
    totals = {0: 105, 1: 78, 2: 34, 3: 69}
    assert team_totals(totals, options) == {(0, 2): 139, (1, 3): 147}
    assert game_over(totals, options) and winners(totals, options) == [0, 2]


@pytest.mark.parametrize(("reset", "expected"), [(None, 100), (50, 50), (0, 0)])
def test_exactly_the_target_resets(reset, expected):
    options = replace(STD, exact_target_resets_to=reset)
    assert add_hand({0: 90}, {0: 10}, options)[0] == expected
    assert add_hand({0: 90}, {0: 11}, options)[0] == 101


def test_running_totals_and_game_end_with_tie_continuation():
    hands = [{0: 50, 1: 20, 2: 20, 3: 10}, {0: 50, 1: 0, 2: 0, 3: 10}]
    totals = running_totals(hands, STD)
    assert totals[-1] == {0: 100, 1: 20, 2: 20, 3: 20}
    assert not game_over(totals[-1], STD) and winners(totals[-1], STD) == []
    no_tie = replace(STD, tie_continues=False)
    assert game_over(totals[-1], no_tie) and winners(totals[-1], no_tie) == [1, 2, 3]
    final = running_totals(hands + [{1: 1, 3: 1}], STD)[-1]
    assert game_over(final, STD) and winners(final, STD) == [2]


def test_target_option():
    options = options_from({"target": 50})
    assert game_over({0: 50, 1: 0, 2: 1, 3: 2}, options)
    assert not game_over({0: 49}, options)
