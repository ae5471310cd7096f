"""The custom scoresheet's table protocol, from event lists: no app, no database."""

from __future__ import annotations

import pytest

from companion.errors import Forbidden, NotAllowed, Unreadable
from companion.games import custom
from companion.games.custom.table.actions import GAME
from companion.games.protocol import Action, Actor, Event

HOST = Actor("Host", None, host=True)


def fold(events: list[Event], players: int = 3, **options):
    state = GAME.initial(custom.Options(players=players, **options), players)
    for e in events:
        state = GAME.fold(state, e)
    return state


def score(event_id: int, round_: int, seat: int, points: int) -> Event:
    payload = {"seat": seat, "points": points, "before": None}
    return Event(event_id, "score", round=round_, slot=f"r{round_}s{seat}", payload=payload)


def act(round_: int, seat: int, points, version: int = 0) -> Action:
    return Action("score", {"round": round_, "seat": seat}, version, {"points": points})


def test_fold_builds_the_sheet_one_event_at_a_time():
    state = fold([score(1, 1, 0, 5), score(2, 1, 1, 7), score(3, 1, 2, 1), score(4, 1, 0, 6)])
    sheet = GAME.sheet(state)
    assert sheet.rows == ((6, 7, 1),)
    assert sheet.totals == (6, 7, 1)
    assert sheet.current_round == 2


def test_apply_names_the_round_and_seat_it_was_given():
    state = fold([score(1, 1, 0, 5)])
    [new] = GAME.apply(state, act(1, 1, 9), HOST)
    assert (new.kind, new.round, new.payload["seat"], new.payload["points"]) == ("score", 1, 1, 9)
    assert GAME.target_slot(state, act(1, 1, 9)) == "r1s1"
    assert GAME.current(state, act(1, 0, 9)) == {"points": 5}


def test_a_round_after_an_incomplete_one_is_refused():
    state = fold([score(1, 1, 0, 5)])
    with pytest.raises(Forbidden, match="finish round 1"):
        GAME.apply(state, act(2, 0, 3), HOST)


def test_only_the_seat_or_the_host_enters_a_seat():
    state = fold([])
    with pytest.raises(NotAllowed):
        GAME.apply(state, act(1, 1, 3), Actor("Ann", 0))
    assert GAME.apply(state, act(1, 0, 3), Actor("Ann", 0))


@pytest.mark.parametrize("points", [True, 1.5, None, "abc", 10**7, [1]])
def test_unreadable_points_and_targets(points):
    with pytest.raises(Unreadable):
        GAME.apply(fold([]), act(1, 0, points), HOST)


BAD_TARGETS = [
    {},
    {"round": 0, "seat": 0},
    {"round": 1, "seat": 3},
    {"round": "1", "seat": 0},
    {"round": 1, "seat": True},
]


@pytest.mark.parametrize("target", BAD_TARGETS)
def test_targets_out_of_range_are_unreadable(target):
    with pytest.raises(Unreadable):
        GAME.target_slot(fold([]), Action("score", target, 0, {"points": 1}))


def test_a_finished_game_takes_corrections_but_no_new_round():
    state = fold([score(1, 1, 0, 5), score(2, 1, 1, 7), score(3, 1, 2, 1)], rounds=1)
    assert GAME.sheet(state).finished
    with pytest.raises(Forbidden, match="over"):
        GAME.apply(state, act(2, 0, 1), HOST)
    assert GAME.apply(state, act(1, 0, 2, version=1), HOST)


def test_view_lists_each_cell_with_its_version():
    state = fold([score(1, 1, 0, 5)])
    view = GAME.view(state, 0, {"r1s0": 2})
    assert view["cells"] == [{"round": 1, "seat": 0, "points": 5, "version": 2}]
    assert view["round"] == 1 and view["missing"] == [1, 2]


def test_an_actor_owns_the_changes_its_seat_made_or_that_are_about_its_seat():
    mine = score(1, 1, 0, 5)
    by_host_for_ann = Event(2, "score", actor_seat=None, payload={"seat": 0, "points": 1})
    bens = Event(3, "score", actor_seat=1, payload={"seat": 1, "points": 1})
    ann = Actor("Ann", 0)
    assert ann.owns(mine) and ann.owns(by_host_for_ann)
    assert not ann.owns(bens)
    assert not HOST.owns(mine)  # the host may undo anything, but owns nothing by seat
