"""The host adds and removes seats of a custom sheet: pure, from event lists."""

from __future__ import annotations

import pytest

from companion.errors import Forbidden, NotAllowed, Unreadable
from companion.games import custom
from companion.games.custom.table.actions import GAME
from companion.games.custom.table.state import SEATS_SLOT
from companion.games.protocol import Action, Actor, Event

HOST = Actor("Host", None, host=True, names=("Ann", "Ben", "Cy", "Dee"))


def fold(events: list[Event], players: int = 3, **options):
    state = GAME.initial(custom.Options(players=players, **options), players)
    for e in events:
        state = GAME.fold(state, e)
    return state


def score(event_id: int, round_: int, seat: int, points: int, slot: str | None = None) -> Event:
    payload = {"seat": seat, "points": points, "before": None}
    return Event(event_id, "score", round=round_, slot=slot or f"r{round_}s{seat}", payload=payload)


def added(event_id: int, seat: int, name: str = "") -> Event:
    return Event(event_id, "add-seat", slot=SEATS_SLOT, payload={"seat": seat, "name": name})


def removed(event_id: int, seat: int) -> Event:
    return Event(event_id, "remove-seat", slot=SEATS_SLOT, payload={"seat": seat, "name": ""})


def add(name: str = "Dee", version: int = 0) -> Action:
    return Action("add-seat", {}, version, {"name": name})


def remove(seat: int, version: int = 0) -> Action:
    return Action("remove-seat", {"seat": seat}, version, {})


def test_adding_a_seat_before_any_score_gives_an_empty_column():
    [new] = GAME.apply(fold([]), add("Dee"), HOST)
    assert (new.kind, dict(new.payload)) == ("add-seat", {"seat": 3, "name": "Dee"})
    state = fold([added(1, 3, "Dee")])
    assert state.players == 4
    sheet = GAME.sheet(state)
    assert sheet.totals == (0, 0, 0, 0) and sheet.current_round == 1


def test_a_seat_added_mid_game_scores_0_in_played_rounds_and_is_waited_for():
    played = [score(1, 1, 0, 5), score(2, 1, 1, 7), score(3, 1, 2, 1), score(4, 2, 0, 3)]
    state = fold([*played, added(5, 3, "Dee")])
    sheet = GAME.sheet(state)
    assert sheet.rows == ((5, 7, 1, 0), (3, None, None, None))
    assert sheet.totals == (8, 7, 1, 0)
    assert sheet.current_round == 2 and sheet.missing == (1, 2, 3)
    assert not state.has_scores(3)  # its 0s are not scores of its own: it may still go
    # the new seat's cells have slots of their own, never an earlier seat's
    assert GAME.target_slot(state, Action("score", {"round": 2, "seat": 3}, 0)) == "r2s3"
    [entry] = GAME.apply(state, Action("score", {"round": 2, "seat": 3}, 0, {"points": 4}), HOST)
    assert entry.payload["seat"] == 3


def test_removing_a_seat_moves_the_later_seats_up_with_their_own_slots():
    # Ben (seat 1) has no score; Cy (seat 2) has one in round 1
    state = fold([score(1, 1, 0, 5), score(2, 1, 2, 4)])
    [gone] = GAME.apply(state, remove(1), HOST)
    assert dict(gone.payload) == {"seat": 1, "name": "Ben"}
    after = fold([score(1, 1, 0, 5), score(2, 1, 2, 4), removed(3, 1)])
    sheet = GAME.sheet(after)
    assert after.players == 2 and sheet.rows == ((5, 4),) and sheet.current_round == 2
    # Cy is now seat 1, and his cell keeps the slot it was stored under (r1s2), so a
    # correction names the version he saw there, not the removed seat's
    assert GAME.target_slot(after, Action("score", {"round": 1, "seat": 1}, 1)) == "r1s2"
    assert GAME.current(after, Action("score", {"round": 1, "seat": 1}, 1)) == {"points": 4}


def test_a_seat_added_after_a_removal_gets_a_new_slot_number():
    state = fold([removed(1, 2), added(2, 2, "Eve")])
    assert state.players == 3
    assert GAME.target_slot(state, Action("score", {"round": 1, "seat": 2}, 0)) == "r1s3"


def test_a_seat_with_scores_cannot_be_removed():
    state = fold([score(1, 1, 1, 5)])
    with pytest.raises(Forbidden, match="has scores"):
        GAME.apply(state, remove(1), HOST)


def test_an_undone_score_no_longer_keeps_the_seat():
    # undo folds again from the events still in force: the seat has no score of its own
    assert not fold([]).has_scores(1)
    assert fold([score(1, 1, 1, 5)]).has_scores(1)


def test_only_the_host_changes_seats_and_within_the_limits():
    with pytest.raises(NotAllowed):
        GAME.apply(fold([]), add(), Actor("Ann", 0))
    with pytest.raises(NotAllowed):
        GAME.apply(fold([]), remove(1), Actor("Ann", 0))
    with pytest.raises(Forbidden, match="at least 2"):
        GAME.apply(fold([], players=2), remove(1), HOST)
    with pytest.raises(Forbidden, match="at most 10"):
        GAME.apply(fold([], players=10), add(), HOST)
    with pytest.raises(Unreadable):
        GAME.target_slot(fold([]), remove(3))
    with pytest.raises(Unreadable):
        GAME.apply(fold([]), add("x" * 41), HOST)


def test_no_seat_is_added_to_a_finished_game():
    rounds = [score(i * 3 + s + 1, i + 1, s, 1) for i in range(2) for s in range(3)]
    state = fold(rounds, rounds=2)
    assert GAME.sheet(state).finished
    with pytest.raises(Forbidden, match="start the next game"):
        GAME.apply(state, add(), HOST)


def test_both_seat_actions_name_the_one_seats_slot():
    state = fold([])
    assert GAME.target_slot(state, add()) == SEATS_SLOT
    assert GAME.target_slot(state, remove(0)) == SEATS_SLOT
    assert GAME.current(state, add()) == {"seats": 3}
    assert GAME.view(state, None, {SEATS_SLOT: 2})["seats_version"] == 2
