"""Steps a player takes on a phone, written once for every e2e test."""

from __future__ import annotations

import os
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode, urljoin

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


class _Form(HTMLParser):
    """One form of a page as a browser would send it untouched: its action, each control
    that would be sent with its value (in page order), the values each named control can take,
    and its submit buttons as (words, name, value)."""

    def __init__(self, pick: str) -> None:
        super().__init__()
        self.pick = pick  # the form's id, or a part of its action
        self.found = self.inside = False
        self.action = ""
        self.sent: list[tuple[str, str]] = []
        self.choices: dict[str, set[str] | None] = {}  # None: any text
        self.shown: set[str] = set()  # names of controls a person can change
        self.buttons: list[tuple[str, str, str]] = []
        self._button: list[str] | None = None
        self._select: str | None = None
        self._first: tuple[str, str] | None = None
        self._chosen = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and not self.found:
            if a.get("id") == self.pick or (self.pick and self.pick in a.get("action", "")):
                self.found = self.inside = True
                self.action = a.get("action", "")
            return
        if not self.inside:
            return
        name = a.get("name", "")
        if tag == "input":
            kind = a.get("type", "text").lower()
            value = a.get("value", "on" if kind in ("checkbox", "radio") else "")
            if kind == "submit":
                self.buttons.append((value, name, value))
            elif not name:
                pass  # a control without a name is not sent
            elif kind in ("checkbox", "radio"):
                self.shown.add(name)
                self.choices.setdefault(name, set())
                self.choices[name].add(value)  # type: ignore[union-attr]
                if "checked" in a:
                    self.sent.append((name, value))
            elif name:
                if kind != "hidden":
                    self.shown.add(name)
                self.choices[name] = None
                self.sent.append((name, value))
        elif tag == "button" and a.get("type", "submit") == "submit":
            self._button = [name, a.get("value", "")]
            self._words: list[str] = []
        elif tag == "select":
            self._select, self._first, self._chosen = name, None, False
            self.shown.add(name)
            self.choices[name] = set()
        elif tag == "option" and self._select is not None:
            assert "value" in a, f"an option of {self._select!r} without a value"
            option = (self._select, a["value"])
            self.choices[self._select].add(option[1])  # type: ignore[union-attr]
            if self._first is None:
                self._first = option
            if "selected" in a and not self._chosen:
                self.sent.append(option)
                self._chosen = True

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._words.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "button" and self._button is not None:
            words = " ".join("".join(self._words).split())
            self.buttons.append((words, *self._button))  # type: ignore[arg-type]
            self._button = None
        elif tag == "select" and self._select is not None:
            if not self._chosen and self._first is not None:
                self.sent.append(self._first)
            self._select = None


def send_form(
    page: Page,
    form_page: str,
    pick: str,
    fields: dict[str, str],
    button: str | None = None,
    if_shown: dict[str, str] | None = None,
) -> str:
    """Fill and send a form over HTTP instead of on the screen, for set-up a test does not
    check: the phone's own cookies (``page.request``) GET ``form_page``, read the form whose
    id (or a part of whose action) is ``pick`` as the page draws it (its hidden fields, the
    CSRF token, every default), change only ``fields`` (each must be a control a person can
    change there, to a value it can take), and POST it as the phone would on a tap of the
    submit button reading ``button`` (None: the form's only submit button). ``if_shown``:
    fields filled only where a person could change them, and otherwise already holding that
    value (the players of a game for only one number of players). Returns the address the
    answer (a 303) sends the phone to; the phone itself is not moved."""
    got = page.request.get(form_page)
    assert got.ok, f"{form_page}: {got.status}"
    form = _Form(pick)
    form.feed(got.text())
    assert form.found, f"{form_page} has no form {pick!r}"
    for name, value in (if_shown or {}).items():
        if name in form.shown:
            fields = {**fields, name: value}
        else:
            assert (name, value) in form.sent, f"{form_page}: {name} is not {value!r}"
    for name, value in fields.items():
        assert name in form.shown, f"{form_page}: no field {name!r} to fill in {pick!r}"
        allowed = form.choices[name]
        assert allowed is None or value in allowed, f"{form_page}: {name}={value!r} not offered"
    sent = [(k, v) for k, v in form.sent if k not in fields] + list(fields.items())
    if button is None:
        assert len(form.buttons) == 1, f"{form_page}: which button? {form.buttons}"
        chosen = form.buttons[0]
    else:
        tapped = [b for b in form.buttons if b[0] == button]
        assert tapped, f"{form_page}: no button {button!r} among {[b[0] for b in form.buttons]}"
        chosen = tapped[0]
    if chosen[1]:
        sent.append((chosen[1], chosen[2]))
    target = urljoin(got.url, form.action)
    origin = "/".join(got.url.split("/")[:3])
    answer = page.request.post(
        target,
        data=urlencode(sent),
        headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": origin},
        max_redirects=0,
    )
    where = answer.headers.get("location")
    assert answer.status == 303 and where, f"{target}: {answer.status} {answer.text()[:500]}"
    return urljoin(target, where)


def open_table(
    page: Page,
    names: list[str],
    game: str = "custom",
    shown: str | None = "table#sheet",
    **fields: str,
) -> str:
    """A table of ``game`` started over HTTP (``send_form``: the new-table form as the page
    would send it, typed into as ``start_table`` does), for a test that does not check the
    starting; then the phone opens the table page (and sees ``shown`` on it). Returns its URL."""
    typed = {f"name-{seat}": name for seat, name in enumerate(names)}
    players = {"players": str(len(names))}
    url = send_form(page, f"/new/{game}", "new-table", {**typed, **fields}, if_shown=players)
    assert "/t/" in url, f"starting the table sent the phone to {url}"
    page.goto(url)
    if shown is not None:
        expect(page.locator(shown)).to_be_visible()
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


def take_seat(
    page: Page, join_url: str, name: str, seat_label: str, shown: str = "#entry-form"
) -> None:
    """``sit`` over HTTP, for a test that does not check the joining: the join form sent as
    the phone would on a tap of the button that reads ``take_words(seat_label)`` (which must be
    on the page), then the phone opens the table page it is sent to and sees ``shown`` there."""
    url = send_form(page, join_url, "/seat", {"name": name}, button=take_words(seat_label))
    page.goto(url)
    page.wait_for_url("**/t/*")
    expect(page.locator(shown)).to_be_visible()


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
