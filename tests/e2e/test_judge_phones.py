"""Two phones at an AlphaGrams table: a challenge confirmed on both phones, one verdict filling
both screens, the verdict clearing itself, and the challenger's turn skipped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server
from .helpers import join_link, open_table, readme_shot, settle, take_seat, wait_sse_open

pytestmark = pytest.mark.e2e
VERDICT_SECONDS = 5  # this test's server shows a verdict for 5 s (10 s by default)
CLEAR_WAIT_MS = 15_000  # a generous wait for the clearing, not a timing assertion


@pytest.fixture
def judge_server(tmp_path: Path) -> Iterator[Server]:
    """A server of its own whose verdicts clear after ``VERDICT_SECONDS``, so the test does not
    sit through the default 10 s."""
    srv = Server(tmp_path, env={"COMPANION_JUDGE_VERDICT_SECONDS": str(VERDICT_SECONDS)})
    srv.start()
    yield srv
    srv.stop()


def _start(page: Page) -> str:
    """An AlphaGrams table for Ann and Ben, started over HTTP (``open_table``)."""
    return open_table(page, ["Ann", "Ben"], "alphagrams", shown="#ag-entry")


def _sit(page: Page, url: str, seat_name: str) -> None:
    """The phone takes a named seat over HTTP (``take_seat``) and hears the table live."""
    take_seat(page, url, "", seat_name, shown="#ag-entry")
    wait_sse_open(page)


def _make(page: Page, word: str) -> None:
    """Type a word and make it: one tap, and a second one when the form asks about a card
    (a vowel from hand: which of its cards), its likely card taken as it is."""
    page.locator("#ag-word").fill(word)
    page.get_by_role("button", name="Make the word").click()
    settle(page)
    if page.locator("#rows-asked").count():
        page.get_by_role("button", name="Make the word").click()
        settle(page)


def _turn_card(page: Page, card: str) -> None:
    page.locator("#flip-form").get_by_role("button", name=f"Card {card}", exact=True).click()
    expect(page.locator("#ag-entry .pool .tiles")).to_contain_text(card)
    settle(page)


def test_challenge_on_two_phones_verdict_clears_and_turn_is_skipped(phone, judge_server) -> None:
    ann = phone(base_url=judge_server.base_url)
    _start(ann)
    url = join_link(ann)
    _sit(ann, url, "Ann")
    ben = phone(base_url=judge_server.base_url)
    _sit(ben, url, "Ben")

    _turn_card(ann, "M")
    _turn_card(ann, "T")
    _make(ann, "meats")
    expect(ann.locator("#words-0 .word-row")).to_have_attribute("data-word", "MEATS")

    expect(ben.locator("#words-0 .word-row")).to_have_attribute("data-word", "MEATS")
    readme_shot(ben, "alphagrams-table.png", at="#ag-entry")
    ben.get_by_role("button", name="Ben challenges MEATS").click()
    expect(ben.locator("#challenge")).to_contain_text("Ben challenges Ann's play")
    expect(ann.locator("#challenge")).to_contain_text("MEATS")  # live on the other phone

    ann.get_by_role("button", name="Confirm as Ann (player)").click()
    expect(ben.locator("#challenge [data-role=player]")).to_contain_text("confirmed")
    expect(ben.locator("#verdict")).to_have_count(0)
    ben.get_by_role("button", name="Confirm as Ben (challenger)").click()

    for page in (ann, ben):
        verdict = page.locator("#verdict")
        expect(verdict).to_be_visible()
        expect(verdict.locator(".verdict-word")).to_have_text("VALID")
        expect(verdict).to_have_class("verdict valid")
        box = verdict.bounding_box()
        size = page.viewport_size
        assert box and size and box["width"] >= size["width"] - 1
        assert box["height"] >= size["height"] - 1  # the verdict fills the screen
    readme_shot(ben, "alphagrams-verdict.png")
    for page in (ann, ben):
        expect(page.locator("#verdict")).to_be_hidden(timeout=CLEAR_WAIT_MS)
        expect(page.locator("#turn-line")).to_contain_text("Ann's turn")
        expect(page.locator("#skip-1")).to_contain_text("Ben's turn was skipped")
    ann.reload()
    expect(ann.locator("#verdict")).to_have_count(0)  # the server no longer shows it either
    expect(ann.locator("#ag-entry .history, #history")).to_contain_text("VALID")


def test_a_typed_word_and_its_card_rows_survive_another_phones_update(phone) -> None:
    ann = phone()
    table = _start(ann)  # Ann's phone is the host's
    url = join_link(ann)
    _sit(ann, url, "Ann")
    ben = phone()
    _sit(ben, url, "Ben")
    _turn_card(ann, "M")
    _turn_card(ann, "T")
    _make(ann, "team")
    expect(ben.locator("#words-0 .word-row")).to_have_attribute("data-word", "TEAM")
    _turn_card(ben, "S")

    ben.locator("#ag-word").fill("steam")
    ben.get_by_role("button", name="Cards…").click()
    expect(ben.locator("#letter-rows .letter-row")).to_have_count(5)
    settle(ben)
    ben.locator("select[name=src-0]").select_option("hand")

    ann.goto(table + "/deck")
    ann.get_by_role("button", name="Save the deck").click()  # a live update for Ben's phone
    expect(ben.locator("#history")).to_contain_text("changed the deck")
    settle(ben)
    expect(ben.locator("#ag-word")).to_have_value("steam")
    expect(ben.locator("#letter-rows .letter-row")).to_have_count(5)
    expect(ben.locator("select[name=src-0]")).to_have_value("hand")


def test_a_steal_from_hand_and_pool_a_refused_word_edited_and_an_overrule_on_two_phones(
    phone,
) -> None:
    """Issue 13: sources are chosen (pre-selected, visible), rows follow the edited word, and
    the table's overrule takes a tap from each phone."""
    ann = phone()
    _start(ann)
    url = join_link(ann)
    _sit(ann, url, "Ann")
    ben = phone()
    _sit(ben, url, "Ben")
    _turn_card(ann, "M")
    _turn_card(ann, "T")
    _make(ann, "team")
    expect(ben.locator("#words-0 .word-row")).to_have_attribute("data-word", "TEAM")
    expect(ben.locator("#you-marker")).to_have_count(1)
    expect(ben.locator("#words-1 #you-marker")).to_be_visible()
    _turn_card(ben, "S")

    # Ben steals TEAM as TEAMS (the S from the pool: nothing to ask): one tap, refused
    ben.locator("#ag-steal").select_option(label="steal TEAM (Ann)")
    ben.locator("#ag-word").fill("teams")
    ben.get_by_role("button", name="Make the word").click()
    expect(ben.locator("#err-ag")).to_contain_text("TEAMS is only a form of TEAM")
    expect(ben.locator("#ag-overrule")).to_be_visible()
    expect(ben.locator("#rows-asked")).to_have_count(0)  # no step of cards after a refusal
    expect(ben.locator("#rows-filled summary")).to_contain_text("S from the pool")
    # the word is edited: the old rows go at once; "Cards…" shows the new word's own rows
    ben.locator("#ag-word").fill("master")
    expect(ben.locator("#letter-rows")).to_have_count(0)
    ben.get_by_role("button", name="Cards…").click()
    rows = ben.locator("#letter-rows .letter-row")
    expect(rows).to_have_count(6)
    expect(ben.locator("#letter-rows")).to_contain_text("from the word taken")
    expect(ben.locator(".letter-row[data-letter='S'] select[name^=src]")).to_have_value("pool")
    expect(ben.locator(".letter-row[data-letter='R'] select[name^=src]")).to_have_value("hand")
    settle(ben)
    ben.get_by_role("button", name="Make the word").click()
    for page in (ann, ben):
        expect(page.locator("#words-1 .word-row")).to_have_attribute("data-word", "MASTER")
        expect(page.locator("#words-0 .word-row")).to_have_count(0)
    expect(ben.locator("#err-ag")).to_have_count(0)

    # Ann steals MASTER as MASTERS: only a form, so the table must agree, on both phones
    _turn_card(ann, "S")
    ann.locator("#ag-steal").select_option(label="steal MASTER (Ben)")
    _make(ann, "masters")
    expect(ann.locator("#err-ag")).to_contain_text("MASTERS is only a form of MASTER")
    ann.locator("#ag-overrule").click()
    expect(ann.locator("#agreement [data-seat='1']")).to_contain_text("has not agreed yet")
    expect(ben.locator("#agreement")).to_contain_text("allow Ann's word MASTERS")
    expect(ben.locator("#agreement [data-seat='0']")).to_contain_text("agrees")
    expect(ann.locator("#words-0 .word-row")).to_have_count(0)  # not made on one phone's say
    ben.get_by_role("button", name="I agree").click()
    for page in (ann, ben):
        expect(page.locator("#words-0 .word-row")).to_have_attribute("data-word", "MASTERS")
        expect(page.locator("#agreement")).to_have_count(0)
