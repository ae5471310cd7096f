"""Hearts by numbers on two real phones (Chromium, 390 px): a wrong sum is refused with the
boxes kept, the saved hand reaches the other phone, and the moon button asks first.

Screenshots (390 px) are kept in ``test-artifacts/`` (git-ignored)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import WAIT_MS
from tests.e2e.test_hearts_onetap import shot
from tests.e2e.test_hearts_phones import record_it, sit, start_hearts, wait_live

pytestmark = pytest.mark.e2e
NARROW = {"viewport": {"width": 390, "height": 844}}
LIVE_MS = WAIT_MS  # a generous wait for a live update, not a timing assertion


def expect_totals(page: Page, values: list[str]) -> None:
    totals = page.locator("#sheet tfoot td.total")
    expect(totals).to_have_text(values, timeout=LIVE_MS)


def test_numbers_per_seat_on_two_phones(phone) -> None:
    host = phone(**NARROW)
    start_hearts(host, ["Ann", "", "Cy", "Dee"])
    bob = phone(**NARROW)
    sit(bob, host, "Bob", "Seat 2")
    wait_live(bob)

    host.locator("nav.ways").get_by_role("link", name="Numbers").click()
    form = host.locator("#points-form")
    expect(form).to_be_visible()
    box = form.locator("#points-1-0").bounding_box()
    assert box and box["height"] >= 44, box  # a thumb-sized box
    for seat, value in enumerate(["15", "4", "7", "2"]):
        form.locator(f"#points-1-{seat}").fill(value)
    expect(form.locator("[data-points-sum]")).to_have_text("Adds up to 28 of 26.")
    form.get_by_role("button", name="Save hand 1").last.click()
    expect(host.locator("#entry-box")).to_contain_text("add up to 28")
    expect(host.locator("#points-1-0")).to_have_value("15")  # the boxes are kept
    host.locator("#points-1-3").fill("0")
    shot(host, "hearts-numbers.png")
    host.locator("#points-form").get_by_role("button", name="Save hand 1").last.click()
    expect_totals(host, ["15", "4", "7", "0"])
    expect_totals(bob, ["15", "4", "7", "0"])  # reached the other phone by itself

    bob.locator("nav.ways").get_by_role("link", name="Numbers").click()
    moon = bob.locator("#points-form").get_by_role("button", name="Cy shot the moon")
    moon.click()  # asks first: nothing is sent yet
    expect(bob.locator("#points-form .confirm-rest")).to_contain_text("a moon for Cy")
    expect_totals(host, ["15", "4", "7", "0"])
    record_it(bob, "#points-form").click()
    expect_totals(bob, ["41", "30", "7", "26"])
    expect_totals(host, ["41", "30", "7", "26"])
    expect(host.locator("#history")).to_contain_text("hand 2 by points: Cy shot the moon")
