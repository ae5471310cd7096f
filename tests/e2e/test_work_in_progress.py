"""Issue 10, "How we will know": another phone's update arrives while a phone is half-way
through a form, on real phones (Chromium, 390 px). Nothing typed or tapped is lost, the form
still names the same seat, hand, trick or round, and sending is checked against that.

- Follow the Author: a half-made sealed-suit choice while the other player seals.
- Hearts: a referee half-way through a trick while another phone claims its cards and then
  enters that very trick (the referee's send is refused with the trick as it is now).
- Custom scoresheet: a score typed for round 2 while the round is finished on other phones.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import (
    WAIT_MS,
    cell,
    expect_signs,
    join_link,
    look,
    open_table,
    settle,
    signs_text,
    still_marked,
    wait_sse_open,
)
from .helpers import mark as mark_page
from .helpers import take_seat as sit_custom
from .test_fta_phones import _sit, _start
from .test_hearts_phones import sit as sit_hearts
from .test_hearts_phones import start_hearts

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
NARROW = {"viewport": {"width": 390, "height": 844}}
LIVE_MS = WAIT_MS  # a generous wait for a live update, not a timing assertion
HELD = "The table changed on another phone. What you entered is kept"


def snap(page: Page, name: str, at: str = "#entry-box") -> None:
    """A 390 px screenshot with ``at``'s top just below the sticky bar."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate(
        "(sel) => window.scrollTo(0, document.querySelector(sel).getBoundingClientRect().top"
        " + window.scrollY - 70)",
        at,
    )
    look(page, str(ARTIFACTS / f"{name}-390.png"))


def live_phone(page: Page) -> None:
    """Wait for the live stream and leave a marker that a reload would wipe."""
    wait_sse_open(page)
    mark_page(page)


# ---- Follow the Author: a half-made suit choice ----


def suit(page: Page, kind: str, name: str) -> Locator:
    return page.locator(
        f'.fta-seal-pick label.fta-suit:has(input[name^=fta-{kind}][value="{name}"])'
    )


def suit_input(page: Page, kind: str, name: str) -> Locator:
    return page.locator(f'.fta-seal-pick input[name^=fta-{kind}][value="{name}"]')


def test_fta_half_made_suit_choice_survives_the_other_players_seal(phone):
    ann = phone(**NARROW)
    _start(ann)
    join_url = join_link(ann)
    _sit(ann, join_url, "Ann")
    ben = phone(**NARROW)
    _sit(ben, join_url, "Ben")
    settle(ann)
    alpha = ann.locator("#fta-points-alpha")
    alpha.locator("input[name=points-0]").fill("2")
    alpha.locator("input[name=points-1]").fill("1")
    alpha.get_by_role("button", name="Save the alpha hand").click()
    expect(ann.locator("#fta-seal-form")).to_be_visible()
    expect(ben.locator("#fta-seal-form")).to_be_visible(timeout=LIVE_MS)
    for p in (ann, ben):
        settle(p)
    live_phone(ann)

    # Ann picks her scoring suit, not yet Ben's danger suit
    suit(ann, "scoring", "Wyrms").click()
    expect(suit_input(ann, "scoring", "Wyrms")).to_be_checked()
    expect(ann.locator(".fta-seal-pick input[name^=fta-danger]:checked")).to_have_count(0)

    # Ben seals his own choice: the update reaches Ann while her choice is half made
    suit(ben, "scoring", "Suns").click()
    suit(ben, "danger", "Knots").click()
    ben.get_by_role("button", name="Seal my choice").click()
    expect(ben.get_by_role("button", name="Peek at my choice")).to_be_visible(timeout=LIVE_MS)

    held = ann.locator("#entry-held")
    expect(held).to_contain_text(HELD, timeout=LIVE_MS)
    form = ann.locator("#fta-seal-form")
    pick = ann.locator(".fta-seal-pick")
    expect(form.locator("input[name=seat]")).to_have_value("0")  # still Ann's form
    expect(pick.locator("legend").first).to_contain_text("Ann's scoring suit")
    expect(pick.locator("legend").nth(1)).to_contain_text("Ben's danger suit")
    expect(suit_input(ann, "scoring", "Wyrms")).to_be_checked()
    expect(pick.locator("input[name^=fta-scoring]:checked")).to_have_count(1)
    expect(pick.locator("input[name^=fta-danger]:checked")).to_have_count(0)
    expect(ann.locator(".fta-peek")).to_have_count(0)  # Ben's key stays on his phone
    assert still_marked(ann), "Ann's phone reloaded instead of updating in place"
    snap(ann, "wip-fta-held-note")
    snap(ann, "wip-fta-half-made-choice", "#fta-seal")

    # Ann finishes and seals: it goes through as hers, both choices sealed
    suit(ann, "danger", "Knots").click()
    form.get_by_role("button", name="Seal my choice").click()
    ann.get_by_role("button", name="Peek at my choice").click()
    expect(ann.locator(".fta-peek-text")).to_contain_text("Scoring Wyrms, danger for Ben Knots")
    expect(held).to_have_count(0)
    for p in (ann, ben):
        expect(p.locator('.fta-seal-status[data-seat="0"]')).to_contain_text(
            "sealed", timeout=LIVE_MS
        )
        expect(p.locator('.fta-seal-status[data-seat="1"]')).to_contain_text("sealed")
        expect(p.locator("#fta-points-omega")).to_be_visible(timeout=LIVE_MS)
    ben.get_by_role("button", name="Peek at my choice").click()
    expect(ben.locator(".fta-peek-text")).to_contain_text("Scoring Suns")  # Ben's own
    assert still_marked(ann)
    snap(ann, "wip-fta-sealed", "#fta-seal")


# ---- Hearts: a referee's half-entered trick ----


def hcard(page: Page, form: str, name: str) -> Locator:
    return page.locator(f"{form} .hcard[data-card='{name}']")


def way(page: Page, label: str) -> None:
    settle(page)
    page.locator("#entry-box nav.ways a", has_text=label).click()
    expect(page.locator("#entry-box nav.ways a[aria-current]")).to_have_text(label)
    settle(page)


def hearts_host_and_ben(phone) -> tuple[Page, Page]:  # type: ignore[no-untyped-def]
    """A Hearts table on two live phones at 390 px: the host's (it enters for Ann, Cy and
    Dee, and is marked so a reload would show) and Ben's, seated."""
    ann = phone(**NARROW)
    start_hearts(ann, ["Ann", "", "Cy", "Dee"])
    ben = phone(**NARROW)
    sit_hearts(ben, ann, "Ben", "Seat 2")
    for p in (ann, ben):
        wait_sse_open(p)
    mark_page(ann)
    return ann, ben


def test_hearts_referees_half_entered_trick_survives_a_claim_and_a_trick_from_another_phone(
    phone,
):
    ann, ben = hearts_host_and_ben(phone)  # Ann's phone, the host's, referees trick by trick

    way(ann, "Trick by trick")
    trick = "#trick-form"
    heading = ann.locator(f"{trick} h2")
    expect(heading).to_have_text("Hand 1, trick 1 of 13")
    ann.locator(f"{trick} label.seat-pick").filter(has_text="Cy").click()
    hcard(ann, trick, "3C").click()  # after the 2C the first trick starts with
    cards = ann.locator(f"{trick} input[name=cards]")
    leader = ann.locator(f"{trick} input[name=leader][value='2']")
    expect(cards).to_have_value("2C 3C")
    expect(leader).to_be_checked()
    expect(ann.locator(f"{trick} [data-order]")).to_contain_text("Cy: 2C")

    # Ben claims his own cards: the table changes, Ann's half trick is left alone
    expect(ben.locator("#claim-form")).to_be_visible()
    hcard(ben, "#claim-form", "4H").click()
    ben.get_by_role("button", name="Send my cards").click()
    expect(ben.locator("#claims")).to_contain_text("Ben", timeout=LIVE_MS)
    held = ann.locator("#entry-held")
    expect(held).to_contain_text(HELD, timeout=LIVE_MS)
    expect(heading).to_have_text("Hand 1, trick 1 of 13")
    expect(cards).to_have_value("2C 3C")
    expect(leader).to_be_checked()
    expect(ann.locator(f"{trick} input[name=trick]")).to_have_value("0")
    expect(ann.locator(f"{trick} .hcard[aria-pressed=true]")).to_have_count(2)
    snap(ann, "wip-hearts-half-trick-held")

    # Ben then enters trick 1 himself, another way round: Ann's form still holds her taps
    way(ben, "Trick by trick")
    expect(ben.locator(f"{trick} h2")).to_have_text("Hand 1, trick 1 of 13")
    ben.locator(f"{trick} label.seat-pick").filter(has_text="Ann").click()
    history = ann.locator("#history summary")
    seen = history.inner_text()
    for name in ("4C", "5C", "6C"):  # the 2C is in already; the last card sends the trick
        hcard(ben, trick, name).click()
    expect(ben.locator(f"{trick} h2")).to_have_text("Hand 1, trick 2 of 13")
    expect(history).not_to_have_text(seen, timeout=LIVE_MS)  # the update reached Ann
    expect(held).to_be_visible()
    expect(heading).to_have_text("Hand 1, trick 1 of 13")
    expect(cards).to_have_value("2C 3C")
    expect(leader).to_be_checked()
    assert still_marked(ann), "Ann's phone reloaded instead of updating in place"

    # Ann finishes her trick 1 and sends it: refused, trick 1 as it is now shown, hers kept
    hcard(ann, trick, "7C").click()
    expect(cards).to_have_value("2C 3C 7C")
    hcard(ann, trick, "8C").click()  # the last card sends it
    now = ann.locator(f"{trick} p.now")
    expect(now).to_contain_text("Changed on another phone: trick 1 of hand 1 is now")
    expect_signs(ann, f"{trick} p.now", "led by Ann: 2♣ 4♣ 5♣ 6♣")
    expect(heading).to_have_text("Hand 1, trick 1 of 13")
    expect(cards).to_have_value("2C 3C 7C 8C")
    expect(leader).to_be_checked()
    expect(ann.locator("#entry-held")).to_have_count(0)
    rows = ann.locator("#tricks table.trick-table tbody tr")
    expect(rows).to_have_count(1)  # Ben's trick only
    expect_signs(ann, "#tricks table.trick-table tbody tr", "2♣ 4♣ 5♣ 6♣")
    assert "3♣" not in signs_text(rows.first) and "7♣" not in signs_text(rows.first)
    snap(ann, "wip-hearts-trick-409")
    # Ben's phone shows nothing of Ann's either
    ben_rows = ben.locator("#tricks table.trick-table tbody tr")
    expect(ben_rows).to_have_count(1)
    expect_signs(ben, "#tricks table.trick-table tbody tr", "2♣ 4♣ 5♣ 6♣")
    assert "3♣" not in signs_text(ben_rows.first)
    assert still_marked(ann)


# ---- Custom scoresheet: a score typed for round 2 while the round moves on ----


def custom_round_2_refused(phone) -> tuple[Page, Page]:  # type: ignore[no-untyped-def]
    """Ann types 12 for her round 2; the host saves her 8 and Ben the last cell (round 3 now);
    Ann's box keeps round 2 and her 12; she sends it and is refused. Returns (host, ann)."""
    host = phone(**NARROW)  # scores for anyone, sits nowhere
    open_table(host, ["Ann", "Ben"])
    join_url = join_link(host)
    ann = phone(**NARROW)
    sit_custom(ann, join_url, "Ann", "Ann")
    ben = phone(**NARROW)
    sit_custom(ben, join_url, "Ben", "Ben")
    for p in (host, ann, ben):
        wait_sse_open(p)

    # round 1: each player saves their own score
    for p, seat, points in ((ann, 0, 5), (ben, 1, 3)):
        settle(p)
        p.locator(f"#points-{seat}").fill(str(points))
        p.get_by_role("button", name="Save round 1").click()
    for p in (host, ann, ben):
        expect(p.locator("#entry-form h2")).to_contain_text("Round 2", timeout=LIVE_MS)
        expect(cell(p, 1, 1)).to_have_text("3", timeout=LIVE_MS)
        settle(p)
    mark_page(ann)

    # Ann types her round-2 score but has not saved it yet
    box = ann.locator("#points-0")
    box.fill("12")
    expect(ann.locator("#entry-form h2")).to_have_text("Round 2")

    # the host saves Ann's round 2 as 8, then Ben saves his: round 2 is complete
    host.locator("#points-0").fill("8")
    host.get_by_role("button", name="Save round 2").click()
    expect(cell(host, 2, 0)).to_have_text("8")
    expect(ann.locator("#entry-held")).to_contain_text(HELD, timeout=LIVE_MS)
    expect(cell(ann, 2, 0)).to_have_text("8")
    settle(ben)
    expect(cell(ben, 2, 0)).to_have_text("8", timeout=LIVE_MS)
    ben.locator("#points-1").fill("4")
    ben.get_by_role("button", name="Save round 2").click()
    expect(ben.locator("#entry-form h2")).to_contain_text("Round 3")
    expect(cell(ann, 2, 1)).to_have_text("4", timeout=LIVE_MS)
    expect(ann.locator("#status")).to_contain_text("Round 3")

    # Ann's box: still round 2, still her 12, with the note
    expect(ann.locator("#entry-form h2")).to_have_text("Round 2")
    expect(ann.locator("#entry-form")).to_contain_text("Ann (you)")
    expect(box).to_have_value("12")
    expect(ann.locator("#entry-form")).to_have_attribute("action", f"{_path(ann)}/round/2")
    expect(ann.locator("#entry-held")).to_be_visible()
    assert still_marked(ann), "Ann's phone reloaded instead of updating in place"
    snap(ann, "wip-custom-round-2-held")

    # sending is checked against round 2: the host's 8 came first, so Ann is shown it
    ann.get_by_role("button", name="Save round 2").click()
    refused = ann.locator("#entry-box")
    expect(refused.locator("p.now")).to_contain_text("Changed on another phone: now 8")
    expect(refused.locator("h2")).to_contain_text("round 2")
    expect(refused.locator("input[name=points-0]")).to_have_value("12")
    expect(cell(ann, 2, 0)).to_have_text("8")  # nothing of Ann's stored
    expect(cell(host, 2, 0)).to_have_text("8")
    expect(ann.locator("#sheet tbody tr")).to_have_count(2)  # nothing went to round 3
    return host, ann


def test_custom_score_typed_for_round_2_stays_when_the_round_moves_on(phone):
    host, ann = custom_round_2_refused(phone)
    snap(ann, "wip-custom-round-2-409")

    # saving again replaces the 8 in round 2, not round 3
    ann.locator("#entry-box").get_by_role("button", name="Save").click()
    expect(cell(ann, 2, 0)).to_have_text("12", timeout=LIVE_MS)
    expect(cell(host, 2, 0)).to_have_text("12", timeout=LIVE_MS)
    expect(ann.locator("#sheet tbody tr")).to_have_count(2)
    # and Ann's box moves on to the round she enters next
    expect(ann.locator("#entry-form h2")).to_contain_text("Round 3", timeout=LIVE_MS)
    expect(ann.locator("#points-0")).to_have_value("")
    expect(ann.locator("#entry-held")).to_have_count(0)
    assert still_marked(ann)
    snap(ann, "wip-custom-after-409")


def test_custom_refused_round_2_score_can_be_dropped_for_the_current_round(phone):
    host, ann = custom_round_2_refused(phone)
    # Ann keeps the host's 8: Cancel brings the current round's box, nothing is sent
    ann.locator("#entry-box").get_by_role("link", name="Cancel").click()
    expect(ann.locator("#entry-form h2")).to_contain_text("Round 3")
    expect(ann.locator("#points-0")).to_have_value("")
    expect(cell(ann, 2, 0)).to_have_text("8")
    expect(cell(host, 2, 0)).to_have_text("8")
    assert still_marked(ann), "Cancel reloaded the page instead of redrawing the box"


def _path(page: Page) -> str:
    """The table's path (``/t/<token>``) from the phone's URL."""
    return "/t/" + page.url.split("/t/", 1)[1].split("/")[0].split("?")[0]


# ---- Hearts by numbers: points half typed while another phone saves the hand ----


def test_hearts_numbers_half_typed_survive_another_phone_saving_the_hand(phone):
    ann, ben = hearts_host_and_ben(phone)  # Ann's phone, the host's, types points per seat
    way(ann, "Numbers")
    box = [ann.locator(f"#points-1-{seat}") for seat in range(4)]
    box[0].fill("14")
    box[1].fill("4")

    # Ben saves hand 1 by numbers on his phone first
    way(ben, "Numbers")
    for seat, value in enumerate(["15", "6", "5", "0"]):
        ben.locator(f"#points-1-{seat}").fill(value)
    ben.locator("#points-form").get_by_role("button", name="Save hand 1").last.click()
    expect(ben.locator("#sheet tfoot td.total")).to_have_text(["15", "6", "5", "0"])

    # Ann's boxes are hers still, for hand 1, and she is told the table changed
    expect(ann.locator("#entry-held")).to_contain_text(HELD, timeout=LIVE_MS)
    expect(ann.locator("#sheet tfoot td.total")).to_have_text(["15", "6", "5", "0"])
    expect(ann.locator("#points-form h2")).to_contain_text("Hand 1")
    expect(box[0]).to_have_value("14")
    expect(box[1]).to_have_value("4")
    assert still_marked(ann), "Ann's phone reloaded instead of updating in place"

    # she finishes and saves: refused, hand 1 as saved shown beside her own numbers
    box[2].fill("8")
    ann.set_viewport_size({"width": 412, "height": 320})  # the form's top is out of sight
    ann.locator("#points-form").get_by_role("button", name="Save hand 1").last.click()
    expect(ann.locator("#points-form p.now")).to_contain_text("Changed on another phone")
    expect(ann.locator("#entry-box [role=alert]").first).to_be_in_viewport()  # brought into sight
    ann.set_viewport_size({"width": 412, "height": 915})
    expect(ann.locator("#points-form small.now").first).to_contain_text("15")
    expect(box[0]).to_have_value("14")
    expect(box[2]).to_have_value("8")
    expect(ann.locator("#sheet tfoot td.total")).to_have_text(["15", "6", "5", "0"])
    snap(ann, "wip-hearts-numbers-409")


# ---- Custom scoresheet: the host frees the seat of a phone that is typing ----


def test_a_phone_whose_seat_is_freed_while_typing_keeps_its_input_and_is_told(phone):
    host = phone(**NARROW)
    open_table(host, ["Ann", "Ben"])
    ann, ben = phone(**NARROW), phone(**NARROW)
    sit_custom(ann, join_link(host), "Ann", "Ann")
    sit_custom(ben, join_link(host), "Ben", "Ben")
    for p in (host, ann, ben):
        wait_sse_open(p)
    settle(ann)
    mark_page(ann)
    ann.locator("#points-0").fill("12")  # typed, not sent
    expect(ann.locator("#entry-box")).to_have_attribute("data-seat", "0")

    # Ben's phone, which typed nothing, is told why its box changed
    host.reload()  # the host's card now shows both phones in their seats
    host.locator("#seat-admin-1").get_by_role("button", name="Free this seat").click()
    expect(host.locator("#seat-admin-1")).to_contain_text("no phone")
    expect(ben.locator("#seat-gone")).to_contain_text("The host freed your seat", timeout=LIVE_MS)
    expect(ben.locator("#entry-box")).not_to_contain_text("(you)")
    snap(ben, "wip-custom-seat-freed-nothing-typed")

    host.locator("#seat-admin-0").get_by_role("button", name="Free this seat").click()
    expect(host.locator("#seat-admin-0")).to_contain_text("no phone")

    held = ann.locator("#entry-held")
    expect(held).to_contain_text("The host freed your seat", timeout=LIVE_MS)
    expect(ann.locator("#points-0")).to_have_value("12")  # nothing typed is lost
    assert still_marked(ann), "Ann's phone reloaded instead of updating in place"
    snap(ann, "wip-custom-seat-freed")

    # "Show the latest": the box as it is for a phone with no seat, "(you)" gone
    held.get_by_role("button", name="Show the latest").click()
    expect(ann.locator("#entry-held")).to_have_count(0)
    expect(ann.locator("#entry-box")).not_to_contain_text("(you)")
    expect(ann.locator("#entry-box")).to_have_attribute("data-seat", "")
