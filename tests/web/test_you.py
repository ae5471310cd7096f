"""A seated phone sees who it is, changes its own name and can leave its seat."""

from __future__ import annotations

import html

from tests.web.tablehelp import claim, csrf, enter, join_token, new_table, totals


def page(client, table: str) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(client.get(table).get_data(as_text=True))


def test_a_player_renames_themself_and_leaves_their_seat(app, client):
    table = new_table(client, **{"name-0": "Ann", "name-2": "Cy"})
    assert "You are Ann" not in page(client, table)  # the host holds no seat
    ben = app.test_client()
    assert claim(ben, join_token(client, table), 1, "Ben").status_code == 303
    assert "You are Ben, seat 2" in page(ben, table)
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})

    blank = ben.post(f"{table}/me/name", data={"csrf_token": csrf(ben, table), "name": "  "},
                     headers={"HX-Request": "true"})  # fmt: skip
    assert blank.status_code in (400, 422) and "Type a name" in blank.get_data(as_text=True)
    renamed = ben.post(f"{table}/me/name", data={"csrf_token": csrf(ben, table), "name": "Benny"},
                       headers={"HX-Request": "true"})  # fmt: skip
    assert renamed.status_code == 200 and "You are Benny, seat 2" in renamed.get_data(as_text=True)
    host_page = page(client, table)
    assert "Benny" in host_page and "is now Benny (was Ben)" in host_page

    left = ben.post(f"{table}/me/leave", data={"csrf_token": csrf(ben, table)})
    assert left.status_code == 303
    assert "You are Benny" not in page(ben, table) and "You are watching" in page(ben, table)
    assert totals(client, table) == ["5", "7", "3"]  # the scores stay
    assert "left seat 2" in page(client, table)
    other = app.test_client()  # the seat is open for another phone
    assert claim(other, join_token(client, table), 1, "Bo").status_code == 303


def test_a_phone_without_a_seat_cannot_rename_or_leave(client):
    table = new_table(client, **{"name-0": "Ann"})
    for url in ("me/name", "me/leave"):
        answer = client.post(
            f"{table}/{url}", data={"csrf_token": csrf(client, table), "name": "X"}
        )
        assert answer.status_code == 403
