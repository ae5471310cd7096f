"""Hostile and careless input, round two (issue 12): the session cookie's flags, JSON nested
too deep, NUL bytes in links, a silly Last-Event-ID, and CSV cells a spreadsheet would run.

Every request test runs on SQLite and PostgreSQL (the ``client`` fixture) and asserts no 5xx
and a refusal in words.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime

import pytest
from flask import Flask
from werkzeug.routing.converters import NumberConverter

from companion import create_app
from companion.tables.transfer import inert
from companion.web.bounds import ROUTES
from companion.web.limits import MAX_JSON_DEPTH, TOO_DEEP, too_deep
from tests.web.tablehelp import csrf

DEEP_LIST = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000
VERY_DEEP = "[" * 100_000 + "]" * 100_000  # 200 KB: under the size limit, far past the depth


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def api_table(client, names=("Ann", "", "")) -> dict:
    answer = client.post("/api/v1/tables", json={"game": "custom", "names": list(names)})
    assert answer.status_code == 201, answer.json
    return answer.json


# --- 1. the session cookie ------------------------------------------------------------------


def cookie_app(tmp_path, monkeypatch, **config) -> Flask:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv("COMPANION_BEHIND_PROXY", raising=False)
    uri = f"sqlite:///{tmp_path / 'cookie.sqlite3'}"  # "/code" reads no table
    return create_app({"TESTING": True, "SECRET_KEY": "k", "SQLALCHEMY_DATABASE_URI": uri,
                       "AUTO_MIGRATE": False, **config})  # fmt: skip


def session_cookie(answer) -> dict[str, str]:
    """The session Set-Cookie header's attributes, lower-cased names (flags map to "")."""
    headers = [h for h in answer.headers.getlist("Set-Cookie") if h.startswith("session=")]
    assert len(headers) == 1, answer.headers.getlist("Set-Cookie")
    attrs = {}
    for part in headers[0].split(";")[1:]:
        name, _, value = part.strip().partition("=")
        attrs[name.lower()] = value
    return attrs


def assert_long_lived(attrs: dict[str, str]) -> None:
    expires = parsedate_to_datetime(attrs["expires"])
    assert expires - datetime.now(UTC) > timedelta(days=399)


def test_cookie_over_http_is_httponly_lax_long_lived_and_not_secure(tmp_path, monkeypatch):
    client = cookie_app(tmp_path, monkeypatch).test_client()
    attrs = session_cookie(client.get("/code"))
    assert "httponly" in attrs
    assert attrs["samesite"] == "Lax"
    assert "secure" not in attrs  # a Secure cookie over plain http would be dropped
    assert_long_lived(attrs)


def test_cookie_is_renewed_on_every_use(tmp_path, monkeypatch):
    client = cookie_app(tmp_path, monkeypatch).test_client()
    client.get("/code")
    again = client.get("/code")  # the session itself is unchanged: the cookie is sent anew
    attrs = session_cookie(again)
    assert_long_lived(attrs)
    assert attrs["samesite"] == "Lax" and "httponly" in attrs


def test_cookie_over_https_is_secure(tmp_path, monkeypatch):
    client = cookie_app(tmp_path, monkeypatch).test_client()
    attrs = session_cookie(client.get("/code", base_url="https://table.example"))
    assert "secure" in attrs and "httponly" in attrs and attrs["samesite"] == "Lax"
    assert_long_lived(attrs)


def test_cookie_behind_a_proxy_follows_the_forwarded_scheme(tmp_path, monkeypatch):
    client = cookie_app(tmp_path, monkeypatch, BEHIND_PROXY=True).test_client()
    https = session_cookie(client.get("/code", headers={"X-Forwarded-Proto": "https"}))
    assert "secure" in https and https["samesite"] == "Lax" and "httponly" in https
    plain = client.get("/code", headers={"X-Forwarded-Proto": "http"})
    assert "secure" not in session_cookie(plain)


def test_forwarded_scheme_is_not_trusted_without_a_proxy(tmp_path, monkeypatch):
    client = cookie_app(tmp_path, monkeypatch).test_client()
    attrs = session_cookie(client.get("/code", headers={"X-Forwarded-Proto": "https"}))
    assert "secure" not in attrs


def test_cookie_secure_can_still_be_forced(tmp_path, monkeypatch):
    client = cookie_app(tmp_path, monkeypatch, SESSION_COOKIE_SECURE=True).test_client()
    assert "secure" in session_cookie(client.get("/code"))


# --- 2. JSON nested too deep ----------------------------------------------------------------


def api_post_urls(app: Flask, join: str) -> list[str]:
    """Every POST URL under /api/ the app serves, with a real join token where one is asked."""
    urls = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") and "POST" in (rule.methods or ()):
            assert set(rule.arguments) <= {"token"}, rule.rule
            urls.append(rule.rule.replace("<token>", join))
    return sorted(urls)


def test_json_nested_too_deep_is_a_400_in_words_on_every_api_route(client, app):
    created = api_table(client)
    join = created["links"]["join"].rsplit("/", 1)[1]
    urls = api_post_urls(app, join)
    assert "/api/v1/table/actions" in urls and "/api/v1/referee/hearts/check" in urls
    assert f"/api/v1/join/{join}" in urls and "/api/v1/words/judge" in urls
    circle = client.post("/api/v1/circles", json={"name": "C", "members": []}).json
    for url in urls:
        key = circle["circle_key"] if url.startswith("/api/v1/circle/") else created["host_key"]
        for body in (DEEP_LIST, DEEP_OBJECT, VERY_DEEP):
            answer = client.post(url, data=body, content_type="application/json",
                                 headers=bearer(key))  # fmt: skip
            bounded = ROUTES.get(url)
            if bounded is not None and len(body) > bounded.body_bytes:  # refused before read
                assert (answer.status_code, answer.json["field"]) == (413, "body"), url
                continue
            assert answer.status_code == 400, (url, answer.status_code, answer.data[:200])
            assert answer.json == {"error": TOO_DEEP}, url


def test_json_up_to_the_depth_limit_is_read(client):
    names = ["Ann", "", ""]
    options = {"x": 1}
    nested: object = {"deep": 1}
    for _ in range(MAX_JSON_DEPTH - 3):  # the body, "options" and "x" take three levels
        nested = [nested]
    options["x"] = nested
    answer = client.post("/api/v1/tables", json={"game": "custom", "names": names,
                                                 "options": options})  # fmt: skip
    assert answer.status_code < 500
    assert answer.json.get("error") != TOO_DEEP


def test_brackets_inside_strings_do_not_count_as_depth(client):
    created = api_table(client, names=["[" * 30 + "{" * 10, "", "]]]"])
    assert created["host_key"]
    assert not too_deep('["' + "[" * 500 + '\\"' + "{" * 500 + '"]')
    assert too_deep("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))
    assert not too_deep("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (DEEP_LIST.encode(), "nested too deeply"),
        (DEEP_OBJECT.encode(), "nested too deeply"),
        (b'{"format": "companion-game", "version": ' + b"9" * 5000 + b"}", "not JSON"),
    ],
    ids=["deep-list", "deep-object", "5000-digit-number"],
)
def test_hostile_import_file_is_refused_in_words(client, app, content, words):
    from companion.extensions import db
    from companion.tables.models import Table

    data = {"csrf_token": csrf(client), "file": (io.BytesIO(content), "g.json")}
    answer = client.post("/import", data=data, content_type="multipart/form-data")
    assert answer.status_code == 422
    assert words in answer.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(Table).count() == 0


# --- NUL bytes in links, Last-Event-ID -------------------------------------------------------


def token_links(app: Flask) -> list[str]:
    """Every GET URL with a <token> in it, the token holding a NUL byte (URL-encoded)."""
    adapter = app.url_map.bind("localhost")
    urls = []
    for rule in app.url_map.iter_rules():
        if "token" not in rule.arguments or "GET" not in (rule.methods or ()):
            continue
        values: dict[str, object] = {
            name: 1 if isinstance(conv, NumberConverter) else "x"
            for name, conv in rule._converters.items()
        }
        values["token"] = "ab\x00cd"
        urls.append(adapter.build(rule.endpoint, values))
    return urls


def test_a_nul_byte_in_any_link_is_a_404_in_words(client, app):
    urls = token_links(app)
    for start in ("/t/", "/j/", "/s/", "/tv/"):
        assert any(url.startswith(start) for url in urls), start
    assert all("%00" in url for url in urls)
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 404, (url, answer.status_code)
        assert "no table" in answer.get_data(as_text=True) or (  # a circle's link: no circle
            url.startswith("/c/") and "no circle" in answer.get_data(as_text=True)
        ), url
    join = client.post("/api/v1/join/ab%00cd", json={"seat": 0, "name": "Eve"})
    assert join.status_code == 404 and "no table" in join.json["error"]


@pytest.mark.parametrize("last", ["9" * 5000, "1" * 19, "²", "-1", "1e9", " 12x"])
def test_a_silly_last_event_id_is_ignored(client, last):
    created = api_table(client)
    table = created["links"]["table"]
    answer = client.get(f"{table}/stream", headers={"Last-Event-ID": last})
    assert answer.status_code == 200
    body = answer.get_data(as_text=True)
    assert body.startswith("retry: 1000\nid: ")
    assert "event: update" not in body  # treated as a fresh connection


def test_a_short_last_event_id_still_counts(client):
    created = api_table(client)
    answer = client.get(f"{created['links']['table']}/stream", headers={"Last-Event-ID": "0"})
    assert "event: update" in answer.get_data(as_text=True)


# --- 3. CSV -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'),
        ("+cmd", "'+cmd"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-5", "-5"),
        ("+7", "+7"),
        ("-1.5", "-1.5"),
        (-5, -5),
        ("Ann", "Ann"),
        ("", ""),
        ("a=b", "a=b"),
    ],
)
def test_inert_escapes_only_cells_a_spreadsheet_would_run(cell, written):
    assert inert(cell) == written


def test_csv_export_has_a_bom_and_no_formula_and_keeps_negative_numbers(client):
    names = ['=HYPERLINK("http://evil.example","x")', "@SUM(A1:A9)", "-5", "Zoë"]
    created = api_table(client, names=names)
    table, host = created["links"]["table"], created["host_key"]
    for seat, points in enumerate([-3, 4, -1, 0]):
        body = {"action": "score", "target": {"round": 1, "seat": seat}, "version": 0,
                "data": {"points": points}}  # fmt: skip
        answer = client.post("/api/v1/table/actions", json=body, headers=bearer(host))
        assert answer.status_code == 200, answer.json
    answer = client.get(f"{table}/games/1/export.csv")
    assert answer.status_code == 200
    assert answer.data.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM for Excel
    assert answer.mimetype == "text/csv" and answer.mimetype_params["charset"] == "utf-8"
    rows = list(csv.reader(io.StringIO(answer.data.decode("utf-8-sig"))))
    assert rows[0] == ["round", "dealer", '\'=HYPERLINK("http://evil.example","x")',
                       "'@SUM(A1:A9)", "-5", "Zoë"]  # fmt: skip
    assert rows[1][2:] == ["-3", "4", "-1", "0"]
    assert rows[-1] == ["total", "", "-3", "4", "-1", "0"]
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "@", "\t", "\r")), cell
            assert not cell.startswith(("+", "-")) or cell.lstrip("+-").isdigit(), cell


@pytest.mark.parametrize("host", ["a" * 64 + ".example", "x" * 300, "bad..name", "é" * 70])
def test_an_unreadable_host_header_is_400_in_words_not_a_500(client, host):
    answer = client.get("/", headers={"Host": host})
    assert answer.status_code == 400
    assert "address cannot be read" in answer.get_data(as_text=True)


def test_an_ordinary_host_with_a_port_still_works(client):
    assert client.get("/", headers={"Host": "table.example:8000"}).status_code == 200
