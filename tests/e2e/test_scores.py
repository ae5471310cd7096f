"""Scores in the browser: bad input is refused in place; corrections and undo reach every phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import (
    cell,
    enter_all,
    join_link,
    mark,
    open_table,
    settle,
    still_marked,
    take_seat,
    totals,
    wait_sse_open,
)

pytestmark = pytest.mark.e2e


def test_a_word_for_a_score_is_refused_and_kept_in_the_field(phone):
    a = phone()
    table_url = open_table(a, ["Ann", "Ben", "Cy"])
    a.locator("#points-0").fill("abc")
    a.locator("#points-1").fill("4")
    a.get_by_role("button", name="Save round 1").click()

    expect(a.locator("#err-points-0")).to_have_text(
        "'abc' is not a score: enter a whole number, like 12 or -5."
    )
    expect(a.locator("#points-0")).to_have_value("abc")
    expect(a.locator("#points-1")).to_have_value("4")  # the good one is not lost either
    assert a.url == table_url
    expect(a.locator("#sheet tbody tr")).to_have_count(0)
    assert totals(a) == ["0", "0", "0"]

    a.reload()  # nothing was stored, not even the good score sent with the bad one
    expect(a.locator("#sheet tbody tr")).to_have_count(0)
    expect(a.locator("#history summary")).to_have_text("History (1)")  # only "started"


def test_edit_an_earlier_round_then_undo_on_another_phone(phone):
    a = phone()
    table_url = open_table(a, ["Ann", "", "Cy"])
    b = phone()
    take_seat(b, join_link(a), "Bea", "Seat 2")
    enter_all(a, 1, [5, 3, 8])
    enter_all(a, 2, [1, 2, 4])
    assert totals(a) == ["6", "5", "12"]
    expect(b.locator("#sheet tfoot td.total")).to_have_text(["6", "5", "12"])

    wait_sse_open(a)
    mark(a)
    b.locator("#sheet tbody tr:nth-child(1) td:nth-of-type(2) a.cell-link").click()
    edit = b.locator("#edit-box #edit-form")
    expect(edit).to_contain_text("Change round 1")
    expect(edit.locator("#edit-1")).to_have_value("3")
    edit.locator("#edit-1").fill("10")
    edit.get_by_role("button", name="Save the change").click()
    expect(b.locator("#edit-box .notice")).to_have_text("Round 1 changed; totals updated.")

    expect(a.locator("#sheet tfoot td.total")).to_have_text(["6", "12", "12"])
    expect(cell(a, 1, 1)).to_have_text("10")
    a.locator("#history summary").click()
    expect(a.locator("#history li").first).to_contain_text("Bea: round 1, Bea 10 (was 3)")
    expect(a.locator("#history li").first).to_be_visible()

    b.get_by_role("button", name="Undo the last change").click()
    expect(b.locator("#edit-box .notice")).to_have_text("The last change was undone.")
    expect(a.locator("#sheet tfoot td.total")).to_have_text(["6", "5", "12"])
    expect(cell(a, 1, 1)).to_have_text("3")
    expect(a.locator("#history li").first).to_contain_text("Bea undid round 1, Bea: 10 back to 3")
    assert still_marked(a), "phone A reloaded instead of updating in place"
    assert a.url == table_url


def test_typing_survives_a_live_update_from_another_phone(phone):
    a = phone()
    open_table(a, ["Ann", "", "Cy"])
    b = phone()
    take_seat(b, join_link(a), "Bea", "Seat 2")
    wait_sse_open(a)
    settle(a)
    a.locator("#points-0").fill("5")  # the host is typing Ann's score, not saved yet

    b.locator("#points-1").fill("3")
    b.get_by_role("button", name="Save round 1").click()
    expect(cell(a, 1, 1)).to_have_text("3")
    settle(a)  # the live update has redrawn A's entry box by now
    expect(a.locator("#points-0")).to_have_value("5")

    a.locator("#points-2").fill("2")
    a.get_by_role("button", name="Save round 1").click()
    expect(a.locator("#sheet tbody tr:nth-child(1) td")).to_have_text(["5", "3", "2"])
    assert totals(a) == ["5", "3", "2"]


def test_open_history_stays_open_through_a_live_update(phone):
    a = phone()
    open_table(a, ["Ann", "", "Cy"])
    b = phone()
    take_seat(b, join_link(a), "Bea", "Seat 2")
    wait_sse_open(a)
    settle(a)
    a.locator("#history summary").click()
    expect(a.locator("#history li").first).to_be_visible()

    b.locator("#points-1").fill("9")
    b.get_by_role("button", name="Save round 1").click()
    expect(cell(a, 1, 1)).to_have_text("9")
    expect(a.locator("#history li").first).to_contain_text("Bea: round 1, Bea 9")
    expect(a.locator("#history li").first).to_be_visible()  # not folded away by the redraw
