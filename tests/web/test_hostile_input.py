"""Hostile and careless input, round two (issue 12): the session cookie's flags, JSON nested
too deep, NUL bytes in links, a silly Last-Event-ID, and CSV cells a spreadsheet would run.

Every request test runs on SQLite and PostgreSQL (the ``client`` fixture) and asserts no 5xx
and a refusal in words.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime

from flask import Flask

from companion import create_app

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
