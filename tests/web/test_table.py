"""The table shell through Flask's test client, on SQLite and PostgreSQL."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.web.tablehelp import csrf, enter, new_table, totals


def test_start_table_and_enter_a_round(client):
    table = new_table(client)
    assert re.fullmatch(r"/t/[A-Za-z0-9_-]{22}", table)
    assert enter(client, table, 1, {0: 5, 1: 7, 2: -3}).status_code == 303
    assert totals(client, table) == ["5", "7", "-3"]
    assert enter(client, table, 2, {0: 1, 1: 1, 2: 1}).status_code == 303
    assert totals(client, table) == ["6", "8", "-2"]


def test_round_waits_for_missing_seats_and_names_them(client):
    table = new_table(client)
    enter(client, table, 1, {0: 5})
    live = client.get(f"{table}/live").get_data(as_text=True)
    assert "Waiting for: Ben, Cy" in live
    # the next round cannot be entered before this one is complete
    assert enter(client, table, 2, {0: 1}).status_code == 422


def test_dealer_rotates_each_round(client):
    table = new_table(client)
    page = client.get(f"{table}/live").get_data(as_text=True)
    assert "Ann deals" in page
    enter(client, table, 1, {0: 1, 1: 2, 2: 3})
    assert "Ben deals" in client.get(f"{table}/live").get_data(as_text=True)


@pytest.mark.parametrize(
    "typed, message",
    [
        ("abc", "is not a score"),
        ("", "Enter at least one score"),
        ("12.5", "is not a score"),
        ("99999999999", "between"),
    ],
)
def test_bad_score_is_refused_with_input_kept_and_nothing_stored(client, typed, message):
    table = new_table(client)
    answer = enter(client, table, 1, {0: typed})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert message in body
    if typed:
        assert f'value="{typed}"' in body
    assert totals(client, table) == ["0", "0", "0"]


def test_one_bad_field_stores_nothing_of_the_round(client):
    table = new_table(client)
    answer = enter(client, table, 1, {0: 4, 1: "x", 2: 6})
    assert answer.status_code == 422
    assert totals(client, table) == ["0", "0", "0"]


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"players": "1"}, "between 2 and 10"),
        ({"players": "11"}, "between 2 and 10"),
        ({"players": "many"}, "whole number"),
        ({"name-0": "x" * 10_000}, "too long"),
        ({"target": "-5"}, "between"),
        ({"game": "chess"}, "no game called"),
    ],
)
def test_bad_new_table_form_is_shown_again(client, fields, message):
    data = {"players": "3", "name-0": "Ann", "csrf_token": csrf(client), **fields}
    answer = client.post("/tables", data=data)
    assert answer.status_code in (400, 422)
    assert message in answer.get_data(as_text=True)
    if "name-0" in fields:
        assert 'value="Ann"' not in answer.get_data(as_text=True)


def test_names_are_escaped_everywhere(client):
    table = new_table(client, **{"name-0": "<script>alert(1)</script>"})
    for url in (table, f"{table}/live"):
        body = client.get(url).get_data(as_text=True)
        assert "<script>alert(1)" not in body
        assert "&lt;script&gt;" in body


def test_correction_recomputes_totals_and_is_logged(client):
    table = new_table(client)
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    enter(client, table, 2, {0: 1, 1: 1, 2: 1})
    answer = enter(client, table, 1, {1: 9}, **{"version-1": 1, "edit": 1})
    assert answer.status_code == 303
    assert totals(client, table) == ["6", "10", "4"]
    live = client.get(f"{table}/live").get_data(as_text=True)
    assert "round 1, Ben 9 (was 7)" in live


def test_stale_version_is_told_with_latest_values_and_input_kept(client):
    table = new_table(client)
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    assert enter(client, table, 1, {0: 8}, **{"version-0": 1, "edit": 1}).status_code == 303
    late = enter(client, table, 1, {0: 2}, **{"version-0": 1, "edit": 1})
    body = late.get_data(as_text=True)
    assert late.status_code == 409
    assert "changed on another phone" in body
    assert 'value="2"' in body  # their input is kept
    assert "now 8" in body  # the latest value is shown
    assert totals(client, table)[0] == "8"


def test_undo_takes_back_the_last_change_as_a_new_event(client):
    table = new_table(client)
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    enter(client, table, 1, {0: 50}, **{"version-0": 1, "edit": 1})
    assert totals(client, table)[0] == "50"
    answer = client.post(f"{table}/undo", data={"csrf_token": csrf(client, table)})
    assert answer.status_code == 303
    assert totals(client, table)[0] == "5"
    history = client.get(f"{table}/live").get_data(as_text=True)
    assert "undid round 1, Ann: 50 back to 5" in history
    assert "round 1, Ann 50 (was 5)" in history  # nothing deleted


def test_the_undo_button_names_what_it_would_take_back(client):
    table = new_table(client)
    assert "Takes back" not in client.get(table).get_data(as_text=True)  # nothing yet
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    page = html.unescape(client.get(table).get_data(as_text=True))
    assert "Takes back Host's save of round 1" in page
    enter(client, table, 1, {0: 50}, **{"version-0": 1, "edit": 1})
    page = html.unescape(client.get(table).get_data(as_text=True))
    assert "Takes back Host's change: round 1, Ann 50 (was 5)" in page


def test_game_ends_at_target_and_play_again_keeps_seats(client):
    table = new_table(client, target=10)
    enter(client, table, 1, {0: 4, 1: 11, 2: 2})
    live = client.get(f"{table}/live").get_data(as_text=True)
    assert "Cy wins" in live  # lowest wins by default
    assert enter(client, table, 2, {0: 1}).status_code == 422
    again = client.post(f"{table}/new-game", data={"csrf_token": csrf(client, table)})
    assert again.status_code == 303
    assert totals(client, table) == ["0", "0", "0"]
    assert "Ben deals" in client.get(f"{table}/live").get_data(as_text=True)
    old = client.get(f"{table}/games/1").get_data(as_text=True)
    assert "Cy wins" in old


def test_round_limit_and_shared_win(client):
    table = new_table(client, rounds=2, high_wins=1)
    enter(client, table, 1, {0: 5, 1: 5, 2: 1})
    assert "wins" not in client.get(f"{table}/live").get_data(as_text=True)
    enter(client, table, 2, {0: 1, 1: 1, 2: 1})
    live = client.get(f"{table}/live").get_data(as_text=True)
    assert "Shared win: Ann, Ben" in live and "2 rounds played" in live
    one = new_table(client, rounds=1)
    enter(client, one, 1, {0: 5, 1: 4, 2: 1})
    assert "Cy wins with 1; 1 round played." in client.get(f"{one}/live").get_data(as_text=True)


def test_tie_play_off_goes_on_until_one_leads(client):
    table = new_table(client, rounds=1, play_off_ties=1)
    enter(client, table, 1, {0: 1, 1: 1, 2: 5})
    live = client.get(f"{table}/live").get_data(as_text=True)
    assert "play another round" in live
    enter(client, table, 2, {0: 1, 1: 0, 2: 0})
    assert "Ben wins" in client.get(f"{table}/live").get_data(as_text=True)


def test_chart_is_an_svg_drawn_on_the_server(client):
    table = new_table(client)
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    live = client.get(f"{table}/live").get_data(as_text=True)
    assert live.count("<polyline") == 3


def test_export_csv_and_json_import_gives_the_same_result(client):
    table = new_table(client)
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    enter(client, table, 2, {0: 1, 1: 2, 2: 3})
    enter(client, table, 1, {2: 30}, **{"version-2": 1, "edit": 1})
    client.post(f"{table}/undo", data={"csrf_token": csrf(client, table)})
    csv_text = client.get(f"{table}/games/1/export.csv").get_data(as_text=True)
    assert csv_text.startswith("\ufeff")  # a BOM, so Excel reads UTF-8
    assert csv_text.splitlines()[0] == "\ufeffround,dealer,Ann,Ben,Cy"
    assert csv_text.splitlines()[-1] == "total,,6,9,6"
    exported = client.get(f"{table}/games/1/export.json").get_data()
    data = {"csrf_token": csrf(client), "file": (__import__("io").BytesIO(exported), "g.json")}
    answer = client.post("/import", data=data, content_type="multipart/form-data")
    assert answer.status_code == 303
    copy = answer.headers["Location"]
    assert copy != table
    assert totals(client, copy) == ["6", "9", "6"]


@pytest.mark.parametrize(
    "content", [b"not json", b"{}", b'{"format": "companion-game", "game": 3}', b"\xff\xfe"]
)
def test_bad_import_is_refused_and_stores_nothing(client, app, content):
    from companion.extensions import db
    from companion.tables.models import Table

    data = {"csrf_token": csrf(client), "file": (__import__("io").BytesIO(content), "g.json")}
    answer = client.post("/import", data=data, content_type="multipart/form-data")
    assert answer.status_code == 422
    with app.app_context():
        assert db.session.query(Table).count() == 0


def test_import_with_broken_events_stores_nothing(client, app):
    from companion.extensions import db
    from companion.tables.models import Table

    table = new_table(client)
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    exported = json.loads(client.get(f"{table}/games/1/export.json").get_data())
    exported["events"][1]["payload"]["seat"] = 7
    body = json.dumps(exported).encode()
    data = {"csrf_token": csrf(client), "file": (__import__("io").BytesIO(body), "g.json")}
    answer = client.post("/import", data=data, content_type="multipart/form-data")
    assert answer.status_code == 422
    with app.app_context():
        assert db.session.query(Table).count() == 1


def test_the_table_share_and_tv_pages_each_have_one_main_heading(client):
    """Screen readers jump to a page's h1: the table page, its read-only page and the TV view
    each have exactly one, the game and its number."""
    table = new_table(client)
    page = client.get(table).get_data(as_text=True)
    share = re.search(r'href="(/s/[^"]+)"', page).group(1)
    tv = re.search(r'href="(/tv/[^"]+)"', page).group(1)
    for url in (table, share, tv):
        shown = client.get(url).get_data(as_text=True)
        headings = re.findall(r"<h1[^>]*>(.*?)</h1>", shown, re.S)
        assert len(headings) == 1, (url, headings)
        assert "Custom" in headings[0] and "game 1" in headings[0], (url, headings)


def test_the_tv_gets_its_join_box_again_only_when_joining_changed(client):
    table = new_table(client)
    page = client.get(table).get_data(as_text=True)
    share = re.search(r'href="/s/([^"]+)"', page).group(1)
    tv = client.get(f"/tv/{share}").get_data(as_text=True)
    key = re.search(r'id="tv-join-key" name="join" value="([^"]+)"', tv).group(1)
    same = client.get(f"/s/{share}/live?tv=1&join={key}").get_data(as_text=True)
    assert "tv-join-slot" not in same
    client.post(f"{table}/lock", data={"csrf_token": csrf(client), "locked": "1"})
    locked = client.get(f"/s/{share}/live?tv=1&join={key}").get_data(as_text=True)
    assert 'id="tv-join-slot" hx-swap-oob="true"' in locked
    assert "tv-join-key" in locked and 'id="tv-join"' not in locked  # the box goes
    plain = client.get(f"/s/{share}/live?join={key}").get_data(as_text=True)
    assert "tv-join-slot" not in plain  # the read-only page has no join box to follow


def _form_fields(html_text: str, form_id: str) -> dict[str, str]:
    """The named inputs of one form on a page, as a phone would send them."""
    form = re.search(rf'<form[^>]*id="{form_id}".*?</form>', html_text, re.S).group(0)
    fields = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name:
            fields[name.group(1)] = html.unescape(value.group(1)) if value else ""
    return fields


def test_a_correction_left_open_from_a_finished_game_never_changes_the_next_one(client):
    table = new_table(client, target=10)
    enter(client, table, 1, {0: 4, 1: 11, 2: 2})  # game 1 ends
    edit = client.get(f"{table}/cell/1/0", headers={"HX-Request": "true"}).get_data(as_text=True)
    fields = _form_fields(edit, "edit-form")
    assert fields["game"] == "1"
    client.post(f"{table}/new-game", data={"csrf_token": csrf(client, table)})
    assert enter(client, table, 1, {0: 2, 1: 3, 2: 1}).status_code == 303  # game 2, round 1
    fields["points-0"] = "7"
    late = client.post(f"{table}/round/1", data=fields, headers={"HX-Request": "true"})
    assert late.status_code == 409
    assert "Game 1 is over: this table is playing game 2 now" in late.get_data(as_text=True)
    assert totals(client, table) == ["2", "3", "1"]  # game 2 as entered
    assert "Cy wins" in client.get(f"{table}/games/1").get_data(as_text=True)  # game 1 as it was
    # a cell tapped on game 1's sheet, still on a phone that missed the new game: refused
    old_cell = client.get(f"{table}/cell/1/0?game=1", headers={"HX-Request": "true"})
    assert old_cell.status_code == 409 and "Game 1 is over" in old_cell.get_data(as_text=True)
    assert f'href="{table}/cell/1/0?game=2"' in client.get(f"{table}/live").get_data(as_text=True)
    # "Play again" from a second phone that still shows game 1: it goes to game 2, no game 3
    again = client.post(f"{table}/new-game", data={"csrf_token": csrf(client), "game": "1"})
    assert again.status_code == 303 and again.headers["Location"].endswith(table)
    shown = client.get(table).get_data(as_text=True)
    assert "game 2" in shown and "game 3" not in shown
    # a phone moved on to game 2 by a live update says so in its bar too
    moved = client.get(f"{table}/live", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert re.search(r'id="bar-title" hx-swap-oob="true">[^<]*· game 2</h1>', moved)
    # reads are not corrections: the sheet and an export ignore a stray ?game=
    assert client.get(f"{table}/live?game=1").status_code == 200
    assert client.get(f"{table}/games/1/export.csv?game=9").status_code == 200
    # a form whose game cannot be read, or names a game never played: said so, nothing stored
    for bad, words in (("abc", "does not say which game"), ("7", "which this table has not")):
        odd = client.post(f"{table}/round/1", data={**fields, "game": bad},
                          headers={"HX-Request": "true"})  # fmt: skip
        assert odd.status_code in (400, 422) and words in odd.get_data(as_text=True), bad
    assert totals(client, table) == ["2", "3", "1"]
    fields["game"] = "2"  # the same change drawn in game 2 goes through
    assert client.post(f"{table}/round/1", data=fields).status_code in (200, 303)
    assert totals(client, table) == ["7", "3", "1"]


TABLE_LEVEL = re.compile(r"/(lock|free/\d+|rotate|me/name|me/leave)$")


@pytest.mark.parametrize("game", ["custom", "hearts", "consonants", "alphagrams",
                                  "follow-the-author"])  # fmt: skip
def test_every_form_that_changes_a_game_names_the_game_it_was_drawn_for(client, game):
    players = "2" if game == "follow-the-author" else "4"
    table = new_table(client, game=game, players=players, **{"name-3": "Dee"})
    page = client.get(table).get_data(as_text=True)
    forms = re.findall(r'<form method="post" action="([^"]+)"(.*?)</form>', page, re.S)
    changes = [(a, body) for a, body in forms if a.startswith(table) and not TABLE_LEVEL.search(a)]
    assert changes, "no form changes this game"
    for action, body in changes:
        assert '<input type="hidden" name="game" value="1">' in body, action
