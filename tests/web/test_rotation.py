"""Links that rotate for real (issue 12, finding 3): "Just watch" hands out the read-only
share link; "New links" changes the table, join and share links and the code, so the old
ones give 404 to watchers and freed phones, while seated phones and the host are sent on to
the new table link (a page, a live update, a form) and Table API keys keep working."""

from __future__ import annotations

import re

import pytest

from tests.web.tablehelp import claim, csrf, enter, join_token, new_table, totals


@pytest.fixture
def phones(app):
    return [app.test_client() for _ in range(4)]


def code_of(client, table: str) -> str:
    found = re.search(r"Code <strong>(\w+)</strong>", client.get(table).get_data(as_text=True))
    assert found
    return found.group(1)


def share_link(client, table: str) -> str:
    found = re.search(r'href="(/s/[A-Za-z0-9_-]+)"', client.get(table).get_data(as_text=True))
    assert found
    return found.group(1)


def test_just_watch_hands_out_the_share_link_not_the_table_link(phones):
    host, watcher, *_ = phones
    table = new_table(host)
    page = watcher.get(f"/j/{join_token(host, table)}").get_data(as_text=True)
    watch = re.search(r'href="([^"]+)">Just watch', page)
    assert watch and watch.group(1) == share_link(host, table)
    assert table not in page  # the table link (with the join code on it) is not handed out
    shared = watcher.get(watch.group(1)).get_data(as_text=True)
    assert code_of(host, table) not in shared


def rotate(host, table: str) -> str:
    answer = host.post(f"{table}/rotate", data={"csrf_token": csrf(host)})
    assert answer.status_code == 303
    moved = host.get(table)
    assert moved.status_code == 303
    return moved.headers["Location"]


def test_rotation_shuts_out_watchers_and_freed_phones(phones):
    host, seated, watcher, freed = phones
    table = new_table(host, **{"name-1": "", "name-2": ""})
    join = join_token(host, table)
    assert claim(seated, join, 1, "Bo").status_code == 303
    assert claim(freed, join, 2, "Cy").status_code == 303
    share, code = share_link(host, table), code_of(host, table)
    assert watcher.get(table).status_code == 200  # a watcher who kept the table link
    host.post(f"{table}/free/2", data={"csrf_token": csrf(host)})
    new = rotate(host, table)
    for phone in (watcher, freed):
        for link in (table, f"/j/{join}", share, f"{table}/live", f"{table}/stream"):
            assert phone.get(link).status_code == 404, link
    tried = watcher.post("/code", data={"csrf_token": csrf(watcher), "code": code})
    assert tried.status_code == 422
    assert code_of(host, new) != code
    # joining reopens: the freed phone needs the new join link
    host.post(f"{new}/lock", data={"csrf_token": csrf(host), "locked": "0"})
    assert claim(freed, join, 2, "Cy").status_code == 404
    assert claim(freed, join_token(host, new), 2, "Cy").status_code == 303


def test_seated_phones_are_sent_on_to_the_new_link(phones):
    host, seated, *_ = phones
    table = new_table(host, **{"name-1": ""})
    assert claim(seated, join_token(host, table), 1, "Bo").status_code == 303
    new = rotate(host, table)
    page = seated.get(table)
    assert page.status_code == 303 and page.headers["Location"] == new
    live = seated.get(f"{table}/live", headers={"HX-Request": "true"})
    assert live.status_code == 200 and live.headers["HX-Redirect"] == new
    stream = seated.get(f"{table}/stream")
    assert stream.status_code == 303 and stream.headers["Location"] == f"{new}/stream"
    sent = enter(seated, table, 1, {1: 7})  # a form still open on the old page
    assert sent.status_code == 307 and sent.headers["Location"] == f"{new}/round/1"
    assert enter(seated, new, 1, {1: 7}).status_code in (200, 303)
    assert totals(seated, new)[1] == "7"


def test_rotating_through_the_api_keeps_keys_and_moves_the_pages(app, client):
    created = client.post("/api/v1/tables", json={"game": "custom", "names": ["Ann", ""]}).json
    key = {"Authorization": f"Bearer {created['host_key']}"}
    watcher = app.test_client()
    old = created["links"]
    assert watcher.get(old["share"]).status_code == 200
    rotated = client.post("/api/v1/table/host", json={"action": "rotate"}, headers=key)
    assert rotated.status_code == 200
    for link in old.values():
        assert watcher.get(link).status_code == 404, link
    assert client.get("/api/v1/table", headers=key).status_code == 200
    assert watcher.get(rotated.json["links"]["share"]).status_code == 200
