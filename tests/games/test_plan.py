"""``plan`` and ``plan_undo``: the version rules the service and the pure tests share, on the
custom scoresheet's table (no app, no database)."""

from __future__ import annotations

import pytest

from companion.errors import Forbidden, NotAllowed
from companion.games import custom
from companion.games.custom.table.actions import GAME
from companion.games.plan import Row, StaleTarget, plan, plan_undo
from companion.games.protocol import Action, Actor, Event
from tests.games.shell import HOST, Shell

ANN = Actor("Ann", 0)


def shell() -> Shell:
    return Shell(GAME, custom.Options(players=3), 3, ["Ann", "Bob", "Cy"])


def score(round_: int, seat: int, points: int, version: int) -> Action:
    return Action("score", {"round": round_, "seat": seat}, version, {"points": points})


def test_the_version_seen_is_the_slots_version_now_and_the_next_one_is_stored():
    t = shell()
    [first] = t.act(score(1, 0, 5, 0), HOST)
    planned = plan(GAME, t.state, t.versions, [score(1, 0, 6, 1)], HOST)
    assert (first.slot, first.slot_version) == ("r1s0", 1)
    assert planned.versions == (2,)
    assert planned.rows == (Row("score", "Host", None, 1, "r1s0", 2,
                                {"seat": 0, "points": 6, "before": 5}),)  # fmt: skip


@pytest.mark.parametrize("seen", [0, 2, 7])
def test_a_version_other_than_the_slots_is_refused_with_the_value_now(seen):
    """An older version (another phone saved first) and one from the future (no phone saw
    it) are both stale: nothing is decided, and the refusal carries the slot as it is."""
    t = shell()
    t.act(score(1, 0, 5, 0), HOST)
    with pytest.raises(StaleTarget) as refused:
        plan(GAME, t.state, t.versions, [score(1, 0, 9, seen)], HOST)
    assert refused.value.target_version == 1 and refused.value.current == {"points": 5}
    assert "(round 1, seat 1)" in refused.value.message


def test_a_version_from_the_future_on_a_slot_never_written_is_refused():
    t = shell()
    with pytest.raises(StaleTarget) as refused:
        t.act(score(1, 1, 4, 1), HOST)
    assert refused.value.target_version == 0 and t.events == []


def test_one_stale_action_refuses_the_whole_batch():
    t = shell()
    with pytest.raises(StaleTarget):
        t.act([score(1, 0, 1, 0), score(1, 1, 2, 3)], HOST)
    assert t.events == []
    stored = t.act([score(1, 0, 1, 0), score(1, 1, 2, 0)], HOST)
    assert {e.payload["batch"] for e in stored} == {"b1"}


def test_undo_takes_back_the_whole_batch_at_each_slots_next_version():
    t = shell()
    t.act([score(1, 0, 1, 0), score(1, 1, 2, 0)], HOST)
    t.act(score(1, 2, 3, 0), Actor("Cy", 2))
    targets, rows = plan_undo(t.effective(), t.versions, HOST, frozenset({"score"}))
    assert [e.payload["seat"] for e in targets] == [2]
    assert rows == [Row("undo", "Host", None, 1, "r1s2", 2,
                        {"undoes": 3, "what": "score", "seat": 2, "points": None,
                         "before": 3})]  # fmt: skip
    t.undo(HOST, frozenset({"score"}))
    assert [e.payload["seat"] for e in t.undo(HOST, frozenset({"score"}))] == [0, 1]
    assert GAME.sheet(t.state).totals == (0, 0, 0)


def test_undo_refuses_another_phones_change_and_an_empty_game():
    t = shell()
    with pytest.raises(Forbidden, match="nothing to undo"):
        t.undo(HOST, frozenset({"score"}))
    t.act(score(1, 1, 2, 0), HOST)
    with pytest.raises(NotAllowed):
        plan_undo(t.effective(), t.versions, ANN, frozenset({"score"}))
    assert isinstance(t.events[-1], Event) and t.events[-1].kind == "score"
