"""Taps per hand for the entry ways no other browser test counts, on a real server in Chromium.

A tap is one touch on the screen: a button, a card, a seat tab, a field to type in, or one key
of the phone's keyboard while typing (so typing "15" into a box is three taps: the box, 1, 5).
Each test records ``taps: <game>, <way>`` for ``bench/bench_taps.py``, which prints them beside
the counts of the other browser tests; where issue 14 set a goal, the test holds it.
"""

from __future__ import annotations

from collections import Counter

import pytest
from playwright.sync_api import Locator, expect

from .helpers import open_table, settle, totals, wait_sse_open
from .test_consonants_phones import start_consonants, tile
from .test_hearts_phones import LIVE_MS, start_hearts

pytestmark = pytest.mark.e2e


class Taps:
    """Counts the taps of one way of entering a hand: clicks, and typed fields (the field
    and one tap per key)."""

    def __init__(self) -> None:
        self.count: Counter[str] = Counter()

    def tap(self, who: str, target: Locator) -> None:
        target.click()
        self.count[who] += 1

    def type(self, who: str, field: Locator, text: str) -> None:
        field.fill(text)
        self.count[who] += 1 + len(text)


def test_hearts_by_numbers_is_at_most_eight_taps(phone, record_property) -> None:
    host = phone()
    start_hearts(host, ["Ann", "Ben", "Cy", "Dee"])
    host.locator("nav.ways").get_by_role("link", name="Numbers").click()
    form = host.locator("#points-form")
    taps = Taps()
    for seat, value in enumerate(["15", "4", "7"]):  # Dee took nothing: her box stays blank
        taps.type("numbers", form.locator(f"#points-1-{seat}"), value)
    taps.tap("numbers", form.get_by_role("button", name="Save hand 1").last)
    expect(host.locator("#sheet tfoot td.total")).to_have_text(["15", "4", "7", "0"])
    record_property("taps: Hearts, numbers (one scorer)", taps.count["numbers"])
    assert taps.count["numbers"] <= 8


# Hearts trick by trick, a whole hand: test_hearts_trick_taps.py (issue 23).


def test_consonants_cards_taken_by_one_scorer(phone, record_property) -> None:
    host = phone()
    start_consonants(host, ["Ann", "Ben", "Cy", "Dee"])
    taps = Taps()
    hand = [("0", ["J", "K", "Q"]), ("1", ["N", "A/E", "S"]), ("2", ["D"])]
    for seat, cards in hand:
        if seat != "0":  # Ann's cards are shown first
            taps.tap("scorer", host.locator(f"#taken-form [data-seat-link='{seat}']"))
            expect(host.locator("#taken-form input[name=seat]")).to_have_value(seat)
        for c in cards:
            taps.tap("scorer", tile(host, c))
        taps.tap("scorer", host.get_by_role("button", name="Send the cards"))
        settle(host)
    taps.tap("scorer", host.locator("#taken-form [data-seat-link='3']"))
    # Dee's form is in before "Add all the rest" is tapped: tapped on the form still showing,
    # its question would be swept away when Dee's form arrives
    expect(host.locator("#taken-form input[name=seat]")).to_have_value("3")
    taps.tap("scorer", host.get_by_role("button", name="Add all the rest"))
    taps.tap("scorer", host.get_by_role("button", name="Record it"))
    expect(host.locator("#words-form-1")).to_be_visible(timeout=LIVE_MS)  # on to the words
    record_property("taps: Consonants, cards taken (one scorer)", taps.count["scorer"])


def test_alphagrams_a_word_from_the_pool(phone, record_property) -> None:
    host = phone()
    open_table(host, ["Ann", "Ben"], "alphagrams", shown="#ag-entry")
    taps = Taps()
    for c in ("M", "A/E"):  # the card that starts the pool, then Ann's turned card
        settle(host)
        flip = host.locator("#flip-form").get_by_role("button", name=f"Card {c}", exact=True)
        taps.tap("flip", flip)
        expect(host.locator("#ag-entry .pool .tiles")).to_contain_text(c[0])
    settle(host)
    taps.type("word", host.locator("#ag-word"), "mat")
    # M and A from the pool's M and A/E, T from hand: nothing to ask, one tap makes it
    taps.tap("word", host.get_by_role("button", name="Make the word"))
    expect(host.locator("#ag-entry .saved")).to_have_text("Ann made MAT.", timeout=LIVE_MS)
    expect(host.locator("#letter-rows")).to_have_count(0)
    record_property("taps: AlphaGrams, turning a card", taps.count["flip"] // 2)
    record_property("taps: AlphaGrams, a 3-letter word (pool and hand)", taps.count["word"])


def test_custom_a_round_of_four(phone, record_property) -> None:
    page = phone()
    open_table(page, ["Ann", "Ben", "Cy", "Dee"])
    taps = Taps()
    for seat, value in enumerate(["12", "7", "-5", "30"]):
        taps.type("round", page.locator(f"#points-{seat}"), value)
    taps.tap("round", page.get_by_role("button", name="Save round 1"))
    expect(page.locator("#sheet tbody tr")).to_have_count(1)
    assert totals(page) == ["12", "7", "-5", "30"]
    record_property("taps: Custom, a round of four scores", taps.count["round"])


def test_follow_the_author_a_hand_by_points(phone, record_property) -> None:
    page = phone()
    open_table(page, ["Ann", "Ben"], "follow-the-author", shown=None)
    wait_sse_open(page)
    settle(page)
    taps = Taps()
    hand = page.locator("#fta-points-alpha")
    expect(hand).to_be_visible()
    taps.type("alpha", hand.locator("input[name=points-0]"), "12")
    taps.type("alpha", hand.locator("input[name=points-1]"), "9")
    taps.tap("alpha", hand.get_by_role("button", name="Save the alpha hand"))
    expect(page.locator("#fta-points-alpha")).to_have_count(0, timeout=LIVE_MS)
    record_property("taps: Follow the Author, a hand's points", taps.count["alpha"])


def test_consonants_a_trick_by_trick(phone, record_property) -> None:
    host = phone()
    start_consonants(host, ["Ann", "Ben", "Cy", "Dee"])
    host.locator("nav.ways").get_by_role("link", name="Trick by trick").click()
    form = "#trick-form"
    expect(host.locator(form)).to_contain_text("trick 1 of 18")
    taps = Taps()
    taps.tap("trick", host.locator(f"{form} label.seat-pick").filter(has_text="Ann"))
    for c in ("B", "C", "D", "F"):  # the last card sends the trick: no "Save" tap
        taps.tap("trick", host.locator(f"{form} .atile[data-card='{c}']").first)
    expect(host.locator(form)).to_contain_text("trick 2 of 18", timeout=LIVE_MS)
    assert taps.count["trick"] == 5  # was 6 (issue 23)
    record_property(
        "taps: Consonants, first trick (leader tapped; 18 tricks a hand)", taps.count["trick"]
    )
