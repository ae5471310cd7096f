""" "The rest go to <name>" through the pages (issue 23): offered on the trick form once a
trick is in, one post finishes the hand, a claim that lost its trick to another phone is
refused in words with that trick beside it, and a hand ended that way exports and imports
unchanged."""

from __future__ import annotations

from typing import Any

from flask import Flask, render_template, session
from flask.testing import FlaskClient
from jinja2 import meta

from companion.web.table import view_for
from tests.games.hearts.test_hearts_rest import HAND
from tests.web.tablehelp import totals
from tests.web.test_consonants_table import plain
from tests.web.test_hearts_table import entry, hearts_table, post, raw_entry, seated, trick, words
from tests.web.test_import_bounds import round_trip


def rest(client: FlaskClient, table: str, index: int, seat: int, version: int = 0) -> Any:
    url = f"{table}/hearts/1/rest"
    return post(client, url, trick=index, seat=seat, version=version)


def nine(client: FlaskClient, table: str) -> None:
    for i, (leader, cards) in enumerate(HAND[:9]):
        assert trick(client, table, 1, i, leader, " ".join(cards)).status_code == 303


def test_the_rest_is_offered_once_a_trick_is_in_and_one_post_ends_the_hand(client):
    table = hearts_table(client, entry="tricks")
    assert 'id="rest-form"' not in raw_entry(client, table)  # nothing to claim after yet
    nine(client, table)
    box = raw_entry(client, table)
    assert 'id="rest-form"' in box and 'aria-label="The rest go to Dee"' in box
    answer = rest(client, table, 9, 3)
    assert answer.status_code == 303
    assert totals(client, table) == ["1", "0", "4", "21"]
    assert "Hand 2, trick 1 of 13" in entry(client, table)


def test_a_claim_whose_trick_another_phone_entered_is_refused_with_that_trick(app: Flask, client):
    table = hearts_table(client, entry="tricks")
    ben = seated(app, client, table, 1)
    nine(client, table)
    assert trick(client, table, 1, 9, *HAND[9][:1], " ".join(HAND[9][1])).status_code == 303
    late = rest(ben, table, 9, 3)  # Ben saw trick 10 open, at version 0
    assert late.status_code == 409
    said = words(late)
    assert "Trick 10 of hand 1 was entered on another phone meanwhile: led by Dee" in said
    assert "The rest were not given to anyone" in said
    assert "Hand 1, trick 11 of 13" in said  # the form for the trick open now
    assert totals(client, table) == ["0", "0", "0", "0"]  # nothing stored


def test_a_second_claim_is_told_who_has_the_rest(app: Flask, client):
    table = hearts_table(client, entry="tricks")
    ben = seated(app, client, table, 1)
    nine(client, table)
    assert rest(client, table, 9, 2).status_code == 303
    late = rest(ben, table, 9, 3)
    assert late.status_code == 409
    assert "Another phone already gave the rest of hand 1 to Cy." in words(late)


def test_a_hand_ended_by_a_claim_imports_unchanged(client):
    table = hearts_table(client, entry="tricks")
    nine(client, table)
    assert rest(client, table, 9, 3).status_code == 303
    copied = round_trip(client, table)
    assert totals(client, copied) == totals(client, table) == ["1", "0", "4", "21"]


def test_a_trick_sent_after_the_rest_was_claimed_is_told_who_took_it(app: Flask, client):
    table = hearts_table(client, entry="tricks")
    ben = seated(app, client, table, 1)
    nine(client, table)
    assert rest(client, table, 9, 3).status_code == 303
    late = trick(ben, table, 1, 9, *HAND[9][:1], " ".join(HAND[9][1]))  # seen at version 0
    assert late.status_code == 409
    said = words(late)
    assert "Hand 1 is finished" in said
    assert "trick 10 of hand 1 is now part of the rest, which went to Dee" in said
    assert totals(client, table) == ["1", "0", "4", "21"]


def test_a_refused_claim_with_a_stray_edit_field_is_told_in_words(client):
    """Found by the forms fuzz: a refused claim whose form also carried ``edit`` drew the
    custom sheet's cell editor and failed with a 500."""
    table = hearts_table(client, entry="tricks")
    answer = post(client, f"{table}/hearts/1/rest", edit="0")
    assert answer.status_code == 422
    assert "The form does not say which trick it is" in words(answer)


def test_a_hearts_correction_and_the_custom_sheets_cell_editor_cannot_collide(app, client):
    """``edit`` is Hearts' word for a correction, in its refusal context; the table page's
    switch to the custom sheet's cell editor is ``cell_editor``. A Hearts page drawn with
    ``edit`` set shows the Hearts entry box, never the custom editor (which failed with a 500
    last time a stray ``edit`` reached it), and the page reads no ``edit`` of its own."""
    table = hearts_table(client, entry="tricks")
    with client.session_transaction() as kept:
        host = kept["phone"]
    with app.test_request_context(table):
        session["phone"] = host  # the host's phone, as the client's cookie says
        v = view_for(table.rsplit("/", 1)[-1])
        page = render_template("table.html", v=v, values={}, errors={}, edit=True, number=1)
    assert 'id="edit-form"' not in page and 'id="entry-box"' in page
    assert "Hand 1, trick 1 of 13" in plain(page)
    source = app.jinja_env.loader.get_source(app.jinja_env, "table.html")[0]
    read = meta.find_undeclared_variables(app.jinja_env.parse(source))
    assert "cell_editor" in read and "edit" not in read
