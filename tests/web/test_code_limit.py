"""The join-code limit and code expiry (issue 12, finding 6): the limit is kept in the
database, so two app instances on one database share it; it counts under the real client
address unless the request came through a configured trusted proxy, so a forged
X-Forwarded-For buys nothing; a code stops working once its table has been idle too long,
says so in words, and the host's "New links and code" makes a working one."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from flask import Flask

from companion import create_app
from companion.web.proxy import TrustedProxies, networks
from tests.web.tablehelp import csrf, new_table

DIRECT = {"REMOTE_ADDR": "203.0.113.9"}  # a phone reaching the app with no proxy between


def second_app(app: Flask, **config) -> Flask:
    """Another app instance (another worker) on the same database."""
    return create_app({**app.config, "TESTING": True, **config})


def try_code(client, code: str = "ZZZZZZ", **headers):
    return client.post("/code", data={"csrf_token": csrf(client), "code": code}, headers=headers)


def test_two_workers_on_one_database_share_the_limit(app):
    first, second = app.test_client(), second_app(app).test_client()
    answers = [try_code(c).status_code for c in [first, second] * 5]
    assert answers == [422] * 10
    assert try_code(first).status_code == 429
    assert try_code(second).status_code == 429  # the other worker counted the same tries


def test_a_forged_forwarded_for_counts_under_the_real_address(app):
    behind = second_app(app, TRUSTED_PROXIES="10.0.0.1")
    phone = behind.test_client()
    phone.environ_base.update(DIRECT)
    answers = [try_code(phone, **{"X-Forwarded-For": f"198.51.100.{i}"}).status_code
               for i in range(12)]  # fmt: skip
    assert answers == [422] * 10 + [429, 429]


def test_through_the_trusted_proxy_each_client_has_its_own_count(app):
    behind = second_app(app, TRUSTED_PROXIES="10.0.0.1")
    proxy = behind.test_client()
    proxy.environ_base.update({"REMOTE_ADDR": "10.0.0.1"})
    for _ in range(10):
        assert try_code(proxy, **{"X-Forwarded-For": "198.51.100.7"}).status_code == 422
    assert try_code(proxy, **{"X-Forwarded-For": "198.51.100.7"}).status_code == 429
    assert try_code(proxy, **{"X-Forwarded-For": "198.51.100.8"}).status_code == 422


def test_behind_proxy_without_a_list_trusts_only_this_machine(app, monkeypatch):
    monkeypatch.setenv("COMPANION_BEHIND_PROXY", "1")
    phone = second_app(app).test_client()
    phone.environ_base.update(DIRECT)
    answers = [try_code(phone, **{"X-Forwarded-For": f"198.51.100.{i}"}).status_code
               for i in range(11)]  # fmt: skip
    assert answers[-1] == 429


def test_the_client_is_the_rightmost_untrusted_hop():
    middleware = TrustedProxies(lambda *a: None, networks("10.0.0.0/8, ::1"))
    assert middleware.client("10.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.2") == "198.51.100.7"
    assert middleware.client("10.0.0.1", "not-an-address") == "10.0.0.1"
    with pytest.raises(ValueError, match="not an address"):
        networks("proxy.example")


def code_of(client, table: str) -> str:
    found = re.search(r"Code <strong>(\w+)</strong>", client.get(table).get_data(as_text=True))
    assert found
    return found.group(1)


def idle_for(app: Flask, hours: float) -> None:
    """Make every stored event ``hours`` older, as if the table had been left that long."""
    from companion.extensions import db
    from companion.tables.models import Event, Table

    with app.app_context():
        for row in db.session.query(Event):
            row.created_at -= timedelta(hours=hours)
        for row in db.session.query(Table):
            row.created_at -= timedelta(hours=hours)
        db.session.commit()


def test_a_code_expires_after_the_table_is_idle_and_rotating_renews_it(app):
    host, guest = app.test_client(), app.test_client()
    table = new_table(host)
    code = code_of(host, table)
    assert try_code(guest, code).status_code == 303
    idle_for(app, 13)
    expired = try_code(guest, code)
    assert expired.status_code == 422
    assert "That code has expired" in expired.get_data(as_text=True)
    assert "12 hours" in expired.get_data(as_text=True)
    host.post(f"{table}/rotate", data={"csrf_token": csrf(host)})
    new = host.get(table).headers["Location"]
    assert try_code(guest, code_of(host, new)).status_code == 303


def test_the_idle_time_is_configurable(app):
    short = second_app(app, CODE_IDLE_SECONDS=3600.0)
    host, guest = short.test_client(), short.test_client()
    table = new_table(host)
    code = code_of(host, table)
    idle_for(short, 2)
    answer = try_code(guest, code)
    assert answer.status_code == 422 and "over 1 hour." in answer.get_data(as_text=True)
