"""Contract points of the Table API (issue 20, item 5), on SQLite and PostgreSQL: ``version``
counts this table's changes only, every 409 names its target, no key is 401 before the body
is read, 405 says what is allowed, and a referee body without a required field is 400."""

from __future__ import annotations

import re

import pytest

from tests.web.test_table_api import bearer, join, new_table, score


def version(client, key: str) -> int:
    answer = client.get("/api/v1/table", headers=bearer(key))
    assert answer.status_code == 200, answer.json
    return int(answer.json["version"])


def test_version_counts_this_tables_changes_only_everywhere_it_is_shown(client):
    ours, theirs = new_table(client, names=("Ann", "Bob")), new_table(client, names=("Cy", "Di"))
    host, busy = ours["host_key"], theirs["host_key"]
    before = version(client, host)
    for round_ in range(1, 4):  # another table gets busy: ours does not move
        for seat in (0, 1):
            assert score(client, busy, round_, seat, 3).status_code == 200
    assert version(client, host) == before
    token = ours["links"]["table"].rsplit("/", 1)[1]
    assert client.get(f"/t/{token}/version").json["version"] == before
    done = score(client, host, 1, 0, 5)
    assert done.json["version"] == before + 1 == version(client, host)  # one change: one more
    assert join(client, ours, 1).status_code == 200  # a phone sitting down changes the table
    after_join = version(client, host)
    assert after_join == before + 2
    page = client.get(ours["links"]["table"]).get_data(as_text=True)
    shown = re.search(r'id="table-version" name="seen" value="(\d+)"', page)
    assert shown is not None and int(shown.group(1)) == after_join
    undo = client.post("/api/v1/table/undo", json={"version": after_join}, headers=bearer(host))
    assert undo.status_code == 200 and undo.json["version"] == after_join + 1
    share = ours["links"]["share"].rsplit("/", 1)[1]
    assert client.get(f"/s/{share}/version").json["version"] == after_join + 1


def test_the_live_stream_sends_this_tables_own_version(app, client):
    app.config["STREAM_SECONDS"] = 0.01
    ours, theirs = new_table(client, names=("Ann", "Bob")), new_table(client, names=("Cy", "Di"))
    before = version(client, ours["host_key"])
    for seat in (0, 1):  # another table's changes come between ours
        assert score(client, theirs["host_key"], 1, seat, 3).status_code == 200
    assert score(client, ours["host_key"], 1, 0, 4).status_code == 200
    stream = client.get(f"{ours['links']['table']}/stream", headers={"Last-Event-ID": "0"})
    text = stream.get_data(as_text=True)
    now = before + 1  # one change of ours since: one more, whatever other tables did
    assert f"id: {now}\n" in text and f"data: {now}\n" in text, text


def test_undo_409_names_the_table_its_version_and_value_now(client):
    created = new_table(client, names=("Ann", "Bob"))
    host = created["host_key"]
    seen = version(client, host)
    assert score(client, host, 1, 0, 5).status_code == 200
    late = client.post("/api/v1/table/undo", json={"version": seen}, headers=bearer(host))
    assert late.status_code == 409, late.json
    assert late.json["target"] == "table"
    assert late.json["target_version"] == late.json["current"] == seen + 1
    assert "changed since you looked" in late.json["error"]


@pytest.mark.one_database
def test_a_call_without_a_valid_key_is_401_before_its_body_is_read(client):
    created = new_table(client)
    for headers in ({}, bearer("not-a-key")):
        for route in ("/api/v1/table/actions", "/api/v1/table/undo", "/api/v1/table/host"):
            bad = client.post(route, data="{not json", headers=headers,
                              content_type="application/json")  # fmt: skip
            assert bad.status_code == 401, (route, headers, bad.json)
    key = bearer(created["host_key"])
    good = client.post("/api/v1/table/actions", data="{not json", headers=key,
                       content_type="application/json")  # fmt: skip
    assert good.status_code == 400  # a valid key: then the body is read


@pytest.mark.one_database
def test_405_says_which_methods_are_allowed(client):
    for path, allowed in (("/api/v1/table/actions", "POST"), ("/api/v1/tables", "POST"),
                          ("/api/v1/table", "GET")):  # fmt: skip
        answer = client.delete(path)
        assert answer.status_code == 405
        assert allowed in answer.headers.get("Allow", ""), (path, dict(answer.headers))


@pytest.mark.one_database
@pytest.mark.parametrize("path, field", [
    ("/api/v1/referee/hearts/check", "tricks"), ("/api/v1/referee/hearts/score", "taken"),
    ("/api/v1/referee/consonants/check", "tricks"), ("/api/v1/referee/consonants/score", "taken"),
    ("/api/v1/referee/follow-the-author/check", "sequences"),
])  # fmt: skip
def test_a_referee_body_without_a_required_field_is_400(client, path, field):
    schema = client.get("/api/v1/openapi.json").json["paths"][path]["post"]["requestBody"]
    body = schema["content"]["application/json"]["schema"]
    if "$ref" in body:
        name = body["$ref"].rsplit("/", 1)[1]
        body = client.get("/api/v1/openapi.json").json["components"]["schemas"][name]
    assert field in body["required"]  # as its schema says
    answer = client.post(path, json={"options": {}})
    assert answer.status_code == 400 and field in answer.json["error"], answer.json
