"""Suits in pages are SVG icons, never the U+2660..U+2667 signs (a phone may show those as
emoji or empty boxes); the text outputs (exports, history in the Table API) keep the signs."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.web.tablehelp import suit_signs
from tests.web.test_consonants_table import cons_table
from tests.web.test_hearts_table import hearts_table, post, score, seated, trick

# what the pages and fragments show: the storage is tested on both databases elsewhere
pytestmark = pytest.mark.one_database

# the suit signs; the characters phones draw as emoji by default (Unicode's Emoji_Presentation
# outside the emoji planes: hands, check and cross marks, stars, clocks ...); the emoji planes;
# variation selector 16 (asks for the emoji look)
NOT_IN_PAGES = re.compile(
    "[\u2660-\u2667\u231a\u231b\u23e9-\u23ec\u23f0\u23f3\u25fd\u25fe\u2614\u2615"
    "\u2648-\u2653\u267f\u2693\u26a1\u26aa\u26ab\u26bd\u26be\u26c4\u26c5\u26ce\u26d4"
    "\u26ea\u26f2\u26f3\u26f5\u26fa\u26fd\u2705\u270a\u270b\u2728\u2733\u274c\u274e"
    "\u2753-\u2755\u2757\u2795-\u2797\u27b0\u27bf\u2b1b\u2b1c\u2b50\u2b55"
    "\U0001f000-\U0001faff\ufe0f]"
)
ICON = re.compile(r'<svg class="suit-icon s-([CDHS])" role="img" aria-label="(\w+)"')


def page_of(client: FlaskClient, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200, url
    return answer.get_data(as_text=True)


def assert_drawn(html: str, suits: str) -> None:
    """No sign or emoji in ``html``, and an icon (with its name) for each suit in ``suits``."""
    found = NOT_IN_PAGES.findall(html)
    assert not found, f"signs or emoji in the page: {sorted(set(found))}"
    named = {code: name for code, name in ICON.findall(html)}
    for code in suits:
        assert code in named, f"no {code} icon"
    names = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    assert all(names[code] == name for code, name in named.items())
    assert not suits or re.search(r'<use href="/static/suits\.[0-9a-f]{12}\.svg#[CDHS]"', html)


def test_hearts_pages_draw_every_suit_as_an_icon(app, client):
    table = hearts_table(client, entry="tricks", preset="omnibus")  # J♦ is the bonus card
    assert trick(client, table, 1, 0, 0, "2C 3C 4C 5C").status_code == 303
    page = page_of(client, table)
    assert_drawn(page, "CDHS")  # lead line, trick row, cards left to play, history
    assert "The 2♣ leads." in " ".join(re.sub("<[^>]+>", " ", suit_signs(page)).split())
    assert_drawn(page_of(client, f"{table}/rules"), "C")
    assert_drawn(page_of(client, f"{table}/live"), "C")
    ann = seated(app, client, table, 0)
    for way, suits in (("all", "HS"), ("mine", "HS"), ("numbers", "D")):
        assert ann.get(f"{table}/hearts/way/{way}").status_code == 303
        assert_drawn(page_of(ann, table), suits)
    form = page_of(ann, f"{table}/entry")
    version = re.search(r'name="version" value="(\d+)"', form)
    assert version
    refused = post(ann, f"{table}/hearts/1/points", version=version.group(1), moon="0")
    assert refused.status_code == 422
    assert_drawn(refused.get_data(as_text=True), "D")  # "Pick who took the J♦ ..."


def test_claims_and_history_draw_icons(app, client):
    table = hearts_table(client)
    ann, ben = seated(app, client, table, 0), seated(app, client, table, 1)
    for phone in (ann, ben):
        assert phone.get(f"{table}/hearts/way/mine").status_code == 303
    post(ann, f"{table}/hearts/1/claim", cards="QS 2H", version=0)
    post(ben, f"{table}/hearts/1/claim", cards="2H 3H", version=0)
    assert_drawn(page_of(ann, table), "HS")  # claimed twice, nobody has claimed ...
    score(client, table, 1, {0: "QS"}, rest=1)
    assert_drawn(page_of(client, table), "HS")


def test_consonants_pages_have_no_signs_or_emoji(client):
    table = cons_table(client, entry="tricks")
    for url in (table, f"{table}/rules", f"{table}/live", f"{table}/entry"):
        assert_drawn(page_of(client, url), "")


def test_text_outputs_keep_the_signs(client):
    table = hearts_table(client, entry="tricks")
    assert trick(client, table, 1, 0, 0, "2C 3C 4C 5C").status_code == 303
    for url in (f"{table}/games/1/export.csv", f"{table}/games/1/export.json"):
        text = client.get(url).get_data(as_text=True)
        assert "<svg" not in text and "suit-icon" not in text, url
