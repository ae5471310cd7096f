"""The first screen of a table page (issue 23, "Everywhere"): at 390 x 844, in the middle of a
hand of every game, the phone whose move it is sees the game's hand panel and the form it must
tap without scrolling; the less important parts (the sheet, history, seats, the folded join
code, the links) come below. Each table is brought to its moment through the Table API, then a
real Chromium phone takes the seat whose move it is.

Hearts and Consonants hand entry (issue 23): the whole form this phone taps, its cards and
its "Save" (or "Send the cards") button included, is on the first screen; the other ways of
entry come below it. That holds for a hand's first trick in Hearts too (52 cards and the leader
to pick, the last hand just ended): at a table that enters trick by trick the last hand's
summary folds to its one line as the next hand opens, and the panel's lead and deal lines (the
form names the 2C's holder) give way to the form.

Screenshots of each first screen go to ``test-artifacts/first-screen/``."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import POLL_MS, look, take_seat, wait_sse_open
from .test_every_page import AXE, RUN_AXE

pytestmark = pytest.mark.e2e
SCREEN = {"width": 390, "height": 844}
MIN_TAP = 44
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "first-screen"
HEARTS = [f"{r}H" for r in "23456789TJQKA"] + ["QS"]
FOUR = ["Ann", "Bob", "Cy", "Dee"]


@dataclass(frozen=True)
class Moment:
    """A game brought to the middle of a hand; ``seat`` is the phone whose move it is."""

    game: str
    names: list[str]
    moves: list[tuple[Any, ...]]  # action, target, data (and the target's version: 0)
    seat: int
    panel: list[str]  # what says where the game stands: wholly on the first screen
    action: list[str]  # what this phone must tap next: wholly on the first screen
    options: dict[str, Any] = field(default_factory=dict)
    name: str = ""  # the test's id and screenshot's name when a game has several moments

    @property
    def id(self) -> str:
        return self.name or self.game


MOMENTS = [
    Moment(
        "custom", FOUR,
        [*[("score", {"round": r, "seat": s}, {"points": (r * 7 + s * 3) % 13})
           for r in (1, 2) for s in range(4)],
         ("score", {"round": 3, "seat": 3}, {"points": 4})],
        seat=0, panel=["#entry-form h2"], action=["#entry-form"],
    ),
    Moment(
        "hearts", FOUR,
        [("taken", {"hand": 1}, {"taken": {"1": HEARTS}}),
         ("trick", {"hand": 2, "trick": 0}, {"leader": 0, "cards": ["2C", "3C", "4C", "5C"]}),
         ("trick", {"hand": 2, "trick": 1}, {"leader": 3, "cards": ["6C", "7C", "8C", "9C"]})],
        seat=2, panel=["#hand-panel"], action=["#trick-form", "#trick-form .save"],
    ),
    Moment(  # a hand's first trick just after the last hand: 52 cards and the leader to pick;
        # the last hand's summary (a moon) is one line, and the whole form is in sight
        "hearts", FOUR, [("taken", {"hand": 1}, {"taken": {"1": HEARTS}})],
        seat=1, panel=["#hand-panel", "#hand-summary > summary"],
        action=["#trick-form", "#trick-form h2", "#trick-form .leader-pick",
                "#trick-form .card-grid", "#trick-form .save"],
        options={"entry": "tricks"}, name="hearts-first-trick",
    ),
    Moment(
        "consonants", FOUR,
        [("taken", {"hand": 1, "seat": 3}, {"cards": ["J", "K", "Q"]})],
        seat=1, panel=["#hand-panel"], action=["#taken-form", "#taken-form .save"],
    ),
    Moment(
        "consonants", FOUR,
        [("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": ["J", "K", "Q", "V"]})],
        seat=2, panel=["#hand-panel"], action=["#trick-form", "#trick-form .save"],
        name="consonants-tricks",
    ),
    Moment(
        "alphagrams", ["Ann", "Bob", "Cy"],
        [("start", {"turn": 0}, {"card": "T"}),
         *[move for turn, letter in enumerate(("A/E", "R", "S"), start=1)  # seat turn - 1
           for move in (("flip", {"turn": turn, "seat": turn - 1}, {"card": letter}, 2 * turn - 1),
                        ("pass", {"turn": turn, "seat": turn - 1}, {}, 2 * turn))]],
        seat=0, panel=["#turn-line", "#ag-entry .pool"], action=["#flip-form"],
    ),
    Moment(
        "follow-the-author", ["Ann", "Bob"],
        [("points", {"round": 1, "hand": "alpha"}, {"points": [2, 1]})],
        seat=1, panel=["#fta-entry h2"], action=[".fta-seal-pick", "#fta-seal-form"],
    ),
    Moment(
        "spades", FOUR,
        [("bid", {"hand": 1, "seat": 1}, {"bid": 3})],
        seat=2, panel=["#game-status"], action=["#bid-panel"],
    ),
    Moment(
        "oh-hell", FOUR,
        [("trump", {"hand": 1}, {"suit": "H"}), ("bid", {"hand": 1, "seat": 1}, {"bid": 2})],
        seat=2, panel=["#game-status"], action=["#bid-panel"],
    ),
]  # fmt: skip


def api(base: str, path: str, body: dict[str, Any], key: str = "") -> Any:
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        raise AssertionError(f"{body}: {refused.code} {refused.read().decode()}") from None


def bring_to(base: str, m: Moment) -> str:
    """Start the table and make its moves with the host's key; returns the join link."""
    body: dict[str, Any] = {"game": m.game, "names": m.names}
    if m.options:
        body["options"] = m.options
    created = api(base, "/api/v1/tables", body)
    for action, target, data, *version in m.moves:
        move = {"action": action, "target": target, "version": sum(version), "data": data}
        api(base, "/api/v1/table/actions", move, created["host_key"])
    return str(created["links"]["join"])


RECT = """e => { const r = e.getBoundingClientRect();
  return r.width || r.height ? {top: r.top, bottom: r.bottom, height: r.height} : null }"""


def drawn(locator: Locator) -> dict[str, float]:
    expect(locator.first).to_be_visible()
    found = locator.first.evaluate(RECT)
    assert found, f"{locator} has no size on the page"
    return dict(found)


def small_taps(locator: Locator) -> list[str]:
    """Buttons inside ``locator`` drawn under MIN_TAP px tall."""
    found: list[str] = locator.first.evaluate(
        """(el, least) => [...el.querySelectorAll('button, .button, input[type=submit]')]
          .filter(b => b.getClientRects().length && b.getBoundingClientRect().height < least)
          .map(b => (b.textContent || b.value || '').trim().slice(0, 30))""",
        MIN_TAP,
    )
    return found


@pytest.mark.parametrize("m", MOMENTS, ids=[m.id for m in MOMENTS])
def test_the_hand_panel_and_the_next_action_fill_the_first_screen(phone, server, m: Moment):
    join = bring_to(server.base_url, m)
    page: Page = phone(viewport=SCREEN)
    script = AXE.read_text()  # axe-core, handed over by the browser itself (test_every_page)
    page.context.route(
        "**/__axe.js", lambda r: r.fulfill(body=script, content_type="text/javascript")
    )
    take_seat(page, join, "", m.names[m.seat], shown=None)  # the join page is not checked here
    wait_sse_open(page)
    page.wait_for_function("() => !document.querySelector('.htmx-request')", polling=POLL_MS)
    assert page.evaluate("() => window.scrollY") == 0  # the first screen, as the page opens
    SHOTS.mkdir(parents=True, exist_ok=True)
    look(page, str(SHOTS / f"{m.id}-390.png"), animations="disabled", caret="hide")
    height = SCREEN["height"]
    late = {}
    for selector in [*m.panel, *m.action]:
        box = drawn(page.locator(selector))
        if box["top"] < 0 or box["bottom"] > height:
            late[selector] = f"{box['top']:.0f} to {box['bottom']:.0f} px"
    assert not late, f"{m.game}: not on the first {height} px: {late}"
    for selector in m.action:
        assert not small_taps(page.locator(selector)), (m.game, small_taps(page.locator(selector)))
    # the page says what it is: one heading for the page, and headings for its parts
    expect(page.locator("h1")).to_have_count(1)
    assert page.locator("main h2").count() >= 2
    page.add_script_tag(url="/__axe.js")
    assert page.evaluate(RUN_AXE) == [], f"{m.game}: axe"
    outside = [u for u in page.seen_urls if not u.startswith((server.base_url, "data:"))]  # type: ignore[attr-defined]
    assert not outside, f"{m.game}: requests leaving the server: {outside}"


def test_once_a_hand_is_under_way_the_last_hands_summary_is_one_line_a_tap_opens(phone, server):
    """Hearts, hand 2 with two tricks in: the panel keeps its title, the pass (small, said as
    done) and the standings; the lead and deal lines are past; hand 1's summary (a moon) is
    one line with its points, and a tap shows the rest."""
    hearts = next(m for m in MOMENTS if m.game == "hearts")
    page: Page = phone(viewport=SCREEN)
    take_seat(page, bring_to(server.base_url, hearts), "", "Cy", shown=None)
    panel = page.locator("#hand-panel")
    expect(panel.locator(".hand-title")).to_have_text("Hand 2 · Bob deals")
    expect(page.locator("#pass-line")).to_have_text("Passed 3 cards to Bob, on your right.")
    expect(page.locator("#lead-line")).to_be_hidden()
    expect(panel.locator(".standings")).to_have_text("Target 100 · Bob 0 · Ann 26 · Cy 26 · Dee 26")
    summary = page.locator("#hand-summary")
    line = summary.locator("summary")
    expect(line).to_have_text("Hand 1: Ann 26 · Bob 0 · Cy 26 · Dee 26")
    assert drawn(line)["height"] >= MIN_TAP
    moon = summary.get_by_text("Bob shot the moon")
    expect(moon).to_be_hidden()
    line.click()
    expect(moon).to_be_visible()
