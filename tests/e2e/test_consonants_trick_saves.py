"""Consonants trick by trick on a phone at 390 px (issue 23, as Hearts): a trick is sent when
its last card is tapped (no "Save" tap); tapped before the leader, the leader's tap sends it;
a card tapped by mistake comes off in one tap (its chip in the play order)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import settle
from .test_consonants_phones import start_consonants

pytestmark = pytest.mark.e2e
NARROW = {"viewport": {"width": 390, "height": 844}}
FORM = "#trick-form"


def tile(page: Page, card: str):  # type: ignore[no-untyped-def]
    return page.locator(f"{FORM} .atile[data-card='{card}']")


def test_a_consonants_trick_saves_itself_on_its_last_card(phone) -> None:
    ref = phone(**NARROW)
    start_consonants(ref, ["Ann", "Ben", "Cy", "Dee"])
    ref.locator("#entry-box nav.ways").get_by_role("link", name="Trick by trick").click()
    heading = ref.locator(f"{FORM} h2")
    expect(heading).to_have_text("Hand 1, trick 1 of 18")
    settle(ref)
    cards = ref.locator(f"{FORM} input[name=cards]")
    for name in ("J", "T", "S"):
        tile(ref, name).click()
    tile(ref, "B").click()  # a slip, before the leader: the trick waits for its leader
    expect(cards).to_have_value("J T S B")
    ref.locator(f"{FORM} [data-order] [data-chip='B']").click()  # one tap takes it off
    expect(cards).to_have_value("J T S")
    tile(ref, "R").click()
    expect(heading).to_have_text("Hand 1, trick 1 of 18")  # no leader yet: not sent
    ref.locator(f"{FORM} label.seat-pick").filter(has_text="Ann").click()  # this tap sends it
    expect(heading).to_have_text("Hand 1, trick 2 of 18")
    expect(ref.locator("#tricks table.trick-table tbody tr")).to_have_count(1)
    settle(ref)
    for name in ("B", "C", "D"):
        tile(ref, name).click()
    expect(heading).to_have_text("Hand 1, trick 2 of 18")
    tile(ref, "F").click()  # the leader is known: the last card sends the trick
    expect(heading).to_have_text("Hand 1, trick 3 of 18")
    expect(ref.locator("#tricks table.trick-table tbody tr")).to_have_count(2)
