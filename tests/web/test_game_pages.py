"""What every game's forms answer through the one shared route (``companion.web.play``): the
line saying what was recorded is worked out from the events this very action stored."""

from __future__ import annotations

import html
import re

from flask import Flask

from tests.web.test_fta_table import Table


def test_the_second_ready_tap_is_told_it_revealed_the_sealed_suits(app: Flask):
    t = Table(app)
    assert t.points(1, "alpha", 3, 1).status_code == 303
    assert t.seal(t.ann, 1, "Wyrms", "Knots").status_code == 303
    assert t.seal(t.ben, 1, "Suns", "Wyrms").status_code == 303
    first = t.post(t.ann, "/fta/1/ready", {"seat": 0, "version": 0}, htmx=True)
    assert first.status_code == 200
    said = html.unescape(first.get_data(as_text=True))
    assert "Ann says the omega hand is over; waiting for the other player." in said
    second = t.post(t.ben, "/fta/1/ready", {"seat": 1, "version": 0}, htmx=True)
    assert second.status_code == 200
    said = html.unescape(second.get_data(as_text=True))
    assert "Both players said the omega hand is over: the sealed suits are revealed." in said


def _entry_key(page: str) -> str:
    found = re.search(r'id="entry-key" name="key" value="([^"]*)"', page)
    assert found, "the page has no entry box key"
    return found.group(1)


def test_a_renamed_player_is_named_in_every_phones_entry_box_at_the_next_update(app: Flask):
    t = Table(app)
    key = _entry_key(t.page(t.ann))
    assert t.post(t.ben, "/me/name", {"name": "Bea"}).status_code == 303
    live = html.unescape(t.ann.get(f"{t.path}/live?key={key}").get_data(as_text=True))
    assert 'id="entry-box" hx-swap-oob' in live  # the box is sent again...
    box = live.split('id="entry-box"', 1)[1]
    assert "Bea" in box and "Ben" not in box  # ...with the new name
    # and once the phone shows it, the next update does not send it again
    again = t.ann.get(f"{t.path}/live?key={_entry_key(box)}").get_data(as_text=True)
    assert 'id="entry-box"' not in again
