"""The Hearts hand panel and hand summary on real phones (Chromium, 390 x 844): the panel is the
first thing on the table page, the TV view and the share link, and follows live updates without
touching a form being filled; after a hand every phone shows what it came to (a moon in words),
and the sheet marks that hand's row; an earlier hand is changed in place of the open hand's
entry (one card grid on the page); typed numbers that only a moon gives ask first.

Screenshots (390 px) go to ``/work/notes/shots/panel/`` when that folder's parent exists, else
``test-artifacts/panel/`` (git-ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.helpers import POLL_MS, WAIT_MS, look, readme_shot
from tests.e2e.test_hearts_onetap import posts_to
from tests.e2e.test_hearts_phones import card, sit, start_hearts, totals, wait_live

pytestmark = pytest.mark.e2e
NARROW = {"viewport": {"width": 390, "height": 844}}
LIVE_MS = WAIT_MS  # a generous wait for a live update, not a timing assertion
NOTES = Path("/work/notes/shots")
SHOTS = (
    NOTES / "panel"
    if NOTES.is_dir()
    else Path(__file__).resolve().parents[2] / "test-artifacts" / "panel"
)


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    look(page, str(SHOTS / name), animations="disabled", caret="hide")


RECT = """e => { const r = e.getBoundingClientRect(); if (!e.isConnected) return null;
  return r.width || r.height ? {x: r.x, y: r.y, width: r.width, height: r.height} : null }"""
NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => done(true)))"


def box(locator: Locator) -> dict:
    """Where the element is drawn, once it is drawn: a live redraw swaps elements in and out,
    and one caught half-way has no size yet (look again at the next frame, up to 100)."""
    for _ in range(100):
        found = locator.evaluate(RECT)
        if found:
            return dict(found)
        locator.page.evaluate(NEXT_FRAME)
    raise AssertionError(f"{locator} is not drawn on the page")


def above(upper: Locator, lower: Locator) -> None:
    """``upper`` ends before ``lower`` starts, on the page as drawn."""
    top, bottom = box(upper), box(lower)
    assert top["y"] + top["height"] <= bottom["y"] + 0.5, (top, bottom)


def first_on_page(page: Page) -> None:
    """The hand panel starts the page's content, above any form."""
    panel = page.locator("#hand-panel")
    expect(panel).to_be_visible()
    assert box(panel)["y"] < 160, box(panel)  # right under the bar, no scrolling
    wrong = page.evaluate(  # measured at one moment (a live redraw may replace the forms)
        """() => {
          const panel = document.getElementById('hand-panel').getBoundingClientRect();
          return Array.from(document.querySelectorAll('main form'))
            .filter(f => f.offsetParent !== null)
            .filter(f => f.getBoundingClientRect().top < panel.bottom - 0.5)
            .map(f => f.id || f.getAttribute('action'));
        }"""
    )
    assert wrong == [], f"forms above the hand panel: {wrong}"


def wait_stream(page: Page) -> None:
    """The page's live stream is open (the table page's ``#stream`` or a share page's)."""
    page.wait_for_function(
        "() => { const s = document.querySelector('[sse-connect]');"
        " const es = s && s['htmx-internal-data'] && s['htmx-internal-data'].sseEventSource;"
        " return !!es && es.readyState === 1 }",
        polling=POLL_MS,
    )


def numbers(page: Page, hand: int, *values: str) -> None:
    page.locator("nav.ways").get_by_role("link", name="Numbers").click()
    for seat, value in enumerate(values):
        page.locator(f"#points-{hand}-{seat}").fill(value)


def save_numbers(page: Page, hand: int) -> None:
    page.locator("#points-form").get_by_role("button", name=f"Save hand {hand}").last.click()


def look_links(page: Page) -> tuple[str, str]:
    tv = page.get_by_role("link", name="TV view (large type)").get_attribute("href")
    share = page.get_by_role("link", name="Read-only link to share").get_attribute("href")
    assert tv and share
    return tv, share


def test_the_panel_is_first_everywhere_and_follows_live_updates(phone) -> None:
    host = phone(**NARROW)
    start_hearts(host, ["Ann", "", "Cy", "Dee"])
    bob = phone(**NARROW)
    sit(bob, host, "Bob", "Seat 2")
    tv_url, share_url = look_links(host)
    tv, watcher = phone(**NARROW), phone(**NARROW)
    tv.goto(tv_url)
    watcher.goto(share_url)
    for p in (host, bob, tv, watcher):
        wait_stream(p)
    for p in (host, bob):
        first_on_page(p)
        above(p.locator("#hand-panel"), p.locator("#entry-box"))
    for p in (tv, watcher):
        first_on_page(p)
        above(p.locator("#hand-panel"), p.locator("#sheet"))
    expect(bob.locator("#pass-line")).to_contain_text("Pass 3 cards to Cy, on your left.")
    expect(bob.locator("#deal-line")).to_have_text("13 cards each.")
    shot(bob, "panel-first-bob-390.png")
    readme_shot(bob, "hearts-table.png")
    shot(tv, "panel-first-tv-390.png")

    card(bob, "#claim-form", "5H").click()  # Bob is filling his own cards for hand 1
    numbers(host, 1, "13", "13", "0", "0")
    save_numbers(host, 1)
    expect(host.locator("#hand-panel")).to_contain_text("Hand 2")
    for p in (bob, tv, watcher):
        expect(p.locator("#hand-panel")).to_contain_text("Hand 2", timeout=LIVE_MS)
        expect(p.locator("#pass-line")).to_contain_text("right", timeout=LIVE_MS)
        expect(p.locator("#sheet tfoot td.total")).to_have_text(["13", "13", "0", "0"])
    # the live update left Bob's form as he had it, and said so
    expect(bob.locator("#entry-held")).to_be_visible()
    expect(bob.locator("#claim-form h2")).to_contain_text("Hand 1")
    expect(card(bob, "#claim-form", "5H")).to_have_attribute("aria-pressed", "true")
    expect(bob.locator("#pass-line")).to_contain_text("Pass 3 cards to Ann, on your right.")
    first_on_page(bob)
    shot(bob, "panel-hand2-bob-held-390.png")
    shot(tv, "panel-hand2-tv-390.png")
    readme_shot(tv, "hearts-tv.png")


def test_a_moon_hand_is_summed_up_on_every_phone_and_marked_on_the_sheet(phone) -> None:
    host = phone(**NARROW)
    start_hearts(host, ["Ann", "", "Cy", "Dee"])
    bob = phone(**NARROW)
    sit(bob, host, "Bob", "Seat 2")
    for p in (host, bob):
        wait_live(p)
    expect(bob.locator("#hand-summary")).to_have_count(0)  # no hand played yet

    host.locator("nav.ways").get_by_role("link", name="Numbers").click()
    host.locator("#points-form").get_by_role("button", name="Bob shot the moon").click()
    host.locator("#points-form .confirm-rest").get_by_role("button", name="Record it").click()
    summary = bob.locator("#hand-summary")
    expect(summary).to_contain_text("Bob shot the moon", timeout=LIVE_MS)
    expect(summary).to_contain_text("+26 for everyone else")
    expect(summary.locator(".summary-points")).to_have_text("Ann 26 · Bob 0 · Cy 26 · Dee 26")
    expect(host.locator("#hand-summary")).to_contain_text("Bob shot the moon")
    expect(host.locator("#hand-summary")).to_be_in_viewport()  # the saving phone sees it too
    expect(host.locator("#saved-box")).to_be_in_viewport()
    expect(bob.locator("#sheet-r1 .row-mark")).to_have_text("moon")
    expect(bob.locator("#sheet-legend")).to_contain_text("moon someone shot the moon.")
    # the summary sits between the panel and the entry, which stays on the screen
    above(bob.locator("#hand-panel"), summary)
    above(summary, bob.locator("#claim-form"))
    expect(bob.locator("#claim-form h2")).to_be_in_viewport()
    hide = summary.get_by_role("button", name="Hide")
    assert box(hide)["height"] >= 44 and box(hide)["width"] >= 44
    shot(bob, "summary-moon-bob-390.png")
    readme_shot(bob, "hearts-summary.png")

    hide.click()
    expect(summary).to_be_hidden()
    card(bob, "#claim-form", "QS").click()  # a change of Bob's own: every phone redraws
    bob.get_by_role("button", name="Send my cards").click()
    expect(host.locator("#history")).to_contain_text("Bob took QS", timeout=LIVE_MS)
    expect(bob.locator("#history")).to_contain_text("Bob took QS", timeout=LIVE_MS)
    expect(bob.locator("#hand-summary")).to_be_hidden()  # still hidden after the redraw
    expect(host.locator("#hand-summary")).to_be_visible()  # hidden on Bob's phone only
    shot(bob, "summary-hidden-bob-390.png")


def test_an_earlier_hand_is_changed_in_place_with_one_card_grid(phone) -> None:
    host = phone(**NARROW)
    start_hearts(host, ["Ann", "Bob", "Cy", "Dee"])
    wait_live(host)
    form = "#taken-form"
    for hand in (1, 2):
        for name in ("QS", "2H"):  # Ann
            card(host, form, name).click()
        host.locator(f"{form} button.rest[value='1']").click()  # the rest to Bob
        host.locator(f"{form} .confirm-rest").get_by_role("button", name="Record it").click()
        expect(host.locator("#hand-panel")).to_contain_text(f"Hand {hand + 1}")
    assert totals(host) == ["28", "24", "0", "0"]
    host.evaluate("() => { window.__samePage = 1 }")

    host.locator("#fix summary").click()
    host.locator("#fix").get_by_role("link", name="Hand 1").click()
    entry = host.locator("#entry-box")
    expect(entry.locator("#fix-form h2")).to_have_text("Change hand 1: who took which cards")
    expect(entry.locator(".fixing")).to_be_in_viewport()  # shown from its top
    expect(entry.locator(".fixing")).to_contain_text("Changing hand 1; hand 3 waits")
    expect(host.locator("form[data-grid]")).to_have_count(1)  # no second grid on the page
    expect(host.locator(".card-grid")).to_have_count(1)
    expect(host.locator("#taken-form")).to_have_count(0)
    first_on_page(host)
    shot(host, "fix-hand1-390.png")

    host.locator("#fix-form .seat-tab[data-seat='2']").click()  # Cy took the Q of spades
    card(host, "#fix-form", "QS").click()
    host.locator("#fix-form").get_by_role("button", name="Save hand 1").last.click()
    expect(entry.locator("#saved-box")).to_contain_text("Hand 1 changed; totals updated.")
    expect(entry.locator("#taken-form h2")).to_contain_text("Hand 3")  # back to the open hand
    expect(entry.locator("#saved-box")).to_be_in_viewport()
    expect(host.locator("#hand-panel")).to_be_in_viewport()
    expect(host.locator("#sheet-r1 td")).to_have_text(["1", "12", "13", "0"])
    assert totals(host) == ["15", "24", "13", "0"]
    assert host.evaluate("() => window.__samePage === 1")  # in place: no page load
    shot(host, "fix-saved-390.png")

    host.locator("#sheet-r2 a.cell-link").first.click()  # a row on the sheet: the same
    expect(entry.locator("#fix-form h2")).to_have_text("Change hand 2: who took which cards")
    expect(host.locator(".card-grid")).to_have_count(1)
    entry.get_by_role("link", name="Back to hand 3").click()
    expect(entry.locator("#taken-form h2")).to_contain_text("Hand 3")
    assert host.evaluate("() => window.__samePage === 1")


def test_typing_26_for_one_player_asks_first_as_the_moon_button(phone) -> None:
    host = phone(**NARROW)
    start_hearts(host, ["Ann", "Bob", "Cy", "Dee"])
    wait_live(host)
    sent = posts_to(host)
    numbers(host, 1, "0", "26", "0", "0")
    save_numbers(host, 1)
    ask = host.locator("#points-form .confirm-rest")
    expect(ask.locator(".confirm-what")).to_have_text(
        "Bob has all 26 points: that is a moon for Bob."
    )
    expect(ask).to_contain_text("a moon for Bob")
    assert not [u for u in sent if "/hearts/" in u]  # nothing sent yet
    shot(host, "numbers-26-asks-390.png")
    ask.get_by_role("button", name="Not yet").click()
    expect(ask).to_have_count(0)
    expect(host.locator("#points-1-1")).to_have_value("26")

    save_numbers(host, 1)
    ask.get_by_role("button", name="Record it").click()
    expect(host.locator("#history")).to_contain_text("hand 1 by points: Bob shot the moon")
    expect(host.locator("#sheet tfoot td.total")).to_have_text(["26", "0", "26", "26"])
    expect(host.locator("#hand-summary")).to_contain_text("Bob shot the moon")
    # the dealer's initial under the hand number is explained in words
    dealer = host.locator("#sheet-r1 .dealer-mark")
    expect(dealer).to_have_attribute("title", "Ann dealt")
    expect(dealer).to_contain_text("dealt by Ann")
    expect(host.locator("#sheet-legend")).to_contain_text(
        "Under each hand number: the first letter of who dealt it."
    )
    shot(host, "numbers-26-recorded-390.png")
