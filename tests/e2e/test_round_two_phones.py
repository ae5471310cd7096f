"""Round two at the table (issue 23), everywhere, in real Chromium phones at 390 px: the host
who plays seat 1 sits from the new-table form; "Undo" is offered only where it works; around a
held form the status comes in while the form itself waits; a message clears at the phone's
next action or after a while. Any console error on any phone fails the test (conftest)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import WAIT_MS, cell, join_link, look, settle, sit, wait_sse_open
from .test_judge_phones import _make as ag_make
from .test_judge_phones import _sit as ag_sit
from .test_judge_phones import _start as ag_start
from .test_judge_phones import _turn_card as ag_turn_card

pytestmark = pytest.mark.e2e
SMALL = {"viewport": {"width": 390, "height": 844}}
LIVE_MS = WAIT_MS  # a generous wait for a live update, not a timing assertion
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "round-two"
UNDO = "Undo the last change"


def api(base: str, path: str, body: dict[str, Any], key: str = "") -> Any:
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    look(page, str(SHOTS / name), full_page=True)


def test_i_am_ann_reads_as_one_sentence_at_390_px(phone):
    """The seat-1 check box on the new-table form reads "I am Ann: this phone sits there" as
    one sentence: the name is not torn off its words into a column of its own (the label is a
    flex row, so the name's span and the rest of the sentence were two items: "I am / Ann" in
    a narrow column, a gap, then ": this phone sits there")."""
    ann = phone(**SMALL)
    ann.goto("/new/hearts")
    form = ann.locator("#new-table")
    form.locator("input[name=name-0]").fill("Ann")
    words = form.locator("#me-words")
    expect(words).to_have_text("I am Ann")
    lines = words.evaluate("e => e.getClientRects().length")
    assert lines == 1, f"'I am Ann' is broken over {lines} lines"
    gap = words.evaluate(
        "e => { const r = document.createRange(); const t = e.nextSibling;"
        " r.setStart(t, 0); r.setEnd(t, 1);"
        " return r.getBoundingClientRect().left - e.getBoundingClientRect().right }"
    )
    assert abs(gap) < 2, f"a gap of {gap} px between the name and ': this phone sits there'"


def test_a_table_of_three_phones_round_two(phone):
    ann = phone(**SMALL)
    ann.clock.install()  # time runs as usual; fast_forward stands in for a message's while
    ann.goto("/new/custom")
    form = ann.locator("#new-table")
    form.locator("input[name=players]").fill("3")
    form.locator("input[name=name-0]").fill("Ann")
    form.locator("input[name=name-2]").fill("Cy")
    expect(form.locator("#me-words")).to_have_text("I am Ann")
    form.get_by_label("I am Ann").check()
    form.get_by_role("button", name="Start the table").click()
    ann.wait_for_url("**/t/*")
    expect(ann.locator("#you-slot h2")).to_have_text("You are Ann, seat 1")
    expect(ann.get_by_role("link", name="Take a seat")).to_have_count(0)

    bea = phone(**SMALL)
    sit(bea, join_link(ann), "Bea", "Seat 2")
    for p in (ann, bea):
        wait_sse_open(p)
    bea.locator("#points-1").fill("4")
    bea.get_by_role("button", name="Save round 1").click()
    expect(cell(ann, 1, 1)).to_have_text("4", timeout=LIVE_MS)
    settle(bea)
    expect(bea.locator("#undo-what")).to_have_text("Takes back Bea's change: round 1, Bea 4")

    # Bea starts changing her 4; meanwhile Ann (the host) saves her own score
    bea.locator("#points-1").fill("9")
    ann.locator("#points-0").fill("5")
    ann.get_by_role("button", name="Save round 1").click()
    expect(cell(bea, 1, 0)).to_have_text("5", timeout=LIVE_MS)
    expect(bea.locator("#entry-held")).to_contain_text("What you entered is kept")
    expect(bea.locator("#points-1")).to_have_value("9")  # the form waits
    expect(bea.get_by_role("button", name=UNDO)).to_have_count(0)  # Ann's change, not hers
    shot(bea, "held-form-390.png")

    ann.get_by_role("button", name=UNDO).click()
    message = ann.locator("#edit-box .notice")
    expect(message).to_have_text("The last change was undone.")
    expect(cell(bea, 1, 0)).to_have_text("·", timeout=LIVE_MS)
    ann.locator("#points-2").fill("3")  # the next action: the message has had its moment
    ann.get_by_role("button", name="Save round 1").click()
    expect(cell(ann, 1, 2)).to_have_text("3")
    expect(message).to_have_count(0)
    ann.get_by_role("button", name=UNDO).click()
    expect(message).to_have_text("The last change was undone.")
    ann.clock.fast_forward(11_000)  # a while later, nothing tapped
    expect(message).to_have_count(0)


HEARTS_ALL = [f"{r}H" for r in "23456789TJQKA"] + ["QS"]


def test_a_held_change_of_an_earlier_hand_follows_the_hand_open_now(phone, server):
    """Ann changes hand 1 while the scorer's key saves hand 3: her form waits, and its words
    name hand 4 as the one waiting, not hand 3."""
    names = ["Ann", "Bob", "Cy", "Dee"]
    created = api(server.base_url, "/api/v1/tables", {"game": "hearts", "names": names})
    key = created["host_key"]

    def save_hand(number: int) -> None:
        body = {"action": "taken", "target": {"hand": number}, "version": 0,
                "data": {"taken": {str(number % 4): HEARTS_ALL}}}  # fmt: skip
        api(server.base_url, "/api/v1/table/actions", body, key)

    save_hand(1)
    save_hand(2)
    ann = phone(**SMALL)
    ann.goto(created["links"]["join"])
    ann.get_by_role("button", name="Take Ann's seat", exact=True).click()
    ann.wait_for_url("**/t/*")
    wait_sse_open(ann)
    ann.locator("#fix summary").click()
    ann.locator("#fix").get_by_role("link", name="Hand 1").click()
    fixing = ann.locator("#entry-box .fixing")
    expect(fixing).to_contain_text("Changing hand 1; hand 3 waits below this")
    save_hand(3)
    expect(ann.locator("#entry-held")).to_be_visible(timeout=LIVE_MS)
    expect(fixing).to_contain_text("Changing hand 1; hand 4 waits below this")
    expect(ann.get_by_role("link", name="Back to hand 4")).to_be_visible()
    shot(ann, "held-fix-390.png")


def test_alphagrams_after_a_word_the_line_saying_it_stays_in_sight(phone):
    ann = phone(**SMALL)
    ag_start(ann)
    ag_sit(ann, join_link(ann), "Ann")
    ag_turn_card(ann, "M")
    ag_turn_card(ann, "T")
    ag_make(ann, "meats")
    saved = ann.locator("#ag-entry .saved")
    expect(saved).to_have_text("Ann made MEATS.")
    expect(saved).to_be_in_viewport()  # the page did not jump to its foot
    shot(ann, "alphagrams-made-390.png")
