"""Issue 13, item 5, in Chromium at phone width: a 45-letter word and a pasted 300-character
token wrap inside the page instead of widening it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
LONGEST = "PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS"


def _page_width_holds(page: Page) -> None:
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], widths


def _enter(page: Page, play: str) -> None:
    page.goto("/judge")
    page.locator("input[name=words]").fill(play)
    page.get_by_role("button", name="Next: both sides confirm").click()


def test_the_longest_word_wraps_on_confirm_and_verdict(phone) -> None:
    page = phone()
    _enter(page, LONGEST)
    expect(page.locator("#play-words")).to_contain_text(LONGEST)
    _page_width_holds(page)
    page.locator("input[name=confirm-player]").check()
    page.locator("input[name=confirm-challenger]").check()
    page.get_by_role("button", name="Judge").click()
    expect(page.locator(".verdict-word")).to_have_text("VALID")
    expect(page.locator(".verdict-under")).to_contain_text("English for word games")
    _page_width_holds(page)


def test_a_300_character_token_is_refused_without_widening(phone) -> None:
    page = phone()
    _enter(page, "X" * 300)
    expect(page.locator(".field-error")).to_contain_text("is too long")
    expect(page.locator("input[name=words]")).to_have_value("X" * 300)
    _page_width_holds(page)
