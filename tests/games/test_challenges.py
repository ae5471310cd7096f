"""The word judge at a table (``companion.games.challenges``), pure: each challenge folded one
event at a time, its steps (open, confirm, withdraw; the verdict with the last confirmation)
as actions checked and planned as the service plans them (``plan``), in every game that has
words. No app, no database, no clock: times come in as data."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games import challenges
from companion.games.alphagrams.table.actions import AlphaGramsTable
from companion.games.alphagrams.table.options import load_options
from companion.games.consonants import options_from
from companion.games.consonants.table.actions import ConsonantsTable
from companion.games.consonants.table.options import TableOptions as ConsOptions
from companion.games.plan import StaleTarget, plan
from companion.games.protocol import Action, Actor, Event
from companion.words.lexicon import Lexicon, LexiconInfo

LEXICON = Lexicon(LexiconInfo("t", "Test words", "en"), ["team", "quiz", "mate"])
AT = datetime(2026, 11, 28, 21, 0, 0)
NAMES = ("Ann", "Ben", "Cy")
# Ann and Ben have phones; Cy (seat 2, in three-seat games) has none
ANN = Actor("Ann", 0, False, frozenset({0, 1}), NAMES)
BEN = Actor("Ben", 1, False, frozenset({0, 1}), NAMES)
HOST = Actor("Host", None, True, frozenset({0, 1}), NAMES)


def _alphagrams() -> tuple[Any, Any]:
    table = AlphaGramsTable(lambda _: LEXICON)
    return table, table.initial(load_options({"players": 3, "lexicon": "t"}), 3)


def _consonants() -> tuple[Any, Any]:
    table = ConsonantsTable(lambda _: LEXICON)
    options = ConsOptions(options_from({"players": 3}), lexicon="t")
    return table, table.initial(options, 3)


class Table:
    """A word game's table folded from its events; ``act`` plans an action as the service
    does (versions checked first) and folds what it would store."""

    def __init__(self, make: Any) -> None:
        self.game, self.state = make()
        self.events: list[Event] = []
        self.versions: dict[str, int] = {}

    def fold(self, kind: str, payload: dict[str, Any], slot: str | None = None,
             version: int = 1, at: datetime = AT) -> None:  # fmt: skip
        event = Event(len(self.events) + 1, kind, "Ann", 0, None, slot, version, payload, at)
        self.events.append(event)
        if slot:
            self.versions[slot] = max(self.versions.get(slot, 0), version)
        self.state = self.game.fold(self.state, event)

    def act(self, kind: str, actor: Actor, n: int, version: int | None = None,
            at: datetime = AT, **data: Any) -> list[Any]:  # fmt: skip
        action = Action(kind, {"challenge": n}, 0, data)
        slot = self.game.target_slot(self.state, action)
        seen = self.versions.get(slot, 0) if version is None else version
        rows = plan(
            self.game,
            self.state,
            self.versions,
            [Action(kind, {"challenge": n}, seen, data)],
            actor,
        ).rows
        for row in rows:
            self.fold(row.kind, dict(row.payload), row.slot, row.slot_version or 1, at)
        return list(rows)


@pytest.fixture(params=[_alphagrams, _consonants], ids=["alphagrams", "consonants"])
def t(request: pytest.FixtureRequest) -> Table:
    return Table(request.param)


def test_the_word_games_take_the_judges_actions(t: Table) -> None:
    assert set(challenges.ACTIONS) <= set(t.game.actions)


def test_a_play_typed_in_opens_the_next_challenge(t: Table) -> None:
    rows = t.act("open", BEN, 1, words="team quiz", player="0", challenger="1")
    assert [(r.kind, r.slot, r.slot_version) for r in rows] == [("judge-open", "judge1", 1)]
    assert rows[0].payload == {"n": 1, "game": t.game.key, "words": ["TEAM", "QUIZ"],
                               "lexicon": "t", "list": "Test words", "min_zipf": None,
                               "player": 0, "challenger": 1, "ref": {}}  # fmt: skip
    j = t.state.judging
    assert j is not None and (j.n, j.player, j.challenger, j.words) == (1, 0, 1, ("TEAM", "QUIZ"))
    assert t.state.challenges == 1 and t.state.judged is None
    view = challenges.view(t.state)
    assert view["challenge"]["confirmed"] == [] and view["next_challenge"] == 2
    assert challenges.shown(t.state, AT) is j


def test_both_confirmations_give_one_verdict_folded_with_its_time(t: Table) -> None:
    t.act("open", BEN, 1, words=["team", "quiz"], player=0, challenger=1)
    first = t.act("confirm", ANN, 1, roles=["player"])
    assert [(r.kind, r.slot) for r in first] == [("judge-confirm", "judge1player")]
    assert t.state.judging.confirmed == frozenset({"player"})
    verdict_at = AT + timedelta(seconds=30)
    last = t.act("confirm", BEN, 1, at=verdict_at, roles=["challenger"])
    assert [r.kind for r in last][:2] == ["judge-confirm", "judge-verdict"]
    assert (last[1].slot, last[1].slot_version) == ("judge1", 2)
    assert last[1].payload["valid"] is True and last[1].payload["under"] == "word list Test words"
    assert t.state.judging is None
    done = t.state.judged
    assert done is not None and done.valid is True and done.ended_at == verdict_at
    assert [w for w, _ in done.zipf_words] == ["TEAM", "QUIZ"]
    # the time comes in as data: shown for the verdict's seconds after it was given
    assert challenges.shown(t.state, verdict_at + timedelta(seconds=9)) == done
    assert challenges.seconds_left(done, verdict_at + timedelta(seconds=7.5)) == 3
    assert challenges.shown(t.state, verdict_at + timedelta(seconds=10)) is None
    assert challenges.shown(t.state, verdict_at, seconds=0) is None


def test_an_invalid_play_is_one_verdict_that_names_no_word(t: Table) -> None:
    t.act("open", BEN, 1, words="team qxzv", player=0, challenger=1)
    rows = t.act("confirm", ANN, 1, roles=["player"]) + t.act("confirm", BEN, 1,
                                                              roles=["challenger"])  # fmt: skip
    verdict = next(r for r in rows if r.kind == "judge-verdict")
    assert verdict.payload["valid"] is False and verdict.payload["zipf"] is None
    line = challenges.describe(next(e for e in t.events if e.kind == "judge-verdict"), NAMES)
    assert line is not None and "NOT VALID" in line and "QXZV" not in line
    assert t.state.judged.valid is False and t.state.judged.zipf_words == []


def test_a_stale_version_is_refused_before_anything_is_decided(t: Table) -> None:
    t.act("open", BEN, 1, words="team", player=0, challenger=1)
    with pytest.raises(StaleTarget) as stale:  # another phone opened challenge 1 first
        t.act("open", ANN, 1, version=0, words="quiz", player=1, challenger=0)
    assert stale.value.target_version == 1 and stale.value.current["challenge"] == 1
    t.act("withdraw", BEN, 1)
    with pytest.raises(StaleTarget):  # the form drawn while it was open: version 1, now 2
        t.act("confirm", ANN, 1, version=1, roles=["player"])
    with pytest.raises(StaleTarget):  # a version from the future
        t.act("confirm", ANN, 1, version=5, roles=["player"])
    assert t.state.judging is None and t.state.judged.cancelled


def test_only_the_sides_phones_act(t: Table) -> None:
    with pytest.raises(NotAllowed, match="Ben's phone opens"):
        t.act("open", ANN, 1, words="team", player=0, challenger=1)
    t.act("open", BEN, 1, words="team", player=0, challenger=1)
    with pytest.raises(NotAllowed, match="Ann's phone confirms as the player"):
        t.act("confirm", BEN, 1, roles=["player"])
    with pytest.raises(NotAllowed):  # the host does not settle it alone for phoned seats
        t.act("confirm", HOST, 1, roles=["player", "challenger"])
    with pytest.raises(NotAllowed, match="Ben's phone withdraws"):
        t.act("withdraw", ANN, 1)
    assert t.state.judging is not None and t.state.judging.confirmed == frozenset()


def test_a_seat_without_a_phone_is_confirmed_by_the_host(t: Table) -> None:
    t.act("open", HOST, 1, words="mate", player=0, challenger=2)  # Cy has no phone
    rows = t.act("confirm", ANN, 1, roles=["player"]) + t.act("confirm", HOST, 1,
                                                              roles=["challenger"])  # fmt: skip
    assert "judge-verdict" in [r.kind for r in rows]


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"words": "", "player": 0, "challenger": 1}, Unreadable),
        ({"words": "te4m", "player": 0, "challenger": 1}, Unreadable),
        ({"words": "a " * 51, "player": 0, "challenger": 1}, Unreadable),
        ({"words": "team", "player": 0, "challenger": 0}, Forbidden),
        ({"words": "team", "player": 9, "challenger": 1}, Unreadable),
        ({"words": "team", "player": "x", "challenger": 1}, Unreadable),
        ({"words": "team", "player": True, "challenger": 1}, Unreadable),
        ({"words": ["team"], "challenger": 1}, Unreadable),
    ],
)
def test_a_bad_play_is_refused_in_words(t: Table, data: dict[str, Any], error: type) -> None:
    with pytest.raises(error) as refused:
        t.act("open", BEN, 1, **data)
    assert refused.value.message and t.events == []


def test_one_challenge_at_a_time_and_numbers_in_order(t: Table) -> None:
    with pytest.raises(Conflict, match="the next one is challenge 1"):
        t.act("open", BEN, 3, words="team", player=0, challenger=1)
    t.act("open", BEN, 1, words="team", player=0, challenger=1)
    with pytest.raises(Forbidden, match="already being judged"):
        t.act("open", BEN, 2, words="quiz", player=0, challenger=1)
    t.act("withdraw", BEN, 1)
    t.act("open", ANN, 2, words="quiz", player=1, challenger=0)
    assert t.state.judging.n == 2 and t.state.challenges == 2


def test_a_withdrawn_challenge_shows_nothing(t: Table) -> None:
    t.act("open", BEN, 1, words="team", player=0, challenger=1)
    rows = t.act("withdraw", BEN, 1)
    assert [(r.kind, r.slot, r.slot_version) for r in rows] == [("judge-cancel", "judge1", 2)]
    assert t.state.judged.cancelled and challenges.shown(t.state, AT) is None


def test_events_stored_before_the_judge_was_one_module_still_fold(t: Table) -> None:
    """The web layer's old judge ended a challenge in slot ``judge{n}end`` and wrote no
    ``under`` in some verdicts: they fold as they always read."""
    t.fold("judge-open", {"n": 1, "game": t.game.key, "words": ["TEAM"], "lexicon": "t",
                          "list": "Test words", "min_zipf": None, "player": 0,
                          "challenger": 1, "ref": {}}, "judge1")  # fmt: skip
    t.fold("judge-confirm", {"n": 1, "role": "player"}, "judge1player")
    t.fold("judge-confirm", {"n": 1, "role": "challenger"}, "judge1challenger")
    t.fold("judge-verdict", {"n": 1, "valid": True, "zipf": [4.5], "outcome": ""}, "judge1end")
    done = t.state.judged
    assert t.state.judging is None and done is not None and done.valid
    assert done.zipf_words == [("TEAM", 4.5)] and done.under == "word list Test words"
    t.fold("judge-open", {"n": 2, "player": "x"}, "judge2")  # unreadable: changes nothing
    assert t.state.judging is None and t.state.challenges == 1


def test_the_history_lines() -> None:
    at = datetime(2026, 1, 2, 20, 15, 7)
    opened = Event(1, "judge-open", "Ben", 1, None, "judge1", 1,
                   {"n": 1, "words": ["TEAM", "QXZV"], "player": 0, "challenger": 1,
                    "list": "Test words"}, at)  # fmt: skip
    assert challenges.describe(opened, NAMES) == (
        "20:15:07 Ben: Ben challenged Ann's play TEAM QXZV (word list Test words)"
    )
    verdict = Event(2, "judge-verdict", "Ann", 0, None, "judge1", 2,
                    {"n": 1, "valid": False, "under": "word list Test words",
                     "outcome": "The word goes back."}, at)  # fmt: skip
    assert challenges.describe(verdict, NAMES) == (
        "20:15:07 Judge: challenge 1: NOT VALID - word list Test words. The word goes back."
    )
    assert challenges.describe(Event(3, "ag-pass"), NAMES) is None
