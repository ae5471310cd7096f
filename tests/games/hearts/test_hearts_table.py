"""Hearts' table protocol from event lists: no app, no database."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.errors import Forbidden, NotAllowed, Unreadable
from companion.games.hearts.table.actions import GAME
from companion.games.hearts.table.options import parse_options
from companion.games.plan import Row, plan
from companion.games.protocol import Action, Actor, Event
from tests.games.hearts.reference import Table as RefTable
from tests.games.hearts.reference import play

HOST = Actor("Host", None, host=True)
ANN = Actor("Ann", 0, phones=frozenset({0, 1}))
BEN = Actor("Ben", 1, phones=frozenset({0, 1}))
WATCHER = Actor("Someone")
HEARTS = [f"{r}H" for r in "23456789TJQKA"]


class Table:
    """A game folded from the events apply decides, with the slot versions the shell keeps."""

    def __init__(self, **options: Any) -> None:
        self.options = parse_options({"players": 4, **options})
        self.state = GAME.initial(self.options, 4)
        self.versions: dict[str, int] = {}
        self.events: list[Event] = []

    def act(self, kind: str, target: dict, data: dict, actor: Actor = HOST) -> list[Row]:
        """The action at the version its target has now, checked and planned as the service
        does (``plan``); the rows stored."""
        action = Action(kind, target, self.version(kind, target), data)
        rows = plan(GAME, self.state, self.versions, [action], actor).rows
        for r in rows:
            event = Event(len(self.events) + 1, r.kind, r.actor, r.actor_seat, r.round, r.slot,
                          r.slot_version, r.payload)  # fmt: skip
            if r.slot:
                self.versions[r.slot] = r.slot_version or 0
            self.events.append(event)
            self.state = GAME.fold(self.state, event)
        return list(rows)

    def version(self, kind: str, target: dict) -> int:
        return self.versions.get(GAME.target_slot(self.state, Action(kind, target, 0)), 0)

    def totals(self) -> list[int]:
        return list(GAME.sheet(self.state).totals)

    def refold(self) -> Any:
        state = GAME.initial(self.options, 4)
        for e in self.events:
            state = GAME.fold(state, e)
        return state


def taken(hand: int, cards: dict[int, str], **extra: Any) -> tuple[str, dict, dict]:
    return "taken", {"hand": hand}, {"taken": {str(s): c.split() for s, c in cards.items()},
                                      **extra}  # fmt: skip


def test_taken_scores_the_hand_and_opens_the_next():
    t = Table()
    new = t.act(*taken(1, {0: "QS 2H 3H", 1: "4H 5H 6H TH"}, rest=2))
    assert [e.kind for e in new] == ["hearts-taken"] and new[0].round == 1
    assert t.totals() == [15, 4, 7, 0]
    assert t.state.open_number == 2
    assert GAME.target_slot(t.state, Action("taken", {"hand": 2}, 0)) == "h2"


def test_fold_is_the_same_incrementally_and_from_scratch():
    t = Table(preset="pagat")
    t.act(*taken(1, {0: "QS"}, rest=1))
    t.act(*taken(2, {}, rest=2))
    t.act("moon", {"hand": 2}, {"choice": "add"})
    t.act(*taken(3, {3: "QS"}, rest=0))
    t.act(*taken(1, {2: "QS"}, rest=3))  # a correction of hand 1 recomputes the rest
    again = t.refold()
    assert again.hands == t.state.hands and again.totals == t.state.totals
    assert t.totals() == [39, 26, 13, 52]


def test_a_finished_hand_keeps_its_built_value_when_a_later_hand_changes():
    t = Table()
    t.act(*taken(1, {0: "QS"}, rest=1))
    first = t.state.hands[0]
    t.act(*taken(2, {2: "QS"}, rest=3))
    assert t.state.hands[0] is first


def test_claims_complete_the_hand_when_every_card_is_claimed_once():
    t = Table()
    t.act("claim", {"hand": 1, "seat": 0}, {"cards": ["QS", "2H"]}, ANN)
    t.act("claim", {"hand": 1, "seat": 1}, {"cards": [], "rest": True}, BEN)
    assert t.totals() == [14, 12, 0, 0]
    assert t.state.hands[0].source == "claims"


def test_host_claims_only_for_a_seat_without_a_phone():
    t = Table()
    with pytest.raises(NotAllowed):
        t.act("claim", {"hand": 1, "seat": 0}, {"cards": ["QS"]}, HOST.__class__(
            "Host", None, True, frozenset({0})))  # fmt: skip
    with pytest.raises(NotAllowed):
        t.act("claim", {"hand": 1, "seat": 2}, {"cards": ["QS"]}, BEN)
    t.act("claim", {"hand": 1, "seat": 2}, {"cards": ["QS"]}, HOST)


def test_moon_by_the_shooter_only_while_the_choice_waits():
    t = Table(preset="pagat")
    with pytest.raises(Forbidden, match="no moon waiting"):
        t.act("moon", {"hand": 1}, {"choice": "add"})
    t.act(*taken(1, {}, rest=0), BEN)
    assert t.state.current.choice_required
    with pytest.raises(NotAllowed):
        t.act("moon", {"hand": 1}, {"choice": "add"}, BEN)  # the scorer is not the shooter
    with pytest.raises(NotAllowed):  # Ann has a phone: the host may not choose for her
        t.act("moon", {"hand": 1}, {"choice": "add"}, Actor("Host", None, True, frozenset({0})))
    with pytest.raises(Unreadable):
        t.act("moon", {"hand": 1}, {"choice": "maybe"}, ANN)
    t.act("moon", {"hand": 1}, {"choice": "subtract"}, ANN)
    assert t.totals() == [-26, 0, 0, 0]


def game_tricks(seed: int = 7) -> list[tuple[int, list[str]]]:
    game = play(RefTable(players=4), random.Random(seed))
    return [(lead, [str(c) for c in cards]) for lead, cards in game.tricks]


def trick(hand: int, i: int, leader: int, cards: list[str]) -> tuple[str, dict, dict]:
    return "trick", {"hand": hand, "trick": i}, {"leader": leader, "cards": cards}


def test_a_whole_hand_by_tricks_scores_and_the_next_trick_is_for_the_next_hand():
    t = Table(moon_policy="add")
    tricks = game_tricks()
    for i, (leader, cards) in enumerate(tricks):
        t.act(*trick(1, i, leader, cards), BEN)
    assert t.state.open_number == 2 and sum(t.totals()) in (26, 78)
    with pytest.raises(Forbidden, match="Hand 1 is finished: hand 2 is open") as err:
        t.act(*trick(1, 12, *tricks[12]))
    assert err.value.field == "hand-not-open"
    assert not t.state.entries.get(2)  # never applied to the next hand


def test_a_trick_names_its_index_and_a_correction_replaces_it():
    t = Table()
    tricks = game_tricks()
    t.act(*trick(1, 0, *tricks[0]))
    with pytest.raises(Forbidden, match="Trick 3 cannot be entered yet: trick 2 is next"):
        t.act(*trick(1, 2, *tricks[1]))
    t.act(*trick(1, 1, *tricks[1]))
    assert t.act(*trick(1, 0, *tricks[0]))[0].payload["trick"] == 0  # a correction, at 0
    assert GAME.current(t.state, Action("trick", {"hand": 1, "trick": 0}, 0)) == {
        "leader": tricks[0][0], "cards": tricks[0][1]}  # fmt: skip
    assert len(t.state.current.tricks) == 2


@pytest.mark.parametrize(
    "target, data, error, words",
    [
        ({"hand": 1, "trick": 0}, {"leader": 0, "cards": ["2C", "3C"]}, Forbidden, "not 2"),
        ({"hand": 1, "trick": 0}, {"leader": 0, "cards": ["2C", "2C", "4C", "5C"]}, Forbidden,
         "already entered"),
        ({"hand": 1, "trick": 0}, {"leader": 9, "cards": ["2C"]}, Unreadable, "not a seat"),
        ({"hand": 1, "trick": 0}, {"leader": 0, "cards": ["1H"]}, Unreadable, "not a card"),
        ({"hand": 1, "trick": 13}, {"leader": 0, "cards": []}, Unreadable, "0 to 12"),
        ({"hand": "1", "trick": 0}, {}, Unreadable, "whole number 'hand'"),
        ({"hand": 2, "trick": 0}, {"leader": 0, "cards": []}, Forbidden, "not open yet"),
    ],
)  # fmt: skip
def test_trick_refusals(target, data, error, words):
    t = Table()
    with pytest.raises(error, match=words):
        t.act("trick", target, data)
    assert not t.events


@pytest.mark.parametrize(
    "cards, extra, error, words",
    [
        ({0: "QS 2C"}, {}, Forbidden, "the 2C scores nothing"),
        ({0: "2H 3H"}, {}, Forbidden, "Nobody is listed with the 4H"),
        ({0: " ".join(HEARTS) + " QS", 1: "5H"}, {}, Forbidden, "Seat 2 is listed with the 5H"),
        ({0: "QS"}, {"sun": 1}, Forbidden, "Seat 2 took every trick"),
        ({9: "QS"}, {}, Unreadable, "not a seat"),
        ({0: "QS"}, {"rest": "x"}, Unreadable, "not a seat"),
    ],
)
def test_taken_refusals(cards, extra, error, words):
    t = Table(shoot_the_sun="yes")
    with pytest.raises(error, match=words):
        t.act(*taken(1, cards, **extra))
    assert not t.events


def test_taken_refusals_name_the_rule_and_the_watcher_is_not_allowed():
    t = Table()
    with pytest.raises(Forbidden) as err:
        t.act(*taken(1, {0: "QS"}))
    assert err.value.field == "penalty-cards"
    with pytest.raises(NotAllowed):
        t.act(*taken(1, {0: "QS"}, rest=1), WATCHER)


def test_taken_for_a_later_hand_or_after_the_end_is_refused():
    t = Table(target=13, tie_continues="no")
    with pytest.raises(Forbidden, match="Hand 2 is not open yet"):
        t.act(*taken(2, {0: "QS"}, rest=1))
    t.act(*taken(1, {0: "QS"}, rest=1))
    assert t.state.finished
    with pytest.raises(Forbidden, match="game is over"):
        t.act(*taken(2, {0: "QS"}, rest=1))
    t.act(*taken(1, {2: "QS"}, rest=3))  # a correction of a finished hand is taken
    assert t.totals() == [0, 0, 13, 13]


def test_tricks_taken_marks_the_sun():
    t = Table(shoot_the_sun="yes", moon_policy="add")
    t.act(*taken(1, {}, tricks_taken={"2": 13, "0": 0}))
    assert t.totals() == [52, 52, 0, 52]


def test_revoke_is_recorded_only_when_the_tricks_show_one():
    t = Table(revoke_penalty="yes")
    t.act(*trick(1, 0, 0, ["2C", "3C", "4C", "5D"]))
    t.act(*trick(1, 1, 2, ["6C", "7C", "8C", "9C"]))
    with pytest.raises(Forbidden, match="No revoke by that player"):
        t.act("revoke", {"hand": 1}, {"seat": 0})
    t.act("revoke", {"hand": 1}, {"seat": 3})
    assert t.totals() == [0, 0, 0, 26]


def test_current_is_the_targets_value_now():
    t = Table()
    assert GAME.current(t.state, Action("taken", {"hand": 1}, 0)) is None
    t.act(*taken(1, {0: "QS"}, rest=1))
    now = GAME.current(t.state, Action("taken", {"hand": 1}, 0))
    assert now["taken"]["0"] == ["QS"] and now["scores"] == {"0": 13, "1": 13, "2": 0, "3": 0}


def test_unknown_action_is_unreadable():
    with pytest.raises(Unreadable, match="no action 'bid'"):
        GAME.target_slot(Table().state, Action("bid", {"hand": 1}, 0))


def test_view_gives_the_hands_and_the_versions_to_act_on():
    t = Table()
    t.act(*taken(1, {0: "QS"}, rest=1))
    t.act(*trick(2, 0, 1, ["2C", "3C", "4C", "5C"]))
    state = GAME.view(t.state, 0, t.versions)
    assert state["hand"] == 2 and state["dealer"] == 1 and state["pass"] == "right"
    first, second = state["hands"]
    assert first["source"] == "taken" and first["scores"] == {"0": 13, "1": 13, "2": 0, "3": 0}
    assert first["versions"]["taken"] == 1 and first["shooter"] is None
    assert second["tricks"] == [{"leader": 1, "cards": ["2C", "3C", "4C", "5C"]}]
    assert second["versions"]["tricks"] == [1] and second["versions"]["next_trick"] == 1
