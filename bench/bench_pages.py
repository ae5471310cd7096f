"""Bytes a phone transfers for the table and share pages: first visit and repeat visit.

The default ``companion serve`` (no size flags) on loopback; a custom table of ``--players``
seats with ``--rounds`` full rounds. Each page is opened in a fresh headless Chromium phone
(Pixel 7), and DevTools counts what crossed the network: ``encodedDataLength`` of every
finished request (headers and the body as sent, compressed or not). The live event stream is
left out (it stays open; it is not page weight). The service worker is blocked so that the
figures are the HTTP cache's alone; its one-time install cost is printed apart.

- first visit: a phone that never opened the app;
- repeat visit: the same phone opening the same page again (a new navigation, not a reload);
- before (baseline, measured in the same run): the page and the static files it references
  fetched with no compression and no cache, as every visit cost before (issue 11: ~70 KB).

    .venv/bin/python -m bench.bench_pages [--rounds 10] [--players 4]
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench._common import (
    APP_RUN,
    CHROMIUM,
    HOST,
    Phone,
    Server,
    machine,
    print_table,
    round_form,
    running,
    start_table,
)

STATIC_REF = re.compile(r'(?:src|href)="(/static/[^"]+)"')
SHARE = re.compile(r'href="(/s/[A-Za-z0-9_-]+)"')
# Playwright's "Pixel 7" (its device list needs a running Playwright, so it is copied here)
PIXEL_7 = {
    "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko)"
    " Chrome/159.0.8154.6 Mobile Safari/537.36",
    "viewport": {"width": 412, "height": 839},
    "device_scale_factor": 2.625,
    "is_mobile": True,
    "has_touch": True,
    "screen": {"width": 412, "height": 915},
}


class DefaultServer(Server):
    """``companion serve`` exactly as an operator starts it: no worker or thread flags."""

    def command(self) -> list[str]:
        flags = ["--host", HOST, "--port", str(self.port), "--no-qr"]
        return [sys.executable, "-c", APP_RUN, "serve", *flags]


@dataclass
class Visit:
    page: str
    visit: str
    requests: int
    static_fetched: int
    transferred: int


def _plain_get(port: int, path: str, gzip_ok: bool) -> tuple[int, bytes, dict[str, str]]:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    headers = {"Accept-Encoding": "gzip"} if gzip_ok else {}
    conn.request("GET", path, headers=headers)
    answer = conn.getresponse()
    body = answer.read()
    head = {k.lower(): v for k, v in answer.getheaders()}
    conn.close()
    return answer.status, body, head


def before_bytes(port: int, path: str) -> int:
    """The page and every static file it references, uncompressed and uncached (bodies)."""
    _, body, _ = _plain_get(port, path, gzip_ok=False)
    total = len(body)
    for ref in dict.fromkeys(STATIC_REF.findall(body.decode())):
        total += len(_plain_get(port, ref, gzip_ok=False)[1])
    return total


def install_bytes(port: int) -> dict[str, int]:
    """What the service worker costs once per phone (sw.js, the offline page it keeps, the
    manifest), gzip bodies; its static files come from the HTTP cache the page filled."""
    sizes = {}
    for path in ("/sw.js", "/offline", "/manifest.webmanifest"):
        _, body, head = _plain_get(port, path, gzip_ok=True)
        if head.get("content-encoding") == "gzip":
            gzip.decompress(body)  # really gzip
        sizes[path] = len(body)
    return sizes


def _visit(page: Any, url: str) -> tuple[int, int, int]:
    """Open ``url``; (requests, static files fetched from the network, bytes transferred)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    cached: set[str] = set()
    done: dict[str, int] = {}
    cdp.on(
        "Network.requestWillBeSent",
        lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]),
    )
    cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
    cdp.on(
        "Network.loadingFinished",
        lambda e: done.__setitem__(e["requestId"], int(e["encodedDataLength"])),
    )
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_function("() => !!document.querySelector('#sheet')")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    cdp.detach()
    counted = {rid: u for rid, u in urls.items() if not u.endswith("/stream")}
    static = [rid for rid, u in counted.items() if "/static/" in u]
    fetched = [rid for rid in static if rid not in cached and done.get(rid, 0) > 0]
    transferred = sum(n for rid, n in done.items() if rid in counted and rid not in cached)
    return len(counted), len(fetched), transferred


def measure(port: int, pages: dict[str, str], browser: Any = None) -> list[Visit]:
    """Open each page twice in its own phone; ``browser``: a Chromium already running (the
    e2e tests pass theirs), else one is started here."""
    if browser is not None:
        return _measure(browser, port, pages)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox"], headless=True
        )
        try:
            return _measure(chromium, port, pages)
        finally:
            chromium.close()


def _measure(browser: Any, port: int, pages: dict[str, str]) -> list[Visit]:
    visits = []
    for name, path in pages.items():
        context = browser.new_context(
            **PIXEL_7, base_url=f"http://{HOST}:{port}", service_workers="block"
        )
        page = context.new_page()
        for visit in ("first", "repeat"):
            requests, static, size = _visit(page, path)
            visits.append(Visit(name, visit, requests, static, size))
        context.close()
    return visits


def main(argv: Sequence[str] | None = None, browser: Any = None) -> list[Visit]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    print(f"Machine: {machine()}")
    with running(DefaultServer("companion", 1, 0)) as server:
        host = Phone(server.port)
        table = start_table(host, args.players)
        for number in range(1, args.rounds + 1):
            answer = host.post(f"/t/{table.token}/round/{number}", round_form(table, number))
            if answer.status >= 400:
                raise RuntimeError(f"round {number}: {answer.status} {answer.body[:200]}")
        page = host.get(f"/t/{table.token}").body
        share = SHARE.search(page)
        if share is None:
            raise RuntimeError("the table page shows no share link")
        pages = {"table": f"/t/{table.token}", "share": share.group(1)}
        host.close()
        visits = measure(server.port, pages, browser)
        before = {name: before_bytes(server.port, path) for name, path in pages.items()}
        extra = install_bytes(server.port)
    print(f"\n{args.players} seats, {args.rounds} rounds; default companion serve; Chromium")
    rows = [
        (
            v.page,
            v.visit,
            v.requests,
            v.static_fetched,
            f"{v.transferred / 1024:.1f}",
            f"{before[v.page] / 1024:.1f}",
            f"x{before[v.page] / max(v.transferred, 1):.1f}",
        )
        for v in visits
    ]
    headers = ["page", "visit", "requests", "static fetched", "KB sent", "KB before", "smaller"]
    print_table(headers, rows)
    parts = ", ".join(f"{path} {size / 1024:.1f} KB" for path, size in extra.items())
    print(f"service worker install, once per phone (gzip): {parts}")
    return visits


if __name__ == "__main__":
    main()
