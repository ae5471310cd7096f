"""Follow the Author as the phones play it, pure: each form as the page sends it (an action
with the target and version it names), checked and stored by the shell in memory
(``tests.games.shell``: stale versions, undo), folded from the event list. No app, no
database.

These are the game facts the web tests used to check through Flask (``tests/web``): points,
seals and the reveal, stores and round-end scoring, Cribbage Finish, refusals and their
words, undo, stale forms, options."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cards.decktet import DECK
from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games.follow_the_author import commitment
from companion.games.follow_the_author.seal import lock_of
from companion.games.follow_the_author.table.actions import GAME
from companion.games.follow_the_author.table.events import UNDOABLE
from companion.games.follow_the_author.table.options import parse_options
from companion.games.protocol import Action, Actor
from tests.games.shell import Shell

NAMES = ("Ann", "Ben")
ANN = Actor("Ann", 0, phones=frozenset({0, 1}), names=NAMES)
BEN = Actor("Ben", 1, phones=frozenset({0, 1}), names=NAMES)
HOST = Actor("Host", None, host=True, phones=frozenset({0, 1}), names=NAMES)
WATCHER = Actor("Someone")
ANN_STORE = ["Ace of Moons", "Journey", "Huntress", "Excuse", "Battle", "Soldier", "Betrayal"]
BEN_STORE = ["Bard", "Desert", "Sailor"]
ASIDE = [c.title for c in DECK if c.title not in ANN_STORE + BEN_STORE]
ALPHA_TEN = ["Author", "Bard", "Battle", "Betrayal", "Borderland", "Calamity", "Castle", "Cave",
             "Chance Meeting", "Consul"]  # fmt: skip
OMEGA_TEN = ["Darkness", "Desert", "Diplomat", "Discovery", "End", "Excuse", "Forest",
             "Harvest", "Huntress", "Island"]  # fmt: skip


class Table:
    """One table in memory; each method sends what the page's form sends (the version it
    names is the one now unless given)."""

    def __init__(self, **options: Any) -> None:
        opts = parse_options({"players": "2", **{k: str(v) for k, v in options.items()}})
        self.shell = Shell(GAME, opts, 2, NAMES)
        self.shell.store("new-table", {"names": list(NAMES)})
        self.keys: dict[tuple[int, int], tuple[Actor, str, str, str, str]] = {}

    @property
    def state(self) -> Any:
        return self.shell.state

    def act(self, actor: Actor, kind: str, target: dict, data: dict | None = None,
            version: int | None = None) -> Any:  # fmt: skip
        seen = self.shell.version(kind, target) if version is None else version
        return self.shell.act(Action(kind, target, seen, data or {}), actor)

    def points(self, r: int, hand: str, a: Any, b: Any, actor: Actor = ANN, **kw: Any) -> Any:
        return self.act(actor, "points", {"round": r, "hand": hand}, {"points": [a, b]}, **kw)

    def seal(self, actor: Actor, r: int, scoring: str, danger: str, seat: int | None = None,
             **kw: Any) -> Any:  # fmt: skip
        """What the phone's script sends: a commitment and a lock, and the old key when it
        replaces its own seal (the choice, the code and the key stay on the phone)."""
        seat = actor.seat if seat is None else seat
        code, key = f"K7QF2MXA9PRT{r}{seat}", f"key-{r}-{seat}-{len(self.shell.events)}"
        made = commitment(f"round {r} seat {seat + 1}", scoring, danger, code)
        data = {"commitment": made, "lock": lock_of(key)}
        old = self.keys.get((r, seat))
        if old and old[0] is actor:
            data["unlock"] = old[4]
        new = self.act(actor, "seal", {"round": r, "seat": seat}, data, **kw)
        self.keys[(r, seat)] = (actor, scoring, danger, code, key)
        return new

    def open_all(self, r: int) -> None:
        for seat in (0, 1):
            actor, scoring, danger, code, _ = self.keys[(r, seat)]
            data = {"scoring": scoring, "danger": danger, "code": code}
            self.act(actor, "open", {"round": r, "seat": seat}, data)

    def ready(self, actor: Actor, r: int, seat: int, **kw: Any) -> Any:
        return self.act(actor, "ready", {"round": r, "seat": seat}, **kw)

    def store(self, r: int, seat: int, cards: list[str], actor: Actor | None = None,
              **kw: Any) -> Any:  # fmt: skip
        return self.act(actor or (ANN, BEN)[seat], "store", {"round": r, "seat": seat},
                        {"cards": cards}, **kw)  # fmt: skip

    def aside(self, r: int, cards: list[str], **kw: Any) -> Any:
        return self.act(ANN, "aside", {"round": r}, {"cards": cards}, **kw)

    def play(self, r: int, hand: str, seat: int, card: str, **kw: Any) -> Any:
        return self.act(ANN, "play", {"round": r, "hand": hand}, {"seat": seat, "card": card},
                        **kw)  # fmt: skip

    def full_round(self, r: int, alpha=(3, 1), omega=(0, 2)) -> None:
        self.points(r, "alpha", *alpha)
        self.seal(ANN, r, "Moons", "Waves")
        self.seal(BEN, r, "Suns", "Knots")
        self.points(r, "omega", *omega)
        self.ready(BEN, r, 1)
        self.open_all(r)
        self.store(r, 0, ANN_STORE)
        self.store(r, 1, BEN_STORE)
        self.aside(r, ASIDE)

    def to_stores(self) -> None:
        self.points(1, "alpha", 3, 1)
        self.seal(ANN, 1, "Moons", "Waves")
        self.seal(BEN, 1, "Suns", "Knots")
        self.points(1, "omega", 0, 2)
        self.ready(BEN, 1, 1)
        self.open_all(1)

    def sealed_for_omega(self) -> None:
        self.points(1, "alpha", 3, 1)
        self.seal(ANN, 1, "Wyrms", "Knots")
        self.seal(BEN, 1, "Suns", "Wyrms")

    def totals(self) -> list[int]:
        return list(GAME.sheet(self.state).totals)

    def view(self) -> dict[str, Any]:
        return GAME.view(self.state, None, self.shell.versions)

    def history(self) -> str:
        return "\n".join(self.shell.lines())

    def kinds(self) -> list[str]:
        return [e.kind for e in self.shell.events]


# options


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"rounds": "7"}, "must be even"),
        ({"rounds": "many"}, "whole number"),
        ({"rounds": "0"}, "between 1 and"),
        ({"target": "-3"}, "between 1 and"),
        ({"first_dealer": "5"}, "seat 1 or seat 2"),
        ({"players": "3"}, "exactly 2 players"),
    ],
)
def test_bad_options_are_refused_in_words(fields: dict, message: str) -> None:
    with pytest.raises(Unreadable, match=message):
        GAME.parse_options({"game": "follow-the-author", "players": "2", **fields})


# typed points


def test_typed_points_go_on_the_sheet_and_in_the_history() -> None:
    t = Table()
    t.points(1, "alpha", 4, 2)
    assert t.totals() == [4, 2]
    assert t.view()["hands"]["alpha"]["typed"] == [4, 2]
    assert "round 1 alpha hand: in-play points Ann 4, Ben 2" in t.history()


@pytest.mark.parametrize("a, b", [("x", "1"), ("-1", "0"), ("", "2"), ("9" * 30, "0")])
def test_bad_points_are_refused(a: str, b: str) -> None:
    t = Table()
    with pytest.raises(Unreadable):
        t.points(1, "alpha", a, b)
    assert t.totals() == [0, 0] and t.kinds() == ["new-table"]


def test_a_stale_points_form_is_a_conflict_and_the_sheet_keeps_the_first() -> None:
    t = Table()
    t.points(1, "alpha", 4, 2)
    with pytest.raises(Conflict, match="changed on another phone") as stale:
        t.points(1, "alpha", 9, 9, actor=BEN, version=0)
    assert stale.value.current["typed"] == [4, 2]  # type: ignore[attr-defined]
    assert t.totals() == [4, 2]


def test_omega_waits_for_the_alpha_hand_and_both_seals() -> None:
    t = Table()
    with pytest.raises(Forbidden):
        t.points(1, "omega", 1, 1)  # alpha first
    t.points(1, "alpha", 0, 0)
    t.seal(ANN, 1, "Moons", "Waves")
    with pytest.raises(Forbidden, match="Both players seal their suits"):
        t.points(1, "omega", 1, 1)


# seals


def test_seal_rules() -> None:
    t = Table()
    with pytest.raises(Forbidden, match="after the alpha hand"):
        t.seal(ANN, 1, "Moons", "Waves")
    t.points(1, "alpha", 0, 0)
    plain = Action("seal", {"round": 1, "seat": 0}, 0, {"commitment": "", "lock": ""})
    with pytest.raises((Forbidden, Unreadable), match="needs JavaScript"):  # no script
        t.shell.act(plain, ANN)
    t.seal(ANN, 1, "Moons", "Waves")
    with pytest.raises(NotAllowed):  # Ann's phone never seals for Ben, who has a phone
        t.seal(ANN, 1, "Suns", "Suns", seat=1)
    assert t.view()["seals"][1]["version"] == 0  # Ben: still choosing
    t.seal(ANN, 1, "Suns", "Suns", version=1)  # Ann changes her own
    with pytest.raises(NotAllowed):
        t.seal(WATCHER, 1, "Suns", "Knots", seat=1)
    with pytest.raises(Conflict):
        t.seal(ANN, 1, "Leaves", "Waves", version=0)
    t.seal(BEN, 1, "Suns", "Knots")
    # both sealed: both slips are face down, before the omega hand too (issue 20, item 2)
    for seat, version in ((0, 2), (1, 1)):
        with pytest.raises(Conflict, match="final, like a slip laid face down"):
            t.seal((ANN, BEN)[seat], 1, "Leaves", "Waves", version=version)
    t.points(1, "omega", 0, 0)
    with pytest.raises(Conflict, match="final"):
        t.seal(ANN, 1, "Leaves", "Waves", version=2)
    assert [s["version"] for s in t.view()["seals"]] == [2, 1]


def test_a_seated_host_seals_for_the_opponent_who_has_no_phone() -> None:
    """Ann hosts from her own seat and Ben has no phone: her phone is handed to Ben for his
    seal (the game would wait for it for ever); a seated player who is not the host never
    seals for anyone else."""
    host_ann = Actor("Ann", 0, True, frozenset({0}), NAMES)
    t = Table()
    t.points(1, "alpha", 0, 0)
    t.seal(host_ann, 1, "Moons", "Waves")
    t.seal(host_ann, 1, "Suns", "Knots", seat=1)  # Ben's, on Ann's phone
    assert [s["version"] for s in t.view()["seals"]] == [1, 1]
    guest = Actor("Cy", 0, False, frozenset({0}), NAMES)  # seated, not the host
    with pytest.raises(NotAllowed):
        t.seal(guest, 1, "Leaves", "Leaves", seat=1, version=1)


def test_a_choice_is_opened_only_after_the_omega_hand_and_a_lost_code_asks_the_other_side() -> None:
    t = Table()
    t.sealed_for_omega()
    _, scoring, danger, code, _ = t.keys[(1, 0)]
    data = {"scoring": scoring, "danger": danger, "code": code}
    with pytest.raises(Forbidden):  # not before the omega hand is over
        t.act(ANN, "open", {"round": 1, "seat": 0}, data)
    t.points(1, "omega", 0, 0)
    t.ready(BEN, 1, 1)
    with pytest.raises((Forbidden, Unreadable), match="do not match Ann's seal"):
        t.act(ANN, "open", {"round": 1, "seat": 0}, {**data, "code": "K7QF2MXA9PRT99"})
    with pytest.raises(NotAllowed, match="Only Ann opens"):  # never Ben's phone
        t.act(BEN, "open", {"round": 1, "seat": 0}, {**data, "code": ""})
    t.act(ANN, "open", {"round": 1, "seat": 0}, {**data, "code": ""})  # Ann states it
    assert not t.view()["seals"][0]["opened"] and t.view()["agreement"]["waiting"] == [1]
    t.act(BEN, "agree", {"agreement": 1}, {})
    assert t.view()["seals"][0]["scoring"] == scoring
    assert "taken on Ann's word, as Ben agreed" in t.history()


# the reveal is final


def test_undo_after_the_reveal_never_seals_again() -> None:
    t = Table()
    t.sealed_for_omega()
    t.points(1, "omega", 2, 1)
    t.ready(BEN, 1, 1)
    t.open_all(1)
    assert t.view()["revealed"]
    assert [e.kind for e in t.shell.undo(ANN, UNDOABLE)] == ["fta-points"]  # the omega points
    assert [e.kind for e in t.shell.undo(ANN, UNDOABLE)] == ["fta-points"]  # the alpha points
    assert t.view()["revealed"] and t.view()["opened"]  # the reveal stays
    with pytest.raises(Conflict, match="can no longer change"):
        t.seal(ANN, 1, "Moons", "Moons", version=1)
    assert t.history().count("the sealed choices are revealed") == 1
    assert t.history().count("undid a change (a hand's points)") == 2
    t.points(1, "alpha", 3, 1, version=2)
    t.points(1, "omega", 2, 1, version=2)
    assert t.history().count("the sealed choices are revealed") == 1  # no second reveal
    assert t.kinds().count("fta-reveal") == 1


def test_plays_reveal_when_a_player_goes_out_in_the_omega_hand() -> None:
    t = Table(enter_plays=1)
    for card in ALPHA_TEN:
        t.play(1, "alpha", 0, card)
    t.seal(ANN, 1, "Moons", "Waves")
    t.seal(BEN, 1, "Suns", "Knots")
    for card in OMEGA_TEN[:-1]:
        t.play(1, "omega", 0, card)
    assert not t.view()["revealed"]
    t.play(1, "omega", 0, OMEGA_TEN[-1])
    t.open_all(1)
    assert t.view()["revealed"] and t.view()["opened"]
    assert "the omega hand is over (Ann went out)" in t.history()


# stores and round-end scoring


def test_stores_before_the_reveal_are_refused() -> None:
    t = Table()
    t.points(1, "alpha", 3, 1)
    with pytest.raises(Forbidden, match="after the omega hand"):
        t.store(1, 0, ANN_STORE)


def test_store_checks() -> None:
    t = Table()
    t.to_stores()
    t.store(1, 0, ANN_STORE)
    with pytest.raises(Forbidden) as dup:
        t.store(1, 1, [*BEN_STORE, "Journey"])
    assert dup.value.message == (
        "Journey is already in Ann's store: a card can be in one place only."
    )
    with pytest.raises((Forbidden, Unreadable)):
        t.store(1, 1, ["Bard", "Bard"])
    with pytest.raises((Forbidden, Unreadable)):
        t.store(1, 1, ["Not a card"])
    with pytest.raises(NotAllowed):  # not Ben's store
        t.store(1, 0, ["Bard"], actor=BEN, version=1)
    t.store(1, 1, BEN_STORE)
    t.aside(1, ASIDE[:-2])
    assert t.totals() == [3, 3]  # not scored while the stores do not add up
    with pytest.raises(Conflict):
        t.aside(1, ASIDE, version=0)
    with pytest.raises((Forbidden, Unreadable)):
        t.aside(1, [*ASIDE[:-1], "Bard"], version=1)
    t.aside(1, ASIDE, version=1)
    assert t.totals() == [-3, 3] and t.view()["round"] == 2


def test_undo_takes_back_a_store() -> None:
    t = Table()
    t.to_stores()
    t.store(1, 0, ANN_STORE)
    with pytest.raises(NotAllowed):
        t.shell.undo(WATCHER, UNDOABLE)
    [undone] = t.shell.undo(HOST, UNDOABLE)
    assert undone.kind == "fta-store"
    assert t.view()["stores"][0]["cards"] is None  # Ann's store: waiting
    assert "undid a change (a store)" in t.history()
    t.store(1, 0, ANN_STORE, version=2)
    assert t.view()["stores"][0]["cards"] == ANN_STORE


# the end of the game


def test_game_end_after_the_last_round() -> None:
    t = Table(rounds=2)
    t.full_round(1)
    assert t.totals() == [-3, 3] and t.view()["round"] == 2
    t.full_round(2, alpha=(0, 0), omega=(0, 0))
    sheet = GAME.sheet(t.state)
    assert sheet.finished and sheet.winners == (1,) and sheet.totals == (-9, 3)
    assert sheet.reason == "2 rounds played"
    with pytest.raises(Forbidden):
        t.points(3, "alpha", 1, 1)


def test_cribbage_finish_ends_at_once() -> None:
    t = Table(cribbage_finish=1, target=5)
    t.points(1, "alpha", 2, 6)
    sheet = GAME.sheet(t.state)
    assert sheet.finished and sheet.winners == (1,) and sheet.totals == (2, 6)
    assert sheet.reason == "first to 5, in round 1 (alpha hand: typed); Cribbage Finish"
    with pytest.raises(Forbidden):
        t.seal(ANN, 1, "Moons", "Waves")


@pytest.mark.parametrize("first_dealer, winner", [(0, 0), (1, 1)])
def test_cribbage_finish_typed_points_count_the_alpha_dealer_first(first_dealer, winner):
    t = Table(cribbage_finish=1, target=5, first_dealer=first_dealer)
    t.points(1, "alpha", 6, 7)  # both cross the target in the same hand
    assert GAME.sheet(t.state).winners == (winner,)


def test_cribbage_finish_counts_round_end_categories_in_order() -> None:
    t = Table(cribbage_finish=1, target=6)
    t.full_round(1, alpha=(5, 0), omega=(0, 0))
    sheet = GAME.sheet(t.state)
    assert sheet.winners == (0,)  # 5 + Excuse 2 reaches 6 before Most Danger takes 11 away
    assert sheet.reason.endswith("(Excuse); Cribbage Finish")


# plays


def test_typed_points_in_referee_mode_replace_the_plays() -> None:
    t = Table(enter_plays=1)
    t.play(1, "alpha", 1, "Merchant")
    t.points(1, "alpha", 2, 5, version=1)
    assert t.totals() == [2, 5]
    with pytest.raises(Forbidden):
        t.play(1, "alpha", 0, "Pact", version=2)


def test_an_ace_lead_is_refused_in_words_while_other_cards_are_held() -> None:
    t = Table(enter_plays=1)
    with pytest.raises(Forbidden) as refused:
        t.play(1, "alpha", 1, "Ace of Moons")
    assert refused.value.message == (
        "Ace of Moons may not lead: an Ace is led only when nothing else is left in hand, and "
        "Ben still holds 10 cards with only 6 Aces unplayed."
    )
    assert t.totals() == [0, 0]
