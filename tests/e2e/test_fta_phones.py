"""Follow the Author on two real phones (Chromium): a sealed choice kept on its phone (tap to
peek), the reveal (both players' word) with each phone opening its own seal, and store taps
that survive a live redraw."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from companion.games.follow_the_author import commitment

from .helpers import (
    POLL_MS,
    WAIT_MS,
    look,
    mark,
    open_table,
    readme_shot,
    still_marked,
    take_seat,
    wait_sse_open,
)

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SHOTS = Path("/work/notes/shots/fta")  # looked at by people; the tests never read them back
LIVE_MS = WAIT_MS  # a generous wait for a live update, not a timing assertion


def _start(page: Page, referee: bool = False) -> str:
    """A table for Ann and Ben (in referee mode: every card entered), started over HTTP
    (``open_table``)."""
    referee_mode = {"enter_plays": "1"} if referee else {}
    return open_table(page, ["Ann", "Ben"], "follow-the-author", shown=None, **referee_mode)


def _sit(page: Page, join_url: str, seat: str) -> None:
    """The phone takes a named seat over HTTP (``take_seat``)."""
    take_seat(page, join_url, "", seat, shown="#fta-entry")


def _settle(page: Page) -> None:
    """Wait until no htmx request is under way (a live update may redraw the entry box)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')", polling=POLL_MS)


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
    look(ann, str(ARTIFACTS / "fta-peek-390.png"))
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
        ann_line, ben_line = (
            reveal.locator('li[data-seat="0"]'),
            reveal.locator('li[data-seat="1"]'),
        )
        expect(ann_line).to_contain_text("Ann scores Wyrms")
        expect(ann_line).to_contain_text("Ben's danger suit is Knots")
        expect(ben_line).to_contain_text("Ben scores Suns")
        for line, suits in ((ann_line, ("Wyrms", "Knots")), (ben_line, ("Suns", "Wyrms"))):
            for suit in suits:  # the suit's own icon beside its word, named by it
                expect(line.get_by_role("img", name=suit, exact=True)).to_be_visible()
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
    look(ann, str(ARTIFACTS / "fta-waiting-for-reveal-390.png"))
    _settle(ben)
    ben.get_by_role("button", name="The omega hand is over: reveal").click()
    for page in (ann, ben):
        expect(page.locator("#fta-stores")).to_be_visible(timeout=LIVE_MS)
        expect(page.locator("#fta-reveal .fta-ok")).to_have_count(2, timeout=LIVE_MS)
        _settle(page)
    return ann, ben


def _unfold(page: Page, form: str) -> None:
    """Open the fold that holds ``form`` (every card's lists fold below the cards that count
    once the suits are open)."""
    details = page.locator(f"details.fta-store:has({form})")
    if details.get_attribute("open") is None:
        details.locator("> summary").click()


def _tap(page: Page, form: str, cards: list[str]) -> None:
    for card in cards:
        page.locator(f'{form} label.fta-tap:has(input[value="{card}"])').click()


def test_store_taps_survive_a_live_redraw_from_the_other_phone(phone):
    ann, ben = _table_at_the_stores(phone)
    wait_sse_open(ann)
    mark(ann)
    mine = ["Ace of Moons", "Journey", "Huntress", "Excuse", "Battle"]
    for page, form in ((ann, "#fta-store-0"), (ben, "#fta-store-1")):  # every card: folded
        _unfold(page, form)
    _tap(ann, "#fta-store-0", mine)
    expect(ann.locator("#fta-store-0 [data-fta-count]")).to_have_text("5 cards")

    _tap(ben, "#fta-store-1", ["Bard", "Desert", "Sailor"])
    ben.get_by_role("button", name="Save Ben's store").click()

    # Ann is half-way through her store: the update does not replace her form, it says so
    expect(ann.locator("#entry-held")).to_be_visible(timeout=LIVE_MS)
    expect(ann.locator("#entry-held")).to_be_in_viewport()  # she is far down, at her taps
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
    expect(ann.locator("#fta-store-0 [data-fta-count]")).to_have_text("5 cards")
    assert still_marked(ann), "Ann's phone reloaded instead of updating in place"
    ARTIFACTS.mkdir(exist_ok=True)
    ann.evaluate("() => document.querySelector('#fta-stores').scrollIntoView()")
    look(ann, str(ARTIFACTS / "fta-store-taps-390.png"))

    ann.get_by_role("button", name="Save Ann's store").click()
    expect(status).to_contain_text("Ann's store: entered (5 cards)", timeout=LIVE_MS)


# referee mode at the table: the picker, the stores known from the plays, the round summary

EMOJI = "[\\u{1F000}-\\u{1FAFF}\\u{2600}-\\u{27BF}]"
SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
# Ben leads (Ann deals). Sequence 1 ends on Ben's Ace (he stores it); sequence 2 is ended after
# Ann's Diplomat (she stores it); Ben goes out with the Market (he stores sequence 3).
SEQUENCE_1 = ["Author", "Bard", "Ace of Suns"]
SEQUENCE_2 = ["Castle", "Chance Meeting", "Consul", "Darkness", "Desert", "Diplomat"]
SEQUENCE_3 = ["Discovery", "Excuse", "Forest", "Harvest", "Huntress", "Island", "Journey",
              "Light Keeper", "Lunatic", "Market"]  # fmt: skip


def _shot(page: Page, name: str, selector: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("s => document.querySelector(s).scrollIntoView()", selector)
    look(page, str(SHOTS / name))


def _tap_card(page: Page, card: str) -> None:
    """Tap a card in the alpha picker (for whoever plays next); once stored it is offered no
    more."""
    _settle(page)
    page.locator(f'#fta-picker-alpha button[name=card][value="{card}"]').click()
    expect(page.locator(f'#fta-picker-alpha button[value="{card}"]')).to_have_count(0)


def _end(page: Page) -> None:
    _settle(page)
    page.locator("#fta-end-alpha").click()
    expect(page.locator("#fta-end-alpha")).to_have_count(0)  # no sequence on the table


def _no_emoji(page: Page) -> None:
    found = page.evaluate(
        f"() => (document.documentElement.outerHTML.match(/{EMOJI}/gu) || []).join('')"
    )
    assert found == "", found


def _icons_drawn(page: Page, scope: str) -> None:
    """Each suit's icon is there, named by its word, and drawn at a real size."""
    for suit in SUITS:
        icon = page.locator(scope).get_by_role("img", name=suit, exact=True).first
        expect(icon).to_be_visible()
        box = icon.bounding_box()
        assert box and box["width"] > 8 and box["height"] > 8, (suit, box)
        assert icon.evaluate("e => e.tagName.toLowerCase()") == "svg"
    # and the sprite's drawing itself arrived (an empty <use> measures 0 by 0)
    page.wait_for_function(
        """s => [...document.querySelectorAll(s + ' svg.fta-ico use')].every(u => {
            const b = u.getBBox(); return b.width > 0 && b.height > 0; })""",
        arg=scope,
    )


def test_referee_mode_on_a_phone_end_first_after_an_ace_omega_first_stores_from_the_plays(phone):
    ann = phone(viewport={"width": 390, "height": 844})
    _start(ann, referee=True)
    join_url = ann.locator("#join a[href*='/j/']").first.get_attribute("href")
    assert join_url
    _sit(ann, join_url, "Ann")
    ben = phone()
    _sit(ben, join_url, "Ben")
    _icons_drawn(ann, "#fta-picker-alpha")  # the suits on the cards offered
    _no_emoji(ann)

    _tap_card(ann, "Author")
    _tap_card(ann, "Bard")
    _tap_card(ann, "Ace of Suns")
    # after an Ace, ending the sequence is the first thing in the picker, on screen at once
    picker = ann.locator("#fta-picker-alpha")
    ann.evaluate("() => document.querySelector('#fta-picker-alpha').scrollIntoView()")
    end = ann.locator("#fta-end-alpha")
    first_card = picker.locator("button[name=card]").first
    end_box, card_box = end.bounding_box(), first_card.bounding_box()
    assert end_box and card_box and end_box["y"] < card_box["y"]
    assert end_box["y"] + end_box["height"] <= 844 and end_box["height"] >= 44
    expect(end).to_be_in_viewport()
    _shot(ann, "fta-after-ace-390.png", "#fta-picker-alpha")
    _end(ann)
    for card in SEQUENCE_2:
        _tap_card(ann, card)
    _end(ann)
    for card in SEQUENCE_3:
        _tap_card(ann, card)
    expect(ann.locator("#fta-seal-form")).to_be_visible()
    _icons_drawn(ann, ".fta-seal-pick")
    _shot(ann, "fta-seal-icons-390.png", ".fta-seal-pick")
    _seal(ann, "Moons", "Knots")
    expect(ben.locator("#fta-seal-form")).to_be_visible(timeout=LIVE_MS)
    _seal(ben, "Suns", "Wyrms")

    # the omega hand: its picker comes first, the alpha hand's record below it
    expect(ann.locator("#fta-picker-omega")).to_be_visible(timeout=LIVE_MS)
    omega_box = ann.locator("#fta-picker-omega").bounding_box()
    alpha_box = ann.locator("#fta-alpha").bounding_box()
    assert omega_box and alpha_box and omega_box["y"] < alpha_box["y"]
    _shot(ann, "fta-omega-first-390.png", "#fta-entry")
    readme_shot(ann, "fta-table.png", at="#fta-entry")
    _no_emoji(ann)
    ann.locator("#fta-omega details.fta-direct summary").click()
    _hand(ann, "omega", (0, 2))
    _settle(ben)
    expect(ben.locator("#fta-ready-1")).to_be_visible(timeout=LIVE_MS)
    ben.get_by_role("button", name="The omega hand is over: reveal").click()
    # the stores reach Ann's phone; whether every card's list shows or is folded below the
    # cards that count depends on whether her choice is opened yet (it opens itself)
    expect(ann.locator("#fta-store-0")).to_be_attached(timeout=LIVE_MS)
    expect(ann.locator("#fta-reveal .fta-ok")).to_have_count(2, timeout=LIVE_MS)
    _settle(ann)

    # stores: what the plays put in each store is tapped already (every card: the folds
    # below the cards that count)
    _unfold(ann, "#fta-store-0")
    _unfold(ann, "#fta-store-1")
    mine, his = ann.locator("#fta-store-0"), ann.locator("#fta-store-1")
    for card in SEQUENCE_2:
        expect(mine.locator(f'input[value="{card}"]')).to_be_checked()
    expect(mine.locator("[data-fta-count]")).to_have_text("6 cards")
    expect(his.locator("[data-fta-count]")).to_have_text("13 cards")
    expect(mine.locator('input[value="Author"]')).to_have_count(0)  # Ben's, from the plays
    _shot(ann, "fta-stores-from-plays-390.png", "#fta-stores")
    # Ann taps the card Ben gave her face down, and by mistake untaps her Castle: refused
    _tap(ann, "#fta-store-0", ["Sea", "Castle"])
    expect(mine.locator("[data-fta-count]")).to_have_text("6 cards")
    mine.get_by_role("button", name="Save Ann's store").click()
    error = ann.locator("#err-fta")
    expect(error).to_contain_text(
        "Castle (alpha hand, sequence 2) was stored by Ann in play", timeout=LIVE_MS
    )
    expect(ann.locator('#fta-store-0 input[value="Sea"]')).to_be_checked()  # input kept
    expect(ann.locator('#fta-store-0 input[value="Castle"]')).not_to_be_checked()
    _shot(ann, "fta-store-refused-390.png", "#err-fta")
    _tap(ann, "#fta-store-0", ["Castle"])
    ann.locator("#fta-store-0").get_by_role("button", name="Save Ann's store").click()
    status = ann.locator(".fta-store-status")
    expect(status).to_contain_text("Ann's store: entered (7 cards)", timeout=LIVE_MS)
    _settle(ann)
    _unfold(ann, "#fta-store-1")
    _tap(ann, "#fta-store-1", ["Rite"])
    ann.locator("#fta-store-1").get_by_role("button", name="Save Ben's store").click()
    expect(status).to_contain_text("Ben's store: entered (14 cards)", timeout=LIVE_MS)
    _settle(ann)
    _unfold(ann, "#fta-aside")
    aside = ann.locator("#fta-aside")
    expect(aside.locator('input[value="Castle"]')).to_have_count(0)  # played: never aside
    left = aside.locator("label.fta-tap:has(input:not(:disabled):not(:checked))")
    for _ in range(left.count()):
        left.first.click()
    expect(aside.locator("[data-fta-count]")).to_have_text("24 cards")
    _shot(ann, "fta-aside-390.png", "#fta-aside")
    aside.get_by_role("button", name="Save the cards set aside").click()

    # the round summary: in-play points, and each category with the cards that counted
    last = ann.locator(".fta-last")
    expect(last).to_be_visible(timeout=LIVE_MS)
    expect(last).to_contain_text("Alpha hand, in play: Ann ")
    expect(last).to_contain_text("Omega hand, in play: Ann 0, Ben 2")
    expect(last.locator('[data-category="most_scoring"]')).to_contain_text(
        "Ann's Moons: Chance Meeting (7), Consul (Court) and Diplomat (8)"
    )
    _shot(ann, "fta-round-summary-390.png", ".fta-last")
    readme_shot(ann, "fta-summary.png", at=".fta-last")
    _no_emoji(ann)


# issue 20, item 2: a seal is final; a lost code is stated and the other player agrees; a phone
# forgets the kept choice once the round is scored

ANN_STORE = ["Ace of Moons", "Journey", "Huntress", "Excuse", "Battle", "Soldier", "Betrayal"]
BEN_STORE = ["Bard", "Desert", "Sailor"]
KEPT = "() => Object.keys(localStorage).filter(k => k.startsWith('fta-seal:')).length"
FORGOTTEN = "() => !Object.keys(localStorage).some(k => k.startsWith('fta-seal:'))"


def _save_store(page: Page, form: str, cards: list[str], button: str) -> None:
    _settle(page)
    page.locator(f"{form}").evaluate("f => f.closest('details').open = true")
    _tap(page, form, cards)
    page.locator(form).get_by_role("button", name=button).click()


def _both_choosing(phone) -> tuple[Page, Page]:
    """Ann and Ben seated on two phones at 390 px, the alpha hand in: both choose their suits."""
    ann = phone(viewport={"width": 390, "height": 844})
    _start(ann)
    join_url = ann.locator("#join a[href*='/j/']").first.get_attribute("href")
    assert join_url
    _sit(ann, join_url, "Ann")
    ben = phone(viewport={"width": 390, "height": 844})
    _sit(ben, join_url, "Ben")
    _hand(ann, "alpha", (2, 1))
    expect(ben.locator("#fta-seal-form")).to_be_visible(timeout=LIVE_MS)
    return ann, ben


def test_a_seal_is_final_a_lost_code_is_stated_and_agreed_and_phones_forget_the_round(phone):
    ann, ben = _both_choosing(phone)

    _seal(ann, "Wyrms", "Knots")
    expect(ann.locator("#fta-final")).to_contain_text("Ann can still change their choice until Ben")
    expect(ann.locator("#fta-seal-form")).to_be_visible()  # hers may still change
    _seal(ben, "Suns", "Wyrms")
    for page in (ann, ben):  # both sealed: face-down slips, no form to change either
        expect(page.locator("#fta-final")).to_contain_text("final", timeout=LIVE_MS)
        expect(page.locator("#fta-seal-form")).to_have_count(0)
    _shot(ann, "seal-final-ann-390.png", "#fta-seal")
    assert ann.evaluate(KEPT) == 1 and ben.evaluate(KEPT) == 1

    ann.evaluate("() => localStorage.clear()")  # Ann's browser lost her choice and her code
    _hand(ann, "omega", (0, 3))
    expect(ben.locator("#fta-ready-1")).to_be_visible(timeout=LIVE_MS)
    _settle(ben)
    opening = re.compile(r"/fta/\d+/open$")
    held: list[Route] = []  # Ben's phone opens his seal by itself: late, as on a slow network
    ben.route(opening, lambda route: held.append(route))
    with ben.expect_request(opening):
        ben.get_by_role("button", name="The omega hand is over: reveal").click()
    ben.evaluate("0")  # one round trip: the held request's route has reached the test too
    assert len(held) == 1, "Ben's phone did not open his seal after the reveal"

    # Ann opens the box to state her choice before Ben's seal is open...
    mine = ann.locator('#fta-reveal li[data-seat="0"]')
    mine.get_by_text("Open Ann's choice by hand").click()
    expect(mine.locator("select[name=scoring]")).to_be_visible()
    held[0].continue_()
    # ...and it stays open while Ben's opened seal redraws her phone's entry box around it
    expect(ann.locator('#fta-reveal li[data-seat="1"] .fta-ok')).to_be_visible(timeout=LIVE_MS)
    expect(mine.locator("select[name=scoring]")).to_be_visible()

    # Ben's phone opened Ben's seal by itself; it offers no way to open Ann's
    ben_reveal = ben.locator("#fta-reveal")
    expect(ben_reveal.locator('li[data-seat="1"] .fta-ok')).to_be_visible(timeout=LIVE_MS)
    waiting = ben_reveal.locator('li[data-seat="0"]')
    expect(waiting).to_contain_text("Only Ann opens this choice")
    expect(waiting.locator("form")).to_have_count(0)

    # Ann states her choice without the code: it waits for Ben
    _settle(ann)
    mine.locator("select[name=scoring]").select_option("Wyrms")
    mine.locator("select[name=danger]").select_option("Knots")
    mine.get_by_role("button", name="Open Ann's choice").click()
    expect(ann.locator(".saved")).to_contain_text("counts once Ben agrees", timeout=LIVE_MS)
    asked = ben.locator("#agreement")
    expect(asked).to_contain_text("open Ann's choice as Ann states it", timeout=LIVE_MS)
    expect(ben.locator(".fta-stated")).to_be_visible()
    _shot(ben, "stated-ben-asked-390.png", "#agreement")
    _shot(ann, "stated-ann-waiting-390.png", "#fta-reveal")
    _settle(ben)
    ben.locator("#agree-me").click()
    for page in (ann, ben):
        line = page.locator('#fta-reveal li[data-seat="0"]')
        expect(line).to_contain_text("Unproven", timeout=LIVE_MS)
        expect(line).to_contain_text("Ann stated the choice and Ben agreed")
    _shot(ben, "stated-agreed-ben-390.png", "#fta-reveal")

    # the stores: once the round is scored, neither phone keeps a choice or a code
    _save_store(ann, "#fta-store-0", ANN_STORE, "Save Ann's store")
    status = ben.locator(".fta-store-status")
    expect(status).to_contain_text("Ann's store: entered", timeout=LIVE_MS)
    _save_store(ben, "#fta-store-1", BEN_STORE, "Save Ben's store")
    status = ann.locator(".fta-store-status")
    expect(status).to_contain_text("Ben's store: entered", timeout=LIVE_MS)
    assert ben.evaluate(KEPT) == 1  # not scored yet: Ben's phone still holds his
    _settle(ann)
    _unfold(ann, "#fta-aside")
    aside = ann.locator("#fta-aside")
    aside.evaluate(
        "f => { f.closest('details').open = true; f.querySelectorAll("
        "'input[name=cards]:not(:disabled):not(:checked)').forEach(i => i.click()); }"
    )
    aside.get_by_role("button", name="Save the cards set aside").click()
    for page in (ann, ben):
        expect(page.locator("#fta-entry h2")).to_contain_text("Round 2", timeout=LIVE_MS)
        page.wait_for_function(FORGOTTEN)
    assert ben.evaluate(KEPT) == 0 and ann.evaluate(KEPT) == 0


def test_suits_picked_but_not_sealed_wait_while_the_other_seal_comes_in(phone):
    """Ann has picked her suits but not sealed when Ben seals on his phone: her picks stay
    (only her form waits) and the lines around them come in: "Ben: sealed", not "still
    choosing" until she sends (issue 23: a held form's status lines keep up). The suits belong
    to no form (only the commitment is sent), so the whole box used to wait."""
    ann, ben = _both_choosing(phone)
    wait_sse_open(ann)
    _settle(ann)
    pick = ann.locator(".fta-seal-pick")
    pick.locator('label.fta-suit:has(input[name^=fta-scoring][value="Wyrms"])').click()
    pick.locator('label.fta-suit:has(input[name^=fta-danger][value="Knots"])').click()
    ben_line = ann.locator('.fta-seal-status[data-seat="1"]')
    expect(ben_line).to_contain_text("Ben: still choosing")
    _seal(ben, "Suns", "Wyrms")
    expect(ben_line).to_contain_text("Ben: sealed", timeout=LIVE_MS)
    expect(ann.locator("#fta-final")).to_contain_text("Ben can still change their choice")
    expect(ann.locator("input[name^=fta-scoring]:checked")).to_have_value("Wyrms")
    expect(ann.locator("input[name^=fta-danger]:checked")).to_have_value("Knots")
    ann.locator("#fta-seal-form").get_by_role("button", name="Seal my choice").click()
    expect(ann.locator(".fta-peek")).to_be_visible(timeout=LIVE_MS)  # sealed, on her phone
