""" "The rest go to <name>" in Consonants through the pages (issue 23): offered under the trick
form once a trick is in, one post gives the claimer every card not played (the kitty with the
last trick), the words follow, a claim that lost its trick to another phone is refused in words
and nothing is stored, and the history and undo know it."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.tablehelp import totals
from tests.web.test_consonants_table import (
    DECK_POINTS,
    _trick,
    close,
    cons_table,
    entry,
    plain,
    post,
    seated,
    words,
)

TRICKS = [(0, "J K Q V"), (1, "X Z T T")]  # Dee takes the first (V), Cy the second (Z)


def rest(client: FlaskClient, table: str, index: int, seat: int, version: int = 0) -> Any:
    return post(client, f"{table}/cons/1/rest", trick=index, seat=seat, version=version)


def two_tricks(client: FlaskClient, table: str) -> None:
    for i, (leader, cards) in enumerate(TRICKS):
        assert _trick(client, table, leader, cards, i).status_code == 303


def raw_entry(client: FlaskClient, table: str) -> str:
    return client.get(f"{table}/entry").get_data(as_text=True)


def test_the_rest_is_offered_once_a_trick_is_in_and_one_post_gives_every_card_left(client):
    table = cons_table(client, entry="tricks")
    assert 'id="rest-form"' not in raw_entry(client, table)  # nothing to claim after yet
    two_tricks(client, table)
    box = raw_entry(client, table)
    assert 'id="rest-form"' in box and 'aria-label="The rest go to Ben"' in box
    form = re.search(r'<form[^>]*id="rest-form".*?</form>', box, re.S)
    assert form and 'name="trick" value="2"' in form.group(0)
    answer = rest(client, table, 2, 1)
    assert answer.status_code == 303, words(answer)[:400]
    text = entry(client, table)
    assert "Ben took every trick from trick 3 on, the kitty too." in text
    assert 'id="trick-form"' not in raw_entry(client, table)  # the hand's cards are all in
    assert 'id="rest-form"' not in raw_entry(client, table)
    # the words are next: Ben lays REST from the cards he now holds, then the table closes
    laid = post(client, f"{table}/cons/1/words", seat=1, words="REST", version=0)
    assert laid.status_code == 303, words(laid)[:400]
    close(client, table)
    assert totals(client, table) == ["0", str(DECK_POINTS - 122 - 3), "42", "80"]
    history = plain(client.get(f"{table}/live").get_data(as_text=True))
    assert "the rest go to Ben (tricks 3 on)" in history


def test_a_claim_whose_trick_another_phone_entered_is_refused_and_nothing_is_stored(
    app: Flask, client
):
    table = cons_table(client, entry="tricks")
    ben = seated(app, client, table, 1)
    two_tricks(client, table)
    assert _trick(client, table, 2, "S S S R", 2).status_code == 303
    late = rest(ben, table, 2, 1)  # Ben saw trick 3 open, at version 0
    assert late.status_code == 409
    said = words(late)
    assert "Trick 3 was saved on another phone meanwhile (below). The rest were not given to " \
        "Ben: look at trick 3, then decide again. This form is for trick 4." in said  # fmt: skip
    assert "took every trick" not in entry(client, table)


def test_a_claim_is_refused_before_any_trick_and_undo_takes_it_back(client):
    table = cons_table(client, entry="tricks")
    early = rest(client, table, 0, 1)
    assert early.status_code in (409, 422)
    assert "Enter the first trick before giving the rest to a player." in words(early)
    two_tricks(client, table)
    assert rest(client, table, 2, 3).status_code == 303
    assert "Dee took every trick from trick 3 on" in entry(client, table)
    assert 'id="undo-form"' in raw_entry(client, table)
    answer = post(client, f"{table}/undo")
    assert answer.status_code == 303, words(answer)[:300]
    text = entry(client, table)
    assert "took every trick" not in text and "Hand 1, trick 3 of 18" in text
