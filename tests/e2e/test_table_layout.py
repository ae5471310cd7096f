"""The table page's shell in real Chromium: the join panel leads a new table, the sheet keeps
its round column and totals in sight on a phone, the TV fits one screen, the host's card
follows the seats live, and the host adds and removes seats of a custom sheet.

Screenshots go to ``COMPANION_SHOTS`` (a folder) when it is set, else to the test's folder."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import decode_qr, join_link, look, open_table, take_seat, wait_sse_open

pytestmark = pytest.mark.e2e
WRAP = "document.querySelector('.sheet-wrap')"
SMALL = {"viewport": {"width": 390, "height": 844}}
TV = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False,
      "device_scale_factor": 1}  # fmt: skip


def _shot(page: Page, tmp_path: Path, name: str) -> None:
    folder = Path(os.environ.get("COMPANION_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    look(page, str(folder / name))


def _api(base: str, path: str, body: dict[str, Any] | None = None, key: str = "") -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def _table_with_rounds(base: str, names: list[str], rounds: int) -> dict[str, Any]:
    """A custom table made and filled through the Table API (the host key enters every seat)."""
    created = _api(base, "/api/v1/tables", {"game": "custom", "names": names, "options": {}})
    for r in range(1, rounds + 1):
        for seat in range(len(names)):
            body = {"action": "score", "target": {"round": r, "seat": seat}, "version": 0,
                    "data": {"points": (r * 7 + seat * 3) % 13}}  # fmt: skip
            _api(base, "/api/v1/table/actions", body, created["host_key"])
    return created


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on screen"
    return box


def test_the_join_panel_leads_a_new_table_and_the_host_card_follows_the_seats(
    phone, tmp_path: Path
):
    host = phone(**SMALL)
    open_table(host, ["Ann", "Ben"])
    # on top, above the entry form, with the QR code and the code
    expect(host.locator("#join-top #join img.qr")).to_be_visible()
    expect(host.locator("#join-top .join-code strong")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
    assert _box(host, "#join")["y"] < _box(host, "#entry-box")["y"]
    assert _box(host, "#join img.qr")["y"] + 200 < 844  # the code is on the first screen
    expect(host.locator("#join .no-phone")).to_have_text(
        "Ann and Ben have no phone here: you can enter for them from this phone."
    )
    expect(host.locator("#seat-admin-0")).to_contain_text("Ann: no phone: you can enter for Ann")
    _shot(host, tmp_path, "new-table-390.png")
    wait_sse_open(host)
    url = join_link(host)

    ann = phone(**SMALL)
    ann.goto(url)
    expect(ann.get_by_role("button", name="Take Ann's seat", exact=True)).to_be_visible()
    _shot(ann, tmp_path, "join-390.png")
    take_seat(ann, url, "", "Ann")
    # the host's card says so without a reload; Ben still has no phone, so the panel stays
    expect(host.locator("#seat-admin-0")).to_contain_text("Ann: a phone sits here")
    expect(host.locator("#join .no-phone")).to_have_text(
        "Ben has no phone here: you can enter for Ben from this phone."
    )
    expect(host.locator("#join-top #join")).to_be_visible()

    ben = phone(**SMALL)
    take_seat(ben, url, "", "Ben")
    # every seat has a phone: the join panel goes back below the sheet, on every phone
    expect(host.locator("#join-bottom #join")).to_be_visible()
    expect(host.locator("#join-top #join")).to_have_count(0)
    expect(host.locator("#seat-admin-1")).to_contain_text("Ben: a phone sits here")
    assert _box(host, "#join")["y"] > _box(host, "#live")["y"]
    expect(ann.locator("#join-bottom #join")).to_be_attached()
    host.evaluate("() => window.scrollTo(0, 0)")
    _shot(host, tmp_path, "seated-390.png")


def test_the_sheet_keeps_its_round_column_and_totals_in_sight_at_390(phone, server, tmp_path: Path):
    names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Flo", ""]
    created = _table_with_rounds(server.base_url, names, 16)
    page = phone(**SMALL)
    take_seat(page, created["links"]["join"], "Gus", "Seat 7")
    wrap = page.locator(".sheet-wrap")
    wrap.scroll_into_view_if_needed()
    # seven seats do not fit 390 px: the sheet says it scrolls sideways
    expect(page.locator(".sheet-box.more-right")).to_be_attached()
    expect(page.locator(".scroll-hint")).to_be_visible()
    page.evaluate("() => window.scrollTo(0, document.querySelector('.sheet-wrap')"
                  ".getBoundingClientRect().top + window.scrollY - 60)")  # fmt: skip
    _shot(page, tmp_path, "sheet-7-seats-390.png")

    # sideways to the end: the round numbers stay at the sheet's left edge
    page.evaluate(f"() => {{ const w = {WRAP}; w.scrollLeft = w.scrollWidth;"
                  " w.dispatchEvent(new Event('scroll')) }")  # fmt: skip
    page.wait_for_function(f"() => {{ const w = {WRAP};"
                           " return w.scrollLeft > 30 &&"
                           " w.scrollLeft >= w.scrollWidth - w.clientWidth - 1 }")  # fmt: skip
    box = _box(page, ".sheet-wrap")
    for row in ("#sheet-r1 th", "#sheet-r5 th", "#sheet-totals th", "#sheet-head th"):
        cell = _box(page, row)
        assert abs(cell["x"] - box["x"]) <= 1, f"{row} moved off the left edge: {cell} {box}"
    last = _box(page, "#sheet-totals td[data-seat='6']")
    assert last["x"] + last["width"] <= box["x"] + box["width"] + 1  # the last seat came in
    expect(page.locator(".sheet-box.more-right")).to_have_count(0)
    _shot(page, tmp_path, "sheet-scrolled-sideways-390.png")

    # down and up again through 16 rounds: the totals row stays at the bottom of the sheet
    for top in (0, 300):
        page.evaluate(f"() => {{ document.querySelector('.sheet-wrap').scrollTop = {top} }}")
        # (the cells are what stays in place: a table row's own box does not move)
        totals, box = _box(page, "#sheet-totals td[data-seat='3']"), _box(page, ".sheet-wrap")
        assert box["height"] < 844 * 0.75  # the sheet scrolls inside its box
        assert (
            totals["y"] >= box["y"]
            and totals["y"] + totals["height"] <= box["y"] + box["height"] + 1
        ), f"totals out of the sheet's box at scrollTop {top}: {totals} {box}"
        assert 0 <= totals["y"] and totals["y"] + totals["height"] <= 844
        head = _box(page, "#sheet-head th.seat-head")
        assert abs(head["y"] - box["y"]) <= 1  # the names stay on top as well
    expect(page.locator("#sheet-r1")).not_to_be_in_viewport()


def test_the_tv_fits_one_screen_with_the_totals_and_the_join_code(phone, server, tmp_path: Path):
    created = _table_with_rounds(server.base_url, ["Ann", "Ben", "Cy", ""], 20)
    host_share = created["links"]["share"]
    tv = phone(**TV)
    tv.goto(host_share.replace("/s/", "/tv/"))
    expect(tv.locator("#sheet-r20")).to_be_attached()
    at_end = (
        f"() => {{ const w = {WRAP}; return w.scrollTop + w.clientHeight + 2 >= w.scrollHeight }}"
    )
    tv.wait_for_function(at_end)
    totals = _box(tv, "#sheet-totals td[data-seat='3']")
    assert totals["y"] >= 0 and totals["y"] + totals["height"] <= 1080, totals
    assert totals["x"] >= 0 and totals["x"] + totals["width"] <= 1920, totals
    size = tv.evaluate("() => [document.documentElement.scrollWidth,"
                       " document.documentElement.scrollHeight]")  # fmt: skip
    assert size[0] <= 1920 and size[1] <= 1080, f"the TV page scrolls: {size}"
    expect(tv.locator("#sheet-r20")).to_be_in_viewport()  # the newest round is shown
    # joining: the QR code leads to the table's join link, and the code is beside it
    join = _box(tv, "#tv-join")
    assert join["x"] + join["width"] <= 1920 and join["y"] + join["height"] <= 1080
    expect(tv.locator("#tv-join .join-code strong")).to_have_text(created["join_code"])
    assert decode_qr(tv, tmp_path).endswith(created["links"]["join"])
    _shot(tv, tmp_path, "tv-20-rounds-1920.png")
    # the same link on a phone: one column, as wide as the phone, totals still in the box
    small = phone(**SMALL)
    small.goto(host_share.replace("/s/", "/tv/"))
    expect(small.locator("#tv-join .qr")).to_be_visible()
    assert small.evaluate("() => document.documentElement.scrollWidth") <= 390
    _shot(small, tmp_path, "tv-on-a-phone-390.png")


def test_the_host_adds_and_removes_a_seat_and_every_phone_sees_it(phone, tmp_path: Path):
    host = phone(**SMALL)
    open_table(host, ["Ann", "", "Cy"])
    wait_sse_open(host)
    ann = phone(**SMALL)
    take_seat(ann, join_link(host), "", "Ann")
    wait_sse_open(ann)
    expect(host.locator("#seat-admin-0")).to_contain_text("a phone sits here")
    host.locator("#add-seat input[name=name]").fill("Dee")
    host.locator("#add-seat").get_by_role("button", name="Add a seat").click()
    for page in (host, ann):
        expect(page.locator("#sheet-head th.seat-head")).to_have_count(4)
        expect(page.locator("#sheet-head")).to_contain_text("Dee")
    # the host can enter for Dee at once (the new column's cells and box are the host's)
    expect(host.locator("#points-3")).to_be_visible()
    # removing asks first, and says what happens
    host.locator("#seat-admin-1 summary", has_text="Remove Seat 2's seat").click()
    confirm = host.locator("#seat-admin-1 form.confirm-rest")
    expect(confirm).to_contain_text("no points are lost")
    host.locator("#host").scroll_into_view_if_needed()
    _shot(host, tmp_path, "host-card-390.png")
    confirm.get_by_role("button", name="Remove Seat 2's seat now").click()
    for page in (host, ann):
        expect(page.locator("#sheet-head th.seat-head")).to_have_text(
            [re.compile("Ann"), re.compile("Cy"), re.compile("Dee")]
        )
    expect(host.locator("#seat-admin-1")).to_contain_text("Cy")
    expect(host.locator("#seat-admin-2")).to_contain_text("Dee")
    # a stale form (drawn before the removal) is refused and said so
    host.evaluate("() => { document.querySelector('#add-seat input[name=version]').value = '0' }")
    host.locator("#add-seat").get_by_role("button", name="Add a seat").click()
    expect(host.locator("#refusal")).to_contain_text("The seats changed a moment ago")
    expect(host.locator("#sheet-head th.seat-head")).to_have_count(3)


def test_a_host_typing_a_new_seat_keeps_it_when_a_phone_sits_down(phone):
    """The host card is redrawn when a phone sits: the name being typed, the field's focus and
    an open "Remove ...'s seat" box come through; a box whose seat changed name does not."""
    host = phone(**SMALL)
    open_table(host, ["Ann", "", "Cy"])
    wait_sse_open(host)
    host.locator("#remove-seat-1 summary").click()
    host.locator("#remove-seat-2 summary").click()
    name = host.locator("#add-seat input[name=name]")
    name.press_sequentially("De")
    ben = phone(**SMALL)
    take_seat(ben, join_link(host), "Ben", "Seat 2")
    expect(host.locator("#seat-admin-1")).to_contain_text("Ben")
    expect(name).to_have_value("De")
    expect(name).to_be_focused()
    expect(host.locator("#remove-seat-2")).to_have_attribute("open", "")  # still Cy's
    expect(host.locator("#remove-seat-1")).not_to_have_attribute("open", "")  # now Ben's
    name.press_sequentially("e")  # typing goes on where it was
    host.locator("#add-seat").get_by_role("button", name="Add a seat").click()
    expect(host.locator("#sheet-head th.seat-head")).to_have_text(
        [re.compile("Ann"), re.compile("Ben"), re.compile("Cy"), re.compile("Dee")]
    )


def test_the_tv_join_box_follows_the_host_locking_and_opening_joining(phone):
    host = phone(**SMALL)
    open_table(host, ["Ann", "", "Cy"])
    share = host.get_by_role("link", name="Read-only link to share").get_attribute("href")
    tv = phone(**TV)
    tv.goto(str(share).replace("/s/", "/tv/"))
    expect(tv.locator("#tv-join .qr")).to_be_visible()
    wait_sse_open(tv, ".tv-sheet")
    host.get_by_role("button", name="Lock joining").click()
    expect(tv.locator("#tv-join")).to_have_count(0)  # nobody can join: the TV stops offering
    host.get_by_role("button", name="Open joining").click()
    expect(tv.locator("#tv-join .join-code strong")).to_be_visible()
    box = _box(tv, "#tv-join")  # back in its place beside the sheet
    assert box["x"] > 1920 / 2 and box["x"] + box["width"] <= 1920, box
