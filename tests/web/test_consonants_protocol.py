"""Consonants through the one service path, on SQLite and PostgreSQL: two phones on one
target at once, and the Table API (create, join, act, read ``state``)."""

from __future__ import annotations

import re
import threading
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.tablehelp import csrf, new_table


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_two_phones_send_one_seats_cards_at_once_exactly_one_is_stored(app: Flask) -> None:
    host = app.test_client()
    names = {f"name-{i}": n for i, n in enumerate(["Ann", "Ben", "Cy", "Dee"])}
    table = new_table(host, game="consonants", players=4, **names)
    cookie = host.get_cookie("session")
    assert cookie is not None
    token = csrf(host)
    barrier = threading.Barrier(2)
    results: list[int] = []
    lock = threading.Lock()

    def send(cards: str) -> None:
        phone = app.test_client()
        phone.set_cookie("session", cookie.value)
        data = {"csrf_token": token, "seat": "3", "cards": cards, "version-3": "0"}
        barrier.wait()
        answer = phone.post(f"{table}/cons/1/taken", data=data)
        with lock:
            results.append(answer.status_code)

    threads = [threading.Thread(target=send, args=(cards,)) for cards in ("Q V", "T S")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [303, 409]
    history = host.get(table).get_data(as_text=True)
    lines = re.findall(r"<li>\d\d:\d\d:\d\d [^<]*hand 1, Dee took", history)
    assert len(lines) == 1, lines  # one history line (the undo button names it too)


def test_the_table_api_plays_consonants(client: FlaskClient) -> None:
    created = client.post("/api/v1/tables", json={"game": "consonants",
                                                  "names": ["Ann", "", "", ""],
                                                  "options": {}})  # fmt: skip
    assert created.status_code == 201, created.json
    host = bearer(created.json["host_key"])
    join = created.json["links"]["join"].rsplit("/", 1)[1]
    seat = client.post(f"/api/v1/join/{join}", json={"seat": 1, "name": "Ben"})
    assert seat.status_code == 200, seat.json
    ben = bearer(seat.json["seat_key"])
    cy = bearer(
        client.post(f"/api/v1/join/{join}", json={"seat": 2, "name": "Cy"}).json["seat_key"]
    )

    def act(key: dict, action: str, target: dict, version: int, **data: Any) -> Any:
        body = {"action": action, "target": target, "version": version, "data": data}
        return client.post("/api/v1/table/actions", json=body, headers=key)

    given = {0: ["J", "K", "T", "A/E", "S"], 1: ["Q", "V", "N"], 2: ["X", "Z"]}
    assert act(ben, "taken", {"hand": 1, "seat": 2}, 0, cards=["J"]).status_code == 403  # Cy's
    answer = act(ben, "taken", {"hand": 1, "seat": 1}, 0, cards=given[1])
    assert answer.status_code == 200 and answer.json["target_version"] == 1
    stale = act(host, "taken", {"hand": 1, "seat": 1}, 0, cards=["Q"])
    assert stale.status_code == 409
    assert stale.json["current"] == {"seat": 1, "cards": ["Q", "V", "N"]}
    assert (
        act(ben, "taken", {"hand": 1, "seat": 0}, 0, cards=given[0]).status_code == 200
    )  # no phone
    assert act(cy, "taken", {"hand": 1, "seat": 2}, 0, cards=given[2]).status_code == 200
    assert act(host, "taken", {"hand": 1, "seat": 3}, 0, rest=True).status_code == 200
    bad = act(host, "words", {"hand": 1, "seat": 0}, 0, words=["SKATE"])
    assert bad.status_code == 422 and "cannot be spelt" in bad.json["error"]
    assert act(host, "words", {"hand": 1, "seat": 0}, 0, words=["JEST"]).status_code == 200
    assert (
        act(host, "trick", {"hand": 2, "trick": 0}, 0, leader=0, cards="J T S R").status_code == 422
    )
    state = client.get("/api/v1/table", headers=ben).json["state"]
    (hand,) = state["hands"]
    assert state["hand"] == 1 and hand["words"] == {"0": ["JEST"]} and hand["scores"]["0"] == 20
    assert hand["versions"]["taken"] == {"0": 1, "1": 1, "2": 1, "3": 1}
    assert hand["versions"]["words"]["0"] == 1
    assert act(host, "done", {"hand": 1}, 0).status_code == 200  # asks the table
    asked = client.get("/api/v1/table", headers=ben).json["state"]["agreement"]
    assert asked["about"] == "close" and asked["waiting"] == [0, 1, 2, 3]
    k = {"agreement": asked["agreement"]}
    assert act(host, "agree", k, 1, seats=[1]).status_code == 403  # Ben has a phone
    assert act(host, "agree", k, 1, seats=[0, 3]).status_code == 200  # no phones
    assert act(ben, "agree", k, 1).status_code == 200
    assert client.get("/api/v1/table", headers=ben).json["state"]["hand"] == 1  # Cy waits
    assert act(cy, "agree", k, 1).status_code == 200  # the last tap scores the hand
    late = act(ben, "agree", k, 1)
    assert late.status_code == 409 and late.json["current"] == {"agreement": None}
    again = act(host, "taken", {"hand": 1, "seat": 0}, 1, cards=["J"])
    assert again.status_code == 422
    assert "Hand 1 is finished: hand 2 is open" in again.json["error"]
    after = client.get("/api/v1/table", headers=host).json
    assert after["state"]["hand"] == 2 and after["state"]["hands"][1]["source"] == ""
    assert after["sheet"]["totals"]["0"] == 20
