"""Consonants on two real phones (Chromium, Pixel 7): a hand with Flying by Night chosen on the
flyer's phone, and a word challenged through the word judge, both sides confirming."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.test_hearts_phones import LIVE_MS, Taps, sit, wait_live

pytestmark = pytest.mark.e2e


def start_consonants(page: Page, names: list[str]) -> str:
    page.goto("/new/consonants")
    form = page.locator("#new-table")
    form.locator("input[name=players]").fill(str(len(names)))
    for seat, name in enumerate(names):
        form.locator(f"input[name=name-{seat}]").fill(name)
    form.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#hand-panel")).to_be_visible()
    return page.url


def tile(page: Page, card: str) -> Locator:
    return page.locator(f"#taken-form .atile[data-card='{card}']")


def totals(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("#sheet tfoot td.total").all_inner_texts()]


def test_flying_by_night_and_a_challenged_word_on_two_phones(phone, record_property):
    taps = Taps()
    host = phone()
    start_consonants(host, ["", "", "Cy", "Dee"])
    ann, ben = phone(), phone()
    sit(ann, host, "Ann", "Seat 1")
    sit(ben, host, "Ben", "Seat 2")
    expect(ben.locator("#pass-line")).to_contain_text("Pass 4 cards to Cy, on your left.")
    expect(ann.locator("#deal-line")).to_contain_text("18 cards each, 2 face down in the kitty")
    for p in (ann, ben, host):
        wait_live(p)

    # Ann took all six singletons; Ben N, A/E, S, T
    for card in ("J", "K", "Q", "V", "X", "Z"):
        taps("Ann", tile(ann, card))
    expect(ann.locator("#taken-form [data-total]")).to_contain_text("6 cards, 120 points")
    taps("Ann", ann.get_by_role("button", name="Send the cards"))
    for card in ("N", "A/E", "S", "T"):
        taps("Ben", tile(ben, card))
    expect(tile(ben, "J")).to_have_class("atile consonant none", timeout=LIVE_MS)
    taps("Ben", ben.get_by_role("button", name="Send the cards"))

    # the host enters for the seats without a phone: Cy a D, Dee the rest
    taps("host", host.locator("#taken-form [data-seat-link='2']"))
    expect(host.locator("#taken-form h2")).to_contain_text("the cards Cy took")
    taps("host", tile(host, "D"))
    taps("host", host.get_by_role("button", name="Send the cards"))
    expect(host.locator("#waiting-cards")).to_contain_text("Dee")
    taps("host", host.locator("#taken-form [data-seat-link='3']"))
    expect(host.locator("#taken-form h2")).to_contain_text("the cards Dee took")
    taps("host", host.get_by_role("button", name="Add all the rest"))

    # Flying by Night: the choice is on Ann's phone only, the hand waits for it
    expect(ben.locator("#fly")).to_contain_text("Ann is Flying by Night!", timeout=LIVE_MS)
    expect(ben.locator("#fly-waiting")).to_contain_text("Waiting for Ann to choose")
    expect(ben.locator("#fly-form")).to_have_count(0)
    expect(ann.locator("#fly-form")).to_be_visible(timeout=LIVE_MS)
    taps("Ann", ann.get_by_role("button", name="+50 for everyone else"))
    expect(ben.locator("#fly")).to_have_count(0, timeout=LIVE_MS)

    # Ben lays NEST; Ann challenges it; both confirm; the word stands
    ben.locator("#words-form-1 input[name=words]").fill("nest")
    taps("Ben", ben.locator("#words-form-1 button"))
    challenge = ann.get_by_role("button", name="Challenge NEST")
    expect(challenge).to_be_visible(timeout=LIVE_MS)
    taps("Ann", challenge)
    confirm_ben = ben.get_by_role("button", name="Confirm as Ben (player)")
    expect(confirm_ben).to_be_visible(timeout=LIVE_MS)
    taps("Ben", confirm_ben)
    taps("Ann", ann.get_by_role("button", name="Confirm as Ann (challenger)"))
    for p in (ann, ben):
        expect(p.locator("#challenge")).to_contain_text("NEST stands. Ben −3, Ann +3.",
                                                        timeout=LIVE_MS)  # fmt: skip

    # the hand is scored: Ann 0 + 3, Ben 0 + 50 - 3, Cy 2 + 50, Dee 79 + 50
    taps("Ben", ben.locator("#challenge [data-verdict-close]"))  # the verdict fills the screen
    score = ben.get_by_role("button", name="Words are done: score hand 1")
    expect(score).to_be_visible(timeout=LIVE_MS)
    taps("Ben", score)
    expect(ann.locator("#sheet tfoot td.total").first).to_have_text("3", timeout=LIVE_MS)
    assert totals(ann) == ["3", "47", "52", "129"]
    expect(host.locator("#hand-panel")).to_contain_text("Hand 2", timeout=LIVE_MS)
    print(f"\ntaps: Ann {taps.count['Ann']}, Ben {taps.count['Ben']}, host {taps.count['host']}")
    record_property("flyer_taps", taps.count["Ann"])
