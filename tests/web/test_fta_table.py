"""Follow the Author at the table, through Flask's test client: what needs the web layer (what
each phone sees and never sees, who may act, what is stored, export and import) and one smoke
test that plays a two-round game through the pages, on SQLite and PostgreSQL. The game's own
facts (points, seals and the reveal, stores, Cribbage Finish, refusals and their words, undo,
stale forms, options) are checked without an app or a database in
``tests/games/follow_the_author/test_fta_moves.py`` and ``test_fta_table.py``.

Tests marked ``one_database`` only check what a page shows: they run on SQLite alone."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.cards.decktet import DECK
from companion.games.follow_the_author import commitment
from companion.games.follow_the_author.seal import lock_of
from tests.web.tablehelp import claim, csrf, join_token

ANN_STORE = ["Ace of Moons", "Journey", "Huntress", "Excuse", "Battle", "Soldier", "Betrayal"]
BEN_STORE = ["Bard", "Desert", "Sailor"]
ASIDE = [c.title for c in DECK if c.title not in ANN_STORE + BEN_STORE]


def start(client: FlaskClient, **fields: Any) -> str:
    data = {"game": "follow-the-author", "players": "2", "name-0": "Ann", "name-1": "Ben"}
    data.update({k: str(v) for k, v in fields.items()})
    data["csrf_token"] = csrf(client)
    answer = client.post("/tables", data=data)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:800]
    return answer.headers["Location"]


class Table:
    """Ann's phone started the table and sits in seat 0; Ben's phone sits in seat 1."""

    def __init__(self, app: Flask, **fields: Any) -> None:
        self.ann, self.ben, self.watcher = app.test_client(), app.test_client(), app.test_client()
        self.path = start(self.ann, **fields)
        token = join_token(self.ann, self.path)
        assert claim(self.ann, token, 0).status_code == 303
        assert claim(self.ben, token, 1).status_code == 303
        self.app = app
        self.keys: dict[tuple[int, int], tuple[Any, str, str, str, str]] = {}  # on the phones

    def seat_of(self, phone: FlaskClient) -> int:
        return 0 if phone is self.ann else 1

    def post(self, phone: FlaskClient, url: str, data: dict[str, Any], htmx: bool = False) -> Any:
        body: dict[str, Any] = {"csrf_token": csrf(phone)}
        body.update(data)
        headers = {"HX-Request": "true"} if htmx else {}
        return phone.post(self.path + url, data=body, headers=headers)

    def points(self, r: int, hand: str, a: Any, b: Any, version: int = 0, phone=None) -> Any:
        data = {"points-0": a, "points-1": b, "version": version}
        return self.post(phone or self.ann, f"/fta/{r}/{hand}/points", data)

    def seal(self, phone: FlaskClient, r: int, scoring: str, danger: str, version: int = 0,
             seat: int | None = None, htmx: bool = False):  # fmt: skip
        """What the phone's script does: keep the choice, a recovery code and a key; send the
        commitment, the lock, and the old key when it replaces its own seal."""
        seat = self.seat_of(phone) if seat is None else seat
        code, key = f"K7QF2MXA9PRT{r}{seat}", f"key-{r}-{seat}-{version}"
        made = commitment(f"round {r} seat {seat + 1}", scoring, danger, code)
        data = {"seat": seat, "commitment": made, "lock": lock_of(key), "version": version}
        old = self.keys.get((r, seat))
        if old and old[0] is phone:
            data["unlock"] = old[4]
        answer = self.post(phone, f"/fta/{r}/seal", data, htmx=htmx)
        if answer.status_code in (200, 303):
            self.keys[(r, seat)] = (phone, scoring, danger, code, key)
        return answer

    def open(self, phone: FlaskClient, r: int, seat: int, version: int = 0, **given: Any):
        _, scoring, danger, code, _ = self.keys[(r, seat)]
        data = {"seat": seat, "scoring": scoring, "danger": danger, "code": code, **given}
        return self.post(phone, f"/fta/{r}/open", {**data, "version": version})

    def open_all(self, r: int) -> None:
        """Each phone opens the seal it holds (its script does this by itself)."""
        for seat in (0, 1):
            assert self.open(self.keys[(r, seat)][0], r, seat).status_code == 303

    def ready(self, phone: FlaskClient, r: int, seat: int, version: int = 0) -> Any:
        return self.post(phone, f"/fta/{r}/ready", {"seat": seat, "version": version})

    def store(self, r: int, seat: int, cards: list[str], version: int = 0, phone=None) -> Any:
        data = {"cards": cards, "version": version}
        return self.post(phone or (self.ann, self.ben)[seat], f"/fta/{r}/store/{seat}", data)

    def aside(self, r: int, cards: list[str], version: int = 0) -> Any:
        return self.post(self.ann, f"/fta/{r}/aside", {"cards": cards, "version": version})

    def play(self, r: int, hand: str, seat: int, card: str, version: int) -> Any:
        data = {"seat": seat, "card": card, "version": version}
        return self.post(self.ann, f"/fta/{r}/{hand}/play", data, htmx=True)

    def page(self, phone: FlaskClient | None = None, url: str = "") -> str:
        answer = (phone or self.ann).get(self.path + url)
        assert answer.status_code == 200, answer.status_code
        return answer.get_data(as_text=True)

    def totals(self) -> list[str]:
        return re.findall(r'<td class="total"[^>]*>([^<]*)</td>', self.page(url="/live"))

    def full_round(self, r: int, alpha=(3, 1), omega=(0, 2)) -> None:
        assert self.points(r, "alpha", *alpha).status_code == 303
        assert self.seal(self.ann, r, "Moons", "Waves").status_code == 303
        assert self.seal(self.ben, r, "Suns", "Knots").status_code == 303
        assert self.points(r, "omega", *omega).status_code == 303
        assert self.ready(self.ben, r, 1).status_code == 303
        self.open_all(r)
        assert self.store(r, 0, ANN_STORE).status_code == 303
        assert self.store(r, 1, BEN_STORE).status_code == 303
        assert self.aside(r, ASIDE).status_code == 303


@pytest.fixture
def t(app: Flask) -> Table:
    return Table(app)


def says_suit(page: str, before: str, suit: str) -> bool:
    """``before``, then the suit's own SVG icon (named by the suit's word), then the word."""
    icon = rf'<svg class="fta-ico s-{suit.lower()}" role="img" aria-label="{suit}"[^>]*>.*?</svg>'
    return (
        re.search(re.escape(before) + " " + icon + rf" <strong>{suit}</strong>", page) is not None
    )


def ok(answer: Any) -> str:
    assert answer.status_code in (200, 303), answer.get_data(as_text=True)[:1500]
    return str(answer.get_data(as_text=True))


# one short game through the pages (both databases)


def test_smoke_a_two_round_game_through_the_pages(app):
    """Points, seals, the reveal, stores and the round-end lines, then the game's end."""
    t = Table(app, rounds=2)
    ok(t.points(1, "alpha", 3, 1))
    assert "In-play points: Ann <strong>3</strong>, Ben <strong>1</strong>" in t.page()
    assert "round 1 alpha hand: in-play points Ann 3, Ben 1" in t.page(url="/live")
    assert t.totals() == ["3", "1"]
    ok(t.seal(t.ann, 1, "Moons", "Waves"))
    ok(t.seal(t.ben, 1, "Suns", "Knots"))
    ok(t.points(1, "omega", 0, 2))
    ok(t.ready(t.ben, 1, 1))
    t.open_all(1)
    ok(t.store(1, 0, ANN_STORE))
    ok(t.store(1, 1, BEN_STORE))
    ok(t.aside(1, ASIDE))
    page = t.page()
    assert "Round 2 <small>of 2" in page
    assert "Round 1: Ann -3, Ben 3" in page
    for line in (
        "Cards with neither suit: Ann 0, Ben 0; a tie scores nothing.",
        "The Excuse is worth 2; Ann scores 2.",
        "Cards in the scoring suit: Ann 3, Ben 2; Ann scores 3.",
        "Cards in the danger suit: Ann 3, Ben 1; Ann loses 11 (the cards plus the highest number",
        "Personalities in the scoring suit: Ann 1, Ben 1; a tie scores nothing.",
    ):
        assert line in page
    assert "Alpha hand <small>· Ben deals · Ann leads" in page
    assert t.totals() == ["-3", "3"]
    detail = t.page(url="/fta/round/1")
    assert detail.count("data-category=") == 8
    assert "Ann: Ace of Moons, Journey, Huntress, Excuse, Battle, Soldier, Betrayal" in detail
    t.full_round(2, alpha=(0, 0), omega=(0, 0))
    page = t.page()
    assert "Game over" in page
    assert "Ben wins: -9 to 3" in page
    assert "2 rounds played" in page
    assert t.points(3, "alpha", 1, 1).status_code == 422
    assert "Ben wins" in t.page(t.watcher, "/live")


# starting and what a round shows


@pytest.mark.one_database
def test_new_table_form_offers_the_options(client):
    page = client.get("/new/follow-the-author").get_data(as_text=True)
    for field in ("rounds", "back_and_forth", "cribbage_finish", "target", "first_dealer"):
        assert f'name="{field}"' in page
    assert 'value="8"' in page and 'value="121"' in page


@pytest.mark.one_database
def test_bad_options_are_shown_again(client):
    for fields, message in [
        ({"rounds": "7"}, "must be even"),
        ({"rounds": "many"}, "whole number"),
        ({"rounds": "0"}, "between 1 and"),
        ({"target": "-3"}, "between 1 and"),
        ({"first_dealer": "5"}, "seat 1 or seat 2"),
        ({"players": "3"}, "exactly 2 players"),
    ]:
        data = {"game": "follow-the-author", "players": "2", "csrf_token": csrf(client), **fields}
        answer = client.post("/tables", data=data)
        assert answer.status_code == 422, fields
        assert message in answer.get_data(as_text=True), fields


@pytest.mark.one_database
def test_round_shows_hand_dealer_and_reminders(t):
    page = t.page()
    assert "Round 1 <small>of 8" in page
    assert "Alpha hand <small>· Ann deals · Ben leads" in page
    assert "Deal 11 cards to each player; the other 23 wait" in page
    assert "one card face down to the other's store" in page
    ok(t.points(1, "alpha", 2, 0))
    ok(t.seal(t.ann, 1, "Moons", "Waves"))
    ok(t.seal(t.ben, 1, "Suns", "Knots"))
    page = t.page()
    assert "Omega hand <small>· Ben deals · Ann leads" in page
    assert "the one card left over goes aside" in page
    assert "forwards" in page


@pytest.mark.one_database
def test_first_dealer_and_back_and_forth(app):
    t = Table(app, first_dealer=1, back_and_forth=1)
    assert "Alpha hand <small>· Ben deals · Ann leads" in t.page()
    ok(t.points(1, "alpha", 0, 0))
    ok(t.seal(t.ann, 1, "Moons", "Waves"))
    ok(t.seal(t.ben, 1, "Suns", "Knots"))
    assert "<strong>backwards</strong>" in t.page()
    rules = t.page(url="/rules")
    assert "Back and Forth: <strong>on</strong>" in rules


@pytest.mark.one_database
def test_play_again_gives_the_first_deal_to_the_other_player(app):
    t = Table(app, cribbage_finish=1, target=1)
    ok(t.points(1, "alpha", 1, 0))
    assert "Ann wins" in t.page()
    ok(t.post(t.ben, "/new-game", {}))
    page = t.page(t.ben)
    assert "Alpha hand <small>· Ben deals · Ann leads" in page
    assert "first to 1 wins" in page


# a stale form: the 409 page


@pytest.mark.one_database
def test_stale_version_is_refused_with_input_kept(t):
    ok(t.points(1, "alpha", 4, 2))
    answer = t.points(1, "alpha", 9, 9, version=0, phone=t.ben)
    body = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "changed on another phone" in body
    assert t.totals() == ["4", "2"]


@pytest.mark.one_database
def test_bad_points_are_refused(t):
    """Each unreadable pair on the same table (each is refused, nothing changes)."""
    for a, b in [("x", "1"), ("-1", "0"), ("", "2"), ("9" * 30, "0")]:
        answer = t.points(1, "alpha", a, b)
        assert answer.status_code == 422, (a, b)
        assert t.totals() == ["0", "0"]


# sealed choices


def _fingerprint(page: str, seat: int) -> str:
    found = re.search(
        rf'fta-seal-status" data-seat="{seat}">[^<]*<strong>sealed</strong> · commitment '
        r'<code class="fta-fp">([0-9a-f]{16})</code>',
        page,
    )
    assert found, page[:3000]
    return found.group(1)


@pytest.mark.one_database
def test_a_sealed_choice_is_on_no_page_its_own_phone_gets_a_peek_button(t):
    ok(t.points(1, "alpha", 0, 0))
    assert t.seal(t.ann, 1, "Wyrms", "Knots").status_code == 303
    own = t.page(t.ann)
    assert 'class="button fta-peek"' in own and "Peek at my choice" in own
    assert "scoring Wyrms" not in own and "Your choice" not in own
    for phone in (t.ben, t.watcher):
        page = t.page(phone)
        assert "fta-peek" not in page
        assert _fingerprint(page, 0) == _fingerprint(own, 0)
        assert "Ben: still choosing" in page


def _tokens(app: Flask, path: str) -> list[str]:
    from companion.extensions import db
    from companion.tables.models import Table as Row

    with app.app_context():
        row = db.session.query(Row).filter_by(token=path.rsplit("/", 1)[1]).one()
        return [row.token, row.share_token, row.join_token, row.join_code]


def _payloads(app: Flask) -> str:
    """The events table's payload column as stored, every row (what an operator can read)."""
    from sqlalchemy import text

    from companion.extensions import db

    with app.app_context():
        rows = db.session.execute(text("SELECT kind, CAST(payload AS TEXT) FROM events"))
        return "\n".join(f"{kind} {payload}" for kind, payload in rows)


SUIT_NAMES = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")


def _surfaces(t: Table, phone: FlaskClient) -> dict[str, str]:
    token, share, _, _ = _tokens(t.app, t.path)
    urls = [
        t.path,
        f"{t.path}/live",
        f"{t.path}/entry",
        f"{t.path}/rules",
        f"/s/{share}",
        f"/s/{share}/live",
        f"/s/{share}/live?tv=1",
        f"/tv/{share}",
        f"{t.path}/games/1/export.json",
        f"{t.path}/games/1/export.csv",
        f"{t.path}/stream",
        f"/s/{share}/stream",
        f"{t.path}/fta/round/1",
        f"{t.path}/fta/verify",
    ]
    out = {}
    for url in urls:
        answer = phone.get(url, headers={"Last-Event-ID": "0"})
        assert answer.status_code == 200, url
        out[url.replace(token, "T").replace(share, "S")] = answer.get_data(as_text=True)
    htmx = phone.get(f"{t.path}/entry", headers={"HX-Request": "true"})
    out["entry (htmx)"] = htmx.get_data(as_text=True)
    return out


def _normalise(text: str, secrets: list[str]) -> str:
    for secret in secrets:
        text = text.replace(secret, "X")
    text = re.sub(r'name="csrf_token" value="[^"]+"', "CSRF", text)
    text = re.sub(r'"X-CSRF-Token": "[^"]+"', "CSRF", text)
    text = re.sub(r"\b[0-9a-f]{64}\b", "C", text)  # commitments and locks
    text = re.sub(r"\b[0-9a-f]{16}\b", "H", text)  # short commitments and entry keys
    text = re.sub(r'"at": "[^"]+"', '"at": ""', text)
    return re.sub(r"\d+", "0", text)  # times, event ids, versions


def _sealed_table(app: Flask, scoring: str, danger: str) -> Table:
    app.config["STREAM_SECONDS"] = 0.05
    t = Table(app)
    ok(t.points(1, "alpha", 1, 2))
    ok(t.seal(t.ann, 1, scoring, danger))
    return t


@pytest.mark.one_database
def test_no_page_stream_or_export_shows_a_sealed_choice_before_the_reveal(app):
    """Two tables alike but for Ann's sealed suits: every surface Ben's phone or a watcher can
    fetch must read the same, must not hold the recovery code, and must not name the choice."""
    one = _sealed_table(app, "Wyrms", "Knots")
    two = _sealed_table(app, "Leaves", "Suns")
    nonces = [one.keys[(1, 0)][3], one.keys[(1, 0)][4]]  # the code and the key: on the phone
    for viewer in ("ben", "watcher"):
        first = _surfaces(one, getattr(one, viewer))
        second = _surfaces(two, getattr(two, viewer))
        assert first.keys() == second.keys()
        for url, body in first.items():
            for nonce in nonces:
                assert nonce not in body and nonce not in second[url], url
            for marker in ("fta-peek", "Your choice", "scoring Wyrms", "scoring Leaves"):
                assert marker not in body and marker not in second[url], (url, marker)
            a = _normalise(body, _tokens(app, one.path))
            b = _normalise(second[url], _tokens(app, two.path))
            assert a == b, url
    exported = json.loads(one.page(one.ben, "/games/1/export.json"))
    assert [e["kind"] for e in exported["events"]].count("fta-commit") == 1
    assert "Ann&#39;s phone sealed a choice (commitment" in one.page(one.ben, "/live")


def test_no_suit_is_in_the_events_table_until_the_choices_are_opened(t):
    """Whoever runs the server reads the payload column: before the opening it names no suit
    and holds no recovery code (SQLite and PostgreSQL)."""
    ok(t.points(1, "alpha", 0, 0))
    ok(t.seal(t.ann, 1, "Wyrms", "Knots"))
    ok(t.seal(t.ben, 1, "Suns", "Wyrms"))
    ok(t.seal(t.ben, 1, "Moons", "Wyrms", version=1))  # changed: still nothing readable
    ok(t.points(1, "omega", 0, 0))
    ok(t.points(1, "omega", 0, 0, version=1, phone=t.ben))  # the reveal
    stored = _payloads(t.app)
    assert "fta-commit" in stored and "fta-reveal" in stored
    assert not [name for name in SUIT_NAMES if name in stored], stored
    assert "K7QF2MXA9PRT" not in stored
    ok(t.open(t.ann, 1, 0))
    stored = _payloads(t.app)
    assert "Wyrms" in stored and "Moons" not in stored  # Ben's is still closed


@pytest.mark.one_database
def test_reveal_after_the_omega_hand_each_phone_opens_its_own_and_it_checks(t):
    ok(t.points(1, "alpha", 0, 0))
    ok(t.seal(t.ann, 1, "Wyrms", "Knots"))
    ok(t.seal(t.ben, 1, "Suns", "Wyrms"))
    before = _fingerprint(t.page(t.ben), 0)
    assert t.open(t.ann, 1, 0).status_code == 422  # not before the omega hand is over
    ok(t.points(1, "omega", 0, 0))
    ok(t.points(1, "omega", 0, 0, version=1, phone=t.ben))
    page = t.page(t.ben)
    assert "Ann</strong>: sealed, waiting to be opened" in page
    assert 'data-fta-open="' in page and "Open Ann's choice by hand" in page
    wrong = t.open(t.ben, 1, 0, code="K7QF2MXA9PRT99")
    body = wrong.get_data(as_text=True)
    assert wrong.status_code == 422 and "do not match Ann&#39;s seal" in body
    assert 'value="K7QF2MXA9PRT99"' in body  # the input kept
    assert "scores" not in _history(t)
    t.open_all(1)
    for phone in (t.ann, t.ben, t.watcher):
        page = t.page(phone)
        assert says_suit(page, "<strong>Ann</strong> scores", "Wyrms")
        assert says_suit(page, "Ben's danger suit is", "Knots")
        assert "(the same as Ann's scoring suit, so Ann has no danger suit)" in page
        assert page.count('fta-ok">matches the seal') == 2 and before in page
        assert "recovery code <code>K7QF-2MXA-9PRT-10</code>" in page  # as written down
    assert "opened Ann's sealed choice: scores Wyrms, Ben's danger suit Knots" in _history(t)
    exported = json.loads(t.page(t.ben, "/games/1/export.json"))
    assert [e["kind"] for e in exported["events"]].count("fta-open") == 2


@pytest.mark.one_database
def test_a_lost_code_ben_enters_anns_word_and_history_marks_it_unproven(t):
    ok(t.points(1, "alpha", 0, 0))
    ok(t.seal(t.ann, 1, "Wyrms", "Knots"))
    ok(t.seal(t.ben, 1, "Suns", "Wyrms"))
    ok(t.points(1, "omega", 0, 0))
    ok(t.ready(t.ben, 1, 1))
    answer = t.open(t.ann, 1, 0, code="")  # Ann cannot vouch for herself
    assert answer.status_code == 422 and "Ben can enter" in answer.get_data(as_text=True)
    ok(t.open(t.ben, 1, 0, code=""))
    page = t.page(t.watcher)
    assert "Unproven" in page and "Ben entered Ann's word" in page
    assert "taken on Ann's word, entered on Ben's side" in _history(t)


# stores and round-end scoring


@pytest.mark.one_database
def test_stores_before_the_reveal_are_refused(t):
    ok(t.points(1, "alpha", 3, 1))
    answer = t.store(1, 0, ANN_STORE)
    assert answer.status_code == 422 and "after the omega hand" in answer.get_data(as_text=True)


@pytest.mark.one_database
def test_round_end_categories_with_a_line_each(t):
    _to_stores(t)
    ok(t.store(1, 0, ANN_STORE))
    ok(t.store(1, 1, BEN_STORE))
    ok(t.aside(1, ASIDE))
    page = t.page()
    assert "Round 2 <small>of 8" in page
    assert "Round 1: Ann -3, Ben 3" in page
    for line in (
        "Cards with neither suit: Ann 0, Ben 0; a tie scores nothing.",
        "The Excuse is worth 2; Ann scores 2.",
        "Cards in the scoring suit: Ann 3, Ben 2; Ann scores 3.",
        "Cards in the danger suit: Ann 3, Ben 1; Ann loses 11 (the cards plus the highest number",
        "Personalities in the scoring suit: Ann 1, Ben 1; a tie scores nothing.",
    ):
        assert line in page
    assert t.totals() == ["-3", "3"]
    detail = t.page(url="/fta/round/1")
    assert detail.count("data-category=") == 8
    for where in (page, detail):  # the summary on the table page and the round in detail
        text = re.sub(r"<[^>]+>", " ", where).replace("&#39;", "'")
        text = re.sub(r"\s+", " ", text)
        for said in (
            "Alpha hand, in play: Ann 3, Ben 1",
            "Omega hand, in play: Ann 0, Ben 2",
            "Ann's Moons: Ace of Moons, Journey (3) and Huntress (Crown)",
            "Ben's Suns: Bard (Crown) and Desert (2)",
            "Ann's danger suit, Knots: Battle (4), Soldier (5) and Betrayal (8)",
            "Ann: Excuse",
            "Round total : Ann -3, Ben 3",
        ):
            assert said in text, (said, text[-3000:])
    assert "Ann: Ace of Moons, Journey, Huntress, Excuse, Battle, Soldier, Betrayal" in detail


# game end


@pytest.mark.one_database
def test_game_end_after_the_last_round(app):
    t = Table(app, rounds=2)
    t.full_round(1)
    assert "Alpha hand <small>· Ben deals · Ann leads" in t.page()
    t.full_round(2, alpha=(0, 0), omega=(0, 0))
    page = t.page()
    assert "Game over" in page
    assert "Ben wins: -9 to 3" in page
    assert "2 rounds played" in page
    assert t.points(3, "alpha", 1, 1).status_code == 422
    assert "Ben wins" in t.page(t.watcher, "/live")
    assert "/fta/round/2?of=1" in page  # the round links name their game
    ok(t.post(t.ben, "/new-game", {}))  # game 2: game 1's rounds stay readable
    detail = t.page(url="/fta/round/1?of=1")
    assert "Ann: Ace of Moons, Journey, Huntress, Excuse, Battle, Soldier, Betrayal" in detail
    for odd in ("9", "x", "-1", "1.5", "123456"):
        assert t.ann.get(t.path + f"/fta/round/1?of={odd}").status_code == 404, odd


@pytest.mark.one_database
def test_cribbage_finish_ends_at_once(app):
    t = Table(app, cribbage_finish=1, target=5)
    ok(t.points(1, "alpha", 2, 6))
    page = t.page()
    assert "Ben wins: 2 to 6" in page
    assert "first to 5, in round 1 (alpha hand: typed); Cribbage Finish" in page
    assert t.seal(t.ann, 1, "Moons", "Waves").status_code == 422


@pytest.mark.one_database
@pytest.mark.parametrize("first_dealer, winner", [(0, "Ann"), (1, "Ben")])
def test_cribbage_finish_typed_points_count_the_alpha_dealer_first(app, first_dealer, winner):
    t = Table(app, cribbage_finish=1, target=5, first_dealer=first_dealer)
    ok(t.points(1, "alpha", 6, 7))  # both cross the target in the same hand
    assert f"{winner} wins" in t.page()


@pytest.mark.one_database
def test_cribbage_finish_counts_round_end_categories_in_order(app):
    t = Table(app, cribbage_finish=1, target=6)
    t.full_round(1, alpha=(5, 0), omega=(0, 0))
    page = t.page()
    assert "Ann wins" in page  # 5 + Excuse 2 reaches 6 before Most Danger takes 11 away
    assert "(Excuse); Cribbage Finish" in page


# plays, card by card


ALPHA_TEN = ["Author", "Bard", "Battle", "Betrayal", "Borderland", "Calamity", "Castle", "Cave",
             "Chance Meeting", "Consul"]  # fmt: skip


@pytest.mark.one_database
def test_typed_points_in_referee_mode_replace_the_plays(app):
    t = Table(app, enter_plays=1)
    ok(t.play(1, "alpha", 1, "Merchant", 0))
    ok(t.points(1, "alpha", 2, 5, version=1))
    assert t.totals() == ["2", "5"]
    assert t.play(1, "alpha", 0, "Pact", 2).status_code == 422


# bad input and import


def test_host_seals_for_a_seat_without_a_phone_and_never_sees_it(app):
    host = app.test_client()
    path = start(host)
    ann = app.test_client()
    assert claim(ann, join_token(host, path), 0).status_code == 303
    body = {"points-0": "0", "points-1": "0", "version": "0", "csrf_token": csrf(host)}
    assert host.post(f"{path}/fta/1/alpha/points", data=body).status_code == 303
    made = commitment("round 1 seat 2", "Leaves", "Wyrms", "K7QF2MXA9PRT")
    seal = {"seat": "1", "commitment": made, "lock": lock_of("k"), "version": "0"}
    answer = host.post(f"{path}/fta/1/seal", data={**seal, "csrf_token": csrf(host)})
    assert answer.status_code == 303
    seal["seat"] = "0"  # Ann's phone sits in seat 0: only it seals for Ann
    answer = host.post(f"{path}/fta/1/seal", data={**seal, "csrf_token": csrf(host)})
    assert answer.status_code == 403
    for phone in (host, ann):
        page = phone.get(path).get_data(as_text=True)
        assert "Leaves" not in page.split('id="fta-seal"')[1].split("fta-seal-pick")[0]
        assert re.search(r'data-seat="1">Ben: <strong>sealed</strong>', page)
        assert "(sealed by the host)" in page
    assert "Peek at Ben's choice" in host.get(path).get_data(as_text=True)
    live = host.get(f"{path}/live").get_data(as_text=True).replace("&#39;", "'")
    assert "the host sealed a choice for Ben (commitment" in live


def test_the_host_freeing_a_seat_and_sitting_there_sees_nothing_and_changes_nothing(t):
    """Issue 12: the host frees Ben's seat, opens the join link in a private tab and sits as
    Ben. That phone has no key: no choice on the page, and a new seal is refused."""
    ok(t.points(1, "alpha", 0, 0))
    ok(t.seal(t.ben, 1, "Suns", "Knots"))
    ok(t.post(t.ann, "/free/1", {}))
    tab = t.app.test_client()  # the host's private tab
    assert claim(tab, join_token(t.ann, t.path), 1).status_code == 303
    page = tab.get(t.path).get_data(as_text=True)
    seals = page.split('id="fta-seal"')[1].split("fta-seal-pick")[0]
    assert not [name for name in SUIT_NAMES if name in seals]
    assert "Your choice" not in page and "K7QF2MXA9PRT" not in page
    answer = t.seal(tab, 1, "Moons", "Moons", version=1, seat=1)
    assert answer.status_code == 403
    assert "sealed on another phone" in answer.get_data(as_text=True)
    assert "Moons" not in _payloads(t.app)
    assert t.page(t.watcher).count("<strong>sealed</strong>") == 1


# stores and round-end scoring


def _to_stores(t: Table) -> None:
    ok(t.points(1, "alpha", 3, 1))
    ok(t.seal(t.ann, 1, "Moons", "Waves"))
    ok(t.seal(t.ben, 1, "Suns", "Knots"))
    ok(t.points(1, "omega", 0, 2))
    ok(t.ready(t.ben, 1, 1))
    t.open_all(1)


@pytest.mark.one_database
def test_store_checks(t):
    _to_stores(t)
    ok(t.store(1, 0, ANN_STORE))
    answer = t.store(1, 1, [*BEN_STORE, "Journey"])
    body = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert "Journey is already in Ann&#39;s store: a card can be in one place only." in body
    assert t.store(1, 1, ["Bard", "Bard"]).status_code == 422
    assert t.store(1, 1, ["Not a card"]).status_code == 422
    assert t.store(1, 0, ["Bard"], version=1, phone=t.ben).status_code == 403  # not Ben's store
    ok(t.store(1, 1, BEN_STORE))
    short = ASIDE[:-2]
    ok(t.aside(1, short))
    page = t.page()
    assert 'data-rule="store-count"' in page
    assert "43 in all, but a round accounts for all 45" in page
    assert f"In no list: {ASIDE[-2]}, {ASIDE[-1]}" in page
    assert t.totals() == ["3", "3"]  # not scored while the stores do not add up
    assert t.aside(1, ASIDE, version=0).status_code == 409
    assert t.aside(1, [*ASIDE[:-1], "Bard"], version=1).status_code == 422
    ok(t.aside(1, ASIDE, version=1))
    assert 'data-rule="store-count"' not in t.page()


@pytest.mark.one_database
def test_undo_takes_back_a_store(t):
    _to_stores(t)
    ok(t.store(1, 0, ANN_STORE))
    assert t.post(t.watcher, "/undo", {}).status_code == 403  # not at the table
    ok(t.post(t.ann, "/undo", {}))  # the host (Ann's phone started the table)
    assert "Ann's store: waiting" in t.page()
    assert "undid a change (a store)" in t.page(url="/live")
    ok(t.store(1, 0, ANN_STORE, version=2))


# plays, card by card


def _offered(page: str, hand: str) -> list[str]:
    start = page.index(f'id="fta-picker-{hand}"')
    end = page.index("</form>", start)
    return re.findall(r'name="card" value="([^"]+)"', page[start:end])


@pytest.mark.one_database
def test_picker_offers_only_legal_cards_and_counts_in_play_points(app):
    t = Table(app, enter_plays=1)
    page = t.page()
    assert len(_offered(page, "alpha")) == 39  # a lead: anything but an Ace (10 cards held)
    body = ok(t.play(1, "alpha", 1, "Merchant", 0))
    offered = _offered(body, "alpha")
    assert "Author" not in offered and "Market" not in offered and "Merchant" not in offered
    assert offered[:3] == ["Mill", "Mountain", "Origin"]
    assert (
        "Ace of Leaves" in offered and "Ace of Knots" in offered and "Ace of Moons" not in offered
    )
    refused = t.play(1, "alpha", 0, "Author", 1)
    assert refused.status_code == 422
    assert "Author does not come after Merchant" in refused.get_data(as_text=True)
    ok(t.play(1, "alpha", 0, "Pact", 1))  # 9 on 9: same rank
    body = ok(t.play(1, "alpha", 1, "Sailor", 2))
    assert "Ann: same rank as the previous card: +1 (Pact)" in body
    ok(t.play(1, "alpha", 0, "Sea", 3))
    ok(t.play(1, "alpha", 1, "Window", 4))  # Crown 12, Court 11
    body = ok(t.play(1, "alpha", 0, "Ace of Knots", 5))
    assert "chooses: end the sequence" in body
    assert "Ace of Moons" not in _offered(body, "alpha")  # never an Ace on an Ace
    assert "Author" in _offered(body, "alpha")  # free of order after an Ace
    body = ok(t.post(t.ann, "/fta/1/alpha/play", {"action": "end", "version": 6}, htmx=True))
    assert "(ended on the Ace)" in body
    assert t.play(1, "alpha", 0, "Sea", 7).status_code == 422  # played already
    for i, (seat, card) in enumerate([(0, "Harvest"), (1, "Huntress"), (0, "Island")]):
        body = ok(t.play(1, "alpha", seat, card, 7 + i))
    assert "Ann: run of 3: +3 (Island)" in body
    assert t.totals() == ["4", "0"]


ALPHA_TEN = ["Author", "Bard", "Battle", "Betrayal", "Borderland", "Calamity", "Castle", "Cave",
             "Chance Meeting", "Consul"]  # fmt: skip


@pytest.mark.one_database
def test_a_hand_of_plays_ends_when_a_player_is_out(app):
    t = Table(app, enter_plays=1)
    for version, card in enumerate(ALPHA_TEN):
        body = ok(t.play(1, "alpha", 0, card, version))
    assert "Ann: same rank as the previous card: +1 (Cave)" in body
    assert "Ann: same rank as the previous 2 cards: +2 (Chance Meeting)" in body
    assert "Ann: first out: +1" in body
    assert "Ann went out first" in body
    assert 'id="fta-picker-alpha"' not in body
    assert 'id="fta-seal-form"' in body
    assert t.totals() == ["4", "0"]
    assert t.play(1, "alpha", 1, "Desert", 10).status_code == 422  # the hand is over


@pytest.mark.one_database
def test_back_and_forth_omega_picker_goes_backwards(app):
    t = Table(app, enter_plays=1, back_and_forth=1)
    for version, card in enumerate(ALPHA_TEN):
        ok(t.play(1, "alpha", 0, card, version))
    ok(t.seal(t.ann, 1, "Moons", "Waves"))
    ok(t.seal(t.ben, 1, "Suns", "Knots"))
    offered = _offered(t.page(), "omega")
    assert offered[:3] == ["Window", "Windfall", "Watchman"]
    assert "Author" not in offered  # played in the alpha hand
    body = ok(t.play(1, "omega", 1, "Mill", 0))
    assert _offered(body, "omega")[:3] == ["Merchant", "Market", "Lunatic"]
    refused = t.play(1, "omega", 0, "Sea", 1)
    assert "Sea does not come before Mill" in refused.get_data(as_text=True)


# the reveal: when the omega hand is over, and final (issue 10)


REVEALED = 'class="fta-choice-revealed"'


def _sealed_for_omega(t: Table) -> None:
    ok(t.points(1, "alpha", 3, 1))
    ok(t.seal(t.ann, 1, "Wyrms", "Knots"))
    ok(t.seal(t.ben, 1, "Suns", "Wyrms"))


def _history(t: Table) -> str:
    return t.page(url="/live").replace("&#39;", "'")


@pytest.mark.one_database
def test_typed_zero_zero_from_one_phone_does_not_reveal(t):
    _sealed_for_omega(t)
    ok(t.points(1, "omega", 0, 0))
    nonces = [t.keys[(1, s)][3] for s in (0, 1)]
    for phone in (t.ann, t.ben, t.watcher):
        page = t.page(phone)
        assert REVEALED not in page and 'id="fta-reveal"' not in page
        assert not [n for n in nonces if n in page]
        assert '<li data-seat="0">Ann: <strong>the hand is over</strong></li>' in page
        assert '<li data-seat="1">Ben: not yet</li>' in page
    assert 'id="fta-ready-1"' in t.page(t.ben) and 'id="fta-ready-0"' not in t.page(t.ann)
    assert "the sealed choices are revealed" not in _history(t)
    assert t.store(1, 0, ANN_STORE).status_code == 422  # stores wait for the reveal
    ok(t.post(t.ann, "/undo", {}))  # Ann takes her typo back: her word goes with it
    assert '<li data-seat="0">Ann: not yet</li>' in t.page(t.ben)
    ok(t.ready(t.ben, 1, 1))
    assert REVEALED not in t.page(t.ben)  # Ben's word alone is not enough either


@pytest.mark.one_database
@pytest.mark.parametrize("second", ["points", "ready"])
def test_reveal_when_both_players_say_the_omega_hand_is_over(t, second):
    _sealed_for_omega(t)
    ok(t.points(1, "omega", 2, 1))
    if second == "points":
        body = ok(t.points(1, "omega", 2, 1, version=1, phone=t.ben))
    else:
        body = ok(t.ready(t.ben, 1, 1))
    assert "sealed suits are revealed" in body or 'id="fta-reveal"' in t.page(t.ben)
    t.open_all(1)
    for phone in (t.ann, t.ben, t.watcher):
        page = t.page(phone)
        assert page.count(REVEALED) == 2
        assert says_suit(page, "<strong>Ann</strong> scores", "Wyrms")
    history = _history(t)
    assert "round 1: the omega hand is over (both players said the hand is over)" in history
    assert "a reveal is final" in history


@pytest.mark.one_database
def test_both_players_tapping_reveal_opens_the_choices(t):
    _sealed_for_omega(t)
    ok(t.ready(t.ann, 1, 0))
    assert REVEALED not in t.page(t.ben)
    assert t.ready(t.ann, 1, 0).status_code == 409  # an old page: Ann's word is in already
    assert t.ready(t.ann, 1, 0, version=1).status_code == 422  # said so already
    assert t.ready(t.ann, 1, 1).status_code == 403  # Ann's phone cannot speak for Ben
    assert t.ready(t.watcher, 1, 1).status_code == 403
    ok(t.ready(t.ben, 1, 1))
    t.open_all(1)
    assert t.page(t.watcher).count(REVEALED) == 2
    assert "Ann says the omega hand is over (asks for the reveal)" in _history(t)
    assert t.ready(t.ben, 1, 1, version=1).status_code == 422  # revealed already
    ok(t.points(1, "omega", 2, 1))  # the points can still come after
    ok(t.store(1, 0, ANN_STORE))


def test_undo_after_the_reveal_never_seals_again(t):
    _sealed_for_omega(t)
    ok(t.points(1, "omega", 2, 1))
    ok(t.ready(t.ben, 1, 1))
    t.open_all(1)
    ok(t.post(t.ann, "/undo", {}))  # undoes the omega points; the reveal stays
    ok(t.post(t.ann, "/undo", {}))  # and the alpha hand's points
    for phone in (t.ann, t.ben, t.watcher):
        assert t.page(phone).count(REVEALED) == 2
    answer = t.seal(t.ann, 1, "Moons", "Moons", version=1)
    assert answer.status_code == 422 and "can no longer change" in answer.get_data(as_text=True)
    history = _history(t)
    assert history.count("the sealed choices are revealed") == 1
    assert history.count("undid a change (a hand's points)") == 2
    ok(t.points(1, "alpha", 3, 1, version=2))
    ok(t.points(1, "omega", 2, 1, version=2))
    assert _history(t).count("the sealed choices are revealed") == 1  # no second reveal
    exported = json.loads(t.page(t.ben, "/games/1/export.json"))
    assert [e["kind"] for e in exported["events"]].count("fta-reveal") == 1


OMEGA_TEN = ["Darkness", "Desert", "Diplomat", "Discovery", "End", "Excuse", "Forest",
             "Harvest", "Huntress", "Island"]  # fmt: skip


@pytest.mark.one_database
def test_plays_reveal_when_a_player_goes_out_in_the_omega_hand(app):
    t = Table(app, enter_plays=1)
    for version, card in enumerate(ALPHA_TEN):
        ok(t.play(1, "alpha", 0, card, version))
    ok(t.seal(t.ann, 1, "Moons", "Waves"))
    ok(t.seal(t.ben, 1, "Suns", "Knots"))
    for version, card in enumerate(OMEGA_TEN[:-1]):
        ok(t.play(1, "omega", 0, card, version))
    assert REVEALED not in t.page(t.ben)
    ok(t.play(1, "omega", 0, OMEGA_TEN[-1], 9))
    t.open_all(1)
    assert t.page(t.ben).count(REVEALED) == 2
    assert "the omega hand is over (Ann went out)" in _history(t)


# Ace leads (issue 10): refused when the player must hold something else, flagged from later plays


@pytest.mark.one_database
def test_an_ace_lead_is_not_offered_and_refused_while_other_cards_are_held(app):
    t = Table(app, enter_plays=1)
    assert not [c for c in _offered(t.page(), "alpha") if c.startswith("Ace of")]
    refused = t.play(1, "alpha", 1, "Ace of Moons", 0)
    assert refused.status_code == 422
    assert (
        "Ace of Moons may not lead: an Ace is led only when nothing else is left in hand, and "
        "Ben still holds 10 cards with only 6 Aces unplayed."
    ) in refused.get_data(as_text=True)
    assert t.totals() == ["0", "0"]


@pytest.mark.one_database
def test_an_ace_lead_shown_illegal_by_a_later_play_is_flagged(app):
    t = Table(app, enter_plays=1)
    for version, card in enumerate(["Author", "Bard", "Battle", "Betrayal"]):
        ok(t.play(1, "alpha", 1, card, version))
    ok(t.post(t.ann, "/fta/1/alpha/play", {"action": "end", "version": 4}, htmx=True))
    offered = _offered(t.page(), "alpha")  # Ben holds 6 cards, and 6 Aces are unplayed
    assert [c for c in offered if c.startswith("Ace of")] == [
        "Ace of Moons", "Ace of Suns", "Ace of Waves", "Ace of Leaves", "Ace of Wyrms",
        "Ace of Knots",
    ]  # fmt: skip
    ok(t.play(1, "alpha", 1, "Ace of Moons", 5))
    assert 'data-rule="ace-lead"' not in t.page()
    body = ok(t.play(1, "alpha", 1, "Castle", 6))  # Ben had a non-Ace after all
    flag = 'data-rule="ace-lead">Play 5, Ben: Ace of Moons was led while other cards were in hand.'
    assert flag in body
    assert flag.split(">", 1)[1] in t.page(t.watcher, "/fta/round/1")


# bad input and import


BAD_INPUT = [
    ("/fta/1/gamma/points", {"points-0": "1", "points-1": "1"}),
    ("/fta/0/alpha/points", {"points-0": "1", "points-1": "1"}),
    ("/fta/99/alpha/points", {"points-0": "1", "points-1": "1", "version": "0"}),
    ("/fta/1/alpha/points", {"points-0": "1", "points-1": "1", "version": "x"}),
    ("/fta/1/alpha/points", {"points-0": "1", "points-1": "1", "version": "9" * 40}),
    ("/fta/1/alpha/points", {"points-0": "١", "points-1": "1", "version": "0"}),
    ("/fta/1/alpha/play", {"card": "Nothing", "version": "0"}),
    ("/fta/1/alpha/play", {"card": "Author", "seat": "7", "version": "0"}),
    ("/fta/1/alpha/play", {"action": "end", "version": "0"}),
    ("/fta/1/alpha/play", {"card": "x" * 5000, "version": "0"}),
    ("/fta/1/seal", {"scoring": "Moons", "danger": "x" * 5000}),
    ("/fta/1/store/0", {"cards": ["Author"] * 500, "version": "0"}),
    ("/fta/1/store/5", {"cards": "Author"}),
    ("/fta/1/store/-1", {"cards": "Author"}),
    ("/fta/1/aside", {"cards": ["", " ", "the"], "version": "0"}),
    ("/fta/verify", {}),
]


@pytest.mark.one_database
def test_bad_input_never_fails_the_server(t):
    """Each bad form on the same table (each is refused, so the table stays as it was)."""
    for url, data in BAD_INPUT:
        answer = t.post(t.ann, url, data)
        assert 400 <= answer.status_code < 500, (url, answer.status_code)
        assert t.ann.get(t.path + "/fta/verify?nonce=%00&choice=&label=x").status_code == 200
        assert t.ann.get(t.path + "/fta/round/0").status_code == 404
    assert t.totals() == ["0", "0"]


def test_export_and_import_give_the_same_sheet(t):
    t.full_round(1)
    ok(t.points(2, "alpha", 1, 0))
    exported = t.ann.get(f"{t.path}/games/1/export.json").get_data()
    csv = t.ann.get(f"{t.path}/games/1/export.csv").get_data(as_text=True)
    assert csv.splitlines()[1:3] == ["1,Ann,-3,3", "2,Ben,1,0"]
    import io

    answer = t.watcher.post(
        "/import",
        data={"csrf_token": csrf(t.watcher), "file": (io.BytesIO(exported), "game.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 303
    page = t.watcher.get(answer.headers["Location"] + "/live").get_data(as_text=True)
    assert re.findall(r'<td class="total"[^>]*>([^<]*)</td>', page) == ["-2", "3"]


def test_an_old_game_with_plaintext_seals_keeps_reading_and_scoring(t):
    """Games sealed before commitments stored the suits and a nonce (``fta-seal``): they fold,
    reveal with their fingerprint checked, and score as before."""
    from companion.extensions import db
    from companion.games.follow_the_author import seal
    from companion.tables import store
    from companion.tables.models import Table as Row

    ok(t.points(1, "alpha", 3, 1))
    with t.app.app_context():
        game = db.session.query(Row).filter_by(token=t.path.rsplit("/", 1)[1]).one().game
        for seat, name, (scoring, danger) in ((0, "Ann", ("Moons", "Waves")),
                                              (1, "Ben", ("Suns", "Knots"))):  # fmt: skip
            label, nonce = f"round 1 seat {seat + 1}", "0123456789abcdef"
            made = seal(f"{scoring} {danger}", nonce, label)
            payload = {"seat": seat, "label": label, "scoring": scoring, "danger": danger,
                       "nonce": nonce, "fingerprint": made}  # fmt: skip
            store.append(game, "fta-seal", name, seat, payload, 1, (f"r1seal{seat}", 1))
        db.session.commit()
    assert "Moons" not in t.page(t.ben).split('id="fta-seal"')[1].split("fta-seal-pick")[0]
    ok(t.points(1, "omega", 0, 2))
    ok(t.ready(t.ben, 1, 1))
    page = t.page(t.watcher)
    assert page.count('fta-ok">matches') == 2 and says_suit(
        page, "<strong>Ann</strong> scores", "Moons"
    )
    for r, cards in ((0, ANN_STORE), (1, BEN_STORE)):
        ok(t.store(1, r, cards))
    ok(t.aside(1, ASIDE))
    assert t.totals() == ["-3", "3"]


# stores pre-filled from the plays, the picker's order, suit icons (no emoji on any page)

ANN_RUN = ["Forest", "Harvest", "Huntress", "Island", "Journey", "Light Keeper", "Lunatic",
           "Market"]  # fmt: skip
EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf]")


def _alpha_by_plays(t: Table) -> None:
    """Ann Author, Ben Bard, end (Ben stores); Ben Castle, Ann Desert, end (Ann stores); Ann
    plays eight more and goes out (Ann stores)."""
    steps = [(0, "Author"), (1, "Bard"), "end", (1, "Castle"), (0, "Desert"), "end"]
    steps += [(0, card) for card in ANN_RUN]
    for version, step in enumerate(steps):
        if step == "end":
            ok(t.post(t.ann, "/fta/1/alpha/play", {"action": "end", "version": version}, True))
        else:
            ok(t.play(1, "alpha", step[0], step[1], version))


def _form(page: str, form_id: str) -> str:
    start = page.index(f'id="{form_id}"')
    return page[start : page.index("</form>", start)]


def _checked(form: str) -> list[str]:
    return re.findall(r'<input type="checkbox" name="cards" value="([^"]+)" checked', form)


@pytest.mark.one_database
def test_stores_are_prefilled_from_the_plays_and_a_contradiction_is_refused_input_kept(app):
    t = Table(app, enter_plays=1)
    _alpha_by_plays(t)
    ok(t.seal(t.ann, 1, "Wyrms", "Knots"))
    ok(t.seal(t.ben, 1, "Suns", "Wyrms"))
    ok(t.points(1, "omega", 0, 2))
    ok(t.ready(t.ben, 1, 1))
    page = t.page()  # Ann's phone is the host's: both stores
    ann_form, ben_form = _form(page, "fta-store-0"), _form(page, "fta-store-1")
    assert sorted(_checked(ann_form)) == sorted(["Castle", "Desert", *ANN_RUN])
    assert sorted(_checked(ben_form)) == ["Author", "Bard"]
    assert "From the plays: 10 cards, tapped for you" in ann_form
    assert 'value="Author"' not in ann_form  # Ben's from the plays: not offered to Ann
    assert 'value="Castle"' not in _form(page, "fta-aside")  # played: never set aside
    # Ann's phone untaps the Castle and adds the card Ben gave her face down: refused, kept
    sent = [c for c in ["Desert", *ANN_RUN] if c != "Castle"] + ["Sea"]
    answer = t.post(t.ann, "/fta/1/store/0", {"cards": sent, "version": 0}, htmx=True)
    body = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert (
        "Castle (alpha hand, sequence 2) was stored by Ann in play (Ann played the last card of "
        "that sequence). Keep it in Ann&#39;s store" in body
    )
    assert sorted(_checked(_form(body, "fta-store-0"))) == sorted(sent)  # the input kept
    assert "Ann's store: waiting" in body.replace("&#39;", "'")
    answer = t.store(1, 1, ["Author", "Bard", "Desert"])  # Ben's phone lists Ann's Desert
    assert answer.status_code == 422
    assert "Desert (alpha hand, sequence 2) was stored by Ann in play" in answer.get_data(
        as_text=True
    )
    # the same taps with the Castle: taken
    ok(t.store(1, 0, [*sent, "Castle"]))


@pytest.mark.one_database
def test_after_an_ace_end_the_sequence_comes_before_the_cards(app):
    t = Table(app, enter_plays=1)
    body = ok(t.play(1, "alpha", 1, "Merchant", 0))
    picker = _form(body, "fta-picker-alpha")
    assert picker.index('name="card"') < picker.index('value="end"')  # no Ace: end is last
    body = ok(t.play(1, "alpha", 0, "Ace of Knots", 1))
    picker = _form(body, "fta-picker-alpha")
    assert picker.index('value="end"') < picker.index('name="card"')
    assert picker.index('value="end"') < picker.index('name="seat"')


@pytest.mark.one_database
def test_during_the_omega_hand_its_picker_comes_before_the_alpha_record(app):
    t = Table(app, enter_plays=1)
    _alpha_by_plays(t)
    page = t.page()
    assert page.index('id="fta-seal"') < page.index('id="fta-alpha"')  # sealing is now
    ok(t.seal(t.ann, 1, "Wyrms", "Knots"))
    ok(t.seal(t.ben, 1, "Suns", "Wyrms"))
    page = t.page()
    assert page.index('id="fta-picker-omega"') < page.index('id="fta-alpha"')
    assert page.index('id="fta-omega"') < page.index('id="fta-ready"')
    ok(t.points(1, "omega", 0, 2))  # Ann's word: now the other player's word is awaited
    page = t.page(t.ben)
    assert (
        page.index('id="fta-ready"') < page.index('id="fta-omega"') < page.index('id="fta-alpha"')
    )
    ok(t.ready(t.ben, 1, 1))
    t.open_all(1)
    page = t.page()
    assert (
        page.index('id="fta-reveal"') < page.index('id="fta-stores"') < page.index('id="fta-omega"')
    )


@pytest.mark.one_database
def test_suits_are_our_own_svg_icons_and_no_fta_page_has_an_emoji(app):
    t = Table(app, enter_plays=1)
    pages = [t.page()]
    _alpha_by_plays(t)
    pages.append(t.page())  # the seal's suit buttons
    ok(t.seal(t.ann, 1, "Wyrms", "Knots"))
    ok(t.seal(t.ben, 1, "Suns", "Wyrms"))
    pages.append(t.page())  # the omega picker
    ok(t.points(1, "omega", 0, 2))
    ok(t.ready(t.ben, 1, 1))
    t.open_all(1)
    pages.append(t.page())  # the reveal and the store tappers
    ok(t.store(1, 0, ["Castle", "Desert", *ANN_RUN, "Journey", "Huntress"][:10] + ["Sea"]))
    ok(t.store(1, 1, ["Author", "Bard", "Excuse", "Battle"]))
    rest = {"Castle", "Desert", *ANN_RUN, "Sea", "Author", "Bard", "Excuse", "Battle"}
    ok(t.aside(1, [c.title for c in DECK if c.title not in rest]))
    pages.append(t.page())  # round 2, with the summary of round 1
    pages += [t.page(url="/fta/round/1"), t.page(url="/rules"), t.page(t.watcher)]
    pages.append(t.page(url="/fta/verify?choice=a+b&nonce=x&fingerprint=y&label=z"))
    _, share, _, _ = _tokens(t.app, t.path)
    for url in (f"/s/{share}", f"/s/{share}/live?tv=1", f"/tv/{share}", "/new/follow-the-author"):
        answer = t.ann.get(url)
        assert answer.status_code == 200, url
        pages.append(answer.get_data(as_text=True))
    assert "leading" in pages[-2]  # the TV's sheet marks the leader without a star character
    for page in pages:
        assert not EMOJI.findall(page), EMOJI.findall(page)
    sprite = re.findall(r'<use href="(/static/fta-suits[^"#]*\.svg)#(\w+)"', "".join(pages))
    assert {name for _, name in sprite} == {"moons", "suns", "waves", "leaves", "wyrms", "knots"}
    for suit in ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"):
        assert f'role="img" aria-label="{suit}"' in pages[1]  # the seal's buttons, each named
    svg = t.ann.get(sprite[0][0])
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    text = svg.get_data(as_text=True)
    assert all(f'<symbol id="{s}"' in text for s in ("moons", "suns", "waves", "leaves", "wyrms",
                                                     "knots"))  # fmt: skip
    assert not EMOJI.findall(text) and "style=" not in text
