"""Sealed choices the server cannot read: commit, replace, open, and the way out when a code is
lost (``table.seal``); older plaintext seals keep folding. Pure: no app, no database."""

from __future__ import annotations

import pytest

from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games.follow_the_author import commitment, normal_code, verify_commitment
from companion.games.follow_the_author.seal import code_ok, lock_of, seal, unlocks
from companion.games.follow_the_author.table.actions import GAME
from companion.games.protocol import Action, Actor, Event
from tests.games.follow_the_author.test_fta_table import (
    ANN,
    ANN_STORE,
    ASIDE,
    BEN,
    BEN_STORE,
    CODE,
    HOST,
    Table,
)

SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")


def revealed() -> Table:
    t = Table()
    t.sealed()  # Ann: Wyrms, Knots; Ben: Suns, Wyrms
    t.points("omega", 0, 2)  # Ann's word that the hand is over
    t.ready(BEN, 1)
    return t


# the commitment itself


def test_a_commitment_checks_the_choice_the_code_and_the_label():
    made = commitment("round 1 seat 1", "Moons", "Suns", "K7QF-2MXA-9PRT")
    assert len(made) == 64 and made == commitment("round 1 seat 1", "Moons", "Suns", CODE)
    assert verify_commitment("round 1 seat 1", "Moons", "Suns", "k7qf 2mxa 9prt", made)
    assert not verify_commitment("round 1 seat 1", "Suns", "Moons", CODE, made)
    assert not verify_commitment("round 1 seat 1", "Moons", "Suns", "K7QF2MXA9PRU", made)
    assert not verify_commitment("round 1 seat 2", "Moons", "Suns", CODE, made)  # no copying


def test_a_code_read_back_by_hand_means_the_same_code():
    assert normal_code("k7qf-2mxa-9prt") == CODE
    assert normal_code("OIL0") == "0110"  # O is 0, I and L are 1
    assert code_ok(CODE) and not code_ok("SHORT") and not code_ok("K7QF2MXA9PR!")


def test_a_lock_opens_for_its_own_key_only():
    assert unlocks("secret", lock_of("secret"))
    assert not unlocks("other", lock_of("secret")) and not unlocks("secret", "")


# sealing: nothing readable is stored; the seat's own phone, or the host for a phoneless seat


def test_a_seal_that_carries_suits_is_refused_and_nothing_is_stored():
    t = Table()
    t.points("alpha", 0, 0)
    before = list(t.events)
    plain = {"scoring": "Moons", "danger": "Suns"}
    with pytest.raises(Unreadable, match="commitment, never the suits"):
        t.act(ANN, "seal", {"round": 1, "seat": 0}, plain)
    with pytest.raises(Unreadable, match="SHA-256"):
        t.act(ANN, "seal", {"round": 1, "seat": 0}, {"commitment": "Moons Suns"})
    with pytest.raises(Unreadable, match="JavaScript"):
        t.act(ANN, "seal", {"round": 1, "seat": 0}, {})
    assert t.events == before


def test_only_the_phone_holding_the_key_replaces_a_seal():
    t = Table()
    t.points("alpha", 0, 0)
    t.seal(BEN, 1, "Suns", "Knots")
    key = t.keys.pop(1)  # a new phone in Ben's seat (the host, after freeing it) has no key
    with pytest.raises(NotAllowed, match="sealed on another phone"):
        t.seal(BEN, 1, "Moons", "Moons", version=1)
    assert len([e for e in t.events if e.kind == "fta-commit"]) == 1
    t.keys[1] = key  # Ben's own phone
    [new] = t.seal(BEN, 1, "Moons", "Moons", version=1)
    assert t.state.round(1).seals[1].fingerprint == new.payload["commitment"]  # type: ignore[union-attr]
    line = GAME.describe(t.events[-1], ["Ann", "Ben"])
    assert line is not None and "Ben's phone sealed a new choice" in line


def test_the_host_seals_only_for_a_seat_without_a_phone_and_history_says_so():
    t = Table()
    t.points("alpha", 0, 0)
    with pytest.raises(NotAllowed):
        t.seal(HOST, 1, "Suns", "Knots")  # Ben has a phone
    host = Actor("Host", None, host=True, phones=frozenset({0}))
    [new] = t.seal(host, 1, "Suns", "Knots")
    assert new.payload["by"] == "host"
    line = GAME.describe(t.events[-1], ["Ann", "Ben"])
    assert line is not None and line.startswith("Host: round 1: the host sealed a choice for Ben")


# opening: checked against the commitment; a wrong code stores nothing


def test_a_choice_opens_only_after_the_reveal():
    t = Table()
    t.sealed()
    with pytest.raises(Forbidden, match="once the omega hand is over"):
        t.open(ANN, 0)


def test_a_wrong_code_or_choice_is_refused_in_words_and_nothing_is_stored():
    t = revealed()
    before = list(t.events)
    for wrong in ({"code": "K7QF2MXA9PRU"}, {"scoring": "Moons"}, {"danger": "Suns"}):
        with pytest.raises(Unreadable, match="do not match Ann's seal") as err:
            t.open(ANN, 0, **wrong)
        assert err.value.field == "code"
    with pytest.raises(Unreadable, match="not a suit"):
        t.open(ANN, 0, scoring="Moonz")
    assert t.events == before and t.state.round(1).seals[0].scoring is None  # type: ignore[union-attr]


def test_an_opened_choice_scores_and_cannot_be_opened_again():
    t = revealed()
    t.open(ANN, 0, code="k7qf-2mxa-9prt")  # as written down, in small letters with dashes
    with pytest.raises(Forbidden, match="open already"):
        t.open(ANN, 0, version=1)
    t.open(BEN, 1)
    t.store(ANN, 0, ANN_STORE)
    t.store(BEN, 1, BEN_STORE)
    t.act(BEN, "aside", {"round": 1}, {"cards": ASIDE})
    assert GAME.sheet(t.state).complete_rounds == 1
    done = t.state.game.rounds[0]
    assert done.score is not None and done.seals[0].scoring == "Wyrms"  # type: ignore[union-attr]
    line = GAME.describe(next(e for e in t.events if e.kind == "fta-open"), ["Ann", "Ben"])
    assert line == (
        "Ann: round 1: opened Ann's sealed choice: scores Wyrms, Ben's danger suit Knots "
        "(matches the seal)"
    )


def test_the_opponent_never_opens_or_states_a_choice_and_nothing_is_stored():
    """Issue 20, item 2: Ben's phone (or a script with Ben's key) opened Ann's seal with no
    code and any suits, and it counted."""
    t = revealed()
    before = list(t.events)
    for code in ("", CODE):
        with pytest.raises(NotAllowed, match="Only Ann opens Ann's sealed choice"):
            t.open(BEN, 0, code=code, scoring="Leaves")
    with pytest.raises(NotAllowed, match="Ann has a phone"):
        t.open(HOST, 0, code="")  # the host at no seat, for a seat that has a phone
    assert t.events == before and t.view(None)["agreement"] is None


def test_a_stated_choice_counts_only_once_the_other_seat_agrees():
    t = revealed()
    asked = t.open(ANN, 0, code="", scoring="Leaves")  # Ann lost her code: she states Leaves
    assert [e.kind for e in asked] == ["agree-open", "agree-yes"]
    assert t.state.round(1).seals[0].scoring is None  # type: ignore[union-attr]
    assert t.view(1)["agreement"]["waiting"] == [1]
    with pytest.raises(NotAllowed):  # Ann cannot agree for Ben
        t.act(ANN, "agree", {"agreement": 1}, {"seats": [1]}, version=1)
    done = t.act(BEN, "agree", {"agreement": 1}, {}, version=1)
    assert [e.kind for e in done] == ["agree-yes", "agree-done", "fta-open"]
    assert done[-1].payload["proven"] is False and done[-1].payload["code"] == ""
    assert t.view(None)["seals"][0]["scoring"] == "Leaves"
    assert t.view(None)["seals"][0]["proven"] is False
    line = GAME.describe(t.events[-1], ["Ann", "Ben"])
    assert line is not None and "taken on Ann's word, as Ben agreed" in line and "unproven" in line


def test_a_stated_choice_the_other_seat_refuses_opens_nothing():
    t = revealed()
    t.open(ANN, 0, code="", scoring="Leaves")
    t.act(BEN, "disagree", {"agreement": 1}, {}, version=1)
    assert t.state.round(1).seals[0].scoring is None and t.state.agreement is None  # type: ignore[union-attr]
    t.open(ANN, 0, code="", scoring="Wyrms")  # asked again
    assert t.state.agreement is not None and t.state.agreement.k == 2


def test_the_right_code_replaces_a_stated_choice_still_waiting():
    t = revealed()
    t.open(ANN, 0, code="", scoring="Leaves")
    opened = t.open(ANN, 0)  # the code turned up: it opens the true choice
    assert [e.kind for e in opened] == ["fta-open", "agree-off"]
    assert t.state.agreement is None
    seal = t.state.round(1).seals[0]
    assert seal is not None and seal.scoring == "Wyrms" and seal.proven
    for seen in (1, 2):  # Ben's tap, late: stale, or settled already
        with pytest.raises(Conflict):
            t.act(BEN, "agree", {"agreement": 1}, {}, version=seen)
    line = GAME.describe(t.events[-1], ["Ann", "Ben"])
    assert line is not None and "opened with its recovery code" in line


def test_the_host_states_a_choice_only_for_a_seat_without_a_phone():
    t = revealed()
    host = Actor("Host", None, host=True, phones=frozenset({1}))  # Ann's phone is gone
    with pytest.raises(NotAllowed):
        t.open(host, 1, code="")  # Ben has a phone
    asked = t.open(host, 0, code="", scoring="Leaves")
    assert [(e.kind, e.payload.get("seat"), e.payload.get("host")) for e in asked[1:]] == [
        ("agree-yes", 0, True)
    ]
    t.act(BEN, "agree", {"agreement": 1}, {}, version=1)
    assert t.view(None)["seals"][0]["scoring"] == "Leaves"


def test_a_host_at_the_other_seat_enters_a_phoneless_players_word_at_once():
    t = revealed()
    ben_hosts = Actor("Ben", 1, host=True, phones=frozenset({1}))  # Ann has no phone
    [new] = t.open(ben_hosts, 0, code="", scoring="Leaves")
    assert new.kind == "fta-open" and new.payload["proven"] is False


# older games: plaintext seals fold and score as before


def test_an_old_game_with_plaintext_seals_keeps_reading():
    t = Table()
    t.points("alpha", 3, 1)
    for seat, (scoring, danger) in enumerate((("Wyrms", "Knots"), ("Suns", "Wyrms"))):
        label = f"round 1 seat {seat + 1}"
        fingerprint = seal(f"{scoring} {danger}", "n" * 16, label)
        payload = {"seat": seat, "label": label, "scoring": scoring, "danger": danger,
                   "nonce": "n" * 16, "fingerprint": fingerprint}  # fmt: skip
        event = Event(len(t.events), "fta-seal", "Ann", seat, 1, f"r1seal{seat}", 1, payload)
        t.events.append(event)
        t.versions[f"r1seal{seat}"] = 1
        t.state = GAME.fold(t.state, event)
    t.points("omega", 0, 2)
    t.ready(BEN, 1)
    assert t.view(None)["seals"][1]["scoring"] == "Suns" and t.view(None)["opened"]
    t.store(ANN, 0, ANN_STORE)
    t.store(BEN, 1, BEN_STORE)
    t.act(BEN, "aside", {"round": 1}, {"cards": ASIDE})
    assert GAME.sheet(t.state).complete_rounds == 1
    with pytest.raises(Forbidden):
        GAME.apply(t.state, Action("open", {"round": 1, "seat": 0}, 0, {}), ANN)
