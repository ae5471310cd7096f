"""Every page fits a phone's width, and buttons are big enough for a thumb."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import enter_all, join_link, open_table, take_seat

pytestmark = pytest.mark.e2e
MIN_TAP = 44  # px, the smallest comfortable tap target
NAMES = ["Ann", "", "Maximiliane-Christabel", "Cy", "Dora", "Ed", "Flo", "Gus"]
SIZES = {
    "390x844": {"viewport": {"width": 390, "height": 844}},
    "pixel-7": {},  # the device's own 412 px wide viewport
}
BUTTON_HEIGHTS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(el => el.getClientRects().length > 0)
  .map(el => ({text: el.textContent.trim().slice(0, 40),
               height: el.getBoundingClientRect().height}))
"""
BUTTONS = "button:not(.small), .button:not(.small), input[type=submit]"


def _check(page: Page, what: str, seen: list[str]) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"{what}: the page is {scroll} px wide on a {width} px screen"
    buttons: list[dict[str, Any]] = page.evaluate(BUTTON_HEIGHTS, BUTTONS)
    small = [b for b in buttons if b["height"] < MIN_TAP]
    assert not small, f"{what}: buttons under {MIN_TAP} px tall: {small}"
    seen.append(f"{what}: {len(buttons)} buttons")


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_pages_fit_the_phone_and_buttons_are_thumb_sized(phone, size: dict[str, Any]):
    seen: list[str] = []
    a = phone(**size)
    a.goto("/")
    _check(a, "start page", seen)
    open_table(a, NAMES)  # the new-table page is not among the pages checked here
    _check(a, "table page, empty", seen)
    enter_all(a, 1, [5, 3, 8, 1, 0, 2, 4, 7])
    enter_all(a, 2, [-15, 30, 12, 0, 9, 11, 2, 5])
    _check(a, "table page with sheet and chart", seen)
    a.locator("#sheet tbody tr:nth-child(1) td:nth-of-type(3) a.cell-link").click()
    expect(a.locator("#edit-form")).to_be_visible()
    _check(a, "table page with a correction open", seen)

    b = phone(**size)
    b.goto(join_link(a))
    _check(b, "join page", seen)
    take_seat(b, join_link(a), "Bea", "Seat 2")
    _check(b, "player's table page", seen)
    for link in ("Read-only link to share", "TV view (large type)"):
        b.goto(a.get_by_role("link", name=link).get_attribute("href") or "")
        expect(b.locator("#sheet")).to_be_visible()
        _check(b, link, seen)
    b.goto("/code")
    _check(b, "join by code", seen)
    assert len(seen) == 9, seen
