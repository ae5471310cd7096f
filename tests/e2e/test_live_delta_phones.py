"""Two phones at a 500-round table: phone A saves a round, phone B shows the new row and the
totals from a small update (out-of-band swaps), not from the whole sheet fetched again."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Response, expect

from companion import create_app

from .helpers import cell, enter_all, mark, open_table, still_marked, totals, wait_sse_open

pytestmark = pytest.mark.e2e
ROUNDS = 500


def _grow(server: Any, table_url: str, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Store ``ROUNDS`` complete rounds straight into the server's database; the totals."""
    from companion.extensions import db
    from companion.tables import store

    monkeypatch.setenv("COMPANION_INSTANCE", str(server.instance))
    uri = f"sqlite:///{server.instance / 'companion.sqlite3'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "AUTO_MIGRATE": False})
    sums = [0, 0, 0]
    with app.app_context():
        table = store.table_by("token", table_url.rsplit("/t/", 1)[1])
        assert table is not None
        for r in range(1, ROUNDS + 1):
            for seat in range(3):
                points = (r + seat) % 13
                sums[seat] += points
                payload = {"seat": seat, "points": points, "before": None}
                store.append(
                    table.game, "score", "Host", None, payload, r, (store.cell_slot(r, seat), 1)
                )
        db.session.commit()
        db.session.remove()
        db.engine.dispose()
    return sums


def _is_live(response: Response) -> bool:
    return "/live" in response.url and response.request.method == "GET"


def _sheet_text(page: Page) -> str:
    return page.locator("#sheet").inner_text()


def test_phone_b_gets_only_the_new_row_and_totals(phone, server, monkeypatch):
    a = phone()
    table_url = open_table(a, ["Ann", "Ben", "Cy"])
    sums = _grow(server, table_url, monkeypatch)
    a.reload()
    expect(cell(a, ROUNDS, 2)).to_have_text(str((ROUNDS + 2) % 13))
    b = phone()
    whole = b.goto(table_url)
    assert whole is not None
    full_bytes = len(whole.body())
    expect(a.locator("#sheet tbody tr")).to_have_count(ROUNDS)
    wait_sse_open(b)
    mark(b)
    live: list[Response] = []
    b.on("response", lambda r: live.append(r) if _is_live(r) else None)

    with b.expect_response(_is_live) as answer:
        enter_all(a, ROUNDS + 1, [4, 0, 9])
    update = answer.value
    expect(cell(b, ROUNDS + 1, 2)).to_have_text("9")
    assert update.headers.get("hx-reswap") == "none"
    size = len(update.body())
    print(f"phone B: update {size} bytes; the whole page {full_bytes} bytes")
    assert size < 5_000 < full_bytes
    assert totals(b) == [str(sums[0] + 4), str(sums[1]), str(sums[2] + 9)]
    expect(b.locator("#history-count")).to_have_text(str(3 * ROUNDS + 4))
    assert still_marked(b), "phone B reloaded instead of updating in place"
    assert all(r.headers.get("hx-reswap") == "none" for r in live), "a whole sheet was fetched"
    assert b.locator("#table-version").input_value() == a.locator("#table-version").input_value()

    # B's sheet, updated piece by piece, reads exactly as the whole sheet drawn afresh
    c = phone()
    c.goto(table_url)
    assert _sheet_text(b) == _sheet_text(c)
    assert b.locator("#status").inner_text() == c.locator("#status").inner_text()
    lines = "#chart-lines polyline"
    expect(b.locator(lines)).to_have_count(3)
    assert [p.get_attribute("points") for p in b.locator(lines).all()] == [
        p.get_attribute("points") for p in c.locator(lines).all()
    ]
    first = b.locator("#history-lines li").first.text_content() or ""
    assert first.endswith("round 501, Cy 9"), first
