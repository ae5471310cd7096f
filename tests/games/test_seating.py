"""The table's own actions (``companion.games.seating``) through ``plan.plan``, the same check
and plan the service runs (no app, no database): each names its target and version, a stale
or future version is refused with the target as it is now, refusals are in words, and the
events are those the table has always stored."""

from __future__ import annotations

import pytest

from companion.cards.alpha import DEFAULT_DECK
from companion.errors import Conflict, NotAllowed, Unreadable
from companion.games import seating
from companion.games.plan import Row, StaleTarget, plan
from companion.games.protocol import Action, Actor, Event
from companion.games.seating import RULES, Chair, Shell

HOST = Actor("Host", None, True)
SOMEONE = Actor("Someone")


class Table:
    """A shell in memory: what ``plan`` decides is stored and folded, as the service does."""

    def __init__(self, *names: str) -> None:
        self.shell = Shell(tuple(Chair(n) for n in names))
        self.versions: dict[str, int] = {}
        self.events: list[Event] = []

    def act(self, action: Action, actor: Actor) -> list[Row]:
        planned = plan(RULES, self.shell, self.versions, [action], actor)
        for r in planned.rows:
            event = Event(len(self.events) + 1, r.kind, r.actor, r.actor_seat, r.round, r.slot,
                          r.slot_version, r.payload)  # fmt: skip
            self.events.append(event)
            self.shell = seating.fold(self.shell, event)
            if r.slot:
                self.versions[r.slot] = r.slot_version or 0
        return list(planned.rows)

    def version(self, slot: str) -> int:
        return self.versions.get(slot, 0)


def take(seat: int, version: int, name: str = "") -> Action:
    return Action("take-seat", {"seat": seat}, version, {"name": name})


def test_a_seat_taken_is_the_join_event_signed_by_its_seat_at_the_seats_next_version():
    t = Table("Ann", "")
    assert t.act(take(1, 0, "Bo"), SOMEONE) == [
        Row("join", "Bo", 1, None, "seat1", 1, {"seat": 1, "name": "Bo"})
    ]
    assert t.shell.chairs[1] == Chair("Bo", True)
    [named] = t.act(take(0, 0, "Zed"), SOMEONE)  # a name the host gave the seat stays
    assert named.payload == {"seat": 0, "name": "Ann"} and named.actor == "Ann"


@pytest.mark.parametrize("seen", [1, 2, 9])
def test_a_version_from_the_future_is_refused_with_the_seat_as_it_is(seen):
    """No phone saw a seat at a version it never had: refused like a stale one, nothing
    decided (a plan that let it through would fail here)."""
    t = Table("Ann", "")
    with pytest.raises(StaleTarget) as refused:
        t.act(take(1, seen, "Bo"), SOMEONE)
    assert refused.value.target_version == 0 and t.events == []
    assert refused.value.current == {"seat": 1, "name": "Seat 2", "taken": False}


def test_a_stale_seat_is_refused_with_who_sits_there_now():
    t = Table("", "")
    t.act(take(0, 0, "Ann"), SOMEONE)
    with pytest.raises(StaleTarget) as refused:
        t.act(take(0, 0, "Bo"), Actor("Someone"))
    assert refused.value.current == {"seat": 0, "name": "Ann", "taken": True}
    assert "a phone sits there now" in seating.stale_words(refused.value.action,
                                                           refused.value.current)  # fmt: skip


def test_taking_a_seat_is_refused_in_words():
    t = Table("Ann", "")
    t.act(take(0, 0), SOMEONE)
    with pytest.raises(Conflict, match="Ann is already taken by another phone"):
        t.act(take(0, 1, "Bo"), SOMEONE)
    with pytest.raises(Unreadable, match="already sits at Ann"):
        t.act(take(1, 0, "Bo"), Actor("Ann", 0))
    with pytest.raises(Unreadable, match="Type your name"):
        t.act(take(1, 0, "  "), SOMEONE)
    with pytest.raises(Unreadable, match="no such seat"):
        t.act(take(5, 0, "Bo"), SOMEONE)
    t.act(Action("lock", {}, 0), HOST)
    with pytest.raises(NotAllowed, match="locked this table"):
        t.act(take(1, 0, "Bo"), SOMEONE)
    assert [e.kind for e in t.events] == ["join", "lock"]


def test_rename_leave_and_free_keep_their_events_and_who_may_do_them():
    t = Table("", "")
    t.act(take(0, 0, "Ann"), SOMEONE)
    rename = Action("rename", {"seat": 0}, 1, {"name": "Annie"})
    with pytest.raises(NotAllowed):
        t.act(rename, Actor("Bo", 1))
    assert t.act(rename, Actor("Ann", 0)) == [
        Row("rename", "Annie", 0, None, "seat0", 2, {"seat": 0, "name": "Annie", "was": "Ann"})
    ]
    assert t.act(Action("rename", {"seat": 0}, 2, {"name": "Annie"}), Actor("Annie", 0)) == []
    free = Action("free-seat", {"seat": 0}, 2)
    with pytest.raises(NotAllowed, match="Only the phone that started"):
        t.act(free, Actor("Annie", 0))
    assert t.act(free, HOST) == [Row("free-seat", "Host", None, None, "seat0", 3, {"seat": 0})]
    assert t.shell.chairs[0] == Chair("Annie", False)
    t.act(take(1, 0, "Bo"), SOMEONE)
    assert t.act(Action("leave-seat", {"seat": 1}, 1), Actor("Bo", 1)) == [
        Row("leave-seat", "Bo", 1, None, "seat1", 2, {"seat": 1})
    ]


def test_lock_and_links_are_the_hosts_at_their_own_slots():
    t = Table("Ann")
    with pytest.raises(NotAllowed):
        t.act(Action("lock", {}, 0), Actor("Ann", 0))
    assert t.act(Action("lock", {}, 0), HOST) == [Row("lock", "Host", None, None, "lock", 1, {})]
    with pytest.raises(StaleTarget) as refused:
        t.act(Action("unlock", {}, 0), HOST)
    assert refused.value.current == {"locked": True}
    t.act(Action("unlock", {}, 1), HOST)
    assert not t.shell.locked
    assert t.act(Action("rotate", {}, 0), HOST)[0].slot == "links"


def test_the_deck_is_the_hosts_and_must_have_a_card():
    t = Table("Ann")
    deck = DEFAULT_DECK.to_dict()
    with pytest.raises(NotAllowed, match="host's phone"):
        t.act(Action("deck", {}, 0, deck), Actor("Ann", 0))
    empty = {"cards": {card: [0, value] for card, (_, value) in deck["cards"].items()}}
    with pytest.raises(Unreadable, match="at least one card"):
        t.act(Action("deck", {}, 0, empty), HOST)
    [row] = t.act(Action("deck", {}, 0, deck), Actor("Ann", 0, True))
    assert (row.kind, row.actor, row.slot, row.slot_version) == ("alpha-deck", "Ann", "deck", 1)
    with pytest.raises(StaleTarget):  # a new game's copy is made once
        t.act(Action("carry-deck", {}, 0, deck), Actor("Ann", 0))


def test_an_unknown_table_action_is_refused_in_words():
    with pytest.raises(Unreadable, match="no table action called 'dance'"):
        plan(RULES, Shell(), {}, [Action("dance", {}, 0)], HOST)
