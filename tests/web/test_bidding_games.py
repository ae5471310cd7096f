"""Spades and Oh Hell through the Table API and the pages, on SQLite and PostgreSQL: hands
worked by hand from RULES.md, bids out of turn and the hook refused in words, stale versions."""

from __future__ import annotations

import io
import json

from tests.web.tablehelp import csrf, totals
from tests.web.test_table_api import bearer


def create(client, game, names, **options):
    body = {"game": game, "names": list(names), "options": options}
    answer = client.post("/api/v1/tables", json=body)
    assert answer.status_code == 201, answer.json
    return answer.json


def act(client, key, action, target, data, version=0):
    body = {"action": action, "target": target, "version": version, "data": data}
    return client.post("/api/v1/table/actions", json=body, headers=bearer(key))


def state(client, key):
    return client.get("/api/v1/table", headers=bearer(key)).json


def test_spades_the_worked_example_through_the_api(client):
    host = create(client, "spades", ["Ann", "Bob", "Cy", "Dee"])["host_key"]
    for seat, bid in ((1, 3), (2, "nil"), (3, 2), (0, 4)):
        assert act(client, host, "bid", {"hand": 1, "seat": seat}, {"bid": bid}).status_code == 200
    taken = {"0": 5, "1": 4, "2": 0, "3": 4}
    assert act(client, host, "tricks", {"hand": 1}, {"taken": taken}).status_code == 200
    table = state(client, host)
    hand = table["state"]["hands"][0]
    assert hand["bids"] == {"0": 4, "1": 3, "2": "nil", "3": 2}
    assert hand["scores"] == {"0": 141, "1": 53} and hand["bags"] == {"0": 1, "1": 3}
    assert table["sheet"]["rounds"] == [
        {"round": 1, "points": {"0": 141, "1": 53, "2": 141, "3": 53}}
    ]
    assert table["state"]["bidding"] == 2  # hand 2: Bob deals, Cy bids first


def test_spades_a_bid_out_of_turn_is_refused_naming_who_is_awaited(client):
    host = create(client, "spades", ["Ann", "Bob", "Cy", "Dee"])["host_key"]
    refused = act(client, host, "bid", {"hand": 1, "seat": 3}, {"bid": 4})
    assert refused.status_code == 422
    assert refused.json["rule"] == "not-your-turn-to-bid"
    assert "Seat 2" in refused.json["error"]
    assert state(client, host)["state"]["hands"][0]["bids"] == {}


def test_spades_needs_four_names(client):
    answer = client.post("/api/v1/tables", json={"game": "spades", "names": ["A", "B", "C"]})
    assert answer.status_code == 400 and "four players" in answer.json["error"]


def test_oh_hell_the_hook_and_a_stale_bid(client):
    host = create(client, "oh-hell", ["Ann", "Bob", "Cy", "Dee"], schedule=5)["host_key"]
    assert act(client, host, "trump", {"hand": 1}, {"suit": "S"}).status_code == 200
    for seat, bid in ((1, 2), (2, 0), (3, 1)):
        assert act(client, host, "bid", {"hand": 1, "seat": seat}, {"bid": bid}).status_code == 200
    hooked = act(client, host, "bid", {"hand": 1, "seat": 0}, {"bid": 2})
    assert hooked.status_code == 422 and hooked.json["rule"] == "hook"
    assert act(client, host, "bid", {"hand": 1, "seat": 0}, {"bid": 1}).status_code == 200
    stale = act(client, host, "bid", {"hand": 1, "seat": 0}, {"bid": 0}, version=0)
    assert stale.status_code == 409 and stale.json["current"] == 1
    taken = {"0": 1, "1": 2, "2": 1, "3": 1}
    assert act(client, host, "tricks", {"hand": 1}, {"taken": taken}).status_code == 200
    hand = state(client, host)["state"]["hands"][0]
    assert hand["scores"] == {"0": 11, "1": 12, "2": 0, "3": 11}
    assert hand["trump"] == "S" and hand["cards"] == 5


def test_oh_hell_on_the_pages_bids_then_tricks(client):
    token = csrf(client)
    form = {"csrf_token": token, "game": "oh-hell", "players": "3", "name-0": "Ann",
            "name-1": "Bob", "name-2": "Cy", "schedule": "2", "hook": "yes"}  # fmt: skip
    made = client.post("/tables", data=form)
    assert made.status_code == 303, made.get_data(as_text=True)[:400]
    table = made.headers["Location"]
    page = client.get(table).get_data(as_text=True)
    assert "Hand 1" in page and "which suit is trumps" in page
    path = table
    trump = {"csrf_token": token, "suit": "H", "version": "0"}
    assert client.post(f"{path}/oh-hell/trump/1", data=trump).status_code == 303
    page = client.get(table).get_data(as_text=True)
    assert "Bob</strong>, your bid" in page  # the host bids for phoneless seats in turn
    early = {"csrf_token": token, "bid": "0", "version": "0"}
    out_of_turn = client.post(f"{path}/oh-hell/bid/1/0", data=early, headers={"HX-Request": "1"})
    assert out_of_turn.status_code == 422
    assert "turn to bid" in out_of_turn.get_data(as_text=True)
    for seat, bid in ((1, "1"), (2, "0"), (0, "0")):
        sent = client.post(f"{path}/oh-hell/bid/1/{seat}",
                           data={"csrf_token": token, "bid": bid, "version": "0"})  # fmt: skip
        assert sent.status_code == 303, sent.get_data(as_text=True)[:300]
    data = {"csrf_token": token, "version": "0", "taken-0": "0", "taken-1": "1", "taken-2": "1"}
    assert client.post(f"{path}/oh-hell/tricks/1", data=data).status_code == 303
    assert totals(client, table) == ["10", "11", "0"]


def test_spades_trick_by_trick_on_the_pages_refuses_a_wrong_leader_in_words(client):
    token = csrf(client)
    form = {"csrf_token": token, "game": "spades", "players": "4", "name-0": "Ann",
            "name-1": "Bob", "name-2": "Cy", "name-3": "Dee"}  # fmt: skip
    table = client.post("/tables", data=form).headers["Location"]
    for seat, bid in ((1, "3"), (2, "nil"), (3, "2"), (0, "4")):
        sent = {"csrf_token": token, "bid": bid, "version": "0"}
        assert client.post(f"{table}/spades/bid/1/{seat}", data=sent).status_code == 303
    wrong = {"csrf_token": token, "version": "0", "leader": "2", "cards": "2C AC 3C 4C"}
    refused = client.post(f"{table}/spades/trick/1/0", data=wrong, headers={"HX-Request": "1"})
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "Bob, left of the dealer, leads it" in text
    assert 'value="2C AC 3C 4C"' in text  # the typed cards are kept
    right = {**wrong, "leader": "1"}
    assert client.post(f"{table}/spades/trick/1/0", data=right).status_code == 303
    page = client.get(table).get_data(as_text=True)
    assert "Trick 2 of 13, led by" in page


def test_spades_export_and_import_give_the_same_sheet(client):
    created = create(client, "spades", ["Ann", "Bob", "Cy", "Dee"])
    host, table = created["host_key"], created["links"]["table"]
    for seat, bid in ((1, 3), (2, "nil"), (3, 2), (0, 4)):
        act(client, host, "bid", {"hand": 1, "seat": seat}, {"bid": bid})
    act(client, host, "tricks", {"hand": 1}, {"taken": {"0": 5, "1": 4, "2": 0, "3": 4}})
    csv_text = client.get(f"{table}/games/1/export.csv").get_data(as_text=True)
    assert csv_text.splitlines()[-1] == "total,,141,53,141,53"
    exported = client.get(f"{table}/games/1/export.json").get_data()
    data = {"csrf_token": csrf(client), "file": (io.BytesIO(exported), "g.json")}
    answer = client.post("/import", data=data, content_type="multipart/form-data")
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    assert totals(client, answer.headers["Location"]) == ["141", "53", "141", "53"]


def test_oh_hell_share_and_tv_views_show_the_hand_and_the_sheet(client):
    created = create(client, "oh-hell", ["Ann", "Bob", "Cy"], schedule=3)
    host, share = created["host_key"], created["links"]["share"]
    act(client, host, "trump", {"hand": 1}, {"suit": "D"})
    for seat, bid in ((1, 1), (2, 1), (0, 0)):
        act(client, host, "bid", {"hand": 1, "seat": seat}, {"bid": bid})
    act(client, host, "tricks", {"hand": 1}, {"taken": {"0": 1, "1": 1, "2": 1}})
    for url in (share, f"{share}?tv=1"):
        page = client.get(url)
        assert page.status_code == 200
        text = page.get_data(as_text=True)
        assert "Hand 2" in text and "11" in text


def test_an_edited_spades_export_is_refused_naming_the_event(client):
    created = create(client, "spades", ["Ann", "Bob", "Cy", "Dee"])
    host, table = created["host_key"], created["links"]["table"]
    for seat, bid in ((1, 3), (2, "nil"), (3, 2), (0, 4)):
        act(client, host, "bid", {"hand": 1, "seat": seat}, {"bid": bid})
    act(client, host, "tricks", {"hand": 1}, {"taken": {"0": 5, "1": 4, "2": 0, "3": 4}})
    data = json.loads(client.get(f"{table}/games/1/export.json").get_data())
    bids = [e for e in data["events"] if e["kind"] == "bid"]
    bids[0]["payload"]["bid"] = 14  # no such bid in Spades
    sent = {"csrf_token": csrf(client), "file": (io.BytesIO(json.dumps(data).encode()), "g.json")}
    answer = client.post("/import", data=sent, content_type="multipart/form-data")
    assert answer.status_code == 422
    assert "bid" in answer.get_data(as_text=True)
