"""What four phones at a table tripped on (issue 23, round two), as pages show it."""

from __future__ import annotations

import html

import pytest

from tests.web.tablehelp import claim, csrf, enter, join_token, new_table

pytestmark = pytest.mark.one_database
UNDO = "Undo the last change"


@pytest.fixture
def phones(app):
    return app.test_client(), app.test_client()


def page(client, table: str) -> str:
    return html.unescape(client.get(table).get_data(as_text=True))


def test_undo_is_offered_only_to_a_phone_it_would_work_for(phones):
    host, bob = phones
    table = new_table(host, **{"name-1": ""})
    claim(bob, join_token(host, table), 1, "Bob")
    assert UNDO not in page(host, table)  # nothing to take back yet
    enter(host, table, 1, {0: 5})
    assert UNDO not in page(bob, table)  # the host's change: Bob's phone may not undo it
    assert "Takes back Host's change" in page(host, table)
    enter(bob, table, 1, {1: 7})
    assert "Takes back Bob's change: round 1, Bob 7" in page(bob, table)
    undo = bob.post(f"{table}/undo", data={"csrf_token": csrf(bob, table)})
    assert undo.status_code == 303  # offered, and it works
