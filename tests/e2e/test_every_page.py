"""Every kind of page, opened on a 390 px phone and checked in light and then dark (the same
page, its colour scheme switched in place): no console errors (a
refused inline style or script shows there as a CSP error) and no serious or critical
accessibility problem found by axe-core.

axe-core is used by the tests only: ``vendor/axe-4.14.1.min.js`` from the npm package
axe-core 4.14.1 (MPL-2.0, ``vendor/axe-LICENSE.txt``). The page's CSP allows scripts from its
own origin only, so the phone is handed the file at a same-origin address the server never
serves (``/__axe.js``, answered by the browser context itself).

``COMPANION_LOOKS_SHOTS=/folder`` also keeps a screenshot of every page there.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import POLL_MS

pytestmark = pytest.mark.e2e
AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
SCHEMES = ("light", "dark")
GAMES = ["custom", "hearts", "consonants", "alphagrams", "follow-the-author", "spades", "oh-hell"]
RUN_AXE = """async () => {
  const found = await axe.run(document, {resultTypes: ["violations"]});
  return found.violations.filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => v.id + " (" + v.impact + "): " + v.help + " -- "
      + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", "));
}"""


# a refused inline style or script says where it came from (the console line alone does not)
NAME_VIOLATIONS = """document.addEventListener("securitypolicyviolation", e => console.error(
  "CSP refused", e.violatedDirective, e.sourceFile + ":" + e.lineNumber, e.sample,
  e.target && e.target.outerHTML ? e.target.outerHTML.slice(0, 160) : ""))"""


# Playwright's screenshot (hiding the caret) leaves style="" on inputs; an htmx swap later
# copies that onto the new element with setAttribute, which the CSP refuses: take it back
MARK_STYLED = "() => document.querySelectorAll('[style]').forEach(e => e.dataset.styled = 1)"
UNDO_SCREENSHOT = """() => document.querySelectorAll("[style]")
  .forEach(e => e.dataset.styled ? delete e.dataset.styled : e.removeAttribute("style"))"""


class Tour:
    """One phone that opens pages, noting console errors and axe's findings for each."""

    def __init__(self, page: Page, folder: Path | None) -> None:
        self.page, self.folder = page, folder
        self.errors: list[str] = []
        self.problems: dict[str, list[str]] = {}
        self.seen: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def check(self, name: str, url: str | None = None, refused: int | None = None) -> None:
        """Open ``url`` (or stay), wait until it is still, and check it. ``refused``: the
        status of a refusal the step asked for (the browser logs it as a failed load)."""
        if url is not None:
            self.page.goto(url)
        self.page.wait_for_load_state("load")
        self.page.wait_for_function(
            "() => !window.htmx || !document.querySelector('.htmx-request')", polling=POLL_MS
        )
        self.page.add_script_tag(url="/__axe.js")
        found = []
        for scheme in SCHEMES:  # one load, both colour schemes
            self.page.emulate_media(color_scheme=scheme)
            dark = self.page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
            assert dark == (scheme == "dark"), "the page did not switch its colour scheme"
            found += [f"{scheme}: {p}" for p in self.page.evaluate(RUN_AXE)]
            if self.folder is not None:
                path = self.folder / f"{scheme}-{name}.png"
                self.page.evaluate(MARK_STYLED)
                self.page.screenshot(path=str(path), full_page=True)
                self.page.evaluate(UNDO_SCREENSHOT)
        expected = f"the server responded with a status of {refused} "
        found += [f"console: {e}" for e in self.errors if not (refused and expected in e)]
        self.errors.clear()
        if found:
            self.problems[name] = found
        self.seen.append(name)


@pytest.fixture
def tour(phone) -> Iterator[Tour]:  # type: ignore[no-untyped-def]
    shots = os.environ.get("COMPANION_LOOKS_SHOTS")
    folder = Path(shots) if shots else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    page = phone(viewport={"width": 390, "height": 844})
    page.context.add_init_script(NAME_VIOLATIONS)
    script = AXE.read_text()
    page.context.route(
        "**/__axe.js", lambda r: r.fulfill(body=script, content_type="text/javascript")
    )
    yield Tour(page, folder)


def start(page: Page, game: str) -> str:
    """A table of ``game`` with every seat named and the options as they come (from its
    new-table page, opened unless the phone is on it already)."""
    if not page.url.endswith(f"/new/{game}"):
        page.goto(f"/new/{game}")
    form = page.locator("#new-table")
    players = form.locator("input[name=players]")
    count = int(players.input_value())
    for seat in range(count):
        form.locator(f"input[name=name-{seat}]").fill(NAMES[seat])
    form.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/t/*")
    return page.url


def link(page: Page, part: str) -> str:
    found = page.locator(f"a[href*='{part}']")
    return (found.first.get_attribute("href") or "") if found.count() else ""


def test_every_kind_of_page_is_clean(tour: Tour) -> None:
    page = tour.page
    for name, url in [
        ("home", "/"),
        ("code", "/code"),
        ("judge", "/judge"),
        ("offline", "/offline"),
    ]:
        tour.check(name, url)
    for game in GAMES:
        tour.check(f"new-{game}", f"/new/{game}")
        table = start(page, game)
        tour.check(f"table-{game}", table)
        rules, join, share, tv = (link(page, part) for part in ("/rules", "/j/", "/s/", "/tv/"))
        if game != "custom":
            tour.check(f"rules-{game}", rules)
        if game in ("consonants", "alphagrams"):
            tour.check(f"deck-{game}", f"{table}/deck")
        if game == "consonants":
            tour.check("consonants-tricks", f"{table}/cons/way/tricks")
        if game == "follow-the-author":
            tour.check("fta-verify", f"{table}/fta/verify")
        if game == "hearts":
            tour.check("join", join)
            tour.check("share", share)
            tour.check("tv", tv)
            hearts_in_play(tour, table)
    assert tour.problems == {}, "\n".join(f"{k}: {v}" for k, v in tour.problems.items())
    assert len(tour.seen) == 37


def hearts_in_play(tour: Tour, table: str) -> None:
    """The Hearts entry ways with cards on them: taps shown, a confirm box, a trick entered."""
    page = tour.page
    page.goto(table)
    page.locator("#taken-form .hcard[data-card='QS']").click()
    page.locator("#taken-form button.rest[value='1']").click()
    expect(page.locator("#taken-form .confirm-rest")).to_be_visible()
    tour.check("hearts-confirm")
    page.locator("#taken-form [data-confirm-record]").click()
    expect(page.locator("#sheet tbody tr")).to_have_count(1)
    tour.check("hearts-edit", f"{table}/hearts/1/edit")
    for way in ("numbers", "mine", "tricks"):
        page.goto(f"{table}/hearts/way/{way}")
        tour.check(f"hearts-{way}")
    page.locator("#entry-box input[name=leader]").first.check()
    for card in ("2C", "3C"):  # the 2 of clubs (in already) off, another card: refused
        page.locator(f"#trick-form .hcard[data-card='{card}']").click()
    page.get_by_role("button", name="Save trick 1").click()
    expect(page.locator("#entry-box .field-error")).to_be_visible()
    tour.check("hearts-refused", refused=422)
