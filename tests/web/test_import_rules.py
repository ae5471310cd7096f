"""Imports obey each game's rules (issue 20, part 3): every event of every game is replayed
through that game's own rules as live play would have made it. A genuine export of a whole
game of each game imports unchanged; the same export edited (points live play refuses, an
opening whose code does not match its seal, a reveal taken out, a verdict without its
confirmations, a hand's scores or cards changed) is refused in words naming the event, and
nothing is stored."""

from __future__ import annotations

import copy
import html
import io
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from companion.extensions import db
from companion.games import replay
from companion.tables.models import Table
from companion.tables.registry import GAMES
from tests.web.tablehelp import csrf, totals
from tests.web.test_import_bounds import round_trip

Export = dict[str, Any]


def exported(client: FlaskClient, path: str) -> Export:
    return json.loads(client.get(f"{path}/games/1/export.json").get_data())


def post(client: FlaskClient, data: Export) -> Any:
    upload = {"csrf_token": csrf(client), "file": (io.BytesIO(json.dumps(data).encode()), "g.json")}
    return client.post("/import", data=upload, content_type="multipart/form-data")


def tables(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(Table)) or 0)


def index(data: Export, kind: str, nth: int = 0) -> int:
    """The position of the ``nth`` event of ``kind`` in the file."""
    found = [i for i, e in enumerate(data["events"]) if e["kind"] == kind]
    assert len(found) > nth, f"the game has no {kind} #{nth + 1}"
    return found[nth]


def refused(app: Flask, client: FlaskClient, data: Export, words: str) -> None:
    before = tables(app)
    answer = post(client, data)
    text = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 422, text[-600:]
    assert words in text, text[text.find("cannot be imported") - 10 :][:400]
    assert tables(app) == before  # nothing stored


def edited(data: Export, change: Callable[[list[dict]], None]) -> Export:
    copied = copy.deepcopy(data)
    change(copied["events"])
    return copied


# every game lists each stored kind it exports


def test_every_game_says_how_each_kind_it_exports_is_replayed():
    for key, kind in GAMES.items():
        assert set(kind.replayed) - {"undo"} <= set(replay.KINDS[key]), key


# Follow the Author


def fta_game(app: Flask):
    """A whole round: a seal changed before the omega hand, the reveal, both seals opened."""
    from tests.web.test_fta_table import ANN_STORE, ASIDE, BEN_STORE
    from tests.web.test_fta_table import Table as FtaTable

    t = FtaTable(app)
    assert t.points(1, "alpha", 3, 1).status_code == 303
    assert t.seal(t.ann, 1, "Moons", "Waves").status_code == 303
    assert t.seal(t.ann, 1, "Knots", "Waves", version=1).status_code == 303  # changed her mind
    assert t.seal(t.ben, 1, "Suns", "Knots").status_code == 303
    assert t.points(1, "omega", 0, 2).status_code == 303
    assert t.ready(t.ben, 1, 1).status_code == 303
    t.open_all(1)
    for seat, cards in ((0, ANN_STORE), (1, BEN_STORE)):
        assert t.store(1, seat, cards).status_code == 303
    assert t.aside(1, ASIDE).status_code == 303
    return t


@pytest.fixture
def fta(app: Flask) -> tuple[Any, Export]:
    t = fta_game(app)
    return t, exported(t.ann, t.path)


def test_a_genuine_follow_the_author_round_imports_unchanged(fta):
    t, _ = fta
    copied = round_trip(t.watcher, t.path)
    assert totals(t.watcher, copied) == t.totals()


def _points(events: list[dict]) -> None:
    events[index({"events": events}, "fta-points")]["payload"]["points"] = [999_999, -999_999]


def _wrong_code(events: list[dict]) -> None:
    opened = events[index({"events": events}, "fta-open")]["payload"]
    opened["code"] = "ABCDEFGHJKMN" if opened["code"] != "ABCDEFGHJKMN" else "NMKJHGFEDCBA"


def _no_reveal(events: list[dict]) -> None:
    del events[index({"events": events}, "fta-reveal")]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_points, "event 1 (fta-points) breaks the game's rules: '999999' is not a number"),
        (
            _wrong_code,
            "(fta-open) breaks the game's rules: That choice and recovery code do not match",
        ),  # fmt: skip
        (_no_reveal, "(fta-ready) is followed in live play by fta-reveal"),
    ],
    ids=["points-999999", "code-not-the-seal", "reveal-removed"],
)
def test_an_edited_follow_the_author_export_is_refused(app, fta, change, words):
    t, data = fta
    refused(app, t.watcher, edited(data, change), words)


# AlphaGrams


def ag_game(client: FlaskClient) -> str:
    """A word, an undo, the word again, a challenge judged, the table agreeing to end."""
    from tests.web.test_alphagrams_table import Table as AgTable

    t = AgTable(client)
    t.ok("ag/flip", card="M")  # the first card starts the game
    t.ok("ag/flip", card="T")
    t.ok("ag/word", word="TEAM", step="play")
    assert client.post(f"{t.path}/undo", data={"csrf_token": csrf(client)}).status_code == 303
    t.ok("ag/word", word="MEATS", step="play")
    t.challenge(1)
    t.ok("ag/end")
    t.agree_for_all()
    assert "Game over" in t.page()
    return t.path


def test_a_genuine_alphagrams_game_imports_unchanged(client):
    path = ag_game(client)
    assert totals(client, round_trip(client, path)) == totals(client, path)


def test_an_alphagrams_game_with_a_play_typed_in_and_challenged_imports_unchanged(client):
    """The judge's own ``open`` (a play typed in, not a word on the table) replays too."""
    from tests.web.test_alphagrams_table import Table as AgTable

    t = AgTable(client)
    t.ok("ag/flip", card="M")
    t.ok("judge", words="team quiz", player="0", challenger="1")
    n = re.search(r'data-challenge="(\d+)"', t.page())
    assert n
    t.ok(f"judge/{n.group(1)}/confirm", role="both")
    data = exported(client, t.path)
    assert [e["kind"] for e in data["events"]][-4:] == [
        "judge-open", "judge-confirm", "judge-confirm", "judge-verdict"]  # fmt: skip
    assert data["events"][-4]["payload"]["ref"] == {}
    copy = round_trip(client, t.path)
    assert "Judge: challenge 1: VALID" in client.get(f"{copy}/live").get_data(as_text=True)


def _ag_text(events: list[dict]) -> None:
    for e in events:
        if e["kind"] == "ag-word":
            e["payload"]["text"] = "STEAM"


def _verdict_alone(events: list[dict]) -> None:
    events[:] = [e for e in events if e["kind"] != "judge-confirm"]


def _verdict_turned(events: list[dict]) -> None:
    events[index({"events": events}, "judge-verdict")]["payload"]["valid"] = False


def _end_unasked(events: list[dict]) -> None:
    events[:] = [e for e in events if not e["kind"].startswith("agree-")]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_ag_text, "(ag-word) is not what live play makes of that change"),
        (
            _verdict_alone,
            "(judge-verdict) is made by live play only together with the change before it",
        ),  # fmt: skip
        (_verdict_turned, "(judge-confirm) is not what live play makes of that change"),
        (_end_unasked, "(ag-end) is made by live play only together with the change before it"),
    ],
    ids=["word-text", "verdict-alone", "verdict-turned", "end-unasked"],
)
def test_an_edited_alphagrams_export_is_refused(app, client, change, words):
    data = exported(client, ag_game(client))
    refused(app, client, edited(data, change), words)


# Consonants


def cons_game(client: FlaskClient) -> str:
    """A hand's cards (one seat's as "the rest"), a word laid, the table closing the hand."""
    from tests.web.test_consonants_table import close, cons_table, enter_hand, post

    table = cons_table(client)
    enter_hand(client, table)
    laid = post(client, f"{table}/cons/1/words", seat=0, words="JEST", version=0)
    assert laid.status_code == 303
    assert close(client, table).status_code == 303
    return table


def test_a_genuine_consonants_hand_with_words_imports_unchanged(client):
    path = cons_game(client)
    assert totals(client, round_trip(client, path)) == totals(client, path)


def _close_scores(events: list[dict]) -> None:
    events[index({"events": events}, "cons-close")]["payload"]["scores"]["0"] = 500


def _word_not_spelt(events: list[dict]) -> None:
    events[index({"events": events}, "cons-words")]["payload"]["words"] = ["QUIZ"]


def _cards_twice(events: list[dict]) -> None:
    events[index({"events": events}, "cons-taken")]["payload"]["cards"] += ["J"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_close_scores, "(agree-yes) is not what live play makes of that change"),
        (_word_not_spelt, "(cons-words) breaks the game's rules: QUIZ cannot be spelt"),
        (_cards_twice, "(cons-taken) breaks the game's rules: Seat 1 listed the J 2 times"),
    ],
    ids=["close-scores", "word-not-spelt", "cards-beyond-the-deck"],
)
def test_an_edited_consonants_export_is_refused(app, client, change, words):
    data = exported(client, cons_game(client))
    refused(app, client, edited(data, change), words)


# Hearts


def hearts_game(client: FlaskClient) -> str:
    from tests.web.test_hearts_table import hearts_table, post, score

    table = hearts_table(client, preset="pagat")
    assert score(client, table, 1, {0: "QS"}, rest=1).status_code == 303
    assert score(client, table, 2, {}, rest=2).status_code == 303
    assert post(client, f"{table}/hearts/2/moon", choice="add", version=0).status_code == 303
    return table


def _queen_twice(events: list[dict]) -> None:
    events[index({"events": events}, "hearts-taken")]["payload"]["taken"]["2"] = ["QS"]


def _moon_unasked(events: list[dict]) -> None:
    moon = events[index({"events": events}, "hearts-moon")]
    moon["round"] = 1
    moon["slot"] = "h1moon"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_queen_twice, "(hearts-taken) breaks the game's rules"),
        (_moon_unasked, "(hearts-moon) breaks the game's rules: Hand 1 is finished"),
    ],
    ids=["queen-twice", "moon-unasked"],
)
def test_an_edited_hearts_export_is_refused(app, client, change, words):
    data = exported(client, hearts_game(client))
    refused(app, client, edited(data, change), words)


def test_a_genuine_hearts_game_imports_unchanged(client):
    path = hearts_game(client)
    assert totals(client, round_trip(client, path)) == totals(client, path)


# other ways of play, each exported and imported unchanged


def test_a_hearts_hand_entered_trick_by_trick_with_a_correction_imports_unchanged(client):
    from tests.web.test_hearts_table import hearts_table, reference_tricks, trick

    table = hearts_table(client, entry="tricks")
    tricks = reference_tricks()
    for i, (leader, cards) in enumerate(tricks):
        assert trick(client, table, 1, i, leader, cards).status_code == 303
        if i == 6:  # entered again, as a correction
            assert trick(client, table, 1, i, leader, cards, version=1).status_code == 303
    copied = round_trip(client, table)
    assert totals(client, copied) == totals(client, table)


def test_a_consonants_flying_by_night_imports_unchanged(client):
    from tests.web.test_consonants_table import FLY, close, cons_table, enter_hand, post

    table = cons_table(client)
    enter_hand(client, table, given=FLY)
    assert post(client, f"{table}/cons/1/fly", choice="subtract", version=0).status_code == 303
    assert close(client, table).status_code == 303
    copied = round_trip(client, table)
    assert totals(client, copied) == totals(client, table)


def test_an_alphagrams_word_the_table_allowed_and_a_steal_import_unchanged(client):
    from tests.web.test_alphagrams_table import Table as AgTable

    t = AgTable(client, check_words="1")
    t.ok("ag/flip", card="M")
    t.ok("ag/flip", card="T")
    asked = t.post("ag/word", word="MTE", step="play", overrule="1")
    assert asked.status_code == 200 and "The table is asked" in asked.get_data(as_text=True)
    t.agree_for_all()
    t.ok("ag/flip", card="S")
    t.ok("ag/word", word="STEM", steal="1", step="play")
    copied = round_trip(client, t.path)
    assert "STEM" in client.get(copied).get_data(as_text=True)


def test_changes_saved_together_are_not_split_by_an_import(app, client):
    from tests.web.test_import_bounds import export, score

    together = [score(1, 1, 0, 5), score(2, 1, 1, 6), score(3, 2, 0, 7)]
    together[0]["payload"]["batch"] = together[2]["payload"]["batch"] = "a1b2c3d4e5f6"
    refused(app, client, export(*together), "event 3 belongs with changes saved together")
    together[1]["payload"]["batch"] = "a1b2c3d4e5f6"  # all three saved at once: as live play
    assert post(client, export(*together)).status_code == 303


# edits of every kind: refused in words or imported, never a server error

ODD = [None, -1, 0, 1, 10**6, "x", "QS", [], {}, ["QS", "QS"], {"0": 1}, True, 2.5]


def _mutated(data: Export, rng: Any, kinds: list[str]) -> Export:
    out = copy.deepcopy(data)
    events = out["events"]
    e = rng.choice(events)
    what = rng.randrange(6)
    if what == 0 and e["payload"]:
        e["payload"][rng.choice(sorted(e["payload"]))] = rng.choice(ODD)
    elif what == 1 and e["payload"]:
        del e["payload"][rng.choice(sorted(e["payload"]))]
    elif what == 2:
        e["kind"] = rng.choice(kinds)
    elif what == 3:
        e["round"] = rng.choice([None, 1, 2, 3])
    elif what == 4:
        e["actor_seat"] = rng.choice([None, 0, 1, 2, 3])
    else:
        i = events.index(e)
        events.insert(rng.randrange(len(events)), events.pop(i))
    return out


@pytest.mark.one_database
def test_random_edits_of_each_game_are_refused_in_words_or_imported(app, client):
    import random

    rng = random.Random(20)
    games = [exported(client, ag_game(client)), exported(client, cons_game(client)),
             exported(client, hearts_game(client))]  # fmt: skip
    t = fta_game(app)
    games.append(exported(t.ann, t.path))
    for data in games:
        kinds = sorted(GAMES[data["game"]["kind"]].replayed)
        for _ in range(25):
            answer = post(client, _mutated(data, rng, kinds))
            assert answer.status_code in (303, 422), answer.get_data(as_text=True)[-800:]


def test_a_deck_edit_imports_as_the_deck_form_decides_it(app, client):
    """An AlphaGrams table whose host corrected the deck twice imports with both decks; the
    same file with a deck the form refuses, or a deck edit out of step with the one before
    it, is refused in words naming the event, and nothing is stored."""
    from tests.web.test_alphagrams_table import Table as AgTable
    from tests.web.test_alphagrams_table import _deck_form

    t = AgTable(client)
    for copies in ("2", "3"):
        form = _deck_form(client, t.path)
        form["copies-T"] = copies
        assert client.post(f"{t.path}/deck", data=form).status_code in (200, 303)
    data = exported(client, t.path)
    first, second = index(data, "alpha-deck"), index(data, "alpha-deck", 1)
    assert data["events"][second]["slot_version"] == 2
    copy_path = post(client, data).headers["Location"]
    again = exported(client, copy_path)
    assert [e["payload"] for e in again["events"] if e["kind"] == "alpha-deck"] == [
        data["events"][first]["payload"],
        data["events"][second]["payload"],
    ]

    def empty(events: list[dict]) -> None:
        cards = events[second]["payload"]["cards"]
        events[second]["payload"]["cards"] = {card: [0, v] for card, (_, v) in cards.items()}

    def skipped(events: list[dict]) -> None:
        events[second]["slot_version"] = 3  # one skipped

    refused(app, client, edited(data, empty), f"event {second + 1} (alpha-deck) is refused as "
            "the deck form refuses it: A deck needs at least one card.")  # fmt: skip
    refused(app, client, edited(data, skipped), f"event {second + 1} (alpha-deck) is out of step")
