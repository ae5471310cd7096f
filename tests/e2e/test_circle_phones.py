"""A circle night on three phones in Chromium: the circle made on one phone, opened by its
link on another, a table of the circle played by all three, the finished game on the circle's
page, and the next table offering each phone the member it was last time."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import cell
from .test_every_page import Tour
from .test_every_page import tour as tour  # the same page check (a fixture)

pytestmark = pytest.mark.e2e


def start_circle_table(page: Page, circle_url: str, seats: dict[str, int]) -> str:
    page.goto(circle_url)
    page.locator("#start a[href$='/new/custom']").click()
    form = page.locator("#start-table")
    for name, seat in seats.items():
        form.get_by_label(name, exact=True).fill(str(seat))
    form.locator("input[name=rounds]").fill("1")
    form.locator("input[name=high_wins]").check()
    form.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/t/*")
    return page.url


def join_link(page: Page) -> str:
    href = page.locator("a[href*='/j/']").first.get_attribute("href")
    assert href
    return href


def fits(page: Page) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def test_a_circle_night_on_three_phones(phone):
    ann, bob, cy = phone(), phone(), phone()
    ann.goto("/")
    ann.get_by_role("link", name="Start a circle").click()
    ann.locator("input[name=name]").fill("Thursday")
    ann.locator("textarea[name=members]").fill("Ann\nBob\nCy")
    ann.get_by_role("button", name="Start the circle").click()
    ann.wait_for_url("**/c/*")
    circle_url = ann.url
    expect(ann.locator("#circle-key")).to_be_visible()  # the API key, shown once
    bob.goto(circle_url)  # the link (or its QR code) shared with the group
    expect(bob.locator("h1")).to_have_text("Thursday")

    table = start_circle_table(ann, circle_url, {"Ann": 1, "Bob": 2, "Cy": 3})
    join = join_link(ann)
    for who, name in ((bob, "Bob"), (cy, "Cy")):
        who.goto(join)
        who.get_by_role("button", name=f"Take {name}'s seat").click()
        who.wait_for_url("**/t/*")
        expect(who.locator("#entry-form")).to_be_visible()
    for who, seat, points in ((ann, 0, 7), (bob, 1, 9), (cy, 2, 4)):
        who.goto(table)
        who.locator(f"#points-{seat}").fill(str(points))
        who.get_by_role("button", name="Save round 1").click()
        expect(cell(who, 1, seat)).to_have_text(str(points))
    expect(ann.locator("body")).to_contain_text("Bob", timeout=5_000)

    bob.goto("/")  # the circle is among Bob's, beside his tables
    bob.locator("#your-circles").get_by_role("link", name="Thursday").click()
    standings = bob.locator("#standings tbody tr")
    expect(standings).to_have_count(3)
    expect(standings.first).to_contain_text("Bob")
    expect(standings.first.locator("td").nth(1)).to_have_text("1")  # won
    expect(bob.locator("#game-custom")).to_contain_text("Best round")
    bob.set_viewport_size({"width": 390, "height": 844})
    assert fits(bob), "the circle's page is wider than a 390 px phone"

    start_circle_table(ann, circle_url, {"Cy": 1, "Ann": 2, "Bob": 3})
    second = join_link(ann)
    bob.goto(second)
    offered = bob.locator("#offered-seat")
    expect(offered).to_contain_text("You were Bob last time")
    cy.goto(second)
    expect(cy.locator("#offered-seat")).to_contain_text("You were Cy last time")
    offered.click()
    bob.wait_for_url("**/t/*")
    expect(bob.locator("#entry-form")).to_contain_text("Bob")


def test_the_circle_pages_are_clean(tour: Tour) -> None:
    """The circle's pages on a 390 px phone, light and dark: no console error, nothing
    serious or critical by axe-core (the same check as every other page)."""
    page = tour.page
    tour.check("circle-new", "/circles/new")
    page.locator("input[name=name]").fill("Thursday")
    page.locator("textarea[name=members]").fill("Ann\nBob\nCy")
    page.get_by_role("button", name="Start the circle").click()
    page.wait_for_url("**/c/*")
    circle_url = page.url
    tour.check("circle-empty")
    table = start_circle_table(page, circle_url, {"Ann": 1, "Bob": 2, "Cy": 3})
    page.goto(table)
    for seat, points in enumerate((3, 8, 5)):
        page.locator(f"#points-{seat}").fill(str(points))
    page.get_by_role("button", name="Save round 1").click()
    expect(cell(page, 1, 2)).to_have_text("5")
    tour.check("circle", circle_url)
    assert fits(page), "the circle's page is wider than a 390 px phone"
    tour.check("circle-table", f"{circle_url}/new/hearts")
    page.get_by_role("button", name="Start the table").click()  # nobody seated: refused
    tour.check("circle-table-refused", refused=422)
    expect(page.locator("#err-seats")).to_be_visible()
    assert tour.problems == {}, "\n".join(f"{k}: {v}" for k, v in tour.problems.items())
