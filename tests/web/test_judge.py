"""The word judge: standalone at /judge and at a table (both confirmations, one verdict that
never names the failing word, the verdict clearing, the history line)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.web import judge as flow
from tests.web.tablehelp import claim, csrf, join_token, new_table

# what the pages and fragments show: the storage is tested on both databases elsewhere
pytestmark = pytest.mark.one_database

BAD = "QXZV"


def _verdict(text: str) -> str | None:
    found = re.search(r'class="verdict-word">([^<]*)<', text)
    return found.group(1) if found else None


def _verdict_block(text: str) -> str:
    found = re.search(r'<div class="verdict.*?</div>', text, re.S)
    return found.group(0) if found else ""


def _later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    real = flow.now
    monkeypatch.setattr(flow, "clock", lambda: real() + timedelta(seconds=seconds))


# standalone


def _standalone(client: FlaskClient, play: str, **extra: Any):
    data = {"csrf_token": csrf(client), "lexicon": "en", "words": play, "step": "confirm"}
    data.update({"confirm-player": "1", "confirm-challenger": "1"})
    data.update(extra)
    return client.post("/judge", data=data)


def test_standalone_page_lists_the_loaded_lists(client: FlaskClient) -> None:
    page = client.get("/judge")
    assert page.status_code == 200
    assert 'name="lexicon" value="en" checked' in page.get_data(as_text=True)


def test_standalone_first_shows_the_play_to_confirm(client: FlaskClient) -> None:
    data = {"csrf_token": csrf(client), "lexicon": "en", "words": "team  quiz"}
    page = client.post("/judge", data=data)
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "TEAM" in text and "QUIZ" in text and 'name="confirm-challenger"' in text


@pytest.mark.parametrize("missing", ["confirm-player", "confirm-challenger"])
def test_standalone_needs_both_confirmations(client: FlaskClient, missing: str) -> None:
    answer = _standalone(client, "team", **{missing: ""})
    assert answer.status_code == 422
    assert "Both the player and the challenger confirm" in answer.get_data(as_text=True)


def test_standalone_valid_play_with_commonness(client: FlaskClient) -> None:
    answer = _standalone(client, "team quiz")
    assert answer.status_code == 303
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert _verdict(page) == "VALID"
    assert re.findall(r"Zipf \d\.\d", page) and "QUIZ" in page


def test_standalone_invalid_play_never_names_the_word(client: FlaskClient) -> None:
    answer = _standalone(client, f"team {BAD.lower()} quiz")
    location = answer.headers["Location"]
    page = client.get(location).get_data(as_text=True)
    assert _verdict(page) == "NOT VALID"
    assert BAD not in page.upper() and "TEAM" not in page and BAD not in location.upper()
    assert "Zipf" not in page


def test_standalone_verdict_clears(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    location = _standalone(client, "team").headers["Location"]
    assert 'data-seconds="10"' in client.get(location).get_data(as_text=True)
    _later(monkeypatch, 10.5)
    page = client.get(location).get_data(as_text=True)
    assert _verdict(page) is None and "has cleared" in page


def test_standalone_common_words_only(client: FlaskClient) -> None:
    rare = _standalone(client, "zymurgy", common="1", min_zipf="3")
    assert _verdict(client.get(rare.headers["Location"]).get_data(as_text=True)) == "NOT VALID"
    plain = _standalone(client, "zymurgy")
    assert _verdict(client.get(plain.headers["Location"]).get_data(as_text=True)) == "VALID"


@pytest.mark.parametrize(
    "fields",
    [
        {"lexicon": "nope"},
        {"words": ""},
        {"words": "te4m"},
        {"words": "a " * 60},
        {"common": "1", "min_zipf": "lots"},
        {"common": "1", "min_zipf": "99"},
        {"lexicon": "x" * 500},
    ],
)
def test_standalone_bad_input_is_refused_in_words(client: FlaskClient, fields: dict) -> None:
    answer = _standalone(client, "team", **fields)
    assert answer.status_code == 422
    assert 'class="field-error"' in answer.get_data(as_text=True)


@pytest.mark.parametrize("sig", ["nonsense", "a.b", "x" * 5000])
def test_standalone_forged_verdict_is_not_found(client: FlaskClient, sig: str) -> None:
    assert client.get(f"/judge/verdict/{sig}").status_code == 404


# at a table


@pytest.fixture
def table(client: FlaskClient, app) -> dict[str, Any]:
    """An AlphaGrams table: the host's phone, and Ben's phone in seat 2."""
    path = new_table(client, game="alphagrams", players=2, **{"name-0": "Ann", "name-1": "Ben"})
    ben = app.test_client()
    claim(ben, join_token(client, path), 1, "Ben")
    return {"path": path, "host": client, "ben": ben}


def _open(table: dict[str, Any], words: str) -> int:
    """Ben (seat 2, his own phone) challenges Ann's play (seat 1, no phone)."""
    ben = table["ben"]
    data = {"csrf_token": csrf(ben), "words": words, "player": "0", "challenger": "1"}
    answer = ben.post(f"{table['path']}/judge", data=data)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    found = re.search(r'data-challenge="(\d+)"', ben.get(table["path"]).get_data(as_text=True))
    assert found
    return int(found.group(1))


def _seen(phone: FlaskClient, table: dict[str, Any]) -> str:
    """The challenge's version as this phone's page shows it."""
    found = re.search(
        r'name="version" value="(\d+)"', _entry(phone, table).split('id="challenge"')[-1]
    )
    return found.group(1) if found else "1"


def _confirm(phone: FlaskClient, table: dict[str, Any], n: int, role: str, hx: bool = False,
             version: str | None = None):  # fmt: skip
    headers = {"HX-Request": "true"} if hx else {}
    seen = version if version is not None else _seen(phone, table)
    data = {"csrf_token": csrf(phone), "role": role, "version": seen}
    return phone.post(f"{table['path']}/judge/{n}/confirm", data=data, headers=headers)


def _both(table: dict[str, Any], n: int, hx: bool = False):
    """The host confirms for Ann (no phone), Ben's phone for Ben: the last one judges."""
    assert _confirm(table["host"], table, n, "player").status_code == 303
    return _confirm(table["ben"], table, n, "challenger", hx=hx)


def _entry(phone: FlaskClient, table: dict[str, Any]) -> str:
    return phone.get(f"{table['path']}/entry").get_data(as_text=True)


def test_table_verdict_needs_both_phones(table: dict[str, Any]) -> None:
    n = _open(table, "team quiz")
    _confirm(table["host"], table, n, "player")
    assert _verdict(_entry(table["ben"], table)) is None
    assert "Ben (challenger): to confirm" in _entry(table["ben"], table)
    answer = _confirm(table["ben"], table, n, "challenger", hx=True)
    assert answer.status_code == 200
    assert _verdict(answer.get_data(as_text=True)) == "VALID"
    assert _verdict(_entry(table["host"], table)) == "VALID"


def test_table_invalid_play_never_names_the_word(table: dict[str, Any]) -> None:
    n = _open(table, f"team {BAD} quiz")
    answer = _both(table, n, hx=True)
    fragment = answer.get_data(as_text=True)
    block = _verdict_block(fragment)
    assert _verdict(fragment) == "NOT VALID"
    assert BAD not in block and "TEAM" not in block
    page = table["ben"].get(table["path"]).get_data(as_text=True)
    assert _verdict(page) == "NOT VALID" and BAD not in _verdict_block(page)
    history = re.findall(
        r"<li>(\d\d:\d\d:\d\d [^<]*)</li>",
        table["ben"].get(f"{table['path']}/live").get_data(as_text=True),
    )
    ruling = [line for line in history if "Judge:" in line]
    assert ruling and ruling[0].endswith(
        f"challenge {n}: NOT VALID - word list English for word games. "
        "The play had moved on, so the game is unchanged."
    )
    assert any("Host: confirmed challenge" in line for line in history)
    opened = [line for line in history if "challenged" in line]
    assert opened and opened[0].endswith(
        f"Ben challenged Ann&#39;s play TEAM {BAD} QUIZ (word list English for word games)"
    )
    assert not any(BAD in line for line in history if line not in opened)


def test_table_verdict_clears(table: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    n = _open(table, "team")
    _both(table, n)
    assert _verdict(_entry(table["ben"], table)) == "VALID"
    _later(monkeypatch, 11)
    assert _verdict(_entry(table["ben"], table)) is None
    assert "data-challenge" not in _entry(table["host"], table)


def test_only_the_sides_own_phones_confirm(table: dict[str, Any], app) -> None:
    ann = app.test_client()
    claim(ann, join_token(table["host"], table["path"]), 0, "Ann")
    n = _open(table, "team")
    refused = _confirm(table["ben"], table, n, "player", hx=True)
    assert refused.status_code == 403 and "Ann&#39;s phone" in refused.get_data(as_text=True)
    stranger = app.test_client()
    assert _confirm(stranger, table, n, "challenger").status_code == 403


def test_the_host_does_not_settle_a_challenge_alone_for_seats_with_phones(
    table: dict[str, Any],
) -> None:
    n = _open(table, "team")
    host = table["host"]
    assert "Both confirm" not in _entry(host, table)
    refused = _confirm(host, table, n, "both", hx=True)
    assert refused.status_code == 403 and "Ben&#39;s phone" in refused.get_data(as_text=True)
    assert "Ann (player): to confirm" in _entry(host, table)  # nothing half-stored
    assert _verdict(_entry(host, table)) is None


def test_a_stale_confirmation_is_refused_with_409(table: dict[str, Any]) -> None:
    n = _open(table, "team")
    seen = _seen(table["ben"], table)
    ben = table["ben"]
    withdraw = {"csrf_token": csrf(ben), "version": seen}
    assert ben.post(f"{table['path']}/judge/{n}/cancel", data=withdraw).status_code == 303
    late = _confirm(table["host"], table, n, "player", hx=True, version=seen)
    assert late.status_code == 409 and "another phone" in late.get_data(as_text=True)


def test_a_second_challenge_waits_and_confirming_twice_is_harmless(table: dict[str, Any]) -> None:
    n = _open(table, "team")
    host, ben = table["host"], table["ben"]
    data = {"csrf_token": csrf(ben), "words": "quiz", "player": "0", "challenger": "1"}
    again = ben.post(f"{table['path']}/judge", data=data, headers={"HX-Request": "true"})
    assert again.status_code == 422 and "already being judged" in again.get_data(as_text=True)
    _confirm(host, table, n, "player")
    twice = _confirm(host, table, n, "player", hx=True, version="1")  # the form drawn before
    assert twice.status_code == 409, twice.get_data(as_text=True)
    assert "confirmed already" in twice.get_data(as_text=True), twice.get_data(as_text=True)
    _confirm(ben, table, n, "challenger")
    late = _confirm(ben, table, n, "challenger", hx=True, version="1")
    assert late.status_code == 409 and "another phone" in late.get_data(as_text=True)


def test_withdrawn_challenge_gives_no_verdict(table: dict[str, Any]) -> None:
    n = _open(table, "team")
    ben = table["ben"]
    data = {"csrf_token": csrf(ben), "version": _seen(ben, table)}
    answer = ben.post(f"{table['path']}/judge/{n}/cancel", data=data)
    assert answer.status_code == 303
    assert "data-challenge" not in _entry(ben, table)
    assert _confirm(table["host"], table, n, "player", hx=True, version="1").status_code == 409


@pytest.mark.parametrize(
    "fields",
    [
        {"words": "", "player": "0", "challenger": "1"},
        {"words": "te4m", "player": "0", "challenger": "1"},
        {"words": "team", "player": "0", "challenger": "0"},
        {"words": "team", "player": "9", "challenger": "1"},
        {"words": "team", "player": "x", "challenger": "1"},
        {"words": "team"},
    ],
)
def test_table_bad_challenges_never_500(table: dict[str, Any], fields: dict) -> None:
    ben = table["ben"]
    answer = ben.post(f"{table['path']}/judge", data={"csrf_token": csrf(ben), **fields})
    assert answer.status_code == 422


@pytest.mark.parametrize("role", ["", "judge", "x" * 300])
def test_bad_confirmations_never_500(table: dict[str, Any], role: str) -> None:
    n = _open(table, "team")
    assert _confirm(table["host"], table, n, role).status_code == 422
    assert (
        table["host"]
        .post(
            f"{table['path']}/judge/99/confirm",
            data={"csrf_token": csrf(table["host"]), "role": "player", "version": "1"},
        )
        .status_code
        == 409
    )


def test_every_step_of_the_judge_is_stored_by_the_service(
    table: dict[str, Any], app, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Open, two confirmations and the verdict each go through ``service.act`` like a score:
    every judge event in the database was stored while an action was being acted on, none
    appended by the web layer on its own (``store.append``, or its own commit)."""
    from sqlalchemy import select

    from companion.extensions import db
    from companion.tables import service, store
    from companion.tables.models import Event as Row

    acting: list[bool] = []
    seen: list[tuple[str, bool]] = []
    real_act = service.act

    def act(*args: Any, **kwargs: Any) -> Any:
        acting.append(True)
        try:
            return real_act(*args, **kwargs)
        finally:
            acting.pop()

    def watch(name: str, rows_at: int) -> None:
        real = getattr(store, name)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            rows = args[rows_at]
            kinds = [rows] if isinstance(rows, str) else [r["kind"] for r in rows]
            seen.extend((k, bool(acting)) for k in kinds)
            return real(*args, **kwargs)

        monkeypatch.setattr(store, name, wrapped)

    monkeypatch.setattr(service, "act", act)
    watch("append", 1)
    watch("insert_events", 1)
    n = _open(table, "team")
    _confirm(table["ben"], table, n, "challenger")
    assert _verdict(_entry(table["ben"], table)) is None
    answer = _confirm(table["host"], table, n, "player", hx=True)
    assert _verdict(answer.get_data(as_text=True)) == "VALID"
    with app.app_context():
        kinds = list(db.session.scalars(select(Row.kind).order_by(Row.id)))
    judged = [k for k in kinds if k.startswith("judge-")]
    assert judged == ["judge-open", "judge-confirm", "judge-confirm", "judge-verdict"]
    assert [k for k, inside in seen if k.startswith("judge-") and inside] == judged
    assert not [k for k, inside in seen if not inside]


def test_a_game_without_words_takes_no_challenge(client: FlaskClient, app) -> None:
    """Only a game that has words has the judge's actions: elsewhere a challenge is refused in
    words and nothing is stored."""
    path = new_table(client, game="custom", players=2, **{"name-0": "Ann", "name-1": "Ben"})
    data = {"csrf_token": csrf(client), "words": "team", "player": "0", "challenger": "1"}
    answer = client.post(f"{path}/judge", data=data)
    assert answer.status_code == 422 and "no word judge" in answer.get_data(as_text=True)
    late = {"csrf_token": csrf(client), "role": "player", "version": "1"}
    assert client.post(f"{path}/judge/1/confirm", data=late).status_code == 422
