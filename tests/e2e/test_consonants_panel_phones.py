"""The Consonants hand panel on real phones (Chromium, 390 x 844): first on a seated phone's
table page and on the TV view, above any entry form, and following a live update."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import readme_shot
from tests.e2e.test_consonants_phones import start_consonants, tile
from tests.e2e.test_hearts_panel_phones import NARROW, above, first_on_page, shot, wait_stream
from tests.e2e.test_hearts_phones import LIVE_MS, sit

pytestmark = pytest.mark.e2e


def test_the_panel_is_first_on_the_phones_and_the_tv(phone) -> None:
    host = phone(**NARROW)
    start_consonants(host, ["", "Ben", "Cy"])
    ann = phone(**NARROW)
    sit(ann, host, "Ann", "Seat 1")
    tv = phone(**NARROW)
    tv.goto(host.get_by_role("link", name="TV view (large type)").get_attribute("href") or "")
    for p in (host, ann, tv):
        wait_stream(p)
    for p in (host, ann):
        first_on_page(p)
        above(p.locator("#hand-panel"), p.locator("#entry-box"))
    first_on_page(tv)
    above(tv.locator("#hand-panel"), tv.locator("#sheet"))
    expect(ann.locator("#deal-line")).to_contain_text("24 cards each, 2 face down in the kitty")
    expect(ann.locator("#pass-line")).to_contain_text("Pass 4 cards to Ben, on your left.")
    shot(ann, "cons-panel-first-ann-390.png")
    shot(tv, "cons-panel-first-tv-390.png")
    readme_shot(ann, "consonants-table.png")
    readme_shot(tv, "consonants-tv.png")

    tile(ann, "J").click()  # a change of Ann's own: every phone redraws, the panel stays first
    ann.get_by_role("button", name="Send the cards").click()
    expect(tv.locator("#hand-panel")).to_contain_text("Hand 1", timeout=LIVE_MS)
    expect(host.locator("#history")).to_contain_text("Ann", timeout=LIVE_MS)
    for p in (host, ann):
        first_on_page(p)
