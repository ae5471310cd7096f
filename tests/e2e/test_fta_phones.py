"""Follow the Author on two real phones (Chromium): a sealed choice kept on its phone (tap to
peek), the reveal (both players' word) with each phone opening its own seal, and store taps
that survive a live redraw."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.games.follow_the_author import commitment

from .helpers import mark, still_marked, wait_sse_open

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LIVE_MS = 10_000  # a generous wait for a live update, not a timing assertion


def _start(page: Page) -> str:
    page.goto("/new/follow-the-author")
    form = page.locator("#new-table")
    form.locator("input[name=name-0]").fill("Ann")
    form.locator("input[name=name-1]").fill("Ben")
    form.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/t/*")
    return page.url


def _sit(page: Page, join_url: str, seat: str) -> None:
    page.goto(join_url)
    page.get_by_role("button", name=f"Sit as {seat}").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#fta-entry")).to_be_visible()


def _settle(page: Page) -> None:
    """Wait until no htmx request is under way (a live update may redraw the entry box)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def _seal(page: Page, scoring: str, danger: str) -> None:
    _settle(page)
    pick = page.locator(".fta-seal-pick")
    pick.locator(f'label.fta-suit:has(input[name^=fta-scoring][value="{scoring}"])').click()
    pick.locator(f'label.fta-suit:has(input[name^=fta-danger][value="{danger}"])').click()
    page.locator("#fta-seal-form").get_by_role("button", name="Seal my choice").click()
    expect(page.locator(".fta-peek")).to_be_visible(timeout=LIVE_MS)


def _hand(page: Page, hand: str, points: tuple[int, int]) -> None:
    _settle(page)
    form = page.locator(f"#fta-points-{hand}")
    form.locator("input[name=points-0]").fill(str(points[0]))
    form.locator("input[name=points-1]").fill(str(points[1]))
    form.get_by_role("button", name=f"Save the {hand} hand").click()


def test_a_sealed_choice_stays_on_its_phone_until_the_reveal_then_each_phone_opens_its_own(phone):
    ann = phone(viewport={"width": 390, "height": 844})
    table_url = _start(ann)
    join_url = ann.locator("#join a[href*='/j/']").first.get_attribute("href")
    assert join_url
    _sit(ann, join_url, "Ann")
    ben = phone()
    _sit(ben, join_url, "Ben")
    assert ben.url == table_url

    _hand(ann, "alpha", (2, 1))
    expect(ann.locator("#fta-seal-form")).to_be_visible()
    expect(ben.locator("#fta-seal-form")).to_be_visible(timeout=LIVE_MS)  # came live
    wait_sse_open(ben)
    mark(ben)

    # Ann's phone sends a commitment only; her choice is behind "Peek at my choice"
    sent: list[str] = []
    ann.on("request", lambda r: sent.append(r.post_data or "") if r.method == "POST" else None)
    _seal(ann, "Wyrms", "Knots")
    assert sent and not [body for body in sent if "Wyrms" in body or "Knots" in body]
    peek = ann.get_by_role("button", name="Peek at my choice")
    choice = ann.locator(".fta-peek-text")
    expect(choice).to_be_hidden()
    assert "Wyrms" not in ann.locator(".fta-seal-list").inner_text()
    peek.click()
    expect(choice).to_contain_text("Scoring Wyrms, danger for Ben Knots. Recovery code ")
    ARTIFACTS.mkdir(exist_ok=True)
    ann.evaluate("() => document.querySelector('#fta-seal').scrollIntoView()")
    ann.screenshot(path=str(ARTIFACTS / "fta-peek-390.png"))
    ann.get_by_role("button", name="Hide the choice").click()
    expect(choice).to_be_hidden()

    commitment = ann.locator('.fta-seal-status[data-seat="0"] .fta-fp').inner_text()
    ben_status = ben.locator('.fta-seal-status[data-seat="0"]')
    expect(ben_status).to_contain_text("sealed", timeout=LIVE_MS)
    expect(ben_status).to_contain_text(commitment)
    expect(ben.locator(".fta-peek")).to_have_count(0)  # only the choosing phone has a key
    assert "Wyrms" not in ben.locator("#live").inner_text()  # sheet and history
    assert still_marked(ben), "Ben's phone reloaded instead of updating in place"

    _seal(ben, "Suns", "Wyrms")
    expect(ann.locator('.fta-seal-status[data-seat="1"]')).to_contain_text(
        "sealed", timeout=LIVE_MS
    )
    expect(ann.locator("#fta-points-omega")).to_be_visible()
    _hand(ann, "omega", (0, 3))
    # one phone's typed points are one player's word: Ben's phone asks him, nothing opens yet
    ben_word = ben.locator('.fta-ready-list li[data-seat="0"]')
    expect(ben_word).to_contain_text("the hand is over", timeout=LIVE_MS)
    expect(ann.locator("#fta-reveal")).to_have_count(0)
    _settle(ben)
    ben.get_by_role("button", name="The omega hand is over: reveal").click()

    # each phone opens the seal it holds by itself; the server checks it against the commitment
    for page in (ann, ben):
        reveal = page.locator("#fta-reveal")
        expect(reveal.locator(".fta-ok")).to_have_count(2, timeout=LIVE_MS)
        expect(reveal).to_contain_text("Ann scores 🐉 Wyrms")
        expect(reveal).to_contain_text("Ben's danger suit is 🪢 Knots")
        expect(reveal).to_contain_text("Ben scores ☀️ Suns")
        expect(reveal).to_contain_text(commitment)
    assert still_marked(ben)
    expect(ben.locator("#sheet tfoot td.total")).to_have_text(["2", "4"])


def test_the_sha256_without_web_crypto_matches_the_servers(phone):
    """A phone on the local network over plain http has no crypto.subtle: the script's own
    SHA-256 must give the commitment the server checks."""
    page = phone()
    _start(page)
    text = "round 1 seat 2\nSuns\nMoons\nK7QF2MXA9PRT"
    made = page.evaluate("t => window.companionSha256.fallback(t)", text)
    assert made == commitment("round 1 seat 2", "Suns", "Moons", "K7QF2MXA9PRT")
    for other in ("", "x" * 200 + "é", "y" * 55, "z" * 64):  # padding edges, UTF-8
        made = page.evaluate("t => window.companionSha256.fallback(t)", other)
        assert made == hashlib.sha256(other.encode()).hexdigest()


def _table_at_the_stores(phone) -> tuple[Page, Page]:  # type: ignore[no-untyped-def]
    """Ann (the host) and Ben sit, enter both hands, seal, and both say the omega hand is over."""
    ann = phone(viewport={"width": 390, "height": 844})
    _start(ann)
    join_url = ann.locator("#join a[href*='/j/']").first.get_attribute("href")
    assert join_url
    _sit(ann, join_url, "Ann")
    ben = phone()
    _sit(ben, join_url, "Ben")
    _hand(ann, "alpha", (2, 1))
    expect(ben.locator("#fta-seal-form")).to_be_visible(timeout=LIVE_MS)
    _seal(ann, "Wyrms", "Knots")
    _seal(ben, "Suns", "Wyrms")
    expect(ann.locator("#fta-points-omega")).to_be_visible(timeout=LIVE_MS)
    _hand(ann, "omega", (0, 3))
    expect(ben.locator("#fta-ready-1")).to_be_visible(timeout=LIVE_MS)
    expect(ann.locator('.fta-ready-list li[data-seat="0"]')).to_contain_text("the hand is over")
    _settle(ann)
    ARTIFACTS.mkdir(exist_ok=True)
    ann.evaluate("() => document.querySelector('#fta-omega').scrollIntoView()")
    ann.screenshot(path=str(ARTIFACTS / "fta-waiting-for-reveal-390.png"))
    _settle(ben)
    ben.get_by_role("button", name="The omega hand is over: reveal").click()
    for page in (ann, ben):
        expect(page.locator("#fta-stores")).to_be_visible(timeout=LIVE_MS)
        expect(page.locator("#fta-reveal .fta-ok")).to_have_count(2, timeout=LIVE_MS)
        _settle(page)
    return ann, ben


def _tap(page: Page, form: str, cards: list[str]) -> None:
    for card in cards:
        page.locator(f'{form} label.fta-tap:has(input[value="{card}"])').click()


def test_store_taps_survive_a_live_redraw_from_the_other_phone(phone):
    ann, ben = _table_at_the_stores(phone)
    wait_sse_open(ann)
    mark(ann)
    mine = ["Ace of Moons", "Journey", "Huntress", "Excuse", "Battle"]
    _tap(ann, "#fta-store-0", mine)
    expect(ann.locator("#fta-store-0 [data-fta-count]")).to_have_text("5")

    _tap(ben, "#fta-store-1", ["Bard", "Desert", "Sailor"])
    ben.get_by_role("button", name="Save Ben's store").click()

    # Ann is half-way through her store: the update does not replace her form, it says so
    expect(ann.locator("#entry-held")).to_be_visible(timeout=LIVE_MS)
    for card in mine:
        expect(ann.locator(f'#fta-store-0 input[value="{card}"]')).to_be_checked()
    # "Show the latest" redraws the entry box (Ben's store now shows as entered) ...
    ann.get_by_role("button", name="Show the latest").click()
    status = ann.locator(".fta-store-status")
    expect(status).to_contain_text("Ben's store: entered (3 cards)", timeout=LIVE_MS)
    expect(ann.locator('#fta-store-0 input[value="Bard"]')).to_be_disabled()
    # ... and her five unsent taps are still there, on the same page
    for card in mine:
        expect(ann.locator(f'#fta-store-0 input[value="{card}"]')).to_be_checked()
    expect(ann.locator("#fta-store-0 [data-fta-count]")).to_have_text("5")
    assert still_marked(ann), "Ann's phone reloaded instead of updating in place"
    ARTIFACTS.mkdir(exist_ok=True)
    ann.evaluate("() => document.querySelector('#fta-stores').scrollIntoView()")
    ann.screenshot(path=str(ARTIFACTS / "fta-store-taps-390.png"))

    ann.get_by_role("button", name="Save Ann's store").click()
    expect(status).to_contain_text("Ann's store: entered (5 cards)", timeout=LIVE_MS)
