"""Consonants' table protocol from event lists: no app, no database."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cards.alpha import DEFAULT_DECK
from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games.consonants import options_from
from companion.games.consonants.table.actions import GAME
from companion.games.consonants.table.options import TableOptions
from companion.games.plan import Row, plan
from companion.games.protocol import Action, Actor, Event

PHONES = frozenset({0, 1})
HOST = Actor("Host", None, host=True, phones=PHONES)
ANN = Actor("Ann", 0, phones=PHONES)
BEN = Actor("Ben", 1, phones=PHONES)
WATCHER = Actor("Someone")
# Ann J K T A/E S (JEST possible), Ben Q V N, Cy X Z, Dee the rest
HAND = {0: "J K T A/E S", 1: "Q V N", 2: "X Z"}
FLY = {0: "J K Q V X Z", 1: "T", 2: "N"}
DECK_POINTS = 204


class Table:
    """A game folded from the events apply decides, with the slot versions the shell keeps."""

    def __init__(self, players: int = 4, **options: Any) -> None:
        self.options = TableOptions(options_from({"players": players, **options}))
        self.state = GAME.initial(self.options, players)
        self.versions: dict[str, int] = {}
        self.events: list[Event] = []

    def act(self, kind: str, target: dict, data: dict | None = None,
            actor: Actor = HOST) -> list[Row]:  # fmt: skip
        """The action at the version its target has now, checked and planned as the service
        does (``plan``); the rows stored, each at the slot and version the service gives."""
        action = Action(kind, target, self.version(kind, target), data or {})
        rows = plan(GAME, self.state, self.versions, [action], actor).rows
        for r in rows:
            self.store(r.kind, r.payload, r.round, r.slot, actor, r.slot_version)
        return list(rows)

    def store(self, kind: str, payload: Any, round_: int | None, slot: str | None,
              actor: Actor = HOST, version: int | None = None) -> None:  # fmt: skip
        """Store one event (made here, or as ``act`` plans it) and fold it."""
        if slot:
            self.versions[slot] = version or self.versions.get(slot, 0) + 1
        event = Event(len(self.events) + 1, kind, actor.name, actor.seat, round_, slot,
                      self.versions.get(slot or "", 1), dict(payload))  # fmt: skip
        self.events.append(event)
        self.state = GAME.fold(self.state, event)

    def close(self, hand: int = 1, asker: Actor = HOST) -> list[Row]:
        """Ask the table to close the hand's words; each phone agrees, the host for the seats
        without one. The last tap's events."""
        self.act("done", {"hand": hand}, actor=asker)
        a = self.state.agreement
        assert a is not None and a.about == "close"
        last: list[Row] = []
        for who in (ANN, BEN):
            if who.seat not in a.agreed:
                last = self.act("agree", {"agreement": a.k}, actor=who)
        rest = [s for s in range(self.options.players) if s not in PHONES]
        if rest:
            last = self.act("agree", {"agreement": a.k}, {"seats": rest}, HOST)
        return last

    def version(self, kind: str, target: dict) -> int:
        return self.versions.get(GAME.target_slot(self.state, Action(kind, target, 0)), 0)

    def enter(self, hand: int = 1, given: dict[int, str] | None = None) -> None:
        for seat, cards in (given or HAND).items():
            self.act("taken", {"hand": hand, "seat": seat}, {"cards": cards})
        self.act("taken", {"hand": hand, "seat": 3}, {"cards": "", "rest": True})

    def totals(self) -> list[int]:
        return list(GAME.sheet(self.state).totals)

    def refold(self) -> Any:
        state = GAME.initial(self.options, self.options.players)
        for e in self.events:
            state = GAME.fold(state, e)
        return state


def test_cards_taken_score_consonants_and_done_opens_the_next_hand():
    t = Table()
    t.enter()
    hand = t.state.current
    assert hand.cards_in and hand.source == "cards"
    assert hand.scores == {0: 42, 1: 41, 2: 40, 3: DECK_POINTS - 123}
    new = t.close(1)
    assert [e.kind for e in new] == ["agree-yes", "agree-yes", "agree-done", "cons-close"]
    assert new[-1].round == 1 and (new[-1].slot, new[-1].slot_version) == ("c1end", 1)
    assert t.totals() == [42, 41, 40, DECK_POINTS - 123]
    assert t.state.open_number == 2


@pytest.mark.parametrize(
    ("kind", "target", "slot"),
    [
        ("taken", {"hand": 3, "seat": 1}, "c3s1"),
        ("trick", {"hand": 3, "trick": 0}, "c3t0"),
        ("fly", {"hand": 3}, "c3fly"),
        ("words", {"hand": 3, "seat": 2}, "c3w2"),
        ("challenge", {"hand": 3, "seat": 2}, "c3w2"),
        ("done", {"hand": 3}, "c3end"),
    ],
)
def test_slots_are_the_stored_games_names(kind, target, slot):
    assert GAME.target_slot(Table().state, Action(kind, target, 0)) == slot


@pytest.mark.parametrize(
    ("kind", "target"),
    [
        ("taken", {"hand": 1}),
        ("taken", {"hand": 1, "seat": 4}),
        ("trick", {"hand": 1, "trick": 18}),
        ("words", {"hand": "1", "seat": 0}),
        ("fly", {}),
        ("shout", {"hand": 1}),
    ],
)
def test_a_target_that_does_not_name_its_hand_seat_or_trick_is_unreadable(kind, target):
    with pytest.raises(Unreadable):
        GAME.target_slot(Table().state, Action(kind, target, 0))


def test_too_many_copies_and_cards_not_in_the_deck_are_refused():
    t = Table()
    with pytest.raises(Forbidden, match="listed the T 4 times, but the deck has 3") as err:
        t.act("taken", {"hand": 1, "seat": 0}, {"cards": ["T", "T", "T", "T"]})
    assert err.value.field == "deck-copies"
    with pytest.raises(Unreadable):
        t.act("taken", {"hand": 1, "seat": 0}, {"cards": "WOMBAT!"})
    assert t.events == []


def test_who_enters_a_seats_cards():
    t = Table()
    with pytest.raises(NotAllowed):
        t.act("taken", {"hand": 1, "seat": 0}, {"cards": "J"}, BEN)  # Ann has a phone
    with pytest.raises(NotAllowed):
        t.act("taken", {"hand": 1, "seat": 2}, {"cards": "J"}, WATCHER)
    t.act("taken", {"hand": 1, "seat": 2}, {"cards": "X"}, BEN)  # Cy has no phone
    t.act("taken", {"hand": 1, "seat": 0}, {"cards": "J"}, ANN)
    t.act("taken", {"hand": 1, "seat": 0}, {"cards": "J K"}, HOST)
    assert t.state.current.taken[0] == [DEFAULT_DECK_CARD("J"), DEFAULT_DECK_CARD("K")]


def DEFAULT_DECK_CARD(text: str) -> Any:  # noqa: N802 - reads like the card
    return next(c for c in DEFAULT_DECK.copies if str(c) == text)


def test_an_action_for_a_finished_hand_is_refused_never_applied_to_the_next():
    t = Table()
    t.enter()
    t.close(1)
    before = t.state
    for kind, target, data in [
        ("taken", {"hand": 1, "seat": 0}, {"cards": "J"}),
        ("words", {"hand": 1, "seat": 0}, {"words": "JEST"}),
        ("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": "J T S R"}),
        ("done", {"hand": 1}, {}),
        ("taken", {"hand": 3, "seat": 0}, {"cards": "J"}),
    ]:
        with pytest.raises(Forbidden, match="is open") as err:
            t.act(kind, target, data)
        assert err.value.field == "hand-not-open"
    assert t.state is before and t.state.hand(2).source == ""


def test_the_game_over_refuses_every_entry():
    t = Table(target=80)
    t.enter()
    t.close(1)
    assert t.state.finished and GAME.sheet(t.state).winners == (2,)
    with pytest.raises(Forbidden) as err:
        t.act("taken", {"hand": 2, "seat": 0}, {"cards": "J"})
    assert err.value.field == "game-over"


def test_tricks_the_next_one_or_a_correction():
    t = Table()
    t.act("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": "J A/E=E T S"})
    with pytest.raises(Forbidden) as err:
        t.act("trick", {"hand": 1, "trick": 2}, {"leader": 2, "cards": "T S R N"})
    assert err.value.field == "trick-not-next"
    t.act("trick", {"hand": 1, "trick": 1}, {"leader": 2, "cards": ["T", "S", "R", "N"]})
    t.act("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": "J A/U=U T S"})
    hand = t.state.current
    assert hand.source == "tricks" and len(hand.tricks) == 2
    assert str(hand.tricks[0][1][1]) == "A/U=U"
    assert hand.trick_report is not None and hand.trick_report.winners[0] == 1  # U beats T
    with pytest.raises(Forbidden, match="tricks give the cards"):
        t.act("taken", {"hand": 1, "seat": 0}, {"cards": "J"})


@pytest.mark.parametrize(
    ("cards", "rule"),
    [("J A/E=O T S", "bad-declaration"), ("J ? T S", "bad-declaration"),
     ("J J T S", "duplicate-card"), ("J T S", "wrong-card-count")],
)  # fmt: skip
def test_a_trick_that_cannot_be_scored_is_refused_with_its_rule(cards, rule):
    t = Table()
    with pytest.raises(Forbidden) as err:
        t.act("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": cards})
    assert err.value.field == rule and t.events == []


def test_trick_needs_a_player_and_a_readable_leader():
    t = Table()
    with pytest.raises(NotAllowed):
        t.act("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": "J T S R"}, WATCHER)
    with pytest.raises(Unreadable):
        t.act("trick", {"hand": 1, "trick": 0}, {"leader": 9, "cards": "J T S R"})
    with pytest.raises(Unreadable):
        t.act("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": "?=ÉÉ T S R"})
    with pytest.raises(Forbidden, match="a J is played as J"):
        t.act("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": "J=Q T S R"})


def test_flying_by_night_the_flyer_chooses_or_the_host_when_no_phone():
    t = Table()
    with pytest.raises(Forbidden) as err:
        t.act("fly", {"hand": 1}, {"choice": "add"})
    assert err.value.field == "no-choice"
    t.enter(given=FLY)
    assert t.state.current.choice_required and t.state.current.flyer == 0
    with pytest.raises(NotAllowed):
        t.act("fly", {"hand": 1}, {"choice": "add"}, BEN)
    with pytest.raises(NotAllowed):  # Ann has a phone: the host may not choose for her
        t.act("fly", {"hand": 1}, {"choice": "add"}, HOST)
    with pytest.raises(Forbidden):  # the hand waits for the choice
        t.act("done", {"hand": 1})
    with pytest.raises(Unreadable):
        t.act("fly", {"hand": 1}, {"choice": "maybe"}, ANN)
    t.act("fly", {"hand": 1}, {"choice": "add"}, ANN)
    t.close(1)
    assert t.totals() == [0, 51, 51, DECK_POINTS - 122 + 50]


def test_the_host_chooses_for_a_flyer_without_a_phone():
    t = Table()
    t.enter(given={2: "J K Q V X Z", 0: "T", 1: "N"})
    t.act("fly", {"hand": 1}, {"choice": "subtract"}, HOST)
    t.close(1)
    assert t.totals()[2] == -50


def test_words_from_the_seats_own_cards_only():
    t = Table()
    with pytest.raises(Forbidden) as err:
        t.act("words", {"hand": 1, "seat": 0}, {"words": "JEST"})
    assert err.value.field == "cards-first"
    t.enter()
    t.act("words", {"hand": 1, "seat": 0}, {"words": ["jest"]}, ANN)
    assert t.state.current.words == {0: ["JEST"]}
    assert t.state.current.report.points[0] == 20  # JEST's 22 points do not score
    for words, rule in [("JEST SKATE", "own-cards"), ("JES", "word-length")]:
        with pytest.raises(Forbidden) as err:
            t.act("words", {"hand": 1, "seat": 0}, {"words": words})
        assert err.value.field == rule
    with pytest.raises(Unreadable):
        t.act("words", {"hand": 1, "seat": 0}, {"words": "J3ST"})
    with pytest.raises(NotAllowed):
        t.act("words", {"hand": 1, "seat": 0}, {"words": ""}, BEN)


def _verdict(t: Table, n: int, word: str, challenger: int, valid: bool) -> None:
    t.store("judge-verdict", {"n": n, "valid": valid}, None, f"judge{n}end")
    payload = {"n": n, "hand": 1, "seat": 0, "word": word, "challenger": challenger,
               "valid": valid}  # fmt: skip
    t.store("cons-challenge", payload, 1, f"c1ch{n}")


def test_a_challenge_opens_the_judge_and_its_verdict_moves_the_points():
    t = Table()
    t.enter()
    t.act("words", {"hand": 1, "seat": 0}, {"words": "JEST"})
    with pytest.raises(NotAllowed):
        t.act("challenge", {"hand": 1, "seat": 0}, {"word": "JEST", "challenger": 1}, ANN)
    with pytest.raises(Forbidden, match="has not laid"):
        t.act("challenge", {"hand": 1, "seat": 0}, {"word": "TEST", "challenger": 1})
    with pytest.raises(Forbidden, match="another player"):
        t.act("challenge", {"hand": 1, "seat": 0}, {"word": "JEST", "challenger": 0})
    (new,) = t.act("challenge", {"hand": 1, "seat": 0}, {"word": "JEST", "challenger": 1}, BEN)
    assert new.kind == "judge-open" and new.slot == "judge1" and new.round is None
    assert new.payload["ref"] == {"hand": 1, "seat": 0, "word": "JEST"}
    assert new.payload["words"] == ["JEST"] and new.payload["player"] == 0
    assert t.state.judging is not None and t.state.judging.n == 1
    with pytest.raises(Forbidden, match="being judged"):
        t.act("done", {"hand": 1})
    _verdict(t, 1, "JEST", 1, True)
    assert t.state.judging is None
    with pytest.raises(Forbidden, match="challenged already"):
        t.act("challenge", {"hand": 1, "seat": 0}, {"word": "JEST", "challenger": 2})
    with pytest.raises(Forbidden, match="stays laid"):
        t.act("words", {"hand": 1, "seat": 0}, {"words": ""})
    t.close(1)
    assert t.totals()[:2] == [20 - 22, 41 + 22]


def test_a_failed_word_moves_the_points_back_and_its_cards_score():
    t = Table()
    t.enter()
    t.act("words", {"hand": 1, "seat": 0}, {"words": "TSEJ"})
    t.act("challenge", {"hand": 1, "seat": 0}, {"word": "TSEJ", "challenger": 1})
    _verdict(t, 1, "TSEJ", 1, False)
    t.close(1)
    assert t.totals()[:2] == [42 + 22, 41 - 22]


def test_done_needs_a_complete_hand():
    t = Table()
    t.act("taken", {"hand": 1, "seat": 0}, {"cards": "J"})
    with pytest.raises(Forbidden) as err:
        t.act("done", {"hand": 1})
    assert err.value.field == "hand-incomplete"


def test_fold_is_the_same_incrementally_and_from_scratch():
    t = Table()
    t.enter()
    t.act("words", {"hand": 1, "seat": 0}, {"words": "JEST"})
    t.close(1)
    t.enter(2, FLY)
    t.act("fly", {"hand": 2}, {"choice": "subtract"}, ANN)
    t.close(2)
    again = t.refold()
    assert again.hands == t.state.hands and again.totals == t.state.totals
    assert t.totals() == [20 - 50, 42, 41, 2 * DECK_POINTS - 123 - 122]


def test_a_deck_correction_rebuilds_every_hand():
    t = Table(players=3)
    small = {
        "cards": {
            "J": [1, 8],
            "K": [1, 5],
            "Q": [1, 10],
            "V": [1, 4],
            "X": [1, 8],
            "Z": [1, 10],
            "T": [3, 1],
            "S": [2, 1],
            "A/E": [2, 1],
            "A/I": [1, 1],
        }
    }
    t.store("alpha-deck", small, None, "deck")
    assert t.state.deck.size == 14
    for k, (leader, cards) in enumerate(
        [(0, "J K Q"), (2, "V T T"), (2, "T S S"), (2, "A/E=E A/I=I A/E=E")]
    ):
        t.act("trick", {"hand": 1, "trick": k}, {"leader": leader, "cards": cards})
    hand = t.state.current
    assert hand.cards_in and hand.scores == {0: 40, 1: 0, 2: 85}  # the kitty's X Z to Ann


def test_current_is_the_targets_value_now():
    t = Table()
    assert GAME.current(t.state, Action("taken", {"hand": 1, "seat": 0}, 0)) is None
    t.act("taken", {"hand": 1, "seat": 0}, {"cards": "J K"})
    now = GAME.current(t.state, Action("taken", {"hand": 1, "seat": 0}, 0))
    assert now == {"seat": 0, "cards": ["J", "K"]}


def test_view_has_every_hand_and_the_versions_to_name():
    t = Table()
    t.enter()
    t.act("taken", {"hand": 1, "seat": 0}, {"cards": "J K T A/E S"})
    view = GAME.view(t.state, 1, t.versions)
    assert view["hand"] == 1 and view["dealer"] == 0 and view["challenge"] is None
    (hand,) = view["hands"]
    assert hand["taken"]["1"] == ["Q", "V", "N"] and hand["scores"]["0"] == 42
    assert hand["versions"]["taken"] == {"0": 2, "1": 1, "2": 1, "3": 1}
    assert hand["versions"]["words"]["0"] == 0 and hand["versions"]["next_trick"] == 0


# closing the words: every seat agrees


def test_closing_waits_for_every_seat_and_the_host_answers_only_for_seats_without_a_phone():
    t = Table()
    t.enter()
    t.act("done", {"hand": 1}, actor=ANN)
    a = t.state.agreement
    assert a is not None and a.agreed == {0} and a.waiting(4) == [1, 2, 3]
    assert not t.state.current.closed
    with pytest.raises(NotAllowed, match="only Seat 2's phone"):
        t.act("agree", {"agreement": a.k}, {"seats": [1]}, HOST)
    with pytest.raises(Forbidden, match="agree or not first"):
        t.act("done", {"hand": 1}, actor=BEN)
    t.act("agree", {"agreement": a.k}, {"seats": [2, 3]}, HOST)
    assert t.state.agreement.waiting(4) == [1] and t.state.agreement.hosted == {2, 3}
    last = t.act("agree", {"agreement": a.k}, actor=BEN)
    assert [e.kind for e in last][-2:] == ["agree-done", "cons-close"]
    assert t.state.agreement is None and t.state.current.number == 2
    lines = [GAME.describe(e, ["Ann", "Ben", "Cy", "Dee"]) for e in t.events[-6:]]
    assert "Host: agreed for Cy (no phone)" in lines and "Host: agreed for Dee (no phone)" in lines


def test_one_seat_that_does_not_agree_drops_the_close():
    t = Table()
    t.enter()
    t.act("done", {"hand": 1}, actor=ANN)
    k = t.state.agreement.k
    t.act("disagree", {"agreement": k}, actor=BEN)
    assert t.state.agreement is None and not t.state.current.closed
    with pytest.raises(Conflict, match="settled already"):
        t.act("agree", {"agreement": k}, actor=BEN)
    assert t.refold() == t.state  # the fold from the events alone gives the same


def test_an_agreement_tap_twice_is_refused():
    t = Table()
    t.enter()
    t.act("done", {"hand": 1}, actor=ANN)
    with pytest.raises(Conflict, match="in already"):
        t.act("agree", {"agreement": t.state.agreement.k}, actor=ANN)
