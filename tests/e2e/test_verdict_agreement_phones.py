"""A verdict on two AlphaGrams phones, then a question to the table: the phone that closed the
verdict does not get it back with the next redraw, and the phone that left it open can still
see and tap "I agree" (the verdict no longer covers the agreement)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import Server
from .helpers import join_link, look
from .test_judge_phones import _make, _sit, _start, _turn_card

pytestmark = pytest.mark.e2e
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def slow_verdict_server(tmp_path: Path) -> Iterator[Server]:
    """Verdicts stay for ten minutes, so none clears itself while the test runs."""
    srv = Server(tmp_path, env={"COMPANION_JUDGE_VERDICT_SECONDS": "600"})
    srv.start()
    yield srv
    srv.stop()


def test_a_closed_verdict_stays_closed_and_never_covers_the_agreement(
    phone, slow_verdict_server
) -> None:
    ann = phone(base_url=slow_verdict_server.base_url)
    _start(ann)
    url = join_link(ann)
    _sit(ann, url, "Ann")
    ben = phone(base_url=slow_verdict_server.base_url)
    _sit(ben, url, "Ben")
    _turn_card(ann, "M")
    _turn_card(ann, "T")
    _make(ann, "meats")
    ben.get_by_role("button", name="Ben challenges MEATS").click()
    ann.get_by_role("button", name="Confirm as Ann (player)").click()
    # Ben taps once Ann's confirmation has reached his phone: its live update redraws the
    # challenge, and a tap on the button it replaced was lost (seen once in a loaded run)
    expect(ben.get_by_text("Ann (player): confirmed")).to_be_visible()
    ben.get_by_role("button", name="Confirm as Ben (challenger)").click()
    for page in (ann, ben):
        expect(page.locator("#verdict .verdict-word")).to_have_text("VALID")

    # Ann closes the verdict and asks the table to end the game: her redraw keeps it closed
    ann.locator("#verdict [data-verdict-close]").click()
    expect(ann.locator("#verdict")).to_be_hidden()
    ann.locator(".ag-end summary").click()
    ann.locator("#ag-end-ask").click()
    expect(ann.locator("#agreement [data-seat='0']")).to_contain_text("agrees")
    expect(ann.locator("#verdict")).to_be_hidden()
    ann.reload()  # the same tab, loaded again: still closed
    expect(ann.locator("#agreement")).to_be_visible()
    expect(ann.locator("#verdict")).to_be_hidden()

    # Ben never closed his: the live redraw shows the question, and his tap reaches it
    agree = ben.locator("#agree-me")
    expect(agree).to_be_visible()
    expect(ben.locator("#verdict")).to_be_visible()  # still shown, in the page above the question
    ARTIFACTS.mkdir(exist_ok=True)
    ben.locator("#challenge").scroll_into_view_if_needed()
    look(ben, str(ARTIFACTS / "verdict-beside-agreement.png"), animations="disabled")
    agree.click(timeout=5_000)  # refused by Playwright while something covers the button
    for page in (ann, ben):  # Ann asked: her phone is told the answer too, not only Ben's
        expect(page.locator("#agreement")).to_have_count(0)
        expect(page.locator("#agreement-outcome")).to_have_text(
            "The whole table agreed to end the game and score it: done."
        )
        expect(page.locator("#history")).to_contain_text("end", ignore_case=True)
