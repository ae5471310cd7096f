"""Spades on four phones and Oh Hell card by card (Chromium, Pixel 7): each phone bids in its
turn and says its own tricks; the hand is checked by hand from RULES.md's worked example."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import WAIT_MS, join_link, open_table, take_seat, totals

pytestmark = pytest.mark.e2e
LIVE_MS = WAIT_MS  # a generous wait for a live update, not a timing assertion


def start(page: Page, game: str, names: list[str], **selects: str) -> str:
    """A table of ``game`` started over HTTP (``open_table``)."""
    return open_table(page, names, game, shown=None, **selects)


def sit(page: Page, join: str, name: str) -> None:
    """The phone takes a named seat over HTTP (``take_seat``)."""
    take_seat(page, join, "", name, shown=None)


def test_a_spades_hand_on_four_phones(phone):
    names = ["Ann", "Bob", "Cy", "Dee"]
    phones = [phone() for _ in names]
    start(phones[0], "spades", names)
    join = join_link(phones[0])
    for page, name in zip(phones, names, strict=True):
        sit(page, join, name)
    # Ann deals: Bob bids first; Cy's phone waits for him and offers no bid
    expect(phones[2].get_by_text("Waiting for Bob to bid.")).to_be_visible()
    for seat, bid in ((1, "3"), (2, "Nil"), (3, "2"), (0, "4")):
        page = phones[seat]
        expect(page.get_by_text(f"{names[seat]}, your bid:")).to_be_visible(timeout=LIVE_MS)
        page.get_by_role("button", name=bid, exact=True).click()
        expect(page.locator("#toast")).to_contain_text(f"{names[seat]} bid")
    said: list[str] = []
    for seat, took in ((0, "5"), (1, "4"), (2, "0"), (3, "4")):
        page = phones[seat]
        # as a player would: the counts said so far are on this phone before it types its own
        for line in said:
            expect(page.locator("ul.said")).to_contain_text(line, timeout=LIVE_MS)
        page.locator("input[name=tricks]").fill(took)
        page.get_by_role("button", name="Save my tricks").click()
        said.append(f"{names[seat]}: {took}")
        if len(said) < len(names):  # the last count scores the hand and the list goes
            expect(page.locator("ul.said")).to_contain_text(said[-1], timeout=LIVE_MS)
    for page in phones:
        expect(page.locator("#sheet tfoot td.total").first).to_have_text("141", timeout=LIVE_MS)
        assert totals(page) == ["141", "53", "141", "53"]
    summary = phones[1].locator(".hand-summary")
    expect(summary).to_contain_text("Ann and Cy bid 4 + nil, took 5, contract made")
    expect(summary).to_contain_text("Cy's nil made")


def test_oh_hell_the_hook_and_a_trick_tapped_in(phone):
    names = ["Ann", "Bob", "Cy"]
    host = phone()
    start(host, "oh-hell", names, schedule="up")
    host.get_by_role("button", name="Clubs").click()
    expect(host.get_by_text("clubs are trumps")).to_be_visible()
    for bid in ("1", "0"):
        host.get_by_role("button", name=bid, exact=True).click()
        expect(host.locator("#toast")).to_contain_text("bid")
    # Ann deals last: 0 would make the bids add up to the 1 card, so it is not offered
    expect(host.get_by_text("The hook: Ann deals and may not bid 0")).to_be_visible()
    expect(host.locator(".bid-choices button")).to_have_count(1)
    host.get_by_role("button", name="1", exact=True).click()
    host.locator("summary", has_text="card by card").click()
    for card in ("AH", "2C", "KH"):  # Bob leads, Cy trumps, Ann follows
        host.locator(f".pick-card[data-card='{card}']").click()
    expect(host.get_by_text("Hand 2")).to_be_visible()
    expect(host.locator(".hand-summary")).to_contain_text("Cy bid 0, took 1: missed, +0.")
