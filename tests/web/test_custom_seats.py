"""The host adds and removes seats of a custom sheet, through the table protocol: the page
forms and the Table API alike, each naming the seats' version it saw (stale: 409)."""

from __future__ import annotations

import html
import json
import re

from tests.web.tablehelp import claim, csrf, enter, join_token, new_table, totals


def heads(client, table: str) -> list[str]:
    text = client.get(f"{table}/live").get_data(as_text=True)
    found = re.findall(r'<th scope="col" class="seat-head[^"]*">(.*?)</th>', text)
    return [_name(h) for h in found]


def _name(head: str) -> str:
    """A seat head's name, without its dot and the leader's mark."""
    return re.sub(r"<svg.*?</svg>|<[^>]+>|★", "", head, flags=re.S).strip()


def add(client, table: str, name: str, version: int):
    data = {"csrf_token": csrf(client), "name": name, "version": str(version)}
    return client.post(f"{table}/seats/add", data=data)


def remove(client, table: str, seat: int, version: int):
    data = {"csrf_token": csrf(client), "version": str(version)}
    return client.post(f"{table}/seats/{seat}/remove", data=data)


def test_the_host_adds_a_seat_mid_game_and_a_stale_form_is_refused(app):
    host = app.test_client()
    table = new_table(host)
    assert enter(host, table, 1, {0: 5, 1: 7, 2: 1}).status_code == 303
    page = host.get(table).get_data(as_text=True)
    assert 'action="' + table + '/seats/add"' in page and "Add a seat" in page
    assert add(host, table, "Dee", 0).status_code == 303
    assert heads(host, table) == ["Ann", "Ben", "Cy", "Dee"]
    assert totals(host, table) == ["5", "7", "1", "0"]  # Dee: 0 in the round already played
    # a second form drawn before that change names version 0: refused, nothing stored
    stale = add(host, table, "Eve", 0)
    assert stale.status_code == 409
    assert "The seats changed a moment ago" in stale.get_data(as_text=True)
    assert heads(host, table) == ["Ann", "Ben", "Cy", "Dee"]
    # Dee's phone can sit down, and round 2 waits for her
    guest = app.test_client()
    assert claim(guest, join_token(host, table), 3).status_code == 303
    assert enter(guest, table, 2, {3: 4}).status_code == 303
    assert totals(host, table) == ["5", "7", "1", "4"]
    history = host.get(table).get_data(as_text=True)
    assert "added seat 4 for Dee" in history


def test_only_a_seat_without_scores_is_removed_and_the_others_keep_theirs(app):
    host = app.test_client()
    table = new_table(host, players=4, **{"name-3": "Dee"})
    assert enter(host, table, 1, {0: 5, 2: 4, 3: 9}).status_code == 303
    page = host.get(table).get_data(as_text=True)
    admin = page[page.index('id="seat-admin-0"') :]
    assert "Remove Ben's seat now" in admin  # asked first, inside a details box
    assert "Has scores in this game: the seat stays" in admin.split('id="seat-admin-1"')[0]
    refused = remove(host, table, 0, 0)
    assert refused.status_code == 422
    assert remove(host, table, 1, 0).status_code == 303
    assert heads(host, table) == ["Ann", "Cy", "Dee"]
    assert totals(host, table) == ["5", "4", "9"]  # round 1 is now complete
    assert "Round <strong>2</strong>" in host.get(f"{table}/live").get_data(as_text=True)
    # Cy (now seat 2) corrects his round 1 score naming the version he saw (1)
    fixed = enter(host, table, 1, {1: 6}, **{"version-1": 1, "edit": 1})
    assert fixed.status_code == 303, fixed.get_data(as_text=True)[:400]
    assert totals(host, table) == ["5", "6", "9"]
    # a phone that is not the host may not
    other = app.test_client()
    other.get(table)
    assert remove(other, table, 1, 1).status_code == 403


def test_the_table_api_changes_seats_too(client):
    created = client.post(
        "/api/v1/tables", json={"game": "custom", "names": ["Ann", "Ben", ""], "options": {}}
    ).json
    key = {"Authorization": f"Bearer {created['host_key']}"}

    def act(kind, target, version, data=None):
        body = {"action": kind, "target": target, "version": version, "data": data or {}}
        return client.post("/api/v1/table/actions", json=body, headers=key)

    assert act("add-seat", {}, 0, {"name": "Dee"}).status_code == 200
    assert act("remove-seat", {"seat": 2}, 0).status_code == 409  # names a stale version
    assert act("remove-seat", {"seat": 2}, 1).status_code == 200
    state = client.get("/api/v1/table", headers=key).json
    assert [s["name"] for s in state["seats"]] == ["Ann", "Ben", "Dee"]
    assert state["state"]["seats"] == 3 and state["state"]["seats_version"] == 2
    listed = client.get("/api/v1/openapi.json").get_data(as_text=True)
    assert "add-seat" in listed and "remove-seat" in listed


def test_the_next_game_starts_with_the_seats_the_table_has_now(app):
    host = app.test_client()
    table = new_table(host, rounds=1)
    assert add(host, table, "Dee", 0).status_code == 303
    assert enter(host, table, 1, {0: 1, 1: 2, 2: 3, 3: 4}).status_code == 303
    assert "wins with" in host.get(f"{table}/live").get_data(as_text=True)
    again = host.post(f"{table}/new-game", data={"csrf_token": csrf(host)})
    assert again.status_code == 303
    assert heads(host, table) == ["Ann", "Ben", "Cy", "Dee"]
    assert enter(host, table, 1, {0: 4, 1: 3, 2: 2, 3: 1}).status_code == 303
    assert totals(host, table) == ["4", "3", "2", "1"]
    # the finished first game still reads as it was played (four columns)
    old = host.get(f"{table}/games/1").get_data(as_text=True)
    assert old.count('<td class="total"') == 4


def test_a_game_whose_seats_changed_exports_and_imports_unchanged(app):
    from tests.web.test_import_bounds import post, same

    host = app.test_client()
    table = new_table(host, players=4, **{"name-3": "Dee"})
    assert enter(host, table, 1, {0: 5, 2: 4, 3: 9}).status_code == 303
    assert remove(host, table, 1, 0).status_code == 303  # Ben had no score
    assert add(host, table, "Eve", 1).status_code == 303  # Eve: 0 in round 1
    assert enter(host, table, 2, {0: 1, 1: 2, 2: 3, 3: 4}).status_code == 303
    exported = host.get(f"{table}/games/1/export.json").get_data()
    answer = post(host, exported)
    assert answer.status_code == 303, answer.get_data(as_text=True)[-800:]
    copy = answer.headers["Location"]
    assert heads(host, copy) == ["Ann", "Cy", "Dee", "Eve"]
    assert totals(host, copy) == totals(host, table) == ["6", "6", "12", "4"]
    again = host.get(f"{copy}/games/1/export.json").get_json()
    assert same(json.loads(exported)["events"]) == same(again["events"])


def test_an_older_game_keeps_its_own_seats_after_later_changes(app):
    host = app.test_client()
    table = new_table(host, rounds=1)
    assert enter(host, table, 1, {0: 1, 1: 2, 2: 3}).status_code == 303
    assert host.post(f"{table}/new-game", data={"csrf_token": csrf(host)}).status_code == 303
    assert remove(host, table, 1, 0).status_code == 303
    assert add(host, table, "Eve", 1).status_code == 303
    assert heads(host, table) == ["Ann", "Cy", "Eve"]
    old = host.get(f"{table}/games/1").get_data(as_text=True)
    found = re.findall(r'<th scope="col" class="seat-head[^"]*">(.*?)</th>', old)
    assert [_name(h) for h in found] == ["Ann", "Ben", "Cy"]
    assert "Cy wins with 3" not in old and "Ann wins with 1" in old


def test_a_live_update_brings_the_seats_part_only_when_the_seats_changed(app):
    host, guest = app.test_client(), app.test_client()
    table = new_table(host, **{"name-2": ""})
    key = re.search(r'id="seats-key" name="seats" value="([^"]*)"', host.get(table).text)
    assert key
    assert 'id="host-slot"' not in host.get(f"{table}/live?seats={key.group(1)}").text
    assert claim(guest, join_token(host, table), 2, "Cy").status_code == 303
    seen_by_guest = re.search(r'id="seats-key" name="seats" value="([^"]*)"', guest.get(table).text)
    assert seen_by_guest
    update = host.get(f"{table}/live?seats={key.group(1)}").text
    assert 'id="host-slot" hx-swap-oob="true"' in update
    assert re.search(r"<strong>Cy</strong>:\s*a phone sits here", update)  # the host's card
    assert remove(host, table, 1, 0).status_code == 303
    moved = guest.get(f"{table}/live?seats={seen_by_guest.group(1)}").text
    assert 'id="you-slot" hx-swap-oob="true"' in moved and "You are Cy, seat 2" in moved
    assert 'id="host-slot" hx-swap-oob="true"></div>' in moved  # no host card for a guest


def test_a_score_form_drawn_before_a_seat_change_saves_nothing(app):
    host = app.test_client()
    table = new_table(host)
    assert remove(host, table, 1, 0).status_code == 303  # Ben goes: Cy is seat 2 now
    # the host's form from before named Cy's box "points-2" (now no seat) and Ben's "points-1"
    stale = enter(host, table, 1, {1: 8}, **{"seats-version": 0})
    assert stale.status_code == 409
    assert "The seats changed since this form was drawn" in stale.get_data(as_text=True)
    assert "You had typed: 8." in stale.get_data(as_text=True)  # said, not lost
    assert totals(host, table) == ["0", "0"]
    assert enter(host, table, 1, {1: 8}, **{"seats-version": 1}).status_code == 303
    assert totals(host, table) == ["0", "8"]


def test_the_openapi_description_names_the_seat_actions_and_where_they_go(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    actions = spec["paths"]["/api/v1/table/actions"]["post"]["summary"]
    assert "custom `add-seat`" in actions and "custom `remove-seat`" in actions
    assert "add-seat" in spec["paths"]["/api/v1/table/host"]["post"]["summary"]


def test_a_seat_change_redraws_an_idle_phones_score_form(app):
    """An idle phone's boxes are redrawn when a seat is added or removed (its entry key
    changes), so its next save is for the seats as they are, not refused."""
    host, guest = app.test_client(), app.test_client()
    table = new_table(host, **{"name-2": ""})
    assert claim(guest, join_token(host, table), 2, "Cy").status_code == 303
    page = guest.get(table).text
    key = re.search(r'id="entry-key" name="key" value="([^"]*)"', page)
    assert key
    assert 'hx-swap-oob="innerHTML"' not in guest.get(f"{table}/live?key={key.group(1)}").text
    add = host.post(f"{table}/seats/add", data={"csrf_token": csrf(host), "name": "Dee",
                    "version": 0})  # fmt: skip
    assert add.status_code in (200, 303)
    update = guest.get(f"{table}/live?key={key.group(1)}").text
    assert "hx-swap-oob" in update and 'name="seats-version" value="1"' in update


def test_history_and_undo_name_the_seat_a_line_was_about_then(app):
    """Lines written before a seat was removed name the players they were about then, not
    whoever sits at that place now."""
    host = app.test_client()
    table = new_table(host, players=4, **{"name-3": "Dee"})
    assert enter(host, table, 1, {0: 5, 2: 4, 3: 9}).status_code == 303
    assert enter(host, table, 1, {2: 7}, **{"version-2": 1, "edit": 1}).status_code == 303
    assert remove(host, table, 1, 0).status_code == 303  # Ben goes: Cy moves to place 2
    live = html.unescape(host.get(f"{table}/live").get_data(as_text=True))
    lines = re.findall(r"<li>\d\d:\d\d:\d\d ([^<]*)</li>", live)
    assert "Host: round 1, Cy 7 (was 4)" in lines, lines
    assert "Host: round 1, Cy 4" in " | ".join(lines) and "Dee 9" in " | ".join(lines), lines
    assert not any("Dee 7" in line or "Dee 4" in line for line in lines), lines
