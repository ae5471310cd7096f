"""Every refusal is visible on the phone that made it (DESIGN.md, table protocol rule 3).

htmx requests get a small notice aimed at the page's ``#refusal`` area (``HX-Retarget``),
other requests a full page, ``/api/`` JSON; a route's own form-with-errors (409/422) is left
alone. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import Forbidden, NotFound

from companion.web.errors import GENERIC, plain_message
from tests.web.tablehelp import claim, csrf, enter, join_token, new_table

# how a refusal is shown (htmx notice, page, fragment): the same on either database
pytestmark = pytest.mark.one_database

HX = {"HX-Request": "true"}
UNDO_REFUSED = "Only the host, or the phone whose change it was, can undo the last change."


def words(answer) -> str:  # type: ignore[no-untyped-def]
    """The words a player reads: tags dropped, entities decoded, spaces collapsed."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True)))
    return " ".join(text.split())


def guest_at(app: Flask, host: FlaskClient, table: str, seat: int = 1) -> FlaskClient:
    guest = app.test_client()
    assert claim(guest, join_token(host, table), seat).status_code == 303
    return guest


def refused_undo(app: Flask, client: FlaskClient, headers: dict[str, str]):  # type: ignore[no-untyped-def]
    """The host enters a score; a second seated phone asks to undo it."""
    table = new_table(client)
    guest = guest_at(app, client, table)
    assert enter(client, table, 1, {0: 4}).status_code == 303
    answer = guest.post(f"{table}/undo", data={"csrf_token": csrf(guest)}, headers=headers)
    return table, answer


def assert_notice(answer, status: int, message: str) -> None:  # type: ignore[no-untyped-def]
    body = answer.get_data(as_text=True)
    assert answer.status_code == status
    assert answer.headers["HX-Retarget"] == "#refusal"
    assert answer.headers["HX-Reswap"] == "innerHTML"
    assert "HX-Request" in answer.headers["Vary"]
    assert message in words(answer)
    assert 'role="alert"' in body
    assert 'data-close="refusal"' in body  # the notice can be dismissed
    assert "<html" not in body and "<main" not in body  # a fragment, not a page


def test_htmx_undo_refusal_is_a_notice_with_the_real_words(app, client):
    _, answer = refused_undo(app, client, HX)
    assert_notice(answer, 403, UNDO_REFUSED)
    assert GENERIC[403] not in words(answer)


def test_plain_undo_refusal_is_a_full_page_with_a_way_back(app, client):
    table, answer = refused_undo(app, client, {})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 403
    assert body.lstrip().lower().startswith("<!doctype html>")
    assert UNDO_REFUSED in words(answer)
    assert f'href="{table}"' in body and "Back to the table" in body
    assert "HX-Retarget" not in answer.headers


def test_a_history_restore_gets_the_whole_page(app, client):
    _, answer = refused_undo(app, client, {**HX, "HX-History-Restore-Request": "true"})
    assert answer.status_code == 403
    assert "<main" in answer.get_data(as_text=True)
    assert "HX-Retarget" not in answer.headers


def test_a_message_starting_with_the_comes_through(client):
    table = new_table(client, game="alphagrams", players=2, **{"name-0": "Ann", "name-1": "Ben"})
    answer = client.get(f"{table}/ag/helper?cards=TEAMS", headers=HX)
    assert_notice(answer, 403, "The helper opens when the game is over")
    page = client.get(f"{table}/ag/helper?cards=TEAMS")
    assert "The helper opens when the game is over" in words(page)


@pytest.mark.parametrize(
    "err, expected",
    [
        (Forbidden("The seat is taken."), "The seat is taken."),
        (Forbidden("You are not seated here."), "You are not seated here."),
        (Forbidden(), GENERIC[403]),  # werkzeug's own words are replaced by plain ones
        (NotFound(), GENERIC[404]),
        (Forbidden(""), GENERIC[403]),
    ],
)
def test_plain_message_keeps_every_real_description(err, expected):
    assert plain_message(err.code or 500, err) == expected


def test_moon_choice_refusal_is_a_notice(app, client):
    names = {f"name-{i}": n for i, n in enumerate(["Ann", "Ben", "Cy", "Dee"])}
    table = new_table(client, game="hearts", players=4, **names)
    answer = client.post(
        f"{table}/hearts/1/moon",
        data={"choice": "add", "version": "0", "csrf_token": csrf(client)},
        headers=HX,
    )
    assert_notice(answer, 422, "Hand 1 has no moon waiting for a choice.")


def test_a_forms_own_422_still_rerenders_the_form_with_the_input_kept(client):
    table = new_table(client)
    data = {"points-0": "abc", "version-0": "0", "csrf_token": csrf(client)}
    answer = client.post(f"{table}/round/1", data=data, headers=HX)
    body = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert "HX-Retarget" not in answer.headers  # it goes where the form aimed it
    assert 'id="entry-form"' in body and 'value="abc"' in body
    assert "is not a score" in body


def test_a_missing_page_asked_by_htmx_is_a_notice_and_api_stays_json(client):
    answer = client.get("/t/no-such-table-here-at-all/live", headers=HX)
    assert_notice(answer, 404, "There is no table at this link.")
    api = client.get("/api/v1/no-such-thing", headers=HX)
    assert api.status_code == 404
    assert api.is_json and api.get_json()["error"]
    assert "HX-Retarget" not in api.headers


def test_every_page_has_the_refusal_area_and_htmx_swaps_refusals_into_it(client):
    table = new_table(client)
    page = client.get(table).get_data(as_text=True)
    area = page.index('id="refusal"')
    # outside what live updates redraw (#live and #entry-box, both inside <main>)
    assert area > page.index("</main>")
    meta = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", page)
    assert meta
    rules = json.loads(meta.group(1))["responseHandling"]

    def rule(status: int) -> dict:
        return next(r for r in rules if re.fullmatch(r["code"], str(status)))

    for status in (409, 422):  # the routes' own forms-with-errors swap where they aimed
        assert rule(status)["swap"] is True and "target" not in rule(status)
    for status in (400, 403, 404, 429, 500):
        assert rule(status)["swap"] is True and rule(status)["target"] == "#refusal"
