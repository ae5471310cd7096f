"""A live update carries only what changed on the sheet since the version the phone shows.

Games are grown to 500 rounds by storing events directly (as bench/bench_rounds.py does). Each
update is checked against the whole sheet drawn at the same version: applying the update's
out-of-band parts to the old whole sheet, row by row, must give the new whole sheet.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.extensions import db
from companion.tables import store
from companion.web import livesheet

SEATS = 4
ROW = re.compile(r'<tr id="(sheet-[a-z0-9-]+)"( hx-swap-oob="(?:true|delete)")?>.*?</tr>', re.S)
ADDED = re.compile(r'<tbody id="sheet-rows" hx-swap-oob="beforeend">(.*?)</tbody>', re.S)
LINES = re.compile(r'<ol[^>]*id="history-lines"[^>]*>(.*?)</ol>', re.S)
BY_ID = r'<(?:div|span) [^>]*id="{}"[^>]*>(.*?)</(?:div|span)>'
VERSION = re.compile(r'id="table-version" name="seen" value="(\d+)"')


def _grown(app: Flask, client: FlaskClient, game: str, rounds: int, **options: Any) -> str:
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
                store.append(table.game, "hearts-taken", "Host", None, payload, r, (f"h{r}", 1))
                continue
            for seat in range(SEATS):
                payload = {"seat": seat, "points": (r + seat) % 13, "before": None}
                slot = (store.cell_slot(r, seat), 1)
                store.append(table.game, "score", "Host", None, payload, r, slot)
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


def _whole(client: FlaskClient, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200 and "HX-Reswap" not in answer.headers
    return answer.get_data(as_text=True)


def _seen(html: str) -> int:
    found = VERSION.search(html)
    assert found
    return int(found.group(1))


def _rows(html: str) -> dict[str, str]:
    return {m.group(1): m.group(0) for m in ROW.finditer(html)}


def _part(html: str, element_id: str) -> str:
    found = re.search(BY_ID.format(element_id), html, re.S)
    assert found, element_id
    return found.group(1).strip()


def _apply(old: str, delta: str) -> dict[str, Any]:
    """The old whole sheet with the update's out-of-band parts put in, as rows and parts."""
    rows = _rows(old)
    added = ADDED.search(delta)
    for key, html in _rows(delta.replace(added.group(0), "") if added else delta).items():
        if 'hx-swap-oob="delete"' in html:
            del rows[key]
        else:
            rows[key] = html.replace(' hx-swap-oob="true"', "")
    if added:  # at the end of the body, before the totals in the foot
        totals = rows.pop("sheet-totals")
        rows.update(_rows(added.group(1)))
        rows["sheet-totals"] = totals
    old_lines = LINES.search(old)
    new_lines = LINES.search(delta)
    lines = (new_lines.group(1) if new_lines else "") + (old_lines.group(1) if old_lines else "")
    parts = {p: _part(delta, p) for p in ("status", "game-status")}
    return {"rows": list(rows.items()), "parts": parts, "lines": lines, "seen": _seen(delta)}


def _as_shown(whole: str) -> dict[str, Any]:
    lines = LINES.search(whole)
    parts = {p: _part(whole, p) for p in ("status", "game-status")}
    return {"rows": list(_rows(whole).items()), "parts": parts,
            "lines": lines.group(1) if lines else "", "seen": _seen(whole)}  # fmt: skip


def _update(client: FlaskClient, url: str, old: str) -> tuple[str, str]:
    """The update a phone showing ``old`` fetches, and the whole sheet now (checked equal)."""
    sep = "&" if "?" in url else "?"
    answer = client.get(f"{url}{sep}seen={_seen(old)}")
    assert answer.status_code == 200
    assert answer.headers.get("HX-Reswap") == "none", "the whole sheet came, not an update"
    delta = answer.get_data(as_text=True)
    whole = _whole(client, url)
    assert _apply(old, delta) == _as_shown(whole)
    return delta, whole


def test_one_entry_at_500_rounds_is_a_small_update_equal_to_the_whole_sheet(app, client):
    table = _grown(app, client, "custom", 500)
    old = _whole(client, f"{table}/live")
    assert len(old.encode()) > 300_000  # what every phone fetched for every update before
    _score(app, table, 501, 2, 7)
    delta, whole = _update(client, f"{table}/live", old)
    assert len(delta.encode()) < 5_000
    assert 'id="sheet-r501"' in delta and 'id="sheet-r500"' not in delta
    assert '<td class="total" data-seat="2">' in delta
    assert "round 501, P2 7" in delta  # the new history line
    # the next entry goes on from there: the same phone, now showing ``delta``'s version
    _score(app, table, 501, 0, 3)
    _update(client, f"{table}/live", whole)


def test_a_correction_of_an_old_round_updates_that_row_and_the_totals(app, client):
    table = _grown(app, client, "custom", 500)
    old = _whole(client, f"{table}/live")
    totals = _part(old, "status")
    _score(app, table, 3, 1, 99)
    delta, whole = _update(client, f"{table}/live", old)
    assert re.findall(r'<tr id="(sheet-r\d+)" hx-swap-oob', delta) == ["sheet-r3"]
    assert ">99</a>" in _rows(whole)["sheet-r3"]
    assert _rows(whole)["sheet-totals"] != _rows(old)["sheet-totals"]
    assert totals == _part(whole, "status")
    assert len(delta.encode()) < 5_000


def test_undo_takes_the_row_back_out(app, client):
    table = _grown(app, client, "custom", 20)
    client.get(table)  # this phone is not the host: take the host's part for undo
    shown = _whole(client, f"{table}/live")
    _score(app, table, 21, 0, 5)
    _, with_row = _update(client, f"{table}/live", shown)
    assert "sheet-r21" in _rows(with_row)
    with app.app_context():
        t = store.table_by("token", table.removeprefix("/t/"))
        assert t is not None
        last = t.game.events[-1]
        store.append(t.game, "undo", "Host", None, {"undoes": last.id}, None, None)
        db.session.commit()
    delta, whole = _update(client, f"{table}/live", with_row)
    assert '<tr id="sheet-r21" hx-swap-oob="delete">' in delta
    assert "sheet-r21" not in _rows(whole)


def test_a_phone_far_behind_or_unknown_gets_the_whole_sheet(app, client):
    table = _grown(app, client, "custom", 100)
    old = _whole(client, f"{table}/live")
    for r in range(101, 101 + livesheet.MAX_ROWS + 1):
        _score(app, table, r, 0, 1)
    answer = client.get(f"{table}/live?seen={_seen(old)}")
    assert "HX-Reswap" not in answer.headers
    assert answer.get_data(as_text=True).count('<tr id="sheet-r') == 100 + livesheet.MAX_ROWS + 1
    never_drawn = client.get(f"{table}/live?seen=3")
    assert "HX-Reswap" not in never_drawn.headers and 'id="sheet-rows"' in never_drawn.text
    same = client.get(f"{table}/live?seen={_seen(answer.text)}")
    assert same.headers.get("HX-Reswap") == "none" and same.text == ""


def test_hearts_hands_update_as_rows(app, client):
    table = _grown(app, client, "hearts", 500, target=10000)
    old = _whole(client, f"{table}/live")
    share = re.search(r'href="/s/([^"]+)"', client.get(table).text)
    assert share
    shared_old = _whole(client, f"/s/{share.group(1)}/live")
    with app.app_context():
        t = store.table_by("token", table.removeprefix("/t/"))
        assert t is not None
        taken = {"0": ["2H", "3H"], "1": ["QS"], "2": ["AH"], "3": [f"{c}H" for c in "456789TJQK"]}
        store.append(t.game, "hearts-taken", "Host", None, {"taken": taken, "sun": None}, 501,
                     ("h501", 1))  # fmt: skip
        db.session.commit()
    delta, _ = _update(client, f"{table}/live", old)
    assert 'id="sheet-r501"' in delta and len(delta.encode()) < 5_000
    shared, _ = _update(client, f"/s/{share.group(1)}/live", shared_old)
    assert "history-lines" not in shared and len(shared.encode()) < 5_000


def test_rendered_sheets_are_bounded_in_bytes(app, client):
    app.config["LIVE_CACHE_BYTES"] = 3_000_000
    app.extensions.pop("live_cache", None)
    table = _grown(app, client, "custom", 500)
    for n in range(6):  # six versions of a sheet drawn whole: more than 3 MB in all
        _whole(client, f"{table}/live")
        _score(app, table, 501 + n, 0, 1)
    with app.app_context():
        kept = livesheet.cache()
        assert kept.limit == 3_000_000
        assert 1_000_000 < kept.nbytes <= 3_000_000
