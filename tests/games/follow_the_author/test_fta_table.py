"""Follow the Author's table protocol, from event lists: no app, no database."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cards.decktet import DECK
from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games.follow_the_author import commitment
from companion.games.follow_the_author.seal import lock_of
from companion.games.follow_the_author.table.actions import GAME
from companion.games.follow_the_author.table.options import parse_options
from companion.games.plan import plan
from companion.games.protocol import Action, Actor, Event

ANN, BEN = Actor("Ann", 0, phones=frozenset({0, 1})), Actor("Ben", 1, phones=frozenset({0, 1}))
HOST = Actor("Host", None, host=True, phones=frozenset({0, 1}))
WATCHER = Actor("Someone")
CODE = "K7QF2MXA9PRT"
ALPHA_TEN = ["Author", "Bard", "Battle", "Betrayal", "Borderland", "Calamity", "Castle", "Cave",
             "Chance Meeting", "Consul"]  # fmt: skip
OMEGA_TEN = ["Darkness", "Desert", "Diplomat", "Discovery", "End", "Excuse", "Forest",
             "Harvest", "Huntress", "Island"]  # fmt: skip
ANN_STORE = ["Ace of Moons", "Journey", "Huntress", "Excuse", "Battle", "Soldier", "Betrayal"]
BEN_STORE = ["Bard", "Desert", "Sailor"]
ASIDE = [c.title for c in DECK if c.title not in ANN_STORE + BEN_STORE]


class Table:
    """What the shell does, in memory: check the named version, apply, store, fold."""

    def __init__(self, **options: Any) -> None:
        self.keys: dict[int, tuple[str, str, str, str]] = {}  # what each sealing phone keeps
        self.options = parse_options({"players": "2", **options})
        names = Event(0, "new-table", payload={"names": ["Ann", "Ben"]})
        self.events: list[Event] = [names]
        self.versions: dict[str, int] = {}
        self.state = GAME.fold(GAME.initial(self.options, 2), names)

    def version(self, kind: str, **target: Any) -> int:
        return self.versions.get(GAME.target_slot(self.state, Action(kind, target, 0)), 0)

    def act(self, actor: Actor, kind: str, target: dict[str, Any], data=None, version=None):
        """Checked and planned as the service does (``plan``), at ``version`` (None: the
        target's version now); the rows stored."""
        slot = GAME.target_slot(self.state, Action(kind, target, 0, data or {}))
        seen = self.versions.get(slot, 0) if version is None else version
        action = Action(kind, target, seen, data or {})
        rows = plan(GAME, self.state, self.versions, [action], actor).rows
        for r in rows:
            if r.slot:
                self.versions[r.slot] = r.slot_version or 0
            event = Event(len(self.events), r.kind, r.actor, r.actor_seat, r.round, r.slot,
                          r.slot_version, r.payload)  # fmt: skip
            self.events.append(event)
            self.state = GAME.fold(self.state, event)
        return list(rows)

    def points(self, hand: str, a: Any, b: Any, actor: Actor = ANN, **kw: Any):
        data = {"points": [a, b]}
        return self.act(actor, "points", {"round": kw.pop("round", 1), "hand": hand}, data, **kw)

    def seal(self, actor: Actor, seat: int, scoring: str, danger: str, **kw: Any):
        """What the sealing phone does: keep the choice, a code and a key; send a commitment
        (and the old key, to replace its own seal)."""
        code, key = kw.pop("code", CODE), f"key{seat}-{len(self.events)}"
        label = f"round 1 seat {seat + 1}"
        data = {"commitment": commitment(label, scoring, danger, code), "lock": lock_of(key)}
        if seat in self.keys:
            data["unlock"] = self.keys[seat][3]
        new = self.act(actor, "seal", {"round": 1, "seat": seat}, data, **kw)
        self.keys[seat] = (scoring, danger, code, key)
        return new

    def open(self, actor: Actor, seat: int, **given: Any):
        scoring, danger, code, _ = self.keys[seat]
        data = {"scoring": scoring, "danger": danger, "code": code, **given}
        return self.act(actor, "open", {"round": 1, "seat": seat}, data)

    def opened(self) -> None:
        self.open(ANN, 0)
        self.open(BEN, 1)

    def play(self, hand: str, seat: int, card: str, **kw: Any):
        data = {"seat": seat, "card": card}
        return self.act(ANN, "play", {"round": 1, "hand": hand}, data, **kw)

    def ready(self, actor: Actor, seat: int, **kw: Any):
        return self.act(actor, "ready", {"round": 1, "seat": seat}, **kw)

    def store(self, actor: Actor, seat: int, cards: list[str], **kw: Any):
        return self.act(actor, "store", {"round": 1, "seat": seat}, {"cards": cards}, **kw)

    def sealed(self) -> None:
        self.points("alpha", 3, 1)
        self.seal(ANN, 0, "Wyrms", "Knots")
        self.seal(BEN, 1, "Suns", "Wyrms")

    def view(self, seat: int | None) -> dict[str, Any]:
        return GAME.view(self.state, seat, self.versions)

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events[1:]]


# each action, stored under the slot names stored games already use


def test_typed_points_go_to_the_named_hand_and_the_sheet():
    t = Table()
    [new] = t.points("alpha", "4", 2)
    assert (new.kind, new.round) == ("fta-points", 1)
    assert dict(new.payload) == {"hand": "alpha", "points": [4, 2]}
    assert t.events[-1].slot == "r1alpha" and t.versions == {"r1alpha": 1}
    assert GAME.sheet(t.state).rows == ((4, 2),)
    now = GAME.current(t.state, Action("points", {"round": 1, "hand": "alpha"}, 0))
    assert now["typed"] == [4, 2]


def test_plays_end_and_in_play_points():
    t = Table(enter_plays="1")
    t.play("alpha", 0, "Author")
    t.play("alpha", 1, "bard")
    assert t.events[-1].payload == {"hand": "alpha", "seat": 1, "card": "Bard"}
    t.act(ANN, "end", {"round": 1, "hand": "alpha"})
    assert t.events[-1].payload == {"hand": "alpha", "end": True}
    assert t.versions["r1alpha"] == 3
    hand = t.view(None)["hands"]["alpha"]
    assert hand["sequences"] == [[{"seat": 0, "card": "Author"}, {"seat": 1, "card": "Bard"}]]
    assert hand["next"] == 1 and not hand["open"]


def test_a_seal_stores_its_commitment_only_in_its_seats_slot():
    t = Table()
    t.points("alpha", 0, 0)
    [new] = t.seal(BEN, 1, "Suns", "Knots")
    p = new.payload
    assert p["label"] == "round 1 seat 2" and p["by"] == "phone"
    assert p["commitment"] == commitment("round 1 seat 2", "Suns", "Knots", CODE)
    assert "Suns" not in repr(p) and "Knots" not in repr(p) and CODE not in repr(p)
    assert t.events[-1].slot == "r1seal1"


def test_stores_and_aside_after_the_reveal_then_the_round_is_scored():
    t = Table()
    t.sealed()
    t.points("omega", 0, 2)
    t.ready(BEN, 1)
    assert t.kinds()[-2:] == ["fta-ready", "fta-reveal"]
    t.store(ANN, 0, ANN_STORE)
    t.store(BEN, 1, BEN_STORE)
    t.act(BEN, "aside", {"round": 1}, {"cards": ASIDE})
    assert t.events[-1].slot == "r1aside"
    assert GAME.sheet(t.state).complete_rounds == 0  # the choices are not opened yet
    t.opened()
    assert GAME.sheet(t.state).complete_rounds == 1
    assert t.view(0)["round"] == 2 and t.view(0)["scored"][0]["round"] == 1


# the reveal ruling, unchanged: a seat out, or both seats' word; final


def test_one_phones_typed_omega_points_do_not_reveal_both_words_do():
    t = Table()
    t.sealed()
    t.points("omega", 0, 0)
    assert "fta-reveal" not in t.kinds()
    assert t.view(None)["ready"][0]["said"] and not t.view(None)["revealed"]
    new = t.points("omega", 2, 1, actor=BEN)
    assert [n.kind for n in new] == ["fta-points", "fta-reveal"]
    assert new[1].slot == "r1reveal"
    assert GAME.describe(t.events[-1], ["Ann", "Ben"]) == (
        "Ben: round 1: the omega hand is over (both players said the hand is over): the sealed "
        "choices are revealed; a reveal is final"
    )


def test_the_host_typing_omega_points_is_nobodys_word():
    t = Table()
    t.sealed()
    t.points("omega", 0, 0, actor=HOST)
    t.ready(ANN, 0)
    assert "fta-reveal" not in t.kinds()


def test_a_seat_going_out_in_the_omega_hand_reveals():
    t = Table(enter_plays="1")
    for card in ALPHA_TEN:
        t.play("alpha", 0, card)
    t.seal(ANN, 0, "Moons", "Waves")
    t.seal(BEN, 1, "Suns", "Knots")
    for card in OMEGA_TEN[:-1]:
        t.play("omega", 0, card)
    assert "fta-reveal" not in t.kinds()
    new = t.play("omega", 0, OMEGA_TEN[-1])
    assert new[-1].kind == "fta-reveal" and new[-1].payload["out"] == 0
    assert "(Ann went out)" in str(GAME.describe(t.events[-1], ["Ann", "Ben"]))


def test_after_the_reveal_seals_and_readies_are_refused():
    t = Table()
    t.sealed()
    t.ready(ANN, 0)
    t.ready(BEN, 1)
    with pytest.raises(Conflict, match="can no longer change"):
        t.seal(ANN, 0, "Moons", "Moons")
    with pytest.raises(Forbidden, match="revealed already"):
        t.ready(BEN, 1)


# refusals, each with its error type


def test_entries_go_to_the_round_being_played_only():
    t = Table()
    with pytest.raises(Forbidden, match="Round 2 is not being played"):
        t.points("alpha", 1, 1, round=2)
    with pytest.raises(NotAllowed, match="Take a seat"):
        t.points("alpha", 1, 1, actor=WATCHER)


def test_the_omega_hand_waits_for_alpha_and_both_seals():
    t = Table()
    with pytest.raises(Forbidden, match="Finish the alpha hand"):
        t.points("omega", 1, 1)
    t.points("alpha", 0, 0)
    t.seal(ANN, 0, "Moons", "Waves")
    with pytest.raises(Forbidden, match="Both players seal"):
        t.points("omega", 1, 1)


@pytest.mark.parametrize(
    "points", [["x", 1], [-1, 0], ["", 2], [True, 0], [501, 0], [1], "3 1", None, [1.5, 0]]
)
def test_unreadable_points(points):
    with pytest.raises(Unreadable):
        Table().act(ANN, "points", {"round": 1, "hand": "alpha"}, {"points": points})


def test_seal_refusals():
    t = Table()
    with pytest.raises(Forbidden, match="after the alpha hand"):
        t.seal(ANN, 0, "Moons", "Waves")
    t.points("alpha", 0, 0)
    with pytest.raises(NotAllowed):
        t.seal(ANN, 1, "Moons", "Waves")  # Ben has a phone: only it seals for Ben
    with pytest.raises(NotAllowed):
        t.seal(HOST, 0, "Moons", "Waves")
    t.seal(ANN, 0, "Moons", "Waves")
    t.seal(BEN, 1, "Suns", "Knots")
    t.points("omega", 0, 0)
    with pytest.raises(Conflict, match="final"):
        t.seal(ANN, 0, "Leaves", "Waves")


def test_the_host_seals_for_a_seat_without_a_phone():
    t = Table()
    host = Actor("Host", None, host=True, phones=frozenset({0}))
    t.points("alpha", 0, 0)
    assert t.seal(host, 1, "Leaves", "Wyrms")
    with pytest.raises(NotAllowed):
        t.seal(host, 0, "Leaves", "Wyrms")


def test_play_refusals():
    t = Table(enter_plays="1")
    with pytest.raises(Forbidden, match="may not lead"):
        t.play("alpha", 1, "Ace of Moons")
    with pytest.raises(Forbidden, match="no sequence on the table"):
        t.act(ANN, "end", {"round": 1, "hand": "alpha"})
    t.play("alpha", 0, "Sea")
    with pytest.raises(Forbidden):
        t.play("alpha", 1, "Bard")  # not later in the alphabet
    with pytest.raises(Unreadable):
        t.play("alpha", 1, "Nothing")
    with pytest.raises(Unreadable):
        t.play("alpha", 7, "Window")
    t.points("alpha", 2, 5)
    with pytest.raises(Forbidden, match="typed in"):
        t.play("alpha", 1, "Window")


def test_ready_refusals():
    t = Table()
    t.points("alpha", 0, 0)
    with pytest.raises(Forbidden, match="seal their suits"):
        t.ready(ANN, 0)
    t.seal(ANN, 0, "Moons", "Waves")
    t.seal(BEN, 1, "Suns", "Knots")
    with pytest.raises(NotAllowed, match="Ben's own phone"):
        t.ready(ANN, 1)
    t.ready(ANN, 0)
    with pytest.raises(Forbidden, match="said so already"):
        t.ready(ANN, 0, version=1)


def test_store_refusals():
    t = Table()
    t.sealed()
    with pytest.raises(Forbidden, match="once the suits are revealed"):
        t.store(ANN, 0, ANN_STORE)
    t.ready(ANN, 0)
    t.ready(BEN, 1)
    t.store(ANN, 0, ANN_STORE)
    with pytest.raises(Forbidden, match="Journey is already in Ann's store"):
        t.store(BEN, 1, [*BEN_STORE, "Journey"])
    with pytest.raises(Unreadable, match="listed twice"):
        t.store(BEN, 1, ["Bard", "Bard"])
    with pytest.raises(NotAllowed):
        t.store(BEN, 0, ["Bard"], version=1)
    with pytest.raises(Unreadable):
        t.store(BEN, 1, "Bard")  # type: ignore[arg-type]
    assert t.store(HOST, 1, BEN_STORE)


def test_game_over_refuses_more():
    t = Table(cribbage_finish="1", target="1")
    t.points("alpha", 1, 0)
    with pytest.raises(Forbidden, match="game is over"):
        t.seal(ANN, 0, "Moons", "Waves")


# targets: explicit, read from the action, never "what is open now"; stale versions


BAD_TARGETS = [
    ("points", {"round": 1}),
    ("points", {"round": 1, "hand": "beta"}),
    ("play", {"round": "1", "hand": "alpha"}),
    ("seal", {"round": 1}),
    ("seal", {"round": 1, "seat": 2}),
    ("ready", {"round": 0, "seat": 0}),
    ("store", {"round": 1, "seat": True}),
    ("shuffle", {"round": 1}),
]


@pytest.mark.parametrize("kind, target", BAD_TARGETS)
def test_bad_targets_are_unreadable(kind, target):
    with pytest.raises(Unreadable):
        GAME.target_slot(Table().state, Action(kind, target, 0))


def test_slots_are_the_stored_names():
    state = Table().state
    slots = {
        ("points", "alpha"): "r3alpha",
        ("play", "omega"): "r3omega",
        ("end", "omega"): "r3omega",
    }
    for (kind, hand), slot in slots.items():
        assert GAME.target_slot(state, Action(kind, {"round": 3, "hand": hand}, 0)) == slot
    seats = (("seal", "r3seal1"), ("open", "r3open1"), ("ready", "r3ready1"), ("store", "r3store1"))
    for kind, slot in seats:
        assert GAME.target_slot(state, Action(kind, {"round": 3, "seat": 1}, 0)) == slot
    assert GAME.target_slot(state, Action("aside", {"round": 3}, 0)) == "r3aside"


def test_a_stale_version_is_a_conflict_and_nothing_is_applied():
    t = Table()
    t.points("alpha", 4, 2)
    before = list(t.events)
    with pytest.raises(Conflict):
        t.points("alpha", 9, 9, actor=BEN, version=0)
    assert t.events == before
    t.points("alpha", 9, 9, actor=BEN, version=1)
    assert GAME.sheet(t.state).rows == ((9, 9),)


def test_a_hand_action_never_touches_the_other_hand():
    t = Table()
    t.sealed()
    t.points("omega", 5, 5)
    assert t.view(0)["hands"]["alpha"]["typed"] == [3, 1]
    assert t.view(0)["hands"]["omega"]["typed"] == [5, 5]


# what each seat may see


def test_no_view_holds_a_choice_before_it_is_opened_not_even_its_own_seats():
    t = Table()
    t.sealed()
    for seat in (0, 1, None):
        seals = t.view(seat)["seals"]
        assert all("scoring" not in s and "danger" not in s and "code" not in s for s in seals)
        assert seals[0]["commitment"] == t.events[2].payload["commitment"]
        assert "Wyrms" not in repr(t.view(seat)) and "Knots" not in repr(t.view(seat))
    stale = GAME.current(t.state, Action("seal", {"round": 1, "seat": 0}, 0))
    assert "scoring" not in stale and stale["sealed"]
    t.ready(ANN, 0)
    t.ready(BEN, 1)
    assert "scoring" not in t.view(None)["seals"][0] and not t.view(None)["opened"]
    with pytest.raises(NotAllowed):  # never the other seat's phone, even with the code
        t.open(BEN, 0)
    t.open(ANN, 0)  # the seat's own phone: the commitment checks the choice and code
    assert t.view(None)["seals"][0]["scoring"] == "Wyrms"
    assert t.view(None)["seals"][0]["proven"] and not t.view(None)["opened"]


def test_history_lines_never_name_a_choice_before_it_is_opened():
    t = Table()
    t.sealed()
    lines = [GAME.describe(e, ["Ann", "Ben"]) for e in t.events]
    assert lines[0] is None  # the shell's words
    assert lines[2] is not None and lines[2].startswith("Ann: round 1: Ann's phone sealed a choice")
    assert not [line for line in lines if line and ("Wyrms" in line or "Suns" in line)]
    assert lines[1] == "Ann: round 1 alpha hand: in-play points Ann 3, Ben 1"


def test_fold_from_events_matches_the_incremental_state():
    t = Table()
    t.sealed()
    t.points("omega", 0, 2)
    again = GAME.initial(t.options, 2)
    for e in t.events:
        again = GAME.fold(again, e)
    assert GAME.sheet(again) == GAME.sheet(t.state)
    assert GAME.view(again, 0, t.versions) == t.view(0)
