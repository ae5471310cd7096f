"""A seated phone cannot grow a table's log without bound (issue 20, part 4): one game keeps
at most ``MAX_EVENTS`` events, refusing the next change in words; and a game at that cap
exports and imports again (the import takes as many events, and reads a file that size)."""

from __future__ import annotations

import html
import io
import json

from sqlalchemy import select

from companion.extensions import db
from companion.tables import store
from companion.tables.models import Table
from tests.web.tablehelp import claim, csrf, enter, join_token, new_table, totals
from tests.web.test_import_bounds import same

CAP = store.MAX_EVENTS


def loops(app, path: str, pairs: int) -> None:
    """``pairs`` score-and-undo loops on round 1, seat 1, stored as live play stores them
    (``service.act`` and ``service.undo``), in one transaction for speed.

    One flush for them all, not one a pair: nobody else writes to the database meanwhile, so
    the events take the ids that follow the first score's, in the order they were added, and
    each undo names its score's id (``first + 2k``) before it is stored; once they are all
    stored, every undo is checked to name the score stored just before it."""
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.token == path.rsplit("/", 1)[1]))
        assert table is not None
        game, version = table.game, store.slot_version(table.game, "r1s0")
        first = None
        rows = []
        for k in range(pairs):
            points = k % 50
            score = {"seat": 0, "points": points, "before": None}
            row = store.append(game, "score", "Ann", 0, score, 1, ("r1s0", version + 1),
                               capped=False)  # fmt: skip
            if first is None:
                db.session.flush()
                first = row.id
            undo = {"undoes": first + 2 * k, "what": "score", "seat": 0, "points": None,
                    "before": points}  # fmt: skip
            rows.append((row, store.append(game, "undo", "Ann", 0, undo, 1,
                                           ("r1s0", version + 2), capped=False)))  # fmt: skip
            version += 2
        db.session.flush()  # every id given: each undo names the score stored just before it
        for score_row, undo_row in rows:
            assert undo_row.payload["undoes"] == score_row.id == undo_row.id - 1
        db.session.commit()


def stored(app, path: str) -> int:
    """How many events the table's game holds (those an export leaves out too)."""
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.token == path.rsplit("/", 1)[1]))
        assert table is not None
        return store.events_count(table.game.id)


def version(app, path: str, slot: str) -> int:
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.token == path.rsplit("/", 1)[1]))
        assert table is not None
        return store.slot_version(table.game, slot)


def post_import(client, content: bytes):
    data = {"csrf_token": csrf(client), "file": (io.BytesIO(content), "g.json")}
    return client.post("/import", data=data, content_type="multipart/form-data")


def test_a_game_at_the_cap_refuses_more_and_its_export_imports_again(client, app):
    table = new_table(client, players=2, **{"name-0": "", "name-1": "Ben"})
    claim(client, join_token(client, table), 0, "Ann")
    loops(app, table, (CAP - stored(app, table) - 2) // 2)
    while stored(app, table) < CAP:  # the last changes the game takes, through the page
        assert enter(client, table, 1, {1: 7}).status_code in (200, 303)
        client.post(f"{table}/undo", data={"csrf_token": csrf(client, table)})
    assert stored(app, table) == CAP
    exported = client.get(f"{table}/games/1/export.json").get_data()

    refused = enter(client, table, 1, {0: 5}, **{"version-0": version(app, table, "r1s0")})
    assert refused.status_code == 422
    assert f"This game has reached {CAP:,} changes" in html.unescape(refused.get_data(True))
    renamed = client.post(f"{table}/me/name", data={"csrf_token": csrf(client, table),
                                                    "name": "Anna"})  # fmt: skip
    assert renamed.status_code == 422  # nor does any other change grow it
    assert stored(app, table) == CAP

    answer = post_import(client, exported)
    assert answer.status_code == 303, html.unescape(answer.get_data(True))[-600:]
    copy = answer.headers["Location"]
    assert totals(client, copy) == totals(client, table)
    again = json.loads(client.get(f"{copy}/games/1/export.json").get_data())
    assert same(again["events"]) == same(json.loads(exported)["events"])
