"""AlphaGrams on phones, round two (issue 23), in real Chromium at 390 px: a word is made in
one tap unless a card truly cannot be told (then it is asked on the same form, the rest filled
in); a vowel from hand is a card still face down; a word typed while the host undoes the card
it used keeps everything but that card (said in words), and waits for the card to be turned
again; after a move on this phone the page does not jump to its foot. Any console error on
any phone fails the test (conftest)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import join_link, look, settle
from .test_judge_phones import _sit, _start, _turn_card

pytestmark = pytest.mark.e2e
SMALL = {"viewport": {"width": 390, "height": 844}}
LIVE_MS = 5_000  # a generous wait for a live update, not a timing assertion
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "alphagrams-round-two"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    look(page, str(SHOTS / name), full_page=True)


def make(page: Page) -> None:
    page.get_by_role("button", name="Make the word").click()


def test_a_word_is_made_in_one_tap_and_only_a_vowel_from_hand_is_asked(phone) -> None:
    ann = phone(**SMALL)
    _start(ann)
    _sit(ann, join_link(ann), "Ann")
    _turn_card(ann, "M")
    _turn_card(ann, "A/E")
    ann.locator("#ag-word").fill("mat")
    make(ann)  # M and A from the pool, T from hand: nothing to ask
    expect(ann.locator("#ag-entry .saved")).to_have_text("Ann made MAT.")
    expect(ann.locator("#words-0 .word-row")).to_have_attribute("data-word", "MAT")

    _turn_card(ann, "S")  # the host's phone moves for Ben (no phone of his yet)
    ann.locator("#ag-word").fill("set")
    make(ann)  # the E from hand: A/E, E/I, E/O or E/U? asked, on the same form
    asked = ann.locator("#letter-rows .letter-row.asked")
    expect(asked).to_have_count(1)
    expect(asked).to_have_attribute("data-letter", "E")
    expect(ann.locator("#ag-word")).to_have_value("set")
    filled = ann.locator("#rows-filled summary")
    expect(filled).to_have_text("The rest: S from the pool · T from hand")
    expect(ann.locator("#words-1 .word-row")).to_have_count(0)  # nothing stored yet
    shot(ann, "asked-390.png")
    asked.locator("select[name^=card-]").select_option("E/I")
    make(ann)
    expect(ann.locator("#ag-entry .saved")).to_have_text("Ben made SET.")
    expect(ann.locator("#words-1 .tile.vowel small")).to_have_text("I")  # the E/I card


def test_after_a_move_on_this_phone_the_page_stays_where_the_line_says_it(phone) -> None:
    """The player scrolled down to the word form and makes a word: the page does not jump
    to its foot (777 -> 1420 was seen); the line saying what was made is on screen."""
    ann = phone(**SMALL)
    _start(ann)
    _sit(ann, join_link(ann), "Ann")
    _turn_card(ann, "M")
    _turn_card(ann, "A/E")
    word = ann.locator("#ag-word")
    word.fill("mat")
    ann.evaluate("() => document.querySelector('#ag-word').scrollIntoView({block: 'center'})")
    before = ann.evaluate("() => window.scrollY")
    bottom = ann.evaluate("() => document.documentElement.scrollHeight - window.innerHeight")
    assert before > 0, "the page is too short to scroll: the test would prove nothing"
    make(ann)
    saved = ann.locator("#ag-entry .saved")
    expect(saved).to_have_text("Ann made MAT.")
    settle(ann)
    after = ann.evaluate("() => window.scrollY")
    bottom = ann.evaluate("() => document.documentElement.scrollHeight - window.innerHeight")
    expect(saved).to_be_in_viewport()
    assert after <= before, f"the page jumped down: scroll {before} -> {after} (foot {bottom})"
    assert after < bottom or bottom <= before, f"the page ended at its foot: {after} of {bottom}"
    # a word with a letter asked: its rows come in under the word, where the player is
    ann.locator("#flip-form").get_by_role("button", name="Card S", exact=True).click()
    expect(saved).to_have_text("Ben turned S into the pool.")
    settle(ann)
    ann.locator("#ag-word").fill("set")
    ann.evaluate("() => document.querySelector('#ag-word').scrollIntoView({block: 'start'})")
    before = ann.evaluate("() => window.scrollY")
    make(ann)
    asked = ann.locator("#rows-asked")
    expect(asked).to_be_visible()
    settle(ann)
    after = ann.evaluate("() => window.scrollY")
    assert abs(after - before) <= 2, f"the page moved when the rows came: {before} -> {after}"
    expect(asked).to_be_in_viewport()
    make(ann)
    expect(saved).to_have_text("Ben made SET.")
    settle(ann)
    expect(saved).to_be_in_viewport()
    # turning a card and passing too: the line stays in sight, the page never runs down
    for act in ("flip", "pass"):
        ann.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        before = ann.evaluate("() => window.scrollY")
        if act == "flip":
            ann.locator("#flip-form").get_by_role("button", name="Card R", exact=True).click()
            expect(saved).to_have_text("Ann turned R into the pool.")
        else:
            ann.get_by_role("button", name="Ann passes").click()
            expect(saved).to_have_text("Ann passed.")
        settle(ann)
        expect(saved).to_be_in_viewport()
        assert ann.evaluate("() => window.scrollY") <= before


def test_a_word_typed_while_the_host_undoes_its_card_keeps_all_but_that_card(phone) -> None:
    """Ben types TENOR, stealing Ann's NOTE with the R he turned; the host takes the R back
    while he types. His form keeps TENOR and the cards from NOTE and says the R is gone; the
    refusal keeps them too, through turning the card again; then one choice and one tap."""
    ann = phone(**SMALL)
    _start(ann)  # Ann's phone is the host's
    url = join_link(ann)
    _sit(ann, url, "Ann")
    ben = phone(**SMALL)
    _sit(ben, url, "Ben")
    _turn_card(ann, "N")
    _turn_card(ann, "T")
    ann.locator("#ag-word").fill("note")
    make(ann)  # O and E from hand: asked
    expect(ann.locator("#letter-rows .letter-row.asked")).to_have_count(2)
    make(ann)
    note = ben.locator("#words-0 .word-row")
    expect(note).to_have_attribute("data-word", "NOTE", timeout=LIVE_MS)
    settle(ben)
    _turn_card(ben, "R")
    ben.locator("#ag-steal").select_option(label="steal NOTE (Ann)")
    ben.locator("#ag-word").fill("tenor")
    ben.get_by_role("button", name="Cards…").click()  # he looks at every card first
    expect(ben.locator(".letter-row[data-letter='R'] select[name^=src]")).to_have_value("pool")
    settle(ben)

    ann.get_by_role("button", name="Undo the last move").click()  # the R, turned by mistake
    expect(ben.locator("#ag-pool")).not_to_contain_text("R", timeout=LIVE_MS)
    form = ben.locator("#word-form")
    expect(form.locator(".ag-dropped")).to_have_text(
        "R: the pool has no R card now (it was taken back)."
    )
    expect(ben.locator("#ag-word")).to_have_value("tenor")
    expect(form.locator("#letter-rows")).to_contain_text("from the word taken")
    expect(form.locator("#rows-filled summary")).to_contain_text("R: say where")
    expect(form.locator("#rows-filled summary")).not_to_contain_text("R from the pool")
    shot(ben, "held-undo-390.png")

    make(ben)  # refused: the table changed; nothing of his is thrown away
    expect(ben.locator("#err-ag")).to_contain_text("changed on another phone")
    expect(ben.locator("#ag-word")).to_have_value("tenor")
    expect(ben.locator("#ag-steal option:checked")).to_have_text("steal NOTE (Ann)")
    expect(ben.locator(".ag-dropped")).to_have_text(
        "R: its card was taken back; say where it came from."
    )
    expect(ben.locator(".letter-row[data-letter='T']")).to_contain_text("from the word taken")
    shot(ben, "refused-kept-390.png")

    _turn_card(ben, "R")  # the card again: the word waits no more
    expect(ben.locator("#ag-word")).to_have_value("tenor")
    src = ben.locator(".letter-row[data-letter='R'] select[name^=src]")
    expect(src).to_have_value("")  # dropped: said again by the phone
    src.select_option("pool")
    make(ben)
    expect(ben.locator("#ag-entry .saved")).to_have_text("Ben made TENOR, stealing NOTE from Ann.")
    tenor = ann.locator("#words-1 .word-row")
    expect(tenor).to_have_attribute("data-word", "TENOR", timeout=LIVE_MS)
