"""Every id on a table page is on one element only (issue 23: two elements shared the id
``entry-key`` after switching the way of entry), checked after each step of play on phones
at 390 px: the way of entry switched back and forth, with taps held in a form, after live
updates from another phone, after a refusal, around a change of an earlier hand; in Hearts
and in Consonants (the two trick games with ways of entry)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import settle, wait_sse_open
from .test_consonants_phones import start_consonants
from .test_hearts_phones import LIVE_MS, card, sit, start_hearts

pytestmark = pytest.mark.e2e
NARROW = {"viewport": {"width": 390, "height": 844}}
SHARED = """() => {
  const count = {};
  document.querySelectorAll("[id]").forEach((el) => { count[el.id] = (count[el.id] || 0) + 1; });
  return Object.keys(count).filter((id) => count[id] > 1).map((id) => id + " x" + count[id]);
}"""


def unique_ids(page: Page, step: str) -> None:
    settle(page)
    shared = page.evaluate(SHARED)
    assert shared == [], f"after {step}: ids on more than one element: {shared}"
    expect(page.locator("#entry-key")).to_have_count(1)


def switch(page: Page, label: str, shown: str | None = None) -> None:
    """Tap the way ``label``; the way then on is ``shown`` (a Hearts hand with a trick in
    stays trick by trick, whichever way is tapped)."""
    page.locator("#entry-box nav.ways").get_by_role("link", name=label, exact=True).click()
    on = page.locator("#entry-box nav.ways a[aria-current][href*='/way/']")
    expect(on).to_have_text(shown or label)
    unique_ids(page, f"switching to {label!r}")


def test_hearts_ways_switched_back_and_forth_keep_every_id_unique(phone) -> None:
    ann = phone(**NARROW)
    start_hearts(ann, ["Ann", "", "Cy", "Dee"])
    ben = phone(**NARROW)
    sit(ben, ann, "Ben", "Seat 2")
    for p in (ann, ben):
        wait_sse_open(p)
    unique_ids(ann, "the first load")
    for label in ("Trick by trick", "Numbers", "Score for all", "Trick by trick",
                  "Score for all", "Numbers", "Trick by trick"):  # fmt: skip
        switch(ann, label)
    # a card tapped (the form holds it), then the way switched again, and back
    card(ann, "#trick-form", "3C").click()
    switch(ann, "Score for all")
    card(ann, "#taken-form", "QS").click()
    switch(ann, "Trick by trick")
    for label in ("My cards", "Trick by trick", "Numbers", "My cards"):
        switch(ben, label)
    # Ben sends trick 1 while Ann's trick form holds her taps: the live update comes in
    switch(ben, "Trick by trick")
    ann.locator("#trick-form label.seat-pick").filter(has_text="Ann").click()  # held
    ben.locator("#trick-form label.seat-pick").filter(has_text="Ann").click()
    for name in ("4C", "5C", "6C"):
        card(ben, "#trick-form", name).click()
    expect(ann.locator("#entry-held")).to_be_visible(timeout=LIVE_MS)
    unique_ids(ann, "a live update held back")
    for label in ("Score for all", "Trick by trick", "Numbers", "Trick by trick"):
        switch(ann, label, "Trick by trick")
    expect(ann.locator("#trick-form h2")).to_have_text("Hand 1, trick 2 of 13")
    # the same trick sent from two phones: one is refused, its cards kept
    for p in (ann, ben):
        for name in ("7C", "8C", "9C"):
            card(p, "#trick-form", name).click()
    card(ann, "#trick-form", "TC").click()
    expect(ann.locator("#trick-form h2")).to_have_text("Hand 1, trick 3 of 13")
    card(ben, "#trick-form", "JC").click()
    expect(ben.locator("#trick-form p.now")).to_contain_text("Changed on another phone")
    unique_ids(ben, "a refused trick")
    for label in ("Numbers", "Trick by trick", "My cards", "Trick by trick"):
        switch(ben, label, "Trick by trick")
    unique_ids(ann, "live updates")


def test_hearts_ways_around_a_change_of_an_earlier_hand_keep_every_id_unique(phone) -> None:
    ann = phone(**NARROW)
    start_hearts(ann, ["Ann", "Ben", "Cy", "Dee"])
    watcher = phone(**NARROW)
    watcher.goto(ann.url)
    wait_sse_open(watcher)
    switch(ann, "Numbers")
    for seat, points in enumerate(["13", "5", "8"]):
        ann.locator(f"#points-1-{seat}").fill(points)
    ann.get_by_role("button", name="Save hand 1").last.click()
    expect(ann.locator("#sheet tbody tr")).to_have_count(1)
    unique_ids(ann, "a hand saved")
    ann.locator("#fix summary").click()
    ann.locator("#fix a", has_text="Hand 1").click()
    expect(ann.locator("#fix-box")).to_be_visible()
    unique_ids(ann, "opening hand 1 to change it")
    ann.locator("#entry-box a.back-to-open").click()
    unique_ids(ann, "back to hand 2")
    for label in ("Trick by trick", "Score for all", "Numbers", "Trick by trick"):
        switch(ann, label)
    unique_ids(watcher, "watching it all")


def test_consonants_ways_switched_back_and_forth_keep_every_id_unique(phone) -> None:
    ann = phone(**NARROW)
    start_consonants(ann, ["Ann", "", "Cy", "Dee"])
    ben = phone(**NARROW)
    sit(ben, ann, "Ben", "Seat 2")
    for p in (ann, ben):
        wait_sse_open(p)
    unique_ids(ann, "the first load")
    for label in ("Trick by trick", "Cards taken", "Trick by trick", "Cards taken"):
        switch(ann, label)
    ann.locator("#taken-form [data-seat-link='2']").click()
    unique_ids(ann, "another seat's cards")
    for label in ("Trick by trick", "Cards taken", "Trick by trick"):
        switch(ann, label)
        switch(ben, label)
    unique_ids(ann, "the other phone switching too")
