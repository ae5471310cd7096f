"""Consonants' one-tap "Add all the rest" on a real phone (Chromium, 390 px wide) first says
what it would record, like Hearts' "Rest -> X": the box names the seat and the cards it would
get, "Not yet" leaves the form exactly as it was with nothing sent, "Record it" stores the
cards for that seat.

Screenshots (390 px) are kept in ``test-artifacts/`` (git-ignored)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_consonants_phones import NARROW, start_consonants, tile
from tests.e2e.test_hearts_onetap import FORM_STATE, posts_to, same_form, shot
from tests.e2e.test_hearts_phones import wait_live

pytestmark = pytest.mark.e2e

# The cards "Add all the rest" would give, worked out from the tiles as the server does:
# every copy no other seat entered, less the ones already typed here.
REST = """() => {
  const f = document.querySelector('#taken-form');
  const text = f.querySelector('[data-cards-input]').value.trim().toUpperCase();
  const typed = text.split(/\\s+/).filter(Boolean);
  const add = [];
  f.querySelectorAll('.atile[data-card]').forEach(b => {
    const card = b.dataset.card;
    const left = +b.dataset.copies - +b.dataset.others - typed.filter(c => c === card).length;
    for (let i = 0; i < left; i += 1) add.push(card);
  });
  return add;
}"""


def test_add_all_the_rest_asks_first(phone):
    host = phone(**NARROW)
    start_consonants(host, ["Ann", "Ben", "Cy"])
    wait_live(host)
    form = "#taken-form"

    # Ann's cards first, then Ben's form with one tile tapped
    # Ann's form is already shown: wait until the tap's answer has replaced it before typing
    # (else the answer could land after the typing and the send would carry no cards)
    shown = host.locator(form).element_handle()
    host.locator(f"{form} [data-seat-link='0']").click()
    host.wait_for_function("old => !old.isConnected", arg=shown)
    expect(host.locator(f"{form} h2")).to_contain_text("the cards Ann took")
    host.locator(f"{form} input[name=cards]").fill("J K")
    host.get_by_role("button", name="Send the cards").click()
    expect(host.locator("#seat-0 .tiles")).to_contain_text("K")
    host.locator(f"{form} [data-seat-link='1']").click()
    expect(host.locator(f"{form} h2")).to_contain_text("the cards Ben took")
    tile(host, "Q").click()
    expect(host.locator(f"{form} [data-total]")).to_contain_text("1 card,")
    rest = host.evaluate(REST)
    assert rest and "J" not in rest and "Q" not in rest
    before = host.evaluate(FORM_STATE, form)
    sent = posts_to(host)

    host.get_by_role("button", name="Add all the rest").click()
    box = host.locator(f"{form} .confirm-rest")
    expect(box).to_be_visible()
    expect(box.locator(".confirm-what")).to_have_text(
        f"Give Ben every card nobody else has entered ({len(rest)} cards)?"
    )
    expect(box.locator(".confirm-score").first).to_have_text(f"Adds: {' '.join(rest)}.")
    expect(box.locator(".confirm-score").nth(1)).to_have_text(
        f"With the 1 already here, Ben would have {len(rest) + 1} cards."
    )
    for label in ("Record it", "Not yet"):
        size = box.get_by_role("button", name=label).bounding_box()
        assert size and size["height"] >= 44 and size["width"] >= 44
        assert size["x"] >= 0 and size["x"] + size["width"] <= 390
    assert host.evaluate("document.documentElement.scrollWidth") <= 390
    box.scroll_into_view_if_needed()
    shot(host, "consonants-rest-confirm-390.png")

    box.get_by_role("button", name="Not yet").click()
    expect(box).to_have_count(0)
    same_form(host, form, before)  # exactly as it was, the tapped Q kept
    expect(host.get_by_role("button", name="Add all the rest")).to_be_focused()
    assert not [u for u in sent if "/cons/" in u]  # nothing sent
    expect(host.locator("#seat-1")).not_to_contain_text("Q")

    host.get_by_role("button", name="Add all the rest").click()
    expect(box).to_be_visible()
    box.get_by_role("button", name="Record it").click()
    expect(host.locator("#seat-1 .tiles")).to_contain_text("Q")
    ben = host.locator("#seat-1 .tiles")
    for card in set(rest):
        expect(ben).to_contain_text(card)
    assert len([u for u in sent if u.endswith("/cons/1/taken")]) == 1
    expect(host.locator(f"{form} .confirm-rest")).to_have_count(0)
    shot(host, "consonants-rest-recorded-390.png")
