"""A live update carries only what changed on the sheet since the version the phone shows.

Games are grown to 500 rounds by storing events directly (as bench/bench_rounds.py does). Each
update is checked against the whole sheet drawn at the same version: applying the update's
out-of-band parts to the old whole sheet, row by row, must give the new whole sheet.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.extensions import db
from companion.tables import store
from companion.web import livesheet
from tests.web.deltahelp import part, seen, sheet_rows, update, whole_sheet

# what the pages and fragments show: the storage is tested on both databases elsewhere
pytestmark = pytest.mark.one_database

SEATS = 4


def _grown(app: Flask, client: FlaskClient, game: str, rounds: int, **options: Any) -> str:
    """A table whose game holds ``rounds`` rounds, stored in one transaction. Far below the
    cap of events a game keeps (``store.MAX_EVENTS``), so each event is not counted against it
    (``capped=False``: that count flushed and read the game's count at every event, most of
    the time these tests took); the rows stored are the same."""
    body = {"game": game, "names": [f"P{i}" for i in range(SEATS)], "options": options}
    created = client.post("/api/v1/tables", json=body).json
    assert created is not None
    with app.app_context():
        table = store.table_by("token", created["token"])
        assert table is not None
        for r in range(1, rounds + 1):
            if game == "hearts":
                taken = {str(s): [] for s in range(SEATS)}
                for i, card in enumerate(["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH",
                                          "JH", "QH", "KH", "AH", "QS"]):  # fmt: skip
                    taken[str((i + r) % SEATS)].append(card)
                payload = {"taken": taken, "sun": None}
                store.append(table.game, "hearts-taken", "Host", None, payload, r, (f"h{r}", 1),
                             capped=False)  # fmt: skip
                continue
            for seat in range(SEATS):
                payload = {"seat": seat, "points": (r + seat) % 13, "before": None}
                slot = (store.cell_slot(r, seat), 1)
                store.append(table.game, "score", "Host", None, payload, r, slot, capped=False)
        db.session.commit()
    return f"/t/{created['token']}"


def _score(app: Flask, table: str, round_: int, seat: int, points: int) -> None:
    """One score as the table protocol stores it (the version it saw: the current one)."""
    with app.app_context():
        t = store.table_by("token", table.removeprefix("/t/"))
        assert t is not None
        slot = store.cell_slot(round_, seat)
        version = max([e.slot_version or 0 for e in t.game.events if e.slot == slot] + [0])
        payload = {"seat": seat, "points": points, "before": None}
        store.append(t.game, "score", "Host", None, payload, round_, (slot, version + 1))
        db.session.commit()


def test_one_entry_at_500_rounds_is_a_small_update_equal_to_the_whole_sheet(app, client):
    table = _grown(app, client, "custom", 500)
    old = whole_sheet(client, f"{table}/live")
    assert len(old.encode()) > 300_000  # what every phone fetched for every update before
    _score(app, table, 501, 2, 7)
    delta, whole = update(client, f"{table}/live", old)
    assert len(delta.encode()) < 5_000
    assert 'id="sheet-r501"' in delta and 'id="sheet-r500"' not in delta
    assert '<td class="total" data-seat="2">' in delta
    assert "round 501, P2 7" in delta  # the new history line
    # the next entry goes on from there: the same phone, now showing ``delta``'s version
    _score(app, table, 501, 0, 3)
    update(client, f"{table}/live", whole)


def test_a_correction_of_an_old_round_updates_that_row_and_the_totals(app, client):
    table = _grown(app, client, "custom", 500)
    old = whole_sheet(client, f"{table}/live")
    totals = part(old, "status")
    _score(app, table, 3, 1, 99)
    delta, whole = update(client, f"{table}/live", old)
    assert re.findall(r'<tr id="(sheet-r\d+)" hx-swap-oob', delta) == ["sheet-r3"]
    assert ">99</a>" in sheet_rows(whole)["sheet-r3"]
    assert sheet_rows(whole)["sheet-totals"] != sheet_rows(old)["sheet-totals"]
    assert totals == part(whole, "status")
    assert len(delta.encode()) < 5_000


def test_undo_takes_the_row_back_out(app, client):
    table = _grown(app, client, "custom", 20)
    shown = whole_sheet(client, f"{table}/live")
    _score(app, table, 21, 0, 5)
    _, with_row = update(client, f"{table}/live", shown)
    assert "sheet-r21" in sheet_rows(with_row)
    with app.app_context():
        t = store.table_by("token", table.removeprefix("/t/"))
        assert t is not None
        last = t.game.events[-1]
        store.append(t.game, "undo", "Host", None, {"undoes": last.id}, None, None)
        db.session.commit()
    delta, whole = update(client, f"{table}/live", with_row)
    assert '<tr id="sheet-r21" hx-swap-oob="delete">' in delta
    assert "sheet-r21" not in sheet_rows(whole)


def test_a_phone_far_behind_or_unknown_gets_the_whole_sheet(app, client):
    table = _grown(app, client, "custom", 100)
    old = whole_sheet(client, f"{table}/live")
    for r in range(101, 101 + livesheet.MAX_ROWS + 1):
        _score(app, table, r, 0, 1)
    answer = client.get(f"{table}/live?seen={seen(old)}")
    assert "HX-Reswap" not in answer.headers
    assert answer.get_data(as_text=True).count('<tr id="sheet-r') == 100 + livesheet.MAX_ROWS + 1
    never_drawn = client.get(f"{table}/live?seen=3")
    assert "HX-Reswap" not in never_drawn.headers and 'id="sheet-rows"' in never_drawn.text
    same = client.get(f"{table}/live?seen={seen(answer.text)}")
    assert same.headers.get("HX-Reswap") == "none" and same.text == ""


def test_hearts_hands_update_asrows(app, client):
    table = _grown(app, client, "hearts", 500, target=10000)
    old = whole_sheet(client, f"{table}/live")
    share = re.search(r'href="/s/([^"]+)"', client.get(table).text)
    assert share
    shared_old = whole_sheet(client, f"/s/{share.group(1)}/live")
    with app.app_context():
        t = store.table_by("token", table.removeprefix("/t/"))
        assert t is not None
        taken = {"0": ["2H", "3H"], "1": ["QS"], "2": ["AH"], "3": [f"{c}H" for c in "456789TJQK"]}
        store.append(t.game, "hearts-taken", "Host", None, {"taken": taken, "sun": None}, 501,
                     ("h501", 1))  # fmt: skip
        db.session.commit()
    delta, _ = update(client, f"{table}/live", old)
    assert 'id="sheet-r501"' in delta and len(delta.encode()) < 5_000
    shared, _ = update(client, f"/s/{share.group(1)}/live", shared_old)
    assert "history-lines" not in shared and len(shared.encode()) < 5_000


def test_rendered_sheets_are_bounded_in_bytes(app, client):
    app.config["LIVE_CACHE_BYTES"] = 3_000_000
    app.extensions.pop("live_cache", None)
    table = _grown(app, client, "custom", 500)
    drawn = 0
    for n in range(10):  # ten versions of the sheet drawn whole: more than the limit in all
        drawn += len(whole_sheet(client, f"{table}/live").encode())
        _score(app, table, 501 + n, 0, 1)
    with app.app_context():
        kept = livesheet.cache()
        assert kept.limit == 3_000_000 < drawn
        assert 1_000_000 < kept.size <= 3_000_000


def test_the_cache_limit_can_be_set_in_mib_from_the_environment(app, monkeypatch):
    monkeypatch.setenv("COMPANION_LIVE_CACHE_MB", "2")
    app.config["LIVE_CACHE_BYTES"] = None
    app.extensions.pop("live_cache", None)
    with app.app_context():
        assert livesheet.cache().limit == 2 * 1024 * 1024


def test_hearts_offers_the_last_hands_to_change_not_all_500(app, client):
    """The entry box comes again with updates: its list of hands to change stays short (older
    hands: their row on the sheet links to the same page)."""
    table = _grown(app, client, "hearts", 500, target=10000)
    with app.app_context():
        t = store.table_by("token", table.removeprefix("/t/"))
        assert t is not None
        host = t.host_phone
    with client.session_transaction() as sess:
        sess["phone"] = host
    box = client.get(f"{table}/entry").get_data(as_text=True)
    assert "Hand 500</a>" in box and "Hand 493</a>" in box and "Hand 492</a>" not in box
    assert "For an older hand, tap its row on the sheet." in box
    assert f'href="{table}/hearts/1/edit?game=1"' in whole_sheet(client, f"{table}/live")
