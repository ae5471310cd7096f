"""Steps a player takes on a phone, written once for every e2e test."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

ZBARIMG = "/usr/bin/zbarimg"
# The longest any step waits for what it expects (a live update, a redraw, a click target):
# a ceiling on a wait for a condition, never a time the test sleeps or a timing assertion.
# Generous, so a machine under load (other processes, a load generator) slows the tests down
# instead of failing them; a quiet machine sees each condition long before it.
WAIT_MS = int(os.environ.get("COMPANION_E2E_WAIT_MS", "30000"))
MARKER = "window.__companionMarker"
# a page's condition is checked every POLL_MS, not on every animation frame (Playwright's
# default), which makes the phone draw a frame 60 times a second while a test waits
POLL_MS = 50


def start_table(page: Page, names: list[str], **options: str) -> str:
    """Start a custom scoresheet from the home page; returns the table page's URL."""
    page.goto("/")
    page.locator("a.game[href$='/new/custom']").click()
    form = page.locator("#new-table")
    form.locator("input[name=players]").fill(str(len(names)))
    for seat, name in enumerate(names):
        form.locator(f"input[name=name-{seat}]").fill(name)
    for field, value in options.items():
        form.locator(f"input[name={field}]").fill(value)
    form.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("table#sheet")).to_be_visible()
    return page.url


def decode_qr(page: Page, folder: Path) -> str:
    """Photograph the QR code on the table page and read it with zbar, like a phone camera."""
    image = page.locator("img.qr")
    expect(image).to_be_visible()
    page.wait_for_function(
        "() => { const i = document.querySelector('img.qr'); return i.complete && i.naturalWidth }"
    )
    png = folder / "qr.png"
    image.screenshot(path=str(png))
    found = subprocess.run(
        [ZBARIMG, "--raw", "-q", str(png)], capture_output=True, text=True, timeout=20
    )
    assert found.returncode == 0, f"zbarimg could not read the QR code: {found.stderr}"
    return found.stdout.strip()


def take_words(seat_label: str) -> str:
    """The join page's button for a seat: "Take seat 2" (an open seat) or "Take Ben's seat"."""
    if seat_label.startswith("Seat ") and seat_label[5:].isdigit():
        return f"Take seat {seat_label[5:]}"
    return f"Take {seat_label}'s seat"


def sit(page: Page, join_url: str, name: str, seat_label: str) -> None:
    """Open a join link, type a name, take the seat shown as ``seat_label`` (``take_words``)."""
    page.goto(join_url)
    page.locator("input[name=name]").fill(name)
    page.get_by_role("button", name=take_words(seat_label), exact=True).click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#entry-form")).to_be_visible()


def cell(page: Page, round_number: int, seat: int):  # type: ignore[no-untyped-def]
    return page.locator(f"#sheet tbody tr:nth-child({round_number}) td:nth-of-type({seat + 1})")


def totals(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("#sheet tfoot td.total").all_inner_texts()]


def mark(page: Page) -> None:
    """Leave a marker in the page's JavaScript; a reload or navigation would wipe it."""
    page.evaluate(f"() => {{ {MARKER} = 1 }}")


def still_marked(page: Page) -> bool:
    return bool(page.evaluate(f"() => {MARKER} === 1"))


def wait_sse_open(page: Page, where: str = "#stream") -> None:
    """Wait until the page's live stream is connected (htmx's sse extension opened it on the
    element ``where``: ``#stream`` on a table page, ``.tv-sheet`` on the read-only and TV pages)."""
    page.wait_for_function(
        "(where) => { const s = document.querySelector(where);"
        " const es = s && s['htmx-internal-data'] && s['htmx-internal-data'].sseEventSource;"
        " return !!es && es.readyState === 1 }",
        arg=where,
        polling=POLL_MS,
    )


def join_link(page: Page) -> str:
    """The join link printed under the QR code on the table page."""
    href = page.locator("#join a[href*='/j/']").first.get_attribute("href")
    assert href, "the table page shows no join link"
    return href


def enter_all(page: Page, round_number: int, points: list[int]) -> None:
    """The host fills in every seat's score for a round, saves it, and waits until it shows."""
    for seat, value in enumerate(points):
        page.locator(f"#points-{seat}").fill(str(value))
    page.get_by_role("button", name=f"Save round {round_number}").click()
    expect(page.locator("#entry-form h2")).to_contain_text(f"Round {round_number + 1}")
    for seat, value in enumerate(points):
        expect(cell(page, round_number, seat)).to_have_text(str(value))
    settle(page)


def settle(page: Page) -> None:
    """Wait until no htmx request is under way, so a pending redraw is not raced by typing."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')", polling=POLL_MS)


def stamp_submit(page: Page) -> None:
    """Note (in the page) the moment the next form is submitted, as Date.now()."""
    page.evaluate(
        "() => document.addEventListener('submit', () => { window.__sentAt = Date.now() }, true)"
    )


def stamp_cell(page: Page, round_number: int, seat: int, text: str) -> None:
    """Note (in the page) the moment a sheet cell first shows ``text``, as Date.now()."""
    page.evaluate(
        """([r, s, want]) => {
          const check = () => {
            const c = document.querySelector(
              `#sheet tbody tr:nth-child(${r}) td:nth-of-type(${s + 1})`);
            if (c && c.textContent.trim() === want && !window.__seenAt) {
              window.__seenAt = Date.now();
            }
          };
          new MutationObserver(check).observe(
            document.body, {childList: true, subtree: true, characterData: true});
        }""",
        [round_number, seat, text],
    )


# COMPANION_SHOTS (set to anything; test_table_layout.py takes it as its folder): the tests also
# take the screenshots that are only for a person to look at (no test reads them back). An
# ordinary run does not: each costs Chromium 0.2-0.4 s of CPU, and about 30 are taken a run.
LOOKS = bool(os.environ.get("COMPANION_SHOTS"))


def look(page: Page, path: str, **options: object) -> None:
    """A screenshot for a person to look at (``page.screenshot``), only when ``LOOKS``."""
    if LOOKS:
        page.screenshot(path=path, **options)  # type: ignore[arg-type]


ROOT = Path(__file__).resolve().parents[2]
README_SHOTS = ROOT / "docs" / "screenshots"


def readme_shot(page: Page, name: str, at: str | None = None) -> Path:
    """A picture for the README at 390 x 844, taken where a test has just checked what it
    shows (``at``: scrolled so that element is at the top): written to
    ``test-artifacts/readme/`` on every run, and over ``docs/screenshots/`` only when
    ``COMPANION_SCREENSHOTS=1`` (an ordinary run never changes tracked files)."""
    page.set_viewport_size({"width": 390, "height": 844})
    if at is not None:
        page.evaluate(
            "(sel) => window.scrollTo(0, document.querySelector(sel).getBoundingClientRect().top"
            " + window.scrollY - 64)",
            at,
        )
    folder = ROOT / "test-artifacts" / "readme"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(path), animations="disabled", caret="hide")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and 5_000 < len(data) < 600_000, (name, len(data))
    if os.environ.get("COMPANION_SCREENSHOTS") == "1":
        README_SHOTS.mkdir(parents=True, exist_ok=True)
        (README_SHOTS / name).write_bytes(data)
    return path


# Suits are drawn as SVG icons (companion/web/suits.py); these read them back as the signs
# they stand for, so a test can still say "The 2♣ leads."
SIGNS_JS = """el => {
  const signs = {clubs: "\\u2663", diamonds: "\\u2666", hearts: "\\u2665", spades: "\\u2660"};
  const copy = el.cloneNode(true);
  copy.querySelectorAll("svg.suit-icon")
    .forEach(s => s.replaceWith(signs[s.getAttribute("aria-label")]));
  return copy.textContent.replace(/\\s+/g, " ").trim();
}"""


def signs_text(locator: Locator) -> str:
    """The locator's text with each suit icon read as its sign."""
    return str(locator.evaluate(SIGNS_JS))


def expect_signs(page: Page, selector: str, text: str, *, nth: int = 0, exact: bool = False,
                 timeout: float = WAIT_MS) -> None:  # fmt: skip
    """Wait until the ``nth`` element matching ``selector`` reads ``text`` (icons as signs)."""
    page.wait_for_function(
        "([selector, nth, text, exact]) => { const read = " + SIGNS_JS + ";"
        " const el = document.querySelectorAll(selector)[nth]; if (!el) return false;"
        " const got = read(el); return exact ? got === text : got.includes(text) }",
        arg=[selector, nth, text, exact],
        timeout=timeout,
        polling=POLL_MS,
    )
