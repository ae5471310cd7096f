"""Follow the Author at the table, through Flask's test client: what needs the web layer (what
each phone sees and never sees, who may act, what is stored, export and import) and one smoke
test that plays a two-round game through the pages, on SQLite and PostgreSQL. The game's own
facts (points, seals and the reveal, stores, Cribbage Finish, refusals and their words, undo,
stale forms, options, who deals and leads, the plays picker and its points, Ace leads, the
round's summary) are checked without an app or a database in
``tests/games/follow_the_author/test_fta_moves.py``, ``test_fta_table.py``,
``test_fta_panels.py``, ``test_fta_sealing.py`` and ``test_fta_entry.py``.

Tests marked ``one_database`` only check what a page shows: they run on SQLite alone."""

from __future__ import annotations

import json
import random
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
DECK_TITLES = [c.title for c in DECK]


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
        "Cards in the danger suit: Ann 3, Ben 1; Ann loses 11 (3 cards plus Ann&#39;s highest "
        "number card, Betrayal 8).",
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
    assert "Now: in-play points typed in, Ann 4, Ben 2." in body  # the value now beside ...
    assert re.search(r'name="points-0"[^>]*value="9"', body)  # ... the phone's own input
    assert re.search(r'name="points-1"[^>]*value="9"', body)
    assert t.totals() == ["4", "2"]


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


@pytest.mark.one_database
def test_once_both_sealed_the_pages_offer_no_change_and_a_stale_form_is_409(t):
    ok(t.points(1, "alpha", 0, 0))
    assert t.seal(t.ann, 1, "Wyrms", "Knots").status_code == 303
    page = t.page(t.ann)
    assert 'id="fta-seal-form"' in page  # Ann may still change hers: Ben has not sealed
    assert "Ann can still change their choice until Ben seals" in page
    assert t.seal(t.ben, 1, "Suns", "Wyrms").status_code == 303
    for phone in (t.ann, t.ben):
        page = t.page(phone)
        assert 'id="fta-seal-form"' not in page
        assert "Both choices are sealed and final, like slips laid face down" in page
    late = t.seal(t.ann, 1, "Moons", "Moons", version=1, htmx=True)  # a form left open
    body = late.get_data(as_text=True)
    assert late.status_code == 409 and "final, like a slip laid face down" in body
    assert _payloads(t.app).count("fta-commit") == 2


def test_the_opponents_phone_cannot_open_a_seal_by_hand(t):
    ok(t.points(1, "alpha", 0, 0))
    assert t.seal(t.ann, 1, "Wyrms", "Knots").status_code == 303
    assert t.seal(t.ben, 1, "Suns", "Wyrms").status_code == 303
    ok(t.points(1, "omega", 0, 0))
    ok(t.points(1, "omega", 0, 0, version=1, phone=t.ben))
    for code in ("", "K7QF2MXA9PRT10"):
        forged = t.open(t.ben, 1, 0, code=code, scoring="Leaves")
        assert forged.status_code == 403, forged.status_code
    assert "fta-open" not in _payloads(t.app)


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
    ok(t.seal(t.ben, 1, "Suns", "Wyrms"))
    ok(t.seal(t.ben, 1, "Moons", "Wyrms", version=1))  # changed: still nothing readable
    ok(t.seal(t.ann, 1, "Wyrms", "Knots"))
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
    assert "Open Ann's choice by hand" not in page  # never on the opponent's phone
    assert "Only Ann opens this choice" in page
    page = t.page(t.ann)
    assert 'data-fta-open="' in page and "Open Ann's choice by hand" in page
    wrong = t.open(t.ann, 1, 0, code="K7QF2MXA9PRT99")
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


# game end, and the seats the host speaks for


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


# issue 23: every card once, found by its title or under each of its suits; the last of the
# three lists is what is left of the deck, one tap; two phones on one store: the second is stale


def _to_the_stores(t: Table) -> None:
    ok(t.points(1, "alpha", 3, 1))
    ok(t.seal(t.ann, 1, "Moons", "Waves"))
    ok(t.seal(t.ben, 1, "Suns", "Knots"))
    ok(t.points(1, "omega", 0, 2))
    ok(t.ready(t.ben, 1, 1))
    t.open_all(1)


def _labels(form: str) -> dict[str, str]:
    """Each card's title and the suits its label carries for the suit buttons."""
    label = r'data-suits="([^"]*)"><input type="checkbox" name="cards" value="([^"]+)"'
    found = re.findall(label, form)
    return {title: suits for suits, title in found}


def _fold_open(page: str, summary: str) -> bool:
    found = re.search(r'<details class="fta-store" ?(open)?>\s*<summary>' + summary, page)
    assert found, summary
    return found.group(1) == "open"


@pytest.mark.one_database
def test_every_card_is_listed_once_by_title_with_each_of_its_suits(app):
    t = Table(app)
    _to_the_stores(t)
    form = _form(t.page(), "fta-store-0")
    labels = _labels(form)
    titles = re.findall(r'name="cards" value="([^"]+)"', form)
    assert len(titles) == len(set(titles)) == 45  # once each, no group repeats a card
    assert titles[:7] == sorted(titles[:6]) + ["Author"]  # Aces first, then by title
    knots = sorted(title for title, suits in labels.items() if "Knots" in suits.split())
    assert len(knots) == 14 and "Window" in knots and "Watchman" in knots and "Author" in knots
    assert labels["Excuse"] == "" and labels["Island"] == "Suns Waves Wyrms"
    for suit in ("Moons", "Knots"):  # a button per suit, shown by the script
        assert f'data-suit="{suit}"' in form


@pytest.mark.one_database
def test_the_last_list_is_what_is_left_and_saves_with_one_tap(app):
    t = Table(app)
    _to_the_stores(t)
    # the suits are open: each phone's store by the cards that count comes first, open; every
    # card (the set-aside list and the full stores) is folded below it
    for page in (t.page(), t.page(t.ben)):
        assert not _fold_open(page, "Cards set aside")
        assert not _fold_open(page, "Ben's store")
    assert 'id="fta-count-1"' in t.page(t.ben) and 'id="fta-count-0"' not in t.page(t.ben)
    ok(t.aside(1, ASIDE))
    page = t.page(t.ben)
    assert "Save Ben&#39;s store: the" not in page  # Ann's store is not in yet: Ben taps his
    assert _checked(_form(page, "fta-store-1")) == []
    ok(t.store(1, 1, BEN_STORE))
    page = t.page()
    form = _form(page, "fta-store-0")
    assert "Save Ann&#39;s store: the 7 cards left" in form
    assert sorted(_checked(form)) == sorted(ANN_STORE)
    assert "Ben&#39;s store and the cards set aside are in" in form
    # the one tap: the form as it is
    ok(t.store(1, 0, _checked(form)))
    assert "Round 2" in t.page()
    assert t.totals() != ["0", "0"]


@pytest.mark.one_database
def test_the_set_aside_cards_as_the_last_list_and_none_left(app):
    t = Table(app)
    _to_the_stores(t)
    ok(t.store(1, 0, ANN_STORE))
    ok(t.store(1, 1, [c for c in DECK_TITLES if c not in ANN_STORE]))
    form = _form(t.page(), "fta-aside")
    assert "Save: no card was set aside" in form and _checked(form) == []
    ok(t.aside(1, []))
    assert "Round 2" in t.page()


@pytest.mark.one_database
def test_two_phones_save_one_store_at_once_the_second_is_told_and_keeps_its_taps(app):
    t = Table(app)
    _to_the_stores(t)
    ok(t.aside(1, ASIDE))
    ok(t.store(1, 1, BEN_STORE, phone=t.ben))  # Ben's phone first
    mine = [*BEN_STORE, "Sea"][1:]  # Ann's phone, from the same form (version 0)
    answer = t.post(t.ann, "/fta/1/store/1", {"cards": mine, "version": 0}, htmx=True)
    assert answer.status_code == 409
    body = answer.get_data(as_text=True)
    assert 'id="err-fta"' in body and 'id="fta-now"' in body
    assert "changed on another phone" in body and "Now: 3 cards entered." in body
    assert sorted(_checked(_form(body, "fta-store-1"))) == sorted(mine)  # the input kept
    assert "Save Ben's store</button>" in _form(body, "fta-store-1")  # the full list


@pytest.mark.one_database
def test_two_phones_save_the_same_store_at_once_it_is_agreement(app):
    """The same cards from a form that saw the store empty: told it is in, nothing stored
    twice; a different store at that moment stays a refusal (the test above)."""
    t = Table(app)
    _to_the_stores(t)
    ok(t.store(1, 1, BEN_STORE, phone=t.ben))  # Ben's phone first
    stored = _history(t)
    same = list(reversed(BEN_STORE))  # Ann's phone, the same cards tapped in another order
    answer = t.post(t.ann, "/fta/1/store/1", {"cards": same, "version": 0}, htmx=True)
    assert answer.status_code == 200
    body = answer.get_data(as_text=True).replace("&#39;", "'")
    assert "Ben's store is in (3 cards): another phone saved the same cards." in body
    assert "changed on another phone" not in body and 'id="err-fta"' not in body
    assert _history(t) == stored  # nothing stored again
    # the cards set aside, the same way
    ok(t.aside(1, ASIDE))
    answer = t.post(t.ben, "/fta/1/aside", {"cards": ASIDE[::-1], "version": 0}, htmx=True)
    assert answer.status_code == 200
    assert "another phone saved the same cards" in answer.get_data(as_text=True)


def _counted(t: Table, seat: int, store: list[str]) -> tuple[list[str], int]:
    """What a phone sends for ``store`` by the cards that count: those it lists and the
    number of the others (neither suit, not the Excuse; cards of both suits left out)."""
    page = t.page((t.ann, t.ben)[seat])
    form = _form(page, f"fta-count-{seat}")
    listed = [c for c in store if f'value="{c}"' in form]
    suits = re.search(r"suits: scoring (\w+), (?:danger (\w+)|no danger suit)", form)
    assert suits
    scoring, danger = suits.group(1), suits.group(2)
    both = {c.title for c in DECK if danger and c.has_suit(scoring) and c.has_suit(danger)}
    return listed, len([c for c in store if c not in listed and c not in both and c != "Excuse"])


@pytest.mark.one_database
def test_stores_by_the_cards_that_count_score_as_every_card_does(app):
    """One round twice: every card of both stores and the cards set aside, then each store by
    its cards that count and the number of its others. The same points, category by category;
    no list of the cards set aside is needed the second way."""
    titles = [c.title for c in DECK]
    random.Random(23).shuffle(titles)
    ann, ben, aside = titles[:20], titles[20:39], titles[39:]
    full = Table(app)
    _to_the_stores(full)
    ok(full.store(1, 0, ann))
    ok(full.store(1, 1, ben))
    ok(full.aside(1, aside))
    counted = Table(app)
    _to_the_stores(counted)
    sent = []
    for seat, store in ((0, ann), (1, ben)):
        listed, others = _counted(counted, seat, store)
        assert len(listed) < len(store)  # fewer taps: only the cards that count
        sent.append((listed, others))
        body = {"cards": listed, "others": others, "version": 0}
        ok(counted.post((counted.ann, counted.ben)[seat], f"/fta/1/store/{seat}", body))
    assert "Round 2" in counted.page()
    assert counted.totals() == full.totals() != ["0", "0"]
    round_page = counted.page(url="/fta/round/1").replace("&#39;", "'")
    assert round_page.split("<main")[1].count("Cards with neither suit") == 1
    words = re.findall(r"Cards with neither suit[^<.]*", round_page)
    full_words = re.findall(r"Cards with neither suit[^<.]*", full.page(url="/fta/round/1"))
    assert words == [w.replace("&#39;", "'") for w in full_words]
    assert f"{len(sent[0][0])} cards that count and {sent[0][1]} others" in _history(counted)


@pytest.mark.one_database
def test_a_counted_store_refuses_what_does_not_add_up_in_words(app):
    t = Table(app)
    _to_the_stores(t)  # Ann: scoring Moons, danger Knots
    post = lambda body: t.post(t.ann, "/fta/1/store/0", {"version": 0, **body}, htmx=True)  # noqa: E731
    answer = post({"cards": ["Huntress", "Sea"], "others": 3})  # the Sea is Waves only
    assert answer.status_code == 422
    text = answer.get_data(as_text=True).replace("&#39;", "'")
    assert "Sea counts for neither of Ann's suits (or for both)" in text
    answer = post({"cards": ["Huntress"], "others": 40})
    text = answer.get_data(as_text=True).replace("&#39;", "'")
    assert "Ann's store can hold at most" in text and "cards of neither suit" in text
    answer = post({"cards": ["Huntress"], "others": "lots"})
    assert answer.status_code == 422
    assert "is not a number of cards" in answer.get_data(as_text=True)
    ok(post({"cards": ["Huntress", "Excuse"], "others": 4}))
    # the same again from a form that saw it empty: agreement; another number: refused
    same = post({"cards": ["Excuse", "Huntress"], "others": 4})
    assert "another phone saved the same cards" in same.get_data(as_text=True)
    other = post({"cards": ["Huntress", "Excuse"], "others": 5})
    assert other.status_code == 409
    text = other.get_data(as_text=True)
    assert "changed on another phone" in text
    assert "Now: 2 cards that count and 4 others entered." in text
