"""Hearts one-tap completions on real phones (Chromium, 390 px wide): "Rest -> Bob" on the
scorer's phone and "All the rest are mine" on a seated phone first say what they would record,
"Not yet" leaves the form exactly as it was with nothing sent, "Record it" stores the hand, and
"Take it back" (shown only on the phone that recorded) takes it back at once.

Screenshots (390 px) are kept in ``test-artifacts/`` (git-ignored)."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import WAIT_MS, expect_signs, look
from tests.e2e.test_hearts_phones import card, sit, start_hearts, totals, wait_live

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
NARROW = {"viewport": {"width": 390, "height": 844}}
LIVE_MS = WAIT_MS  # a generous wait for a live update, not a timing assertion

# The form as the person sees and sends it: its markup plus every field's current value
# (an empty style attribute is what a Playwright screenshot leaves on inputs: not the page's).
FORM_STATE = """(sel) => {
  const f = document.querySelector(sel);
  const values = Array.from(f.querySelectorAll('input, select')).map(i => i.name + '=' + i.value);
  return [f.outerHTML.replace(/ style=""/g, ''), values];
}"""


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    look(page, str(ARTIFACTS / name))  # what the phone shows (390 px wide)


def same_form(page: Page, form: str, before: list) -> None:
    """The form is exactly as it was (markup and values); shows the difference if not."""
    after = page.evaluate(FORM_STATE, form)
    if after != before:
        old, new = before[0].split(">"), after[0].split(">")
        diff = "\n".join(difflib.unified_diff(old, new, lineterm="", n=0))
        assert after == before, f"the form changed:\n{diff}\n{before[1]}\n{after[1]}"


def posts_to(page: Page) -> list[str]:
    """Every POST the page sends from now on (its URL)."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    return sent


def test_rest_to_bob_asks_first_and_can_be_taken_back(phone):
    host = phone(**NARROW)
    start_hearts(host, ["Ann", "Bob", "Cy", "Dee"])
    wait_live(host)
    form = "#taken-form"
    sent = posts_to(host)
    zero = totals(host)

    for name in ("QS", "2H", "3H"):  # Ann (the first player is chosen)
        card(host, form, name).click()
    host.locator(f"{form} .seat-tab[data-seat='2']").click()
    card(host, form, "4H").click()
    before = host.evaluate(FORM_STATE, form)

    host.locator(f"{form} button.rest[value='1']").click()  # Rest -> Bob
    box = host.locator(f"{form} .confirm-rest")
    expect(box).to_be_visible()
    expect_signs(
        host, f"{form} .confirm-rest .confirm-what",
        "Give Bob the 10 cards left: 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥?", exact=True,
    )  # fmt: skip
    expect(box.locator(".confirm-score")).to_have_text(
        "That makes the hand: Ann 15, Bob 10, Cy 1, Dee 0."
    )
    for label in ("Record it", "Not yet"):
        size = box.get_by_role("button", name=label).bounding_box()
        assert size and size["height"] >= 44 and size["width"] >= 44
    shot(host, "hearts-rest-confirm-390.png")

    box.get_by_role("button", name="Not yet").click()
    expect(box).to_have_count(0)
    same_form(host, form, before)  # exactly as it was, taps kept
    assert not [u for u in sent if "/hearts/" in u or "/undo" in u]  # nothing sent
    assert totals(host) == zero
    expect(host.locator("#hand-panel")).to_contain_text("Hand 1")

    host.locator(f"{form} button.rest[value='1']").click()
    host.locator(f"{form} .confirm-rest").get_by_role("button", name="Record it").click()
    expect(host.locator("#saved-box")).to_contain_text("Hand 1 saved")
    expect(host.locator("#hand-panel")).to_contain_text("Hand 2")
    assert totals(host) == ["15", "10", "1", "0"]
    assert len([u for u in sent if u.endswith("/hearts/1/taken")]) == 1
    take_back = host.get_by_role("button", name="Take it back")
    size = take_back.bounding_box()
    assert size and size["height"] >= 44
    shot(host, "hearts-rest-recorded-390.png")

    take_back.click()
    expect(host.locator("#edit-box")).to_contain_text("The last change was undone.")
    expect(host.locator("#hand-panel")).to_contain_text("Hand 1", timeout=LIVE_MS)
    expect(host.locator("#sheet tfoot td.total").nth(1)).to_have_text(zero[1], timeout=LIVE_MS)
    assert totals(host) == zero
    expect(host.locator("#take-back")).to_have_count(0)
    expect(host.locator("#taken-form h2")).to_contain_text("Hand 1")
    expect(host.locator(f"{form} [data-seat-cards='0']")).to_be_hidden()
    shot(host, "hearts-rest-taken-back-390.png")


def test_all_the_rest_are_mine_asks_first_and_can_be_taken_back(phone):
    host = phone(**NARROW)
    start_hearts(host, ["", "", "Cy"])  # three players; Cy has no phone and takes nothing
    ann, bob = phone(**NARROW), phone(**NARROW)
    sit(ann, host, "Ann", "Seat 1")
    sit(bob, host, "Bob", "Seat 2")
    for p in (host, ann, bob):
        wait_live(p)
    form = "#claim-form"
    zero = totals(host)

    for name in ("QS", "2H", "3H"):
        card(ann, form, name).click()
    ann.get_by_role("button", name="Send my cards").click()
    expect(ann.locator("#take-back")).to_have_count(1)  # Ann's own claim, on Ann's phone
    expect(card(bob, form, "QS")).to_contain_text("Ann", timeout=LIVE_MS)
    card(bob, form, "4H").click()
    sent = posts_to(bob)
    before = bob.evaluate(FORM_STATE, form)

    bob.get_by_role("button", name="All the rest are mine").click()
    box = bob.locator(f"{form} .confirm-rest")
    expect(box).to_be_visible()
    expect_signs(
        bob, f"{form} .confirm-rest .confirm-what",
        "Claim the 10 cards nobody else has claimed: 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥?", exact=True,
    )  # fmt: skip
    expect_signs(
        bob, f"{form} .confirm-rest .confirm-score",
        "Your cards would be: 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ (11 points).", exact=True,
    )  # fmt: skip
    expect(box.locator(".confirm-score").nth(1)).to_have_text(
        "That makes the hand: Ann 15, Bob 11, Cy 0."
    )
    shot(bob, "hearts-mine-confirm-390.png")

    box.get_by_role("button", name="Not yet").click()
    expect(box).to_have_count(0)
    same_form(bob, form, before)
    assert not sent
    assert totals(bob) == zero

    bob.get_by_role("button", name="All the rest are mine").click()
    bob.locator(f"{form} .confirm-rest").get_by_role("button", name="Record it").click()
    expect(bob.locator("#saved-box")).to_contain_text("Your cards are in.")
    expect(bob.locator("#hand-panel")).to_contain_text("Hand 2")
    assert totals(bob) == ["15", "11", "0"]
    expect(host.locator("#sheet tfoot td.total").nth(1)).to_have_text("11", timeout=LIVE_MS)
    # only the phone that just recorded may take it back: Ann's offer went with the redraw
    expect(ann.locator("#hand-panel")).to_contain_text("Hand 2", timeout=LIVE_MS)
    expect(ann.locator("#take-back")).to_have_count(0)
    for p in (ann, bob):  # the redrawn form is set up for taps: the typed box stays hidden
        expect(p.locator(f"{form} [data-mine]")).to_be_hidden()
    expect(host.locator("#take-back")).to_have_count(0)
    shot(bob, "hearts-mine-recorded-390.png")

    bob.get_by_role("button", name="Take it back").click()
    expect(bob.locator("#edit-box")).to_contain_text("The last change was undone.")
    expect(host.locator("#sheet tfoot td.total").nth(1)).to_have_text(zero[1], timeout=LIVE_MS)
    assert totals(host) == zero
    expect(bob.locator("#hand-panel")).to_contain_text("Hand 1", timeout=LIVE_MS)
    expect_signs(bob, "#claims", "Nobody has claimed: 4♥", timeout=LIVE_MS)
    expect(card(bob, form, "QS")).to_contain_text("Ann")  # Ann's claim stands
