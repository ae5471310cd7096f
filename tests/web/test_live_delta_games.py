"""Every game's sheet updates by parts: after each step of a short game, the update a phone
fetches (from the version it shows) applied to its sheet equals the whole sheet drawn afresh,
for the host, a seated phone (whose game status is its own) and the read-only share view."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web import test_alphagrams_table as ag
from tests.web import test_consonants_table as cons
from tests.web import test_fta_table as fta
from tests.web.deltahelp import update, whole_sheet

# what the pages and fragments show: the storage is tested on both databases elsewhere
pytestmark = pytest.mark.one_database


class Watchers:
    """Phones that each show a sheet and catch up after every step."""

    def __init__(self, views: list[tuple[FlaskClient, str]]) -> None:
        self.views = views
        self.shown = [whole_sheet(phone, url) for phone, url in views]
        self.updates = 0

    def step(self) -> None:
        for i, (phone, url) in enumerate(self.views):
            delta, self.shown[i] = update(phone, url, self.shown[i])
            self.updates += delta != ""


def share_live(client: FlaskClient, table: str) -> str:
    found = re.search(r'href="/s/([^"]+)"', client.get(table).get_data(as_text=True))
    assert found
    return f"/s/{found.group(1)}/live"


def test_consonants(app: Flask, client: FlaskClient) -> None:
    table = cons.cons_table(client)
    dee = cons.seated(app, client, table, 3)
    w = Watchers([(client, f"{table}/live"), (dee, f"{table}/live"),
                  (client, share_live(client, table))])  # fmt: skip
    for seat, cards in cons.HAND.items():
        assert cons.taken(client, table, 1, seat, cards).status_code == 303
        w.step()
    assert cons.taken(client, table, 1, 3, "", rest=1).status_code == 303
    w.step()
    assert cons.close(client, table).status_code == 303
    w.step()
    client.post(f"{table}/undo", data={"csrf_token": cons.csrf(client)})
    w.step()
    assert w.updates >= 15


def test_alphagrams(client: FlaskClient) -> None:
    t = ag.Table(client)
    w = Watchers([(client, f"{t.path}/live"), (client, share_live(client, t.path))])
    t.ok("ag/flip", card="M")
    w.step()
    t.ok("ag/flip", card="T")
    w.step()
    t.ok("ag/word", word="meats", step="play")
    w.step()
    assert w.updates == 6


def test_follow_the_author(app: Flask) -> None:
    t = fta.Table(app)
    w = Watchers([(t.ann, f"{t.path}/live"), (t.ben, f"{t.path}/live"),
                  (t.watcher, share_live(t.ann, t.path))])  # fmt: skip
    steps = [
        lambda: t.points(1, "alpha", 3, 1),
        lambda: t.seal(t.ann, 1, "Moons", "Waves"),
        lambda: t.seal(t.ben, 1, "Suns", "Knots"),
        lambda: t.points(1, "omega", 0, 2),
        lambda: t.ready(t.ben, 1, 1),
        lambda: t.store(1, 0, fta.ANN_STORE),
        lambda: t.store(1, 1, fta.BEN_STORE),
        lambda: t.aside(1, fta.ASIDE),
    ]
    for act in steps:
        assert act().status_code == 303
        w.step()
    assert w.updates >= 3 * len(steps) - 3
