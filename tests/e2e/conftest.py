"""Real-browser fixtures: a live ``companion serve`` and Chromium phones (Pixel 7).

- ``server``: the real console script (gunicorn inside) on a free port, with its own instance
  folder (SQLite file and secret key), shared by the tests of one xdist worker.
- ``own_server``: the same, for one test only; ``own_server.restart()`` brings it back on the
  same port and folder. Open phones on it with ``phone(base_url=own_server.base_url)``.
- ``browser``: one Debian Chromium per xdist worker, its headless shell where installed
  (``bench._common.CHROMIUM``; Playwright's own download is not used; set
  ``COMPANION_CHROMIUM`` to point elsewhere).
- ``phone``: a factory for fresh browser contexts (one context = one phone with its own
  cookies); every URL a phone requests is recorded in ``page.seen_urls``. Any console error
  or uncaught script error on any phone during the whole test fails it (the browser's own
  line for an answer of 400 or more is not one: a refusal is ordinary play).

``COMPANION_E2E_CPU=<file>`` writes each test's CPU seconds (Chromium, Playwright's driver,
servers, pytest) to the file, one JSON line a test, to find what the browser tests cost.

Timings the tests report with ``record_property("..._ms", ...)`` are printed at the end of the
run (also under ``-n 2``, where a worker's own prints are not shown).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    expect,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError

from bench._common import CHROMIUM

from .helpers import WAIT_MS

# Chromium's new headless mode (the only one since Chromium 132) makes each window's address
# bar popup ahead of use: a WebUI page in a renderer of its own (chrome://omnibox-popup.
# top-chrome), which nobody sees in a test. Without it a new phone costs Chromium about a third
# less CPU and a browser's start about 3 s less (measured on this machine, 2026-11-29).
NO_OMNIBOX_POPUP = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]
# Playwright's own --disable-features list as of 1.65.1, used only if its current one cannot be
# read: Chromium takes the last --disable-features it is given, so ours must repeat Playwright's
PLAYWRIGHT_DISABLED = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled",
    "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
]  # fmt: skip


def _playwright_disabled_features() -> list[str]:
    """The features Playwright's driver disables in every Chromium it launches (read from the
    installed driver, so an upgrade's list is kept)."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js"
    try:
        text = bundle.read_text()
    except OSError:
        return PLAYWRIGHT_DISABLED
    found = re.search(r"disabledFeatures = \[(.*?)\]\.filter", text, re.S)
    if not found:
        return PLAYWRIGHT_DISABLED
    body = re.sub(r"//[^\n]*", "", found.group(1))
    return re.findall(r'"([A-Za-z0-9]+)"', body) or PLAYWRIGHT_DISABLED


CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join([*_playwright_disabled_features(), *NO_OMNIBOX_POPUP]),
]
PHONE = "Pixel 7"
# a ceiling on the wait for a new server's first answer (it imports the app and migrates its
# database first): a loaded machine took more than 30 s, so a server start failed the test
START_SECONDS = float(os.environ.get("COMPANION_E2E_START_SECONDS") or 180)
STOP_SECONDS = 0.5


# every expect() and every step of a phone waits up to WAIT_MS for its condition (Playwright's
# own 5 s failed tests on a loaded machine whose pages were right, only late)
expect.set_options(timeout=WAIT_MS)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    lines = []
    for report in terminalreporter.stats.get("passed", []):
        for key, value in getattr(report, "user_properties", []):
            if key.endswith("_ms"):
                lines.append(f"{report.nodeid}: {key.removesuffix('_ms')} in {value} ms")
    if lines:
        terminalreporter.write_sep("-", "e2e timings")
        for line in lines:
            terminalreporter.write_line(line)


# COMPANION_E2E_CPU=<file>: each test's CPU, appended to the file as one JSON line (the test,
# then seconds by kind: chromium, driver (Playwright's node), server, pytest), counted over
# this worker's process tree (set-up and tear-down included) by a thread that reads /proc
# every 0.5 s and at each test's start and end: a process's last reading counts after it
# ended (up to 0.5 s of its end and processes shorter than that are missed).
CPU_LOG = os.environ.get("COMPANION_E2E_CPU")


class _CpuCount:
    def __init__(self) -> None:
        self.seen: dict[tuple[int, str], tuple[str, float]] = {}  # (pid, start) -> kind, s
        self.lock = threading.Lock()
        self.tick = os.sysconf("SC_CLK_TCK")
        threading.Thread(target=self._every, daemon=True).start()

    def _every(self) -> None:
        while True:
            time.sleep(0.5)
            self.read()

    def read(self) -> dict[str, float]:
        rows: dict[int, tuple[int, str, float]] = {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                raw = Path(entry.path, "stat").read_text()
            except OSError:
                continue
            rest = raw[raw.rindex(")") + 2 :].split()
            rows[int(entry.name)] = (int(rest[1]), rest[19], (int(rest[11]) + int(rest[12])))
        children: dict[int, list[int]] = {}
        for pid, (ppid, _, _) in rows.items():
            children.setdefault(ppid, []).append(pid)
        with self.lock:
            todo = [os.getpid()]
            while todo:
                pid = todo.pop()
                todo.extend(children.get(pid, []))
                _, start, ticks = rows[pid]
                key = (pid, start)
                known = self.seen.get(key)
                # a process is named once it is known ("pytest" until then: Chromium's script
                # /usr/bin/chromium starts as a shell)
                kind = known[0] if known and known[0] != "pytest" else self._kind(pid)
                self.seen[key] = (kind, ticks / self.tick)
            used = {"chromium": 0.0, "driver": 0.0, "server": 0.0, "pytest": 0.0}
            for kind, seconds in self.seen.values():
                used[kind] += seconds
            return used

    @staticmethod
    def _kind(pid: int) -> str:
        if pid == os.getpid():
            return "pytest"
        try:
            line = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return "pytest"
        if b"chrom" in line.split(b"\0")[0]:
            return "chromium"
        if b"playwright/driver" in line:
            return "driver"
        return "server" if b"serve" in line else "pytest"


_cpu_count: list[_CpuCount] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    if not CPU_LOG:
        yield
        return
    if not _cpu_count:
        _cpu_count.append(_CpuCount())
    before = _cpu_count[0].read()
    yield
    after = _cpu_count[0].read()
    line = {"test": item.nodeid, **{k: round(after[k] - before.get(k, 0.0), 2) for k in after}}
    with open(CPU_LOG, "a") as out:
        out.write(json.dumps(line) + "\n")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _command() -> list[str]:
    script = Path(sys.executable).parent / "companion"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from companion.cli import main; main()"]


class PortTaken(RuntimeError):
    """The server could not bind its port: another process has it."""


class Server:
    """One ``companion serve`` process; stop and start it again on the same port and folder."""

    def __init__(self, folder: Path, env: dict[str, str] | None = None, port: int = 0) -> None:
        self.folder = folder
        self.env = dict(env or {})  # e.g. COMPANION_JUDGE_VERDICT_SECONDS for this server
        self.instance = folder / "instance"
        self._take_port(port)
        self.log = folder / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.started = False

    def _take_port(self, port: int = 0) -> None:
        self.port = port or _free_port()
        self.host = f"127.0.0.1:{self.port}"
        self.base_url = f"http://{self.host}"

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "DATABASE"))}
        # one build of the static files for every server (tests/conftest.py names it)
        if "COMPANION_STATIC_BUILD" in os.environ:
            env["COMPANION_STATIC_BUILD"] = os.environ["COMPANION_STATIC_BUILD"]
        env["COMPANION_TABLES_PER_MINUTE"] = "0"  # every test starts tables from this address
        env.update(self.env)
        env["COMPANION_INSTANCE"] = str(self.instance)
        env["XDG_RUNTIME_DIR"] = str(self.folder)  # gunicorn >= 25.1: its own control socket
        for attempt in range(3):
            args = ["serve", "--host", "127.0.0.1", "--port", str(self.port), "--no-qr"]
            with self.log.open("ab") as out:
                self.proc = subprocess.Popen(
                    [*_command(), *args],
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # its own process group: gunicorn master and worker
                )
            try:
                self._wait_until_up()
            except PortTaken:
                # another process (a helper's server, another worker's) bound the free port
                # between our look and gunicorn's bind: a first start takes another one; a
                # restart keeps its port, as the test's phones know it
                if self.started or attempt == 2:
                    raise
                self._take_port()
                continue
            self.started = True
            return

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                if "in use" in self.tail():  # gunicorn: "Connection in use: (host, port)"
                    raise PortTaken(self.tail())
                raise RuntimeError(f"companion serve exited early:\n{self.tail()}")
            try:
                with urllib.request.urlopen(self.base_url + "/", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise RuntimeError(f"companion serve did not answer in {START_SECONDS} s:\n{self.tail()}")

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        os.killpg(proc.pid, signal.SIGINT)  # gunicorn: quick shutdown
        try:
            proc.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:  # open event streams hold the worker: end it now
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=60)

    def restart(self) -> None:
        self.stop()
        self.start()

    def tail(self, lines: int = 40) -> str:
        if not self.log.exists():
            return ""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per xdist worker, shared: every test starts its own tables on it."""
    # COMPANION_E2E_PORT: the shared server on that port (when the port is given to this run)
    port = int(os.environ.get("COMPANION_E2E_PORT") or 0)
    srv = Server(tmp_path_factory.mktemp("server"), port=port)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server for this test alone, which it may stop and restart."""
    srv = Server(tmp_path)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists() and shutil.which(CHROMIUM) is None:
        raise RuntimeError(f"Chromium not found at {CHROMIUM}; set COMPANION_CHROMIUM")
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


PhoneFactory = Callable[..., Page]
# the browser's own line for every answer of 400 or more (a 409 or 422 is ordinary play: the
# tests check what the phone shows) and for a request the network or the test stopped; and
# htmx's lines for the same (a request that got no answer, an error status, a live stream
# that dropped and reconnects)
ANSWERED = re.compile(r"^Failed to load resource: ")
HTMX_NETWORK = re.compile(
    r"^(htmx:sendError|htmx:afterRequest|Response Status Error Code \d+ from |\[object Event\]$)"
)


def _console(message: ConsoleMessage, troubles: list[str]) -> None:
    """Every console error of a whole game fails the test (a CSP refusal of an inline style
    in a swapped part, a script error), not only those of a page's first load."""
    if message.type != "error" or ANSWERED.match(message.text):
        return
    from_htmx = "/static/vendor/htmx" in message.location.get("url", "")
    if from_htmx and HTMX_NETWORK.match(message.text):
        return
    troubles.append(f"{message.page.url if message.page else '?'}: {message.text}")


# A new phone (context and page) costs Chromium about 2 s of CPU, mostly the new page; a
# page kept from an earlier test, cleared, about 0.6 s (measured on this 2-core machine,
# 2026-11-29). The browser tests open about 300 phones a run, most of the suite's Chromium
# time. So a phone is kept for the next test that asks for the same options on the shared
# server, once everything it stored is gone: its other pages closed, its page on about:blank,
# its cookies, storage, service workers, caches and HTTP cache cleared. A phone a test changed
# in a way clearing does not undo (routes, init scripts, offline, its own listeners, another
# viewport) is closed instead.
KEPT_PER_OPTIONS = 4
_kept: dict[str, list[tuple[BrowserContext, Page]]] = {}
_CHANGING = (
    "route",
    "route_from_har",
    "add_init_script",
    "expose_binding",
    "expose_function",
    "set_offline",
    "set_geolocation",
    "grant_permissions",
    "set_extra_http_headers",
)
_PAGE_CHANGING = (
    *_CHANGING,
    "set_viewport_size",
    "emulate_media",
    "on",
    "once",
    "add_listener",
)


class _Phone:
    """One phone during a test: its context's listeners, the origins it visited, and whether
    the test changed it beyond what clearing undoes."""

    def __init__(self, context: BrowserContext, page: Page, key: str | None) -> None:
        self.context, self.page, self.key = context, page, key
        self.origins: set[str] = set()
        self.changed = False
        self.listeners: list[tuple[str, Callable[[Any], None]]] = []
        for name in _CHANGING:
            if hasattr(type(context), name):
                setattr(context, name, self._changing(getattr(type(context), name), context))
        for name in _PAGE_CHANGING:
            if hasattr(type(page), name):
                setattr(page, name, self._changing(getattr(type(page), name), page))

    def _changing(self, method: Callable[..., Any], owner: object) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            self.changed = True
            return method(owner, *args, **kwargs)

        return call

    def listen(self, event: str, handler: Callable[[Any], None]) -> None:
        self.context.on(event, handler)  # type: ignore[call-overload]
        self.listeners.append((event, handler))

    def give_back(self) -> None:
        """Keep the phone for a later test, cleared; or close it."""
        context, page = self.context, self.page
        for event, handler in self.listeners:
            context.remove_listener(event, handler)
        for owner, names in ((context, _CHANGING), (page, _PAGE_CHANGING)):
            for name in names:
                owner.__dict__.pop(name, None)
        kept = _kept.setdefault(self.key, []) if self.key is not None else None
        try:
            if self.changed or kept is None or len(kept) >= KEPT_PER_OPTIONS or page.is_closed():
                context.close()
                return
            for other in context.pages:
                if other is not page:
                    other.close()
            page.goto("about:blank")
            cdp = context.new_cdp_session(page)
            for origin in sorted(self.origins):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            cdp.send("Network.clearBrowserCache")
            cdp.detach()
            context.clear_cookies()
            context.clear_permissions()
        except PlaywrightError:
            try:
                context.close()
            except PlaywrightError:
                pass
            return
        kept.append((context, page))


@pytest.fixture
def phone(browser: Browser, playwright: Playwright, server: Server) -> Iterator[PhoneFactory]:
    """``phone(**context_options)`` opens a new phone (Pixel 7 unless told otherwise): a fresh
    context and page, or a phone kept from an earlier test with the same options, cleared."""
    phones: list[_Phone] = []
    troubles: list[str] = []

    def open_phone(**options: Any) -> Page:
        settings = {**playwright.devices[PHONE], "base_url": server.base_url, **options}
        shared = settings["base_url"] == server.base_url
        # the viewport is not part of the key: a kept phone is given the size asked for
        same = {k: v for k, v in settings.items() if k != "viewport"}
        key = repr(sorted(same.items())) if shared else None
        kept = _kept.get(key, []) if key is not None else []
        if kept:
            context, page = kept.pop()
            if page.viewport_size != settings["viewport"]:
                page.set_viewport_size(settings["viewport"])
        else:
            context = browser.new_context(**settings)
            page = context.new_page()
        context.set_default_timeout(WAIT_MS)
        this = _Phone(context, page, key)
        phones.append(this)
        requests: list[str] = []

        def seen(request: Request) -> None:
            requests.append(request.url)
            parts = urlsplit(request.url)
            if parts.scheme in ("http", "https"):
                this.origins.add(f"{parts.scheme}://{parts.netloc}")

        this.listen("request", seen)
        page.seen_urls = requests  # type: ignore[attr-defined]
        this.listen("console", lambda message: _console(message, troubles))
        this.listen("weberror", lambda error: troubles.append(f"uncaught: {error.error}"))
        return page

    yield open_phone
    for this in phones:
        this.give_back()
    assert not troubles, "console errors during the test:\n" + "\n".join(troubles)
