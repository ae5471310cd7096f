"""Never silently stale, small and cached, installable (issue 11) in real Chromium phones."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server
from .helpers import (
    POLL_MS,
    cell,
    enter_all,
    join_link,
    mark,
    settle,
    sit,
    start_table,
    still_marked,
)

pytestmark = pytest.mark.e2e
STATIC = re.compile(r"/static/")


@pytest.fixture(scope="module")
def quick_stale_server(tmp_path_factory) -> Iterator[Server]:  # type: ignore[no-untyped-def]
    """A server whose phones say "last update ..." after 1 s cut off (120 s would make the
    test wait two minutes to see the same words); one for this module's tests (each starts
    tables of its own), not one started per test."""
    srv = Server(tmp_path_factory.mktemp("quick-stale"), env={"COMPANION_STALE_SECONDS": "1"})
    srv.start()
    yield srv
    srv.stop()


def share_link(page: Page) -> str:
    href = page.get_by_role("link", name="Read-only link to share").get_attribute("href")
    assert href
    return href


def wait_stream(page: Page) -> None:
    page.wait_for_function(
        "() => { const s = document.querySelector('[sse-connect]');"
        " const es = s && s['htmx-internal-data'] && s['htmx-internal-data'].sseEventSource;"
        " return !!es && es.readyState === 1 }",
        polling=POLL_MS,
    )


def test_a_phone_cut_off_says_so_and_catches_up_at_once_without_a_reload(phone, quick_stale_server):
    base = quick_stale_server.base_url
    host = phone(base_url=base)
    start_table(host, ["Ann", "Bob"])
    watcher = phone(base_url=base)
    watcher.goto(share_link(host))
    wait_stream(watcher)
    mark(watcher)
    banner = watcher.locator("#connection")
    expect(banner).to_be_hidden()

    watcher.context.set_offline(True)
    expect(banner).to_contain_text("Reconnecting...")
    expect(banner).to_contain_text("Last update less than a minute ago")
    enter_all(host, 1, [5, 7])  # the table moves on while the watcher is cut off
    expect(banner).to_be_visible()
    assert watcher.locator("#sheet tbody tr").count() == 0  # it could not have heard

    watcher.context.set_offline(False)
    expect(cell(watcher, 1, 0)).to_have_text("5", timeout=2000)
    expect(cell(watcher, 1, 1)).to_have_text("7", timeout=2000)
    expect(banner).to_be_hidden()
    assert still_marked(watcher), "the page was reloaded"


def test_catching_up_keeps_what_the_player_is_typing(phone, quick_stale_server):
    base = quick_stale_server.base_url
    host = phone(base_url=base)
    start_table(host, ["Ann", "Bob"])
    ann = phone(base_url=base)
    sit(ann, join_link(host), "Ann", "Ann")
    wait_stream(ann)
    settle(ann)
    mark(ann)
    ann.locator("#points-0").fill("9")  # typed for round 1, not sent
    ann.context.set_offline(True)
    expect(ann.locator("#connection")).to_contain_text("Reconnecting...")
    enter_all(host, 1, [5, 7])  # meanwhile the host saves the whole round
    ann.context.set_offline(False)
    expect(cell(ann, 1, 0)).to_have_text("5", timeout=2000)
    expect(ann.locator("#connection")).to_be_hidden()
    expect(ann.locator("#entry-held")).to_contain_text("What you entered is kept")
    expect(ann.locator("#points-0")).to_have_value("9")
    assert still_marked(ann)


def test_a_phone_that_wakes_checks_the_version_and_redraws(phone, server):
    host = phone()
    start_table(host, ["Ann", "Bob"])
    sleeper = phone()
    sleeper.goto(share_link(host))
    wait_stream(sleeper)
    mark(sleeper)
    # a phone asleep keeps its stream open but hears nothing: stand for it by closing the
    # stream's connection without an error, so only the wake-up check can bring the change
    sleeper.evaluate(
        "() => { const s = document.querySelector('[sse-connect]');"
        " s['htmx-internal-data'].sseEventSource.close(); }"
    )
    enter_all(host, 1, [3, 4])
    assert sleeper.locator("#sheet tbody tr").count() == 0
    sleeper.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(cell(sleeper, 1, 0)).to_have_text("3", timeout=2000)
    assert still_marked(sleeper)


# What the page itself loaded, as the browser's Resource Timing records it. An entry is written
# only once its answer is complete, so the live event stream (which never completes) is never
# among them by design, whatever the machine's speed; an answer from the HTTP cache has no
# bytes over the network (transferSize 0), a revalidated or fetched one has at least headers.
LOADED = (
    "() => performance.getEntriesByType('resource')"
    ".map(e => ({url: e.name, cached: e.transferSize === 0 && e.decodedBodySize > 0}))"
)

# the page's icons, asked for by the page itself: the browser's own favicon request comes on
# its own time, so the same files are judged through the page's requests for them
FETCH_ICONS = (
    "() => Promise.all([...document.querySelectorAll('link[rel~=icon]')]"
    ".map(l => fetch(l.href).then(r => r.blob())))"
)


def visit(page: Page, url: str) -> list[dict[str, Any]]:
    """Open ``url``; once the page and its icons are in, what it loaded from /static/."""
    page.goto(url)
    expect(page.locator("#sheet")).to_be_visible()
    page.wait_for_load_state("load")
    page.evaluate(FETCH_ICONS)  # the icons in the cache too, as after a whole visit
    return [e for e in page.evaluate(LOADED) if STATIC.search(e["url"])]


def test_a_repeat_visit_fetches_no_static_file(phone):
    # the HTTP cache alone (no service worker to hide a revalidation)
    page = phone(service_workers="block")
    table = start_table(page, ["Ann", "Bob"])
    visit(page, table)
    statics = visit(page, table)  # the same page again, as a phone opening it the next evening
    assert len(statics) >= 4, f"the page loaded too little to judge: {statics}"
    assert any("icon" in e["url"] for e in statics), "the icons were not judged"
    fetched = [e["url"] for e in statics if not e["cached"]]
    assert not fetched, f"static files fetched again: {fetched}"


def test_a_page_opened_with_no_network_says_offline_in_our_words(phone, server):
    page = phone()
    table = start_table(page, ["Ann", "Bob"])
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    mark(page)
    page.context.set_offline(True)
    page.goto(table)
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    expect(page.locator("link[rel=stylesheet]")).to_have_count(1)
    assert page.evaluate("() => getComputedStyle(document.querySelector('.card')).borderRadius")
    page.context.set_offline(False)
    page.get_by_role("link", name="Try again").click()
    expect(page.locator("#sheet")).to_be_visible()
