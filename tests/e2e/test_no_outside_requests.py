"""Nothing a page loads comes from elsewhere: no CDN, no web font, no analytics."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from .helpers import cell, enter_all, join_link, sit, start_table, wait_sse_open

pytestmark = pytest.mark.e2e
LOCAL_SCHEMES = ("data", "blob", "about")  # never leave the phone


def test_every_request_goes_to_our_server(phone, server):
    a = phone()
    start_table(a, ["Ann", "", "Cy"])
    wait_sse_open(a)
    b = phone()
    b.goto(join_link(a))
    sit(b, join_link(a), "Bea", "Seat 2")
    enter_all(a, 1, [2, 4, 6])
    expect(cell(b, 1, 1)).to_have_text("4")
    b.locator("a.cell-link.s1").first.click()  # Bea sits at seat 2 (index 1)
    expect(b.locator("#edit-form")).to_be_visible()
    for link in ("Read-only link to share", "TV view (large type)"):
        b.goto(a.get_by_role("link", name=link).get_attribute("href") or "")
        expect(b.locator("#sheet")).to_be_visible()
    b.goto("/code")

    urls = a.seen_urls + b.seen_urls  # type: ignore[attr-defined]
    outside = [
        u
        for u in urls
        if urlsplit(u).scheme not in LOCAL_SCHEMES
        and (urlsplit(u).scheme not in ("http", "ws") or urlsplit(u).netloc != server.host)
    ]
    assert not outside, f"requests left the server {server.host}: {outside}"
    paths = {urlsplit(u).path for u in urls}
    for wanted in (r"/static/app\.[0-9a-f]{12}\.css", r"/static/app\.[0-9a-f]{12}\.js", "/code"):
        assert any(re.fullmatch(wanted, p) for p in paths), f"{wanted} was not loaded"
    for part in ("/qr.svg", "/stream", "/live", "/j/", "/s/", "/tv/", "/cell/"):
        assert any(part in p for p in paths), f"no request to {part}: {sorted(paths)}"
