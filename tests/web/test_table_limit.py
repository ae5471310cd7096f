"""Strangers cannot fill the disk (issue 20, part 4): starting tables is limited per client
address, on the page and in the Table API, counted in the database (two app instances on one
database share the count); ``TABLES_PER_MINUTE`` 0 turns it off. (The suite itself runs with
the limit off, ``tests/conftest.py``; these tests set it.)"""

from __future__ import annotations

import html

from flask import Flask

from companion import create_app
from tests.web.tablehelp import csrf

LIMIT = 3


def limited(app: Flask, limit: int = LIMIT) -> Flask:
    """Another app instance (another worker) on the same database, with the limit set."""
    return create_app({**app.config, "TESTING": True, "TABLES_PER_MINUTE": limit})


def start_page(client):
    data = {"game": "custom", "players": "2", "name-0": "Ann", "name-1": "Ben"}
    return client.post("/tables", data={**data, "csrf_token": csrf(client)})


def start_api(client):
    return client.post("/api/v1/tables", json={"game": "custom", "names": ["Ann", "Ben"]})


def test_the_page_refuses_the_table_over_the_limit_in_words(app):
    client = limited(app).test_client()
    assert [start_page(client).status_code for _ in range(LIMIT)] == [303] * LIMIT
    answer = start_page(client)
    assert answer.status_code == 429
    assert answer.headers["Retry-After"] == "60"
    page = html.unescape(answer.get_data(as_text=True))
    assert "Too many tables were started from here in the last minute" in page
    assert 'value="Ann"' in page  # the form comes back as it was typed


def test_the_api_refuses_the_table_over_the_limit_with_json(app):
    client = limited(app).test_client()
    assert [start_api(client).status_code for _ in range(LIMIT)] == [201] * LIMIT
    answer = start_api(client)
    assert answer.status_code == 429
    assert answer.headers["Retry-After"] == "60"
    assert "Too many tables were started" in answer.get_json()["error"]


def test_two_workers_on_one_database_share_the_count(app):
    first, second = limited(app).test_client(), limited(app).test_client()
    answers = [start_page(first).status_code, start_api(second).status_code,
               start_page(first).status_code]  # fmt: skip
    assert answers == [303, 201, 303]
    assert start_api(second).status_code == 429  # the other worker counted the same tables
    assert start_page(first).status_code == 429


def test_another_address_has_its_own_count_and_join_codes_are_apart(app):
    client = limited(app).test_client()
    for _ in range(LIMIT):
        start_page(client)
    other = limited(app).test_client()
    other.environ_base.update({"REMOTE_ADDR": "203.0.113.9"})
    assert start_page(other).status_code == 303
    # the tables counted do not use up this address's join-code tries
    tried = client.post("/code", data={"csrf_token": csrf(client), "code": "ZZZZZZ"})
    assert tried.status_code == 422


def test_zero_turns_the_limit_off(app):
    client = limited(app, 0).test_client()
    assert {start_api(client).status_code for _ in range(LIMIT * 3)} == {201}


def test_a_circles_tables_count_against_the_same_limit(app):
    client = limited(app).test_client()
    circle = client.post("/api/v1/circles", json={"name": "C", "members": ["Ann", "Ben"]}).json
    ids = [m["id"] for m in circle["members"]]
    body = {"game": "custom", "circle_key": circle["circle_key"], "members": ids}
    sent = [client.post("/api/v1/tables", json=body).status_code for _ in range(LIMIT)]
    assert sent == [201] * LIMIT
    over = client.post("/api/v1/tables", json=body)
    assert over.status_code == 429 and "Too many tables" in over.get_json()["error"]
    form = {"csrf_token": csrf(client), "game": "custom"}
    form.update({f"seat-{i}": str(n) for n, i in enumerate(ids, 1)})
    page = client.post(f"{circle['links']['circle']}/tables", data=form)
    assert page.status_code == 429 and page.headers["Retry-After"] == "60"
    assert "Too many tables were started" in html.unescape(page.get_data(as_text=True))
