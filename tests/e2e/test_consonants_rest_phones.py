"""Consonants "The rest go to <name>" on two phones at 390 px (issue 23, as Hearts): once a
trick is in, the buttons wait under the trick form on every phone; Ben's one tap gives him the
rest of the hand, the kitty with the last trick, and both phones go on to the words; the host's
undo takes the claim back and the trick form returns on both."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import look, settle
from .test_consonants_phones import start_consonants
from .test_hearts_phones import LIVE_MS, sit, wait_live

pytestmark = pytest.mark.e2e
NARROW = {"viewport": {"width": 390, "height": 844}}
FORM = "#trick-form"
SHOTS = Path("/tmp/ux-shots")


def tile(page: Page, card: str):  # type: ignore[no-untyped-def]
    return page.locator(f"{FORM} .atile[data-card='{card}']")


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    look(page, str(SHOTS / name), animations="disabled", caret="hide")


def test_ben_takes_the_rest_in_one_tap_and_the_host_undoes_it(phone) -> None:
    host = phone(**NARROW)
    start_consonants(host, ["Ann", "Ben", "Cy", "Dee"])
    ben = phone(**NARROW)
    sit(ben, host, "Ben", "Ben")
    host.locator("#entry-box nav.ways").get_by_role("link", name="Trick by trick").click()
    heading = host.locator(f"{FORM} h2")
    expect(heading).to_have_text("Hand 1, trick 1 of 18")
    expect(host.locator("#rest-form")).to_have_count(0)  # nothing to claim after yet
    settle(host)
    for name in ("J", "K", "Q", "V"):  # Ann leads the J; Dee's V takes it
        tile(host, name).click()
    host.locator(f"{FORM} label.seat-pick").filter(has_text="Ann").click()
    expect(heading).to_have_text("Hand 1, trick 2 of 18")
    settle(host)
    for name in ("X", "Z", "T", "T"):  # Dee leads; Ann's Z takes it
        tile(host, name).click()
    expect(heading).to_have_text("Hand 1, trick 3 of 18")
    wait_live(ben)
    # Ben's phone has the trick-2 update in hand before the tap: the buttons came with trick 1,
    # and an update still on its way would swap them under the finger
    expect(ben.locator(f"{FORM} h2")).to_have_text("Hand 1, trick 3 of 18", timeout=LIVE_MS)
    claim = ben.locator("#rest-form").get_by_role("button", name="The rest go to Ben")
    expect(claim).to_be_visible(timeout=LIVE_MS)
    claim.scroll_into_view_if_needed()
    shot(ben, "consonants-rest-offered-ben-390.png")
    claim.click()
    went = "Ben took every trick from trick 3 on, the kitty too."
    for page in (ben, host):
        expect(page.locator("#rest-went")).to_have_text(went, timeout=LIVE_MS)
        expect(page.locator(FORM)).to_have_count(0)
        expect(page.locator("#rest-form")).to_have_count(0)
    expect(ben.locator("#entry-box")).to_contain_text(
        "The rest of hand 1 went to Ben: now the words."
    )
    shot(ben, "consonants-rest-claimed-ben-390.png")
    shot(host, "consonants-rest-claimed-host-390.png")
    host.locator("#undo-form button").click()
    for page in (host, ben):
        expect(page.locator(f"{FORM} h2")).to_have_text("Hand 1, trick 3 of 18", timeout=LIVE_MS)
        expect(page.locator("#rest-went")).to_have_count(0)
        expect(page.locator("#rest-form")).to_be_attached()
