"""Consonants on two real phones (Chromium, Pixel 7): a hand with Flying by Night chosen on the
flyer's phone, and a word challenged through the word judge, both sides confirming."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.helpers import look, open_table, readme_shot
from tests.e2e.test_hearts_phones import LIVE_MS, Taps, sit, wait_live

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
NARROW = {"viewport": {"width": 390, "height": 844}}


def start_consonants(page: Page, names: list[str]) -> str:
    """A Consonants table started over HTTP (``open_table``)."""
    return open_table(page, names, "consonants", shown="#hand-panel")


def tile(page: Page, card: str) -> Locator:
    return page.locator(f"#taken-form .atile[data-card='{card}']")


def snap(page: Page, name: str) -> None:
    """A 390 px screenshot of the entry box's top, for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate(  # the box's top just below the sticky bar
        "window.scrollTo(0, document.getElementById('entry-box').getBoundingClientRect().top"
        " + window.scrollY - 70)"
    )
    look(page, str(ARTIFACTS / f"{name}.png"), animations="disabled", caret="hide")


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
    # Ben's untouched form is redrawn live: Ann's J is gone from it
    expect(tile(ben, "J")).to_have_class("atile consonant none", timeout=LIVE_MS)
    for card in ("N", "A/E", "S", "T"):
        taps("Ben", tile(ben, card))
    taps("Ben", ben.get_by_role("button", name="Send the cards"))

    # the host enters for the seats without a phone: Cy a D, Dee the rest
    taps("host", host.locator("#taken-form [data-seat-link='2']"))
    expect(host.locator("#taken-form h2")).to_contain_text("the cards Cy took")
    taps("host", tile(host, "D"))
    taps("host", host.get_by_role("button", name="Send the cards"))
    # Cy's cards are in (the line said "Dee" already before: wait for Cy to leave it, or the
    # answer to this send could redraw the box after the tap on Dee's seat below)
    expect(host.locator("#waiting-cards")).to_have_text("Waiting for the cards of: Dee.")
    taps("host", host.locator("#taken-form [data-seat-link='3']"))
    expect(host.locator("#taken-form h2")).to_contain_text("the cards Dee took")
    taps("host", host.get_by_role("button", name="Add all the rest"))
    expect(host.locator("#taken-form .confirm-what")).to_contain_text("Give Dee every card")
    taps("host", host.get_by_role("button", name="Record it"))

    # Flying by Night: the choice is on Ann's phone only, the hand waits for it
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
    # Ann taps once Ben's confirmation has reached her phone: its live update redraws the
    # challenge, and a tap on the button it replaces is lost
    expect(ann.get_by_text("Ben (player): confirmed")).to_be_visible(timeout=LIVE_MS)
    taps("Ann", ann.get_by_role("button", name="Confirm as Ann (challenger)"))
    for p in (ann, ben):
        expect(p.locator("#challenge")).to_contain_text("NEST stands. Ben −3, Ann +3.",
                                                        timeout=LIVE_MS)  # fmt: skip

    # the hand is scored: Ann 0 + 3, Ben 0 + 50 - 3, Cy 2 + 50, Dee 79 + 50
    taps("Ben", ben.locator("#challenge [data-verdict-close]"))  # the verdict fills the screen
    score = ben.get_by_role("button", name="My words are done: ask the table to score hand 1")
    expect(score).to_be_visible(timeout=LIVE_MS)
    taps("Ben", score)
    # every phone agrees: Ann on hers, the host for Cy and Dee (no phone); who waits is shown
    expect(ann.locator("#agreement [data-seat='0']")).to_contain_text("has not agreed yet",
                                                                      timeout=LIVE_MS)  # fmt: skip
    expect(ann.locator("#agreement [data-seat='1']")).to_contain_text("agrees")
    taps("Ann", ann.get_by_role("button", name="I agree"))
    proxy = host.get_by_role("button", name="Agree for Cy, Dee (no phone)")
    expect(proxy).to_be_visible(timeout=LIVE_MS)
    expect(host.locator("#sheet tfoot td.total").first).not_to_have_text("3")  # not scored yet
    taps("host", proxy)
    expect(ann.locator("#sheet tfoot td.total").first).to_have_text("3", timeout=LIVE_MS)
    assert totals(ann) == ["3", "47", "52", "129"]
    expect(host.locator("#hand-panel")).to_contain_text("Hand 2", timeout=LIVE_MS)
    # every phone sums the hand up in words, and the sheet marks its row
    for p in (ann, ben, host):
        summary = p.locator("#hand-summary")
        expect(summary).to_contain_text(
            "Ann was Flying by Night (all six singletons) and chose +50 for everyone else.",
            timeout=LIVE_MS,
        )
        expect(summary).to_contain_text("Ann challenged Ben's NEST: it stands, Ann adds 3.")
        expect(summary.locator(".summary-points")).to_have_text("Ann 3 · Ben 47 · Cy 52 · Dee 129")
        expect(p.locator("#sheet-r1 .row-mark")).to_have_text("fly")
    expect(ben.locator("#sheet-legend")).to_contain_text("fly Flying by Night")
    readme_shot(ben, "consonants-summary.png", at="#hand-panel")
    print(f"\ntaps: Ann {taps.count['Ann']}, Ben {taps.count['Ben']}, host {taps.count['host']}")
    record_property(
        "taps: Consonants, a hand on the flyer's phone (cards, choice, challenge, agreement)",
        taps.count["Ann"],
    )


def test_host_entering_dees_cards_keeps_dee_and_the_taps_through_live_updates(phone):
    """Issue 10: the host entering Dee's cards saw the form jump back to Ann on a live update
    and the cards went to Ann. Now the form stays Dee's, taps and all."""
    host = phone(**NARROW)
    start_consonants(host, ["Ann", "", "Cy", "Dee"])
    ben = phone()
    sit(ben, host, "Ben", "Seat 2")
    for p in (host, ben):
        wait_live(p)
    host.locator("#taken-form [data-seat-link='3']").click()
    heading = host.locator("#taken-form h2")
    expect(heading).to_contain_text("the cards Dee took")

    # Ben sends before the host taps: the host's box is redrawn, still for Dee
    tile(ben, "N").click()
    ben.get_by_role("button", name="Send the cards").click()
    expect(host.locator("#seat-1 .tiles")).to_contain_text("N", timeout=LIVE_MS)
    expect(heading).to_contain_text("the cards Dee took")
    expect(host.locator("#entry-held")).to_have_count(0)

    # the host taps for Dee; Ben sends again: the host's form is left alone, with a note
    tile(host, "J").click()
    tile(host, "K").click()
    cards = host.locator("#taken-form input[name=cards]")
    expect(cards).to_have_value("J K")
    expect(ben.locator("#seat-1 .tiles")).to_contain_text("N")
    tile(ben, "T").click()
    ben.get_by_role("button", name="Send the cards").click()
    held = host.locator("#entry-held")
    expect(held).to_contain_text("The table changed on another phone.", timeout=LIVE_MS)
    expect(heading).to_contain_text("the cards Dee took")
    expect(cards).to_have_value("J K")
    expect(host.locator("#taken-form [data-chosen] .tile")).to_have_text(["J", "K"])
    snap(host, "consonants-held-dee")

    # "Show the latest": Ben's new cards appear, the form is still Dee's with the taps
    host.get_by_role("button", name="Show the latest").click()
    expect(host.locator("#seat-1 .tiles")).to_contain_text("T")
    expect(held).to_have_count(0)
    expect(heading).to_contain_text("the cards Dee took")
    expect(cards).to_have_value("J K")
    snap(host, "consonants-latest-dee")

    host.get_by_role("button", name="Send the cards").click()
    expect(host.locator("#seat-3 .tiles .tile")).to_have_text(["J", "K"])
    expect(host.locator("#seat-0 .tiles")).to_have_count(0)  # nothing went to Ann
    expect(ben.locator("#seat-3 .tiles .tile")).to_have_text(["J", "K"], timeout=LIVE_MS)


def test_a_half_typed_word_survives_another_phones_update(phone):
    host = phone(**NARROW)
    start_consonants(host, ["Ann", "", "Cy", "Dee"])
    ben = phone()
    sit(ben, host, "Ben", "Seat 2")
    for p in (host, ben):
        wait_live(p)
    host.locator("#taken-form input[name=cards]").fill("J K T A/E S")  # Ann's, by the host
    host.get_by_role("button", name="Send the cards").click()
    expect(host.locator("#seat-0 .tiles")).to_contain_text("J")
    # Ben starts typing once his phone shows Ann's cards (a form drawn after his first keystroke
    # is held back, but one swapped in while Playwright fills the field would take the text along)
    expect(ben.locator("#seat-0 .tiles")).to_contain_text("J", timeout=LIVE_MS)
    ben.locator("#taken-form input[name=cards]").fill("Q V N")
    ben.get_by_role("button", name="Send the cards").click()
    expect(host.locator("#seat-1 .tiles")).to_contain_text("Q", timeout=LIVE_MS)
    host.locator("#taken-form [data-seat-link='2']").click()
    expect(host.locator("#taken-form h2")).to_contain_text("the cards Cy took")
    host.locator("#taken-form input[name=cards]").fill("X Z")
    host.get_by_role("button", name="Send the cards").click()
    expect(host.locator("#seat-2 .tiles")).to_contain_text("X")
    host.locator("#taken-form [data-seat-link='3']").click()
    expect(host.locator("#taken-form h2")).to_contain_text("the cards Dee took")
    host.get_by_role("button", name="Add all the rest").click()
    expect(host.locator("#taken-form .confirm-what")).to_contain_text("Give Dee every card")
    host.get_by_role("button", name="Record it").click()
    for p in (host, ben):  # every card is in: the hand waits for words
        expect(p.locator("#close-form")).to_be_visible(timeout=LIVE_MS)

    # the host is typing Ann's word when Ben lays his (none): the word is not wiped
    word = host.locator("#words-form-0 input[name=words]")
    word.press_sequentially("JE")
    ben.locator("#words-form-1 button").click()
    expect(host.locator("#entry-held")).to_be_visible(timeout=LIVE_MS)
    expect(word).to_have_value("JE")
    snap(host, "consonants-held-word")
    word.press_sequentially("ST")
    host.locator("#words-form-0 button").click()
    expect(host.locator("#seat-0 .word-line[data-word='JEST']")).to_be_visible()
    expect(host.locator("#entry-held")).to_have_count(0)
