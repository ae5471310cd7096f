"""A phone holding table A's links can neither read nor change table B: every table URL the
app serves is tried with A's tokens (and made-up ones) in every place a token goes."""

from __future__ import annotations

import re

import pytest

from tests.web.tablehelp import csrf, enter, new_table

SECRET = "Zebediah"  # a name only table B has


def _tokens(client, table: str) -> dict[str, str]:
    page = client.get(table).get_data(as_text=True)
    return {
        "token": table.rsplit("/", 1)[1],
        "join": re.search(r'href="/j/([\w-]+)"', page)[1],
        "share": re.search(r'href="/s/([\w-]+)"', page)[1],
    }


def _events_of(app, table: str) -> int:
    from companion.extensions import db
    from companion.tables.models import Event, Game, Table

    token = table.rsplit("/", 1)[1]
    with app.app_context():
        query = db.session.query(Event).join(Game).join(Table).filter(Table.token == token)
        return query.count()


def _url(rule: str, value: str) -> str:
    return re.sub(r"<(?:int:)?(\w+)>", lambda m: value if m[1] == "token" else "1", rule)


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_table_a_tokens_never_reach_table_b(app, method):
    phone_a, phone_b = app.test_client(), app.test_client()
    table_a = new_table(phone_a)
    table_b = new_table(phone_b, **{"name-0": SECRET})
    enter(phone_b, table_b, 1, {0: 77, 1: 1, 2: 1})
    tokens = [*_tokens(phone_a, table_a).values(), "A" * 22]
    before = _events_of(app, table_b)
    token = csrf(phone_a)
    rules = [r for r in app.url_map.iter_rules() if "<token>" in r.rule and method in r.methods]
    assert len(rules) >= 10
    for rule in rules:
        for value in tokens:
            url = _url(rule.rule, value)
            if method == "GET":
                answer = phone_a.get(url)
            else:
                answer = phone_a.post(url, data={"csrf_token": token, "points-0": "5"})
            assert answer.status_code < 500, url
            assert SECRET not in answer.get_data(as_text=True), url
    assert _events_of(app, table_b) == before  # nothing reached table B
