"""The Table API (TABLE_API.md) on SQLite and PostgreSQL: keys, seats, explicit targets,
stale versions, undo, host actions. The pages and the API share one service path."""

from __future__ import annotations

import threading

from flask import Flask

from tests.web.tablehelp import totals


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def new_table(client, names=("Ann", "", ""), **options):
    answer = client.post("/api/v1/tables", json={"game": "custom", "names": list(names),
                                                 "options": options})  # fmt: skip
    assert answer.status_code == 201, answer.json
    return answer.json


def join(client, created, seat, name="Bob"):
    token = created["links"]["join"].rsplit("/", 1)[1]
    return client.post(f"/api/v1/join/{token}", json={"seat": seat, "name": name})


def score(client, key, round_, seat, points, version=0):
    body = {"action": "score", "target": {"round": round_, "seat": seat}, "version": version,
            "data": {"points": points}}  # fmt: skip
    return client.post("/api/v1/table/actions", json=body, headers=bearer(key))


def test_a_table_is_created_joined_and_scored_through_keys(client):
    created = new_table(client, target=100)
    assert set(created) >= {"token", "host_key", "join_code", "links"}
    seat = join(client, created, 1)
    assert seat.status_code == 200 and seat.json["seat"] == 1
    bob = seat.json["seat_key"]
    assert score(client, bob, 1, 1, 7).json["target_version"] == 1
    assert score(client, created["host_key"], 1, 0, 5).status_code == 200
    table = client.get("/api/v1/table", headers=bearer(bob)).json
    assert table["you"] == {"seat": 1, "host": False}
    assert table["seats"][1] == {"seat": 1, "name": "Bob", "taken": True, "version": 1}
    assert table["sheet"]["rounds"] == []  # round 1 is not complete yet
    assert {"round": 1, "seat": 1, "points": 7, "version": 1} in table["state"]["cells"]
    assert totals(client, created["links"]["table"]) == ["5", "7", "0"]


def test_a_stale_version_is_409_with_the_value_now_and_nothing_stored(client):
    created = new_table(client)
    host = created["host_key"]
    assert score(client, host, 1, 0, 5).status_code == 200
    stale = score(client, host, 1, 0, 9, version=0)
    assert stale.status_code == 409
    assert stale.json["target"] == {"round": 1, "seat": 0}
    assert stale.json["target_version"] == 1 and stale.json["current"] == {"points": 5}
    table = client.get("/api/v1/table", headers=bearer(host)).json
    assert [c["points"] for c in table["state"]["cells"]] == [5]


def test_the_server_never_moves_an_action_to_another_round(client):
    created = new_table(client, names=("Ann", "Bob"))
    host = created["host_key"]
    for seat in (0, 1):
        assert score(client, host, 1, seat, 1).status_code == 200
    later = score(client, host, 3, 0, 4)
    assert later.status_code == 422 and "finish round 2" in later.json["error"]


def test_keys_act_only_for_their_own_seat(client):
    created = new_table(client)
    bob = join(client, created, 1).json["seat_key"]
    other = score(client, bob, 1, 2, 4)
    assert other.status_code == 403
    assert client.get("/api/v1/table").status_code == 401
    assert client.get("/api/v1/table", headers=bearer("nonsense")).status_code == 401
    freed = client.post("/api/v1/table/host", json={"action": "free", "seat": 1},
                        headers=bearer(created["host_key"]))  # fmt: skip
    assert freed.status_code == 200
    assert client.get("/api/v1/table", headers=bearer(bob)).status_code == 401
    assert client.post("/api/v1/table/host", json={"action": "lock"},
                       headers=bearer(bob)).status_code == 401  # fmt: skip


def test_unreadable_bodies_are_400_naming_the_field(client):
    created = new_table(client)
    host = bearer(created["host_key"])
    for body in ([], {"action": "score"}, {"action": "score", "target": {}, "version": "x"},
                 {"action": "score", "target": {"round": 1}, "version": 0, "data": {}},
                 {"action": "deal", "target": {}, "version": 0}):  # fmt: skip
        answer = client.post("/api/v1/table/actions", json=body, headers=host)
        assert answer.status_code == 400, body
        assert answer.json["error"]
    assert score(client, created["host_key"], 1, 0, "twelve").status_code == 400


def test_two_keys_claiming_one_seat_at_once_one_wins(app: Flask, client):
    created = new_table(client)
    answers: list[int] = []
    barrier = threading.Barrier(2)

    def claim(name: str) -> None:
        phone = app.test_client()
        barrier.wait()
        answers.append(join(phone, created, 2, name).status_code)

    threads = [threading.Thread(target=claim, args=(n,)) for n in ("Cy", "Di")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200, 409]


def test_two_keys_on_one_cell_at_once_exactly_one_is_stored(app: Flask, client):
    created = new_table(client, names=("Ann", "Bob"))
    answers: list[int] = []
    barrier = threading.Barrier(2)

    def send(points: int) -> None:
        phone = app.test_client()
        barrier.wait()
        answers.append(score(phone, created["host_key"], 1, 0, points).status_code)

    threads = [threading.Thread(target=send, args=(p,)) for p in (3, 4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200, 409]
    cells = client.get("/api/v1/table", headers=bearer(created["host_key"])).json["state"]
    assert len(cells["cells"]) == 1 and cells["cells"][0]["version"] == 1


def test_undo_names_the_version_seen_and_only_the_own_change(client):
    created = new_table(client)
    host = created["host_key"]
    bob = join(client, created, 1).json["seat_key"]
    assert score(client, host, 1, 0, 5).status_code == 200
    version = client.get("/api/v1/table", headers=bearer(bob)).json["version"]
    refused = client.post("/api/v1/table/undo", json={"version": version}, headers=bearer(bob))
    assert refused.status_code == 403
    stale = client.post("/api/v1/table/undo", json={"version": version - 1}, headers=bearer(host))
    assert stale.status_code == 409
    done = client.post("/api/v1/table/undo", json={"version": version}, headers=bearer(host))
    assert done.status_code == 200 and done.json["undone"] == 1
    assert client.get("/api/v1/table", headers=bearer(host)).json["state"]["cells"] == []


def test_rotate_changes_every_link_and_the_code_keys_keep_working(client):
    created = new_table(client)
    host = created["host_key"]
    bob = join(client, created, 1).json["seat_key"]
    answer = client.post("/api/v1/table/host", json={"action": "rotate"}, headers=bearer(host))
    assert answer.status_code == 200
    for name in ("table", "join", "share"):
        assert answer.json["links"][name] != created["links"][name]
        assert client.get(created["links"][name]).status_code == 404
    assert answer.json["join_code"] != created["join_code"]
    assert score(client, bob, 1, 1, 2).status_code == 200


def test_locked_tables_refuse_joining(client):
    created = new_table(client)
    host = bearer(created["host_key"])
    assert (
        client.post("/api/v1/table/host", json={"action": "lock"}, headers=host).status_code == 200
    )
    assert join(client, created, 1).status_code == 403
    assert join(client, created, 0).status_code in (403, 409)


def test_an_action_from_a_finished_game_is_refused_when_it_names_its_game(client):
    from tests.web.tablehelp import claim, csrf

    created = new_table(client, names=("Ann", ""), target=5)
    host, table = created["host_key"], created["links"]["table"]
    assert client.get("/api/v1/table", headers=bearer(host)).json["game_number"] == 1
    for seat, points in ((0, 6), (1, 1)):  # game 1 ends: Ann reached 5
        assert score(client, host, 1, seat, points).status_code == 200
    sit = claim(client, created["links"]["join"].rsplit("/", 1)[1], 1, "Bob")  # a phone sits
    assert sit.status_code == 303
    again = client.post(f"{table}/new-game", data={"csrf_token": csrf(client)})
    assert again.status_code == 303, again.get_data(as_text=True)[:300]
    assert score(client, host, 1, 0, 2).status_code == 200  # game 2, round 1: version 1
    body = {
        "action": "score",
        "target": {"round": 1, "seat": 0},
        "version": 1,
        "data": {"points": 9},
        "game_number": 1,
    }  # a late correction of game 1
    late = client.post("/api/v1/table/actions", json=body, headers=bearer(host))
    assert late.status_code == 409 and "Game 1 is over" in late.json["error"]
    table_now = client.get("/api/v1/table", headers=bearer(host)).json
    assert table_now["game_number"] == 2
    assert [c["points"] for c in table_now["state"]["cells"]] == [2]
    bad = client.post("/api/v1/table/actions", json={**body, "game_number": "one"},
                      headers=bearer(host))  # fmt: skip
    assert bad.status_code == 400 and "game_number" in bad.json["error"]
    never = client.post("/api/v1/table/actions", json={**body, "game_number": 5},
                        headers=bearer(host))  # fmt: skip
    assert never.status_code == 400 and "which this table has not played" in never.json["error"]
    version = client.get("/api/v1/table", headers=bearer(host)).json["version"]
    undo = client.post("/api/v1/table/undo", json={"version": version, "game_number": 1},
                       headers=bearer(host))  # fmt: skip
    assert undo.status_code == 409 and "Game 1 is over" in undo.json["error"]
    kept = client.get("/api/v1/table", headers=bearer(host)).json
    assert [c["points"] for c in kept["state"]["cells"]] == [2]
