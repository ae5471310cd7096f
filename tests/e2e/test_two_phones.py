"""Two phones at one table: join by QR code, live scores, the seat kept across restarts."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .helpers import (
    WAIT_MS,
    cell,
    decode_qr,
    mark,
    sit,
    stamp_cell,
    stamp_submit,
    start_table,
    still_marked,
    totals,
    wait_sse_open,
)

pytestmark = pytest.mark.e2e
CEILING_MS = WAIT_MS  # a generous wait, not a timing assertion


def test_join_by_qr_and_live_update_reaches_the_other_phone(
    phone, server, tmp_path: Path, record_property
):
    a = phone()
    table_url = start_table(a, ["Ann", "", ""])
    join_url = decode_qr(a, tmp_path)
    assert join_url.startswith(server.base_url + "/j/"), join_url

    b = phone()
    sit(b, join_url, "Bea", "Seat 2")
    assert b.url == table_url
    expect(b.locator("#entry-form label.score-field")).to_have_count(1)
    expect(b.locator("#entry-form")).to_contain_text("Bea (you)")
    expect(a.locator("#sheet thead")).to_contain_text("Bea")  # the join reached A live

    wait_sse_open(a)
    mark(a)
    expect(cell(a, 1, 1)).to_have_count(0)  # no round on the sheet yet
    stamp_cell(a, 1, 1, "17")
    stamp_submit(b)
    b.locator("#points-1").fill("17")
    b.get_by_role("button", name="Save round 1").click()
    expect(cell(a, 1, 1)).to_have_text("17", timeout=CEILING_MS)
    elapsed = a.evaluate("() => window.__seenAt") - b.evaluate("() => window.__sentAt")
    print(f"live update reached phone A in {elapsed} ms")
    record_property("live update reached phone A_ms", elapsed)

    assert still_marked(a), "phone A reloaded or navigated instead of updating in place"
    assert a.url == table_url
    assert totals(a) == ["0", "17", "0"]
    expect(a.locator(".waiting")).to_contain_text("Ann")
    expect(cell(b, 1, 1)).to_have_text("17")


def test_seat_survives_reload_and_server_restart(phone, own_server, tmp_path: Path):
    a = phone(base_url=own_server.base_url)
    table_url = start_table(a, ["Ann", "", ""])
    b = phone(base_url=own_server.base_url)
    sit(b, decode_qr(a, tmp_path), "Bea", "Seat 2")

    b.reload()
    expect(b.locator("#entry-form")).to_contain_text("Bea (you)")

    own_server.restart()
    b.reload()
    expect(b.locator("#entry-form")).to_contain_text("Bea (you)")
    expect(b.locator("#entry-form input[name^=points-]")).to_have_count(1)
    expect(b.locator("#points-1")).to_be_visible()
    b.locator("#points-1").fill("4")
    b.get_by_role("button", name="Save round 1").click()
    expect(cell(b, 1, 1)).to_have_text("4")
    expect(cell(a, 1, 1)).to_have_text("4", timeout=10_000)  # A reconnects by itself

    c = phone(base_url=own_server.base_url)  # a third phone has no seat: it only watches
    c.goto(table_url)
    expect(c.locator("#entry-box")).to_contain_text("You are watching")
    expect(c.locator("#entry-form")).to_have_count(0)
