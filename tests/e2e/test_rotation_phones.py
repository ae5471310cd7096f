"""New links in real Chromium: the seated phone is sent on to the new table link by its next
live update; the watcher, who was handed the read-only share link, finds it gone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import join_link, open_table, take_seat, wait_sse_open

pytestmark = pytest.mark.e2e


def test_new_links_move_the_seated_phone_and_shut_out_the_watcher(phone):
    host = phone()
    old_table = open_table(host, ["Ann", ""])
    join = join_link(host)
    seated, watcher = phone(), phone()
    take_seat(seated, join, "Bea", "Seat 2")
    watcher.goto(join)
    watcher.get_by_role("link", name="Just watch").click()
    watcher.wait_for_url("**/s/*")
    share = watcher.url
    wait_sse_open(seated)
    typed = seated.locator("#entry-form input[name='points-1']")
    typed.fill("75")  # typed, not sent, when the links change
    host.locator("#host summary", has_text="New links and code").click()  # asks first
    host.get_by_role("button", name="Change every link now").click()
    host.wait_for_url(lambda url: not url.startswith(old_table))
    new_table = host.url.split("#")[0]
    seated.wait_for_url(new_table)  # its live update sent it on, no reload by hand
    expect(seated.locator("#entry-form")).to_contain_text("Bea (you)")
    expect(typed).to_have_value("75")  # what it had typed came along to the new link
    assert watcher.goto(share).status == 404
    assert watcher.goto(old_table).status == 404
