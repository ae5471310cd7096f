"""AlphaGrams at the table and the Alpha deck screen, through the Flask test client: what needs
the web layer (what the phone sees, who may act, races, the Table API) and one smoke test that
plays a short game through the pages. The game's own facts (scores, refusals and their words,
turns, challenges and their verdicts, a waiting challenger's lost turn, wild and vowel sides,
undo, stale forms, options) are checked without an app or a database in
``tests/games/alphagrams/test_alphagrams_forms.py``.

Tests marked ``one_database`` only check what a page shows: they run on SQLite alone."""

from __future__ import annotations

import html
import re
import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.tablehelp import claim, csrf, join_token, new_table

NAMES = {"name-0": "Ann", "name-1": "Ben", "name-2": "Cy"}


class Table:
    """One AlphaGrams table driven from the host's phone."""

    def __init__(self, client: FlaskClient, players: int = 2, **options: Any) -> None:
        names = {k: v for k, v in NAMES.items() if int(k[-1]) < players}
        self.client = client
        self.path = new_table(client, game="alphagrams", players=players, **names, **options)
        self.token = csrf(client)

    def post(self, what: str, phone: FlaskClient | None = None, **data: Any):
        """Post as a phone does: with the target and version its page was drawn for (read
        from the host's page unless given)."""
        phone = phone or self.client
        if what == "ag/word" and data.get("step") == "play" and "rows-for" not in data:
            data = {**self.rows(phone, data), **data}  # the rows are shown first, then sent
        data = {**self.target(what), **data}
        data["csrf_token"] = csrf(phone)
        return phone.post(f"{self.path}/{what}", data=data, headers={"HX-Request": "true"})

    def rows(self, phone: FlaskClient, data: dict[str, Any]) -> dict[str, str]:
        """The card rows the phone is shown for the word (``step=compose``), as their fields
        stand: ``rows-for`` and each row's selected card and source."""
        drawn = self.post("ag/word", phone, **{**data, "step": "compose"})
        return row_fields(drawn.get_data(as_text=True))

    def ok(self, what: str, **data: Any) -> str:
        answer = self.post(what, **data)
        text = answer.get_data(as_text=True)
        assert answer.status_code == 200, error(text) or text[:300]
        assert not error(text), error(text)
        return text

    def target(self, what: str) -> dict[str, str]:
        page = self.page()
        names = ("version", "turn", "seat") + (("word",) if what == "ag/challenge" else ())
        found = {}
        for name in names:
            hit = re.search(rf'type="hidden" name="{name}" value="(\d+)"', page)
            if hit:
                found[name] = hit.group(1)
        return found

    def page(self) -> str:
        return self.client.get(self.path).get_data(as_text=True)

    def words(self, seat: int) -> list[str]:
        block = re.search(
            rf'id="words-{seat}">(.*?)</div>\s*(?:<div class="seat-words|<form|<details|<ul)',
            self.page(),
            re.S,
        )
        assert block
        return re.findall(r'data-word="([A-Z]+)"', block.group(1))

    def turn(self) -> str:
        found = re.search(r'id="turn-line">([^<]*)<', self.page())
        return found.group(1) if found else ""

    def history(self) -> list[str]:
        live = self.client.get(f"{self.path}/live").get_data(as_text=True)
        return [
            line.replace("&#39;", "'")
            for line in re.findall(r"<li>(\d\d:\d\d:\d\d [^<]*)</li>", live)
        ]

    def agree_for_all(self) -> str:
        """The host answers the table's question for every seat without a phone."""
        page = self.page()
        k = re.search(r'data-agreement="(\d+)"', page)
        seats = re.search(r'name="for" value="([\d ]+)"', page)
        seen = re.search(r'id="agreement".*?name="version" value="(\d+)"', page, re.S)
        assert k and seats and seen, "no question to the table is shown"
        answer = self.client.post(
            f"{self.path}/agree/{k.group(1)}",
            data={"csrf_token": csrf(self.client), "for": seats.group(1), "version": seen.group(1)},
            headers={"HX-Request": "true"},
        )
        text = answer.get_data(as_text=True)
        assert answer.status_code == 200, error(text) or text[:300]
        return text

    def challenge(self, challenger: int) -> int:
        self.ok("ag/challenge", challenger=str(challenger))
        found = re.search(r'data-challenge="(\d+)"', self.page())
        assert found
        n = int(found.group(1))
        self.ok(f"judge/{n}/confirm", role="both")
        return n


def row_fields(text: str) -> dict[str, str]:
    """The word form's row fields as drawn: ``rows-for`` and each select's chosen option."""
    found = {}
    hit = re.search(r'name="rows-for" value="([^"]*)"', text)
    if hit:
        found["rows-for"] = html.unescape(hit.group(1))
    for name, options in re.findall(r'<select name="((?:card|src)-\d+)"[^>]*>(.*?)</select>',
                                    text, re.S):  # fmt: skip
        chosen = re.search(r'<option value="([^"]*)" selected', options)
        if chosen:
            found[name] = html.unescape(chosen.group(1))
    return found


def error(text: str) -> str:
    found = re.search(r'class="field-error" role="alert"[^>]*>([^<]*)<', text)
    return found.group(1).replace("&#39;", "'") if found else ""


def verdict(text: str) -> str | None:
    found = re.search(r'class="verdict-word">([^<]*)<', text)
    return found.group(1) if found else None


@pytest.fixture
def t(client: FlaskClient) -> Table:
    """Two players; the pool holds M and T; Ann (seat 1) is on turn to make a word."""
    table = Table(client)
    table.ok("ag/flip", card="M")
    table.ok("ag/flip", card="T")
    return table


# one short game through the pages (both databases)


def test_smoke_a_short_game_through_the_pages(t: Table) -> None:
    """Words as tiles, an undo, the turn line, the table asked to end, the score at the end."""
    assert t.turn() == "Ann's turn: make a word or pass"
    t.ok("ag/word", word="TEAM", step="play")
    assert t.words(0) == ["TEAM"]
    undo = t.client.post(f"{t.path}/undo", data={"csrf_token": csrf(t.client)})
    assert undo.status_code == 303
    assert t.words(0) == [] and "Ann's turn: make a word" in t.turn()
    t.ok("ag/word", word="meats", step="play")
    assert t.words(0) == ["MEATS"]
    page = t.page()
    assert 'class="tile vowel"' in page and "Ben's turn: turn a card into the pool" in page
    assert any(line.endswith("Host: Ann made MEATS") for line in t.history())
    t.ok("ag/flip", card="J")
    t.ok("ag/word", word="JEST", step="play")
    t.ok("ag/end")
    page = t.page()
    assert "Game over" not in page and "Asked: end the game and score it." in page
    assert "Ann: has not agreed yet" in page
    assert 'id="word-form"' not in page  # no moves while the table is asked
    t.agree_for_all()
    assert any(line.endswith("The whole table agreed") for line in t.history())
    page = t.page()
    assert "Game over" in page and "1. Ann: 5 points (longest word 5 letters)" in page
    live = t.client.get(f"{t.path}/live").get_data(as_text=True)
    assert re.findall(r'<td class="total"[^>]*>([^<]*)</td>', live) == ["5", "5"]
    assert "Ann wins" in live and "tie goes to the longest word" in live
    points = re.findall(r'data-word="([A-Z]+)">.*?data-points="(\d+)"', page, re.S)
    assert points == [("MEATS", "5"), ("JEST", "5")]  # points per word at the end


# what the phone sees


@pytest.mark.one_database
def test_a_refused_steal_is_shown_in_words_with_the_overrule_offered(t: Table) -> None:
    t.ok("ag/word", word="TEAM", step="play")
    t.ok("ag/flip", card="S")
    refused = t.post("ag/word", word="TEAMS", steal="1", step="play")
    text = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "TEAMS is only a form of TEAM" in error(text) and 'name="overrule"' in text
    assert t.words(0) == ["TEAM"] and t.words(1) == []


@pytest.mark.one_database
def test_sources_are_asked_only_where_the_app_cannot_tell(t: Table) -> None:
    """MEATS: the E and the A from hand could each be one of several vowel cards, so they are
    asked (the rest filled in, on the same form); a word nothing is asked about is made with
    one tap (issue 23)."""
    first = t.post("ag/word", word="MEATS", step="play", **{"rows-for": ""})
    text = first.get_data(as_text=True)
    assert first.status_code == 200 and t.words(0) == []  # asked first, nothing stored
    assert "The app cannot tell" in text and 'id="rows-filled"' in text
    assert row_fields(text)["src-0"] == "pool" and row_fields(text)["src-2"] == "hand"
    assert "M from the pool · T from the pool · S from hand" in text
    made = t.post("ag/word", word="MTS", step="play", **{"rows-for": ""})
    assert made.status_code == 200 and t.words(0) == ["MTS"]
    assert "Ann made MTS." in made.get_data(as_text=True)


@pytest.mark.one_database
def test_a_verdict_moves_aside_for_a_question_to_the_table(t: Table) -> None:
    """The verdict names its table and challenge (a phone keeps it closed once closed) and,
    with a question to the table open, sits in the page instead of over the answer buttons;
    the challenger's lost turn is said."""
    t.ok("ag/word", word="MEATS", step="play")
    n = t.challenge(1)
    table = t.path.rsplit("/", 1)[-1]
    page = t.page()
    assert verdict(page) == "VALID"
    assert "Ben's turn was skipped: they lost a challenge." in page
    drawn = re.search(r'<div class="([^"]*)" id="verdict"[^>]*data-verdict-key="([^"]*)"', page)
    assert drawn and drawn.groups() == ("verdict valid", f"{table}:{n}")  # over the whole screen
    t.ok("ag/end")
    page = t.page()
    assert 'class="verdict valid beside" id="verdict"' in page and 'id="agree-proxy"' in page


# the helper


@pytest.mark.one_database
def test_helper_only_after_the_game(t: Table) -> None:
    assert t.client.get(f"{t.path}/ag/helper?cards=TEAMS").status_code == 403
    t.ok("ag/end")
    t.agree_for_all()
    page = t.client.get(f"{t.path}/ag/helper?cards=T+A/E+M+S").get_data(as_text=True)
    found = re.findall(r"<li>([A-Za-z]+) <small>([0-9.]+)</small>", page)
    words = [word for word, _ in found]
    assert "STEM" in words and "MATS" in words  # the A/E card as E, and as A
    assert all(word.isupper() and len(word) <= 4 for word in words)  # four cards, one each
    zipfs = [float(z) for _, z in found]
    assert zipfs == sorted(zipfs, reverse=True)
    assert ("STEM", "4.5") in found or any(w == "STEM" for w, _ in found)


@pytest.mark.one_database
def test_helper_during_play_with_the_house_option(client: FlaskClient) -> None:
    t = Table(client, helper_during_play="1")
    t.ok("ag/flip", card="M")
    page = client.get(f"{t.path}/ag/helper")
    assert page.status_code == 200 and 'value="M"' in page.get_data(as_text=True)


@pytest.mark.one_database
def test_helper_lists_steals_longest_first(client: FlaskClient) -> None:
    t = Table(client, helper_during_play="1")
    t.ok("ag/flip", card="M")
    t.ok("ag/flip", card="T")
    t.ok("ag/word", word="TEAM", step="play")
    t.ok("ag/flip", card="S")
    page = client.get(f"{t.path}/ag/helper").get_data(as_text=True)
    block = re.search(r'id="helper-steals">(.*?)</ul>', page, re.S)
    assert block, "no steals listed"
    found = re.findall(r"<li>([A-Za-z]+) <small>takes TEAM \(Ann\) · (\d+) points?</small>",
                       block.group(1))  # fmt: skip
    assert ("STEAM", found[0][1]) in found or any(w == "STEAM" for w, _ in found)
    keys = [(-len(w), -int(p)) for w, p in found]
    assert keys == sorted(keys)  # longest first, then most points


@pytest.mark.one_database
def test_helper_input_is_refused_in_words_and_kept(client: FlaskClient) -> None:
    """Every bad or too long input on one table (the helper stores nothing)."""
    t = Table(client, helper_during_play="1")
    for cards in ["T4", "?" * 30, "? ? ? ? ? ?", "A/A", "#"]:
        page = client.get(f"{t.path}/ag/helper", query_string={"cards": cards})
        assert page.status_code == 200 and 'id="err-cards"' in page.get_data(as_text=True), cards
    for cards, words in [
        ("A/E " * 21, "too long: at most 80 characters of cards"),
        ("TEAMSTEAMSTEAMSTEAMSX", "At most 20 cards"),
        ("A/E " * 15 + "TEAMSX", "At most 20 cards"),
    ]:
        page = client.get(f"{t.path}/ag/helper", query_string={"cards": cards})
        text = page.get_data(as_text=True)
        assert page.status_code == 200 and words in text
        assert f'value="{cards}"' in text  # the phone's input stays in the box


@pytest.mark.one_database
def test_helper_with_twenty_vowel_cards_still_answers(client: FlaskClient) -> None:
    t = Table(client, helper_during_play="1")
    cards = "A/E " * 10 + "I/O " * 6 + "T S R N"
    page = client.get(f"{t.path}/ag/helper", query_string={"cards": cards})
    assert page.status_code == 200 and 'id="helper-words"' in page.get_data(as_text=True)


# who may act, and pages of other games


def test_not_your_turn_and_not_seated(t: Table, app) -> None:
    ben = app.test_client()
    claim(ben, join_token(t.client, t.path), 1, "Ben")
    ann = app.test_client()
    claim(ann, join_token(t.client, t.path), 0, "Ann")
    answer = t.post("ag/word", phone=ben, word="MEATS", step="play")
    assert answer.status_code == 403 and "It is Ann's turn" in error(answer.get_data(as_text=True))
    stranger = app.test_client()
    assert t.post("ag/pass", phone=stranger).status_code == 403


def test_an_overrule_takes_a_tap_from_each_phone(client: FlaskClient, app) -> None:
    table = Table(client, check_words="1")
    ann, ben = app.test_client(), app.test_client()
    claim(ann, join_token(client, table.path), 0, "Ann")
    claim(ben, join_token(client, table.path), 1, "Ben")
    table.ok("ag/flip", card="M")
    table.ok("ag/flip", card="T")
    asked = table.post("ag/word", phone=ann, word="MTE", step="play", overrule="1")
    assert asked.status_code == 200 and "The table is asked" in asked.get_data(as_text=True)
    ben_page = ben.get(table.path).get_data(as_text=True)
    mine = re.search(r'id="words-1">\s*<h3>(.*?)</h3>', ben_page, re.S)
    assert mine and 'id="you-marker"' in mine.group(1)  # "you" on Ben's own seat only
    assert ben_page.count('id="you-marker"') == 1
    assert "Ben (you): has not agreed yet" in ben_page and "Ann: agrees" in ben_page
    assert "(no phone)" not in client.get(table.path).get_data(as_text=True)  # none to answer
    data = {"csrf_token": csrf(client), "for": "1", "version": "1"}
    refused = client.post(f"{table.path}/agree/1", data=data, headers={"HX-Request": "true"})
    assert refused.status_code == 403 and "only Ben" in error(refused.get_data(as_text=True))
    assert table.words(0) == []
    data = {"csrf_token": csrf(ben), "for": "me", "version": "1"}
    assert ben.post(f"{table.path}/agree/1", data=data).status_code == 303
    assert table.words(0) == ["MTE"] and "Ben's turn" in table.turn()
    for phone in (ann, ben, client):  # a word the table allowed is settled: no challenge
        assert "challenges MTE" not in phone.get(table.path).get_data(as_text=True)
    again = ben.post(f"{table.path}/agree/1", data=data, headers={"HX-Request": "true"})
    assert again.status_code == 409
    history = table.history()
    asked = "Ann: asks the table to allow Ann's word MTE (MTE is not in the table's word list"
    assert any(asked in line for line in history), history
    assert any(line.endswith("Ben: agrees") for line in history)


@pytest.mark.one_database
def test_bad_options_are_refused_on_the_new_table_page(client: FlaskClient) -> None:
    for options in [
        {"players": "6"},
        {"players": "x"},
        {"lexicon": "nope"},
        {"common": "1", "min_zipf": "abc"},
        {"common": "1", "min_zipf": "12"},
    ]:
        data = {"game": "alphagrams", "players": "2", **NAMES, "csrf_token": csrf(client),
                **options}  # fmt: skip
        answer = client.post("/tables", data=data)
        text = answer.get_data(as_text=True)
        assert answer.status_code == 422 and 'class="field-error"' in text, options


@pytest.mark.one_database
def test_other_games_have_no_alphagrams_pages(client: FlaskClient) -> None:
    path = new_table(client)
    assert client.post(f"{path}/ag/pass", data={"csrf_token": csrf(client)}).status_code == 404
    assert client.get(f"{path}/deck").status_code == 404


# the deck screen


def _deck_form(client: FlaskClient, path: str) -> dict[str, str]:
    page = client.get(f"{path}/deck").get_data(as_text=True)
    data = dict(re.findall(r'name="((?:copies|value)-[A-Z]+)"[^>]*value="(\d+)"', page))
    data["version"] = re.search(r'name="version" value="(\d+)"', page).group(1)
    data["csrf_token"] = csrf(client)
    return data


@pytest.mark.one_database
def test_deck_lists_74_cards_marked_unverified(client: FlaskClient) -> None:
    t = Table(client)
    page = client.get(f"{t.path}/deck").get_data(as_text=True)
    assert 'id="deck-size">74<' in page and 'id="unverified"' in page
    assert len(re.findall(r'<tr data-card="', page)) == 32
    data = _deck_form(client, t.path)
    assert data["copies-T"] == "3" and data["value-Q"] == "10" and data["copies-WILD"] == "2"


def test_host_edit_is_stored_as_an_event(client: FlaskClient) -> None:
    t = Table(client)
    data = _deck_form(client, t.path)
    data.update({"copies-T": "4", "value-K": "6", "verified": "1"})
    assert client.post(f"{t.path}/deck", data=data).status_code == 303
    page = client.get(f"{t.path}/deck").get_data(as_text=True)
    assert 'id="deck-size">75<' in page and 'id="unverified"' not in page
    assert any(
        "changed the deck (75 cards, checked against the real deck)" in line for line in t.history()
    )
    stale = client.post(f"{t.path}/deck", data=data)
    assert stale.status_code == 409 and "another phone" in stale.get_data(as_text=True)


def test_deck_edit_refused_for_other_phones(client: FlaskClient, app) -> None:
    t = Table(client)
    data = _deck_form(client, t.path)
    ben = app.test_client()
    claim(ben, join_token(client, t.path), 1, "Ben")
    data["csrf_token"] = csrf(ben)
    assert ben.post(f"{t.path}/deck", data=data).status_code == 403
    page = ben.get(f"{t.path}/deck").get_data(as_text=True)
    assert 'id="deck-form"' not in page and 'id="deck-size">74<' in page
    assert not any("changed the deck" in line for line in t.history())


@pytest.mark.one_database
@pytest.mark.parametrize(
    "change",
    [
        {"copies-T": "x"},
        {"value-Q": "-1"},
        {"value-Q": "99"},
        {"copies-AE": ""},
        {"copies-AE": "1" * 50},
        {"version": "x"},
    ],
)
def test_bad_deck_values_never_500(client: FlaskClient, change: dict) -> None:
    t = Table(client)
    data = _deck_form(client, t.path)
    data.update(change)
    answer = client.post(f"{t.path}/deck", data=data)
    assert answer.status_code == 422
    assert 'class="field-error"' in answer.get_data(as_text=True)


@pytest.mark.one_database
def test_empty_deck_is_refused(client: FlaskClient) -> None:
    t = Table(client)
    data = {
        k: ("0" if k.startswith("copies-") else v) for k, v in _deck_form(client, t.path).items()
    }
    answer = client.post(f"{t.path}/deck", data=data)
    assert answer.status_code == 422 and "at least one card" in answer.get_data(as_text=True)


# the one service path: races and the Table API


def test_two_phones_on_one_turn_at_once_exactly_one_is_stored(t: Table, app) -> None:
    ann = app.test_client()
    claim(ann, join_token(t.client, t.path), 0, "Ann")
    seen = t.target("ag/pass")  # both phones drew Ann's turn
    rows = t.rows(ann, {"word": "MEATS", "step": "play"})  # Ann's phone shows the word's rows
    answers: list[int] = []
    barrier = threading.Barrier(2)

    def send(phone: FlaskClient, **data: Any) -> None:
        body = {**seen, **data, "csrf_token": csrf(phone)}
        barrier.wait()
        answer = phone.post(f"{t.path}/ag/{data.pop('what')}", data=body,
                            headers={"HX-Request": "true"})  # fmt: skip
        answers.append(answer.status_code)

    threads = [
        threading.Thread(target=send, args=(t.client,), kwargs={"what": "pass"}),
        threading.Thread(target=send, args=(ann,),
                         kwargs={"what": "word", "word": "MEATS", "step": "play", **rows}),
    ]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409]
    moves = [line for line in t.history() if "passed" in line or "made MEATS" in line]
    assert len(moves) == 1


@pytest.mark.one_database
def test_a_stale_word_is_409_with_the_turn_now_and_the_word_shown_not_carried_on(t: Table) -> None:
    """A word typed for Ann's turn, sent after the turn moved on: refused, and shown as not
    made; the form, now for the next player, is empty, so one more tap cannot make the word
    in someone else's name."""
    seen = t.target("ag/word")
    t.ok("ag/pass")
    answer = t.post("ag/word", word="MEATS", step="play", **seen)
    text = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "Now: turn 2, Ben to turn a card." in error(text)
    assert t.words(0) == []
    assert "Not made: MEATS, typed before the turn moved on. It is Ben's turn now." in text
    assert 'value="MEATS"' not in text


def test_the_table_api_plays_alphagrams(client: FlaskClient) -> None:
    created = client.post("/api/v1/tables", json={"game": "alphagrams", "names": ["Ann", "Ben"],
                                                  "options": {}})  # fmt: skip
    assert created.status_code == 201, created.json
    host = {"Authorization": f"Bearer {created.json['host_key']}"}

    def act(action: str, target: dict, version: int, **data: Any):
        body = {"action": action, "target": target, "version": version, "data": data}
        return client.post("/api/v1/table/actions", json=body, headers=host)

    assert act("start", {"turn": 0}, 0, card="M").json["target_version"] == 1
    assert act("flip", {"turn": 1, "seat": 0}, 1, card="T").status_code == 200
    made = act("word", {"turn": 1, "seat": 0}, 2, cards=["T", "A/E=E", "A/E=A", "M"],
               sources=["pool", "hand", "hand", "pool"])  # fmt: skip
    assert made.status_code == 200, made.json
    stale = act("pass", {"turn": 1, "seat": 0}, 2)
    assert stale.status_code == 409 and stale.json["current"]["turn"] == 2
    wrong = act("flip", {"turn": 1, "seat": 0}, 3, card="S")
    assert wrong.status_code == 409 and "Turn 1 is over" in wrong.json["error"]
    assert act("word", {"turn": 2, "seat": 1}, 3, cards=["S"], sources=["x"]).status_code == 422
    state = client.get("/api/v1/table", headers=host).json["state"]
    assert state["words"] == [{"word": 1, "seat": 0, "text": "TEAM",
                               "cards": ["T", "A/E=E", "A/E=A", "M"]}]  # fmt: skip
    assert state["version"] == 3 and state["turn"] == 2 and state["seat"] == 1
    assert act("flip", {"turn": 2, "seat": 1}, 3, card="S").status_code == 200
    steal = act("word", {"turn": 2, "seat": 1, "word": 1}, 4, sources=["word"] * 4 + ["pool"],
                cards=["M", "A/E=E", "A/E=A", "T", "S"])  # fmt: skip
    assert steal.status_code == 200, steal.json
    assert "Ben made MEATS, stealing TEAM from Ann" in client.get(
        created.json["links"]["table"]
    ).get_data(as_text=True)


@pytest.mark.one_database
def test_a_word_typed_for_one_player_never_comes_back_as_the_next_players(
    client: FlaskClient,
) -> None:
    t = Table(client, players=3)
    t.ok("ag/flip", card="M")
    t.ok("ag/flip", card="T")
    seen = t.target("ag/word")  # the host's form for Ann's word
    t.ok("ag/pass")  # Ann passes; Ben turns a card: Ben's word is next
    t.ok("ag/flip", card="R")
    answer = t.post("ag/word", word="TEAS", step="compose", **seen)
    text = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "Word made by Ben" in text  # the form now is Ben's ...
    assert 'value="TEAS"' not in text and 'id="letter-rows"' not in text  # ... and empty
    assert "Not made: TEAS, typed before the turn moved on. It is Ben's turn now." in text
    assert t.words(1) == []


@pytest.mark.one_database
def test_two_phones_turning_the_first_card_the_second_is_told_it_was_turned(
    client: FlaskClient,
) -> None:
    t = Table(client)
    seen = t.target("ag/flip")  # both phones drew the game before its first card
    assert "seat" not in seen
    t.ok("ag/flip", card="M")
    late = client.post(f"{t.path}/ag/flip", headers={"HX-Request": "true"},
                       data={**seen, "card": "T", "csrf_token": csrf(client)})  # fmt: skip
    assert late.status_code == 409
    assert "The first card was turned on another phone a moment ago." in error(
        late.get_data(as_text=True)
    )


@pytest.mark.one_database
def test_steal_helper_says_when_the_pool_is_too_much_to_search(client: FlaskClient) -> None:
    """Bounded work (issue 20): eight kinds of vowel card in the pool read 256 ways, too many
    to search for one request; the helper says so instead of searching for seconds."""
    t = Table(client, helper_during_play="1")
    t.ok("ag/flip", card="M")
    t.ok("ag/flip", card="T")
    t.ok("ag/word", word="TEAM", step="play")
    for card in ("A/I", "A/O", "A/U", "E/I", "E/O", "E/U", "I/O"):
        t.ok("ag/flip", card=card)
        t.ok("ag/pass")
    shown = client.get(f"{t.path}/ag/helper").get_data(as_text=True)
    assert 'id="helper-steals"' in shown  # 7 kinds: 128 ways, searched
    t.ok("ag/flip", card="I/U")
    page = client.get(f"{t.path}/ag/helper").get_data(as_text=True)
    assert 'id="helper-steals"' not in page
    said = re.search(r'id="helper-steals-too-many">(.*?)</p>', page, re.S)
    assert said and "8 vowel cards and 0 wilds that can be read 256 ways" in said.group(1)
