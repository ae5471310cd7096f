"""Every refusal shows on the phone that made it, in words (real Chromium, two phones).

The screenshot of the refusal (390 px wide) is kept in ``test-artifacts/`` (git-ignored).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import WAIT_MS, cell, join_link, look, open_table, settle, take_seat, wait_sse_open
from .test_hearts_phones import start_hearts

pytestmark = pytest.mark.e2e
LIVE_MS = WAIT_MS  # a generous wait for a live update, not a timing assertion
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
NARROW = {"viewport": {"width": 390, "height": 844}, "color_scheme": "light"}
UNDO_REFUSED = "The table changed since you looked"


def refusal(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("#refusal [role=alert]")


def test_undo_refused_on_the_second_phone_shows_there_and_outlives_live_updates(phone):
    host = phone()
    open_table(host, ["Ann", "", "Cy"])
    bea = phone(**NARROW)
    take_seat(bea, join_link(host), "Bea", "Seat 2")
    wait_sse_open(bea)

    bea.locator("#points-1").fill("4")
    bea.get_by_role("button", name="Save round 1").click()
    expect(cell(host, 1, 1)).to_have_text("4", timeout=LIVE_MS)
    settle(bea)
    expect(bea.get_by_role("button", name="Undo the last change")).to_be_visible()  # hers
    # Bea's phone stops getting live redraws (a weak connection) while the host saves Ann's
    live = re.compile(r"/live(\?|$)")
    bea.route(live, lambda route: route.abort())
    host.locator("#points-0").fill("5")
    host.get_by_role("button", name="Save round 1").click()
    expect(cell(host, 1, 0)).to_have_text("5")

    bea.get_by_role("button", name="Undo the last change").click()
    expect(refusal(bea)).to_contain_text(UNDO_REFUSED)
    expect(refusal(bea)).to_contain_text("Changed meanwhile")
    expect(refusal(bea)).to_be_in_viewport()
    expect(refusal(host)).to_have_count(0)  # only the phone that asked is told
    expect(cell(host, 1, 1)).to_have_text("4")  # and nothing was undone
    bea.unroute(live)

    dismiss = bea.locator("#refusal").get_by_role("button", name="Dismiss")
    box = dismiss.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, box
    ARTIFACTS.mkdir(exist_ok=True)
    look(bea, str(ARTIFACTS / "refusal-undo-390.png"), animations="disabled")

    # a live update (the host enters Cy's score) redraws the sheet, not the notice
    host.locator("#points-2").fill("3")
    host.get_by_role("button", name="Save round 1").click()
    expect(cell(bea, 1, 2)).to_have_text("3", timeout=LIVE_MS)
    settle(bea)
    expect(refusal(bea)).to_contain_text(UNDO_REFUSED)

    dismiss.click()
    expect(refusal(bea)).to_have_count(0)
    expect(bea.locator("#refusal")).to_be_hidden()


def test_moon_choice_from_a_phone_that_missed_the_update_is_refused_in_words(phone):
    """Cy has no phone, so the host chooses for Cy; the host's second tab chooses first, and
    the first tab (its live updates blocked) is told in words, its form left in place."""
    host = phone()
    start_hearts(host, ["Ann", "Ben", "Cy", "Dee"], preset="pagat")
    host.locator("#taken-form button.rest[value='2']").click()  # Cy took every card
    host.get_by_role("button", name="Record it").click()
    expect(host.locator("#moon-form")).to_be_visible()
    settle(host)
    # the host's first tab stops getting live redraws (a weak connection, say)
    host.route(re.compile(r"/live(\?|$)"), lambda route: route.abort())
    other = host.context.new_page()
    other.goto(host.url)
    other.get_by_role("button", name="\u221226 for Cy").click()
    expect(other.locator("#moon-form")).to_have_count(0)

    host.get_by_role("button", name="+26 for everyone else").click()
    expect(refusal(host)).to_contain_text("changed on another phone")
    expect(refusal(host)).to_contain_text("Changed meanwhile")
    expect(host.locator("#moon-form")).to_be_visible()  # what the host tapped is still there


def test_a_tap_that_fails_outside_the_app_still_says_so(phone):
    host = phone(**NARROW)
    open_table(host, ["Ann", "Ben"])
    host.locator("#points-0").fill("2")
    host.get_by_role("button", name="Save round 1").click()
    expect(cell(host, 1, 0)).to_have_text("2")
    undo = re.compile(r"/undo$")
    # a proxy's error page in front of the app: plain words, not the proxy's page
    host.route(undo, lambda route: route.fulfill(status=502, body="<h1>Bad Gateway</h1>"))
    host.get_by_role("button", name="Undo the last change").click()
    expect(refusal(host)).to_contain_text("Something went wrong on the server.")
    expect(host.locator("#refusal")).not_to_contain_text("Bad Gateway")
    # no connection at all
    host.unroute(undo)
    host.route(undo, lambda route: route.abort())
    host.get_by_role("button", name="Undo the last change").click()
    expect(refusal(host)).to_contain_text("That did not reach the server.")
    # the next change that goes through clears the notice
    host.locator("#points-1").fill("3")
    host.get_by_role("button", name="Save round 1").click()
    expect(cell(host, 1, 1)).to_have_text("3")
    expect(refusal(host)).to_have_count(0)


def test_a_refusal_shows_even_when_a_live_update_replaced_the_form_that_asked(phone):
    """The host's undo is slow on the network; meanwhile another phone's change redraws the
    host's page, undo form included. The undo is refused when it lands (the table changed):
    the host is still told, though the form that sent it is gone."""
    host = phone(**NARROW)
    open_table(host, ["Ann", "", "Cy"])
    bea = phone(**NARROW)
    take_seat(bea, join_link(host), "Bea", "Seat 2")
    for p in (host, bea):
        wait_sse_open(p)
    host.locator("#points-0").fill("5")
    host.get_by_role("button", name="Save round 1").click()
    expect(cell(bea, 1, 0)).to_have_text("5", timeout=LIVE_MS)
    settle(host)
    held: list = []
    host.route(re.compile(r"/undo$"), lambda route: held.append(route))  # as on a slow network
    form = host.locator("#undo-form")
    form.evaluate("f => { f.dataset.old = '1' }")
    form.get_by_role("button").click()
    bea.locator("#points-1").fill("4")  # Bea's score lands first and redraws the host's page
    bea.get_by_role("button", name="Save round 1").click()
    expect(cell(host, 1, 1)).to_have_text("4", timeout=LIVE_MS)
    expect(host.locator("#undo-form[data-old]")).to_have_count(0)  # the asking form is gone
    assert len(held) == 1
    held[0].continue_()
    expect(refusal(host)).to_contain_text("Changed meanwhile")
    expect(cell(host, 1, 0)).to_have_text("5")  # nothing was undone
