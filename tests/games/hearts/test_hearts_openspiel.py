"""Agreement with a real Hearts engine: random games of OpenSpiel's ``hearts`` (4 players)
are checked by our engine: no violations, and the same points after the moon (OpenSpiel
always adds 26 to the others, so our moon policy is 'add')."""

from __future__ import annotations

import random
from dataclasses import replace

import pyspiel  # dev dependency: open_spiel
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.standard import Card
from companion.games.hearts import PRESETS, check_hand

SEATS = {"N": 0, "E": 1, "S": 2, "W": 3}


def play_openspiel(params: dict[str, bool], seed: int) -> tuple[list, list[float]]:
    rng = random.Random(seed)
    state = pyspiel.load_game("hearts", params).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    data = state.to_dict()
    tricks = [
        (SEATS[trick[0][0]], [Card.parse(card) for _, card in trick]) for trick in data["tricks"]
    ]
    return tricks, data["points"]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_openspiel_games_are_legal_and_score_the_same(
    seed, no_pts, jd, qs_breaks, must_break, instead_of_qs
):
    params = {
        "pass_cards": True,
        "no_pts_on_first_trick": no_pts,
        "can_lead_any_club": False,
        "jd_bonus": jd,
        "avoid_all_tricks_bonus": False,
        "qs_breaks_hearts": qs_breaks,
        "must_break_hearts": must_break,
        "can_lead_hearts_instead_of_qs": instead_of_qs,
    }
    tricks, points = play_openspiel(params, seed)
    options = replace(
        PRESETS["standard"],
        no_points_on_first_trick=no_pts,
        bonus_card="JD" if jd else None,
        qs_breaks_hearts=qs_breaks,
        must_break_hearts=must_break,
        can_lead_hearts_instead_of_qs=instead_of_qs,
        moon_policy="add",
    )
    report = check_hand(options, tricks)
    assert [v.message for v in report.violations] == []
    assert report.complete
    assert report.hand_scores == {seat: int(p) for seat, p in enumerate(points)}
