"""Circles through the API and the pages, on SQLite and PostgreSQL (TABLE_API.md,
"Circles"): members, tables of the circle, finished games counted once, refusals."""

from __future__ import annotations

import re

from openskill.models import PlackettLuce

from tests.web.tablehelp import csrf

HEARTS = [f"{r}H" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def new_circle(client, names=("Ann", "Bob", "Cy", "Dee")) -> dict:
    made = client.post("/api/v1/circles", json={"name": "Thursday", "members": list(names)})
    assert made.status_code == 201, made.json
    return made.json


def circle_table(client, circle, ids, game="custom", **options) -> dict:
    made = client.post("/api/v1/tables", json={"game": game, "circle_key": circle["circle_key"],
                                               "members": ids, "options": options})  # fmt: skip
    assert made.status_code == 201, made.json
    return made.json


def act(client, key, action, target, data, version=0):
    body = {"action": action, "target": target, "version": version, "data": data}
    answer = client.post("/api/v1/table/actions", json=body, headers=bearer(key))
    assert answer.status_code == 200, answer.json
    return answer


def custom_round(client, key, round_, points):
    for seat, p in enumerate(points):
        act(client, key, "score", {"round": round_, "seat": seat}, {"points": p})


def shared_hearts_win(client, key):
    """Ann shoots the moon, then Bob does (adding 26): 26, 26, 52, 52 ends a game to 50."""
    act(client, key, "taken", {"hand": 1}, {"taken": {"0": ["QS", *HEARTS], "1": [], "2": [],
                                                      "3": []}})  # fmt: skip
    act(client, key, "taken", {"hand": 2}, {"taken": {"1": ["QS", *HEARTS], "0": [], "2": [],
                                                      "3": []}})  # fmt: skip
    act(client, key, "moon", {"hand": 2}, {"choice": "add"})


def read(client, circle) -> dict:
    answer = client.get("/api/v1/circle", headers=bearer(circle["circle_key"]))
    assert answer.status_code == 200, answer.json
    return answer.json


def test_a_circle_night_counts_finished_games_only(client):
    circle = new_circle(client)
    ann, bob, cy, dee = (m["id"] for m in circle["members"])
    assert [m["name"] for m in circle["members"]] == ["Ann", "Bob", "Cy", "Dee"]
    assert circle["links"]["circle"] == f"/c/{circle['token']}"
    # a custom game of three, to 2 rounds, highest wins: Bob and Cy share it
    custom = circle_table(client, circle, [bob, cy, ann], high_wins=True, rounds=2)
    custom_round(client, custom["host_key"], 1, [5, 5, 1])
    custom_round(client, custom["host_key"], 2, [5, 5, 2])
    # Hearts of four: Ann and Bob share the win
    hearts = circle_table(client, circle, [ann, bob, cy, dee], "hearts", target=50,
                          tie_continues=False)  # fmt: skip
    shared_hearts_win(client, hearts["host_key"])
    # an unfinished custom game of the circle, and a table outside it
    circle_table(client, circle, [ann, dee], high_wins=True, rounds=3)
    outside = client.post("/api/v1/tables", json={"game": "custom", "names": ["Ann", "Bob"],
                                                  "options": {"rounds": 1}}).json  # fmt: skip
    custom_round(client, outside["host_key"], 1, [3, 4])

    seen = read(client, circle)
    assert seen["name"] == "Thursday"
    finished = [g for g in seen["games"] if g["finished"]]
    assert len(seen["games"]) == 3 and len(finished) == 2
    heart = next(g for g in finished if g["game"] == "hearts")
    assert heart["seats"] == [ann, bob, cy, dee] and sorted(heart["winners"]) == [ann, bob]
    assert heart["totals"] == {str(ann): 26, str(bob): 26, str(cy): 52, str(dee): 52}
    assert heart["table"] == hearts["links"]["table"]
    stats = seen["stats"]
    assert (stats[str(bob)]["played"], stats[str(bob)]["won"]) == (2, 2)
    assert (stats[str(ann)]["played"], stats[str(ann)]["won"]) == (2, 1)
    assert (stats[str(dee)]["played"], stats[str(dee)]["won"]) == (1, 0)
    h = stats[str(ann)]["by_game"]["hearts"]
    assert (h["played"], h["won"], h["hands"], h["moons"], h["queens"]) == (1, 1, 2, 1, 1)
    assert stats[str(cy)]["by_game"]["custom"]["won"] == 1
    # rated after two games: less uncertain than a new player (openskill starts at 25 / 3)
    assert stats[str(bob)]["rating"] is not None and stats[str(bob)]["sigma"] < 25 / 3 - 0.1


def test_an_undo_that_reopens_the_game_takes_its_result_back(client):
    circle = new_circle(client, ("Ann", "Bob"))
    ann, bob = (m["id"] for m in circle["members"])
    table = circle_table(client, circle, [ann, bob], high_wins=True, rounds=1)
    custom_round(client, table["host_key"], 1, [3, 4])
    assert read(client, circle)["stats"][str(bob)]["won"] == 1
    undo = client.post("/api/v1/table/undo", json={"version": read_version(client, table)},
                       headers=bearer(table["host_key"]))  # fmt: skip
    assert undo.status_code == 200, undo.json
    seen = read(client, circle)
    assert [g["finished"] for g in seen["games"]] == [False]
    assert seen["stats"][str(bob)] == {"played": 0, "won": 0, "win_rate": 0.0, "by_game": {},
                                       "rating": None, "mu": None, "sigma": None}  # fmt: skip


def read_version(client, table) -> int:
    return client.get("/api/v1/table", headers=bearer(table["host_key"])).json["version"]


def test_a_removed_member_s_results_stay_under_the_name_they_had(client):
    circle = new_circle(client, ("Ann", "Bob"))
    ann, bob = (m["id"] for m in circle["members"])
    table = circle_table(client, circle, [ann, bob], high_wins=True, rounds=1)
    custom_round(client, table["host_key"], 1, [3, 4])
    key = bearer(circle["circle_key"])
    assert client.post("/api/v1/circle/remove", json={"id": bob}, headers=key).status_code == 200
    again = client.post("/api/v1/circle/remove", json={"id": bob}, headers=key)
    assert again.status_code == 422 and "no member" in again.json["error"]
    renamed = client.post("/api/v1/circle/rename", json={"id": ann, "name": "Annie"},
                          headers=key)  # fmt: skip
    assert renamed.status_code == 200 and renamed.json == {"id": ann, "name": "Annie"}
    seen = read(client, circle)
    assert [m["name"] for m in seen["members"]] == ["Annie"]
    assert seen["stats"][str(bob)]["won"] == 1
    page = client.get(circle["links"]["circle"]).get_data(as_text=True)
    assert "Bob <small>(left)</small>" in page
    refused = client.post("/api/v1/tables", json={"game": "custom", "circle_key":
                          circle["circle_key"], "members": [ann, bob]})  # fmt: skip
    assert refused.status_code == 400 and "no member" in refused.json["error"]


def test_refusals_wrong_key_too_many_members_and_bad_names(client):
    assert client.get("/api/v1/circle").status_code == 401
    assert client.get("/api/v1/circle", headers=bearer("nope")).status_code == 401
    circle = new_circle(client)
    added = client.post("/api/v1/circle/members", json={"name": "Eve"},
                        headers=bearer("wrong"))  # fmt: skip
    assert added.status_code == 401
    many = client.post("/api/v1/circles", json={"name": "Big", "members": [
        f"P{i}" for i in range(101)]})  # fmt: skip
    assert many.status_code == 422 and "at most 100 members" in many.json["error"]
    twice = client.post("/api/v1/circle/members", json={"name": "ann"},
                        headers=bearer(circle["circle_key"]))  # fmt: skip
    assert twice.status_code == 422 and "already a member called" in twice.json["error"]
    long = client.post("/api/v1/circles", json={"name": "x" * 61, "members": []})
    assert long.status_code == 400 and "at most 60" in long.json["error"]
    for body in ([], {"name": 3}, {"name": "A", "members": "Ann"}):
        assert client.post("/api/v1/circles", json=body).status_code == 400
    key = bearer(circle["circle_key"])
    for i in range(96):
        assert client.post("/api/v1/circle/members", json={"name": f"P{i}"},
                           headers=key).status_code == 201  # fmt: skip
    full = client.post("/api/v1/circle/members", json={"name": "One more"}, headers=key)
    assert full.status_code == 422 and "at most 100" in full.json["error"]
    bad_table = client.post("/api/v1/tables", json={"game": "custom", "circle_key": "nope",
                                                    "members": [1]})  # fmt: skip
    assert bad_table.status_code == 401


def test_the_circle_page_and_its_new_link(client):
    circle = new_circle(client)
    ids = [m["id"] for m in circle["members"]]
    hearts = circle_table(client, circle, ids, "hearts", target=50, tie_continues=False)
    shared_hearts_win(client, hearts["host_key"])
    page = client.get(circle["links"]["circle"])
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Moons shot" in html and "Queen of spades taken" in html and "Head to head" in html
    record = re.search(r'<a href="([^"]+)">game 1 of its table</a>', html)
    assert record and record.group(1) == hearts["links"]["table"]  # a record links to its table
    filtered = client.get(circle["links"]["circle"] + "?game=custom").get_data(as_text=True)
    assert "No finished game yet for this choice" in filtered
    home = client.get("/").get_data(as_text=True)
    assert "Your circles" in home and circle["links"]["circle"] in home
    turned = client.post("/api/v1/circle/rotate", json={}, headers=bearer(circle["circle_key"]))
    assert turned.status_code == 200
    assert client.get(circle["links"]["circle"]).status_code == 404
    assert client.get(turned.json["links"]["circle"]).status_code == 200
    assert turned.json["links"]["circle"] in client.get("/").get_data(as_text=True)


def test_the_circle_as_csv_one_row_per_member_per_game(client):
    circle = new_circle(client)
    ids = [m["id"] for m in circle["members"]]
    shared_hearts_win(client, circle_table(client, circle, ids, "hearts", target=50,
                                           tie_continues=False)["host_key"])  # fmt: skip
    csv_text = client.get(circle["links"]["circle"] + "/circle.csv").get_data(as_text=True)
    lines = csv_text.strip().splitlines()
    assert lines[0].startswith("finished_at,game,table") and len(lines) == 5
    assert any(",Ann,26,1,yes," in line and "moons=1" in line for line in lines)
    exported = client.get(circle["links"]["circle"] + "/circle.json").json
    assert exported["format"] == "companion-circle" and len(exported["results"]) == 4


def test_a_circle_made_and_changed_on_its_page(client):
    token = csrf(client)
    refused = client.post("/circles", data={"csrf_token": token, "name": "", "members": "A"})
    assert refused.status_code == 422 and "Give the circle a name" in refused.get_data(True)
    made = client.post("/circles", data={"csrf_token": token, "name": "Family",
                                         "members": "Ann\nBob\n\nCy"})  # fmt: skip
    assert made.status_code == 303
    link = made.headers["Location"]
    page = client.get(link).get_data(as_text=True)
    assert 'id="circle-key"' in page  # the key, shown once
    assert 'id="circle-key"' not in client.get(link).get_data(as_text=True)
    nobody = {"csrf_token": token, "game": "custom", "seat-1": "", "seat-2": ""}
    start = client.post(link + "/tables", data=nobody)
    assert start.status_code == 422 and "seat number" in start.get_data(as_text=True)
    assert 'name="high_wins"' in start.get_data(as_text=True)  # the form again, input kept
    form = client.get(link + "/new/custom").get_data(as_text=True)
    assert "Highest total wins" in form  # the game's own options
    ids = [int(x) for x in re.findall(r'name="seat-(\d+)"', form)]
    cy, ann = ids[2], ids[0]
    seated = {"csrf_token": token, "game": "custom", f"seat-{cy}": "1", f"seat-{ann}": "2"}
    started = client.post(link + "/tables", data=seated)
    assert started.status_code == 303
    table = client.get(started.headers["Location"]).get_data(as_text=True)
    assert table.index("Cy") < table.index("Ann")
    renamed = client.post(f"{link}/members/{ann}", data={"csrf_token": token, "name": "Annie"})
    assert renamed.status_code == 303 and "Annie" in client.get(link).get_data(as_text=True)


def test_a_phone_is_offered_the_member_it_was_last_time(client, app):
    circle = new_circle(client, ("Ann", "Bob", "Cy"))
    ids = [m["id"] for m in circle["members"]]
    first = circle_table(client, circle, ids)
    phone = app.test_client()
    token = csrf(phone)
    join = first["links"]["join"]
    assert phone.post(join + "/seat", data={"csrf_token": token, "seat": "1"}).status_code == 303
    second = circle_table(client, circle, [ids[2], ids[0], ids[1]])  # Bob sits third now
    page = phone.get(second["links"]["join"]).get_data(as_text=True)
    assert "You were Bob last time" in page and 'value="2" id="offered-seat"' in page
    other = app.test_client()
    assert "last time" not in other.get(second["links"]["join"]).get_data(as_text=True)


def test_a_game_is_settled_as_it_finishes_not_when_the_circle_is_read(client, app):
    from companion.extensions import db
    from companion.tables.circlemodels import CircleResult

    circle = new_circle(client, ("Ann", "Bob"))
    ann, bob = (m["id"] for m in circle["members"])
    table = circle_table(client, circle, [ann, bob], high_wins=True, rounds=1)
    custom_round(client, table["host_key"], 1, [3, 4])
    with app.app_context():
        rows = db.session.query(CircleResult.member_id, CircleResult.won).all()
        db.session.remove()
    assert sorted(rows) == [(ann, False), (bob, True)]


def test_a_game_played_before_is_imported_into_the_circle(client):
    import io
    import json

    options = {"rounds": 1, "high_wins": True}
    old = client.post("/api/v1/tables", json={"game": "custom", "names": ["Annie", "Bob"],
                                              "options": options}).json  # fmt: skip
    custom_round(client, old["host_key"], 1, [9, 4])
    export = client.get(old["links"]["table"] + "/games/1/export.json").json
    circle = new_circle(client, ("Ann", "Bob"))
    ann, bob = (m["id"] for m in circle["members"])
    key = bearer(circle["circle_key"])
    before = read(client, circle)["stats"]  # a table outside the circle does not count
    assert [before[str(m)]["played"] for m in (ann, bob)] == [0, 0]
    unmatched = client.post("/api/v1/circle/import", json={"export": export}, headers=key)
    assert unmatched.status_code == 422 and "No member matches Annie" in unmatched.json["error"]
    done = client.post("/api/v1/circle/import", json={"export": export, "match": {"Annie": ann}},
                       headers=key)  # fmt: skip
    assert done.status_code == 201, done.json
    seen = read(client, circle)
    assert seen["stats"][str(ann)]["won"] == 1 and seen["stats"][str(bob)]["played"] == 1
    (game,) = seen["games"]
    assert game["finished_at"][:10] == export["events"][-1]["at"][:10]
    # the same through the page, matching in words
    page = client.post(circle["links"]["circle"] + "/import", data={
        "csrf_token": csrf(client), "match": "Annie=Ann",
        "file": (io.BytesIO(json.dumps(export).encode()), "game.json")})  # fmt: skip
    assert page.status_code == 303
    assert read(client, circle)["stats"][str(ann)]["played"] == 2
    bad = client.post(circle["links"]["circle"] + "/import", data={
        "csrf_token": csrf(client), "file": (io.BytesIO(b"{nope"), "game.json")})  # fmt: skip
    assert bad.status_code == 422 and "not JSON" in bad.get_data(as_text=True)


def test_the_period_filter_counts_games_by_when_they_were_played(client):
    options = {"rounds": 1, "high_wins": True}
    old = client.post("/api/v1/tables", json={"game": "custom", "names": ["Ann", "Bob"],
                                              "options": options}).json  # fmt: skip
    custom_round(client, old["host_key"], 1, [9, 4])
    export = client.get(old["links"]["table"] + "/games/1/export.json").json
    for event in export["events"]:
        event["at"] = "2020-03-01T20:00:00"
    circle = new_circle(client, ("Ann", "Bob"))
    key = bearer(circle["circle_key"])
    done = client.post("/api/v1/circle/import", json={"export": export}, headers=key)
    assert done.status_code == 201, done.json
    link = circle["links"]["circle"]
    assert 'data-member="' in client.get(link).get_data(as_text=True)
    for period in ("year", "30days"):
        page = client.get(f"{link}?period={period}").get_data(as_text=True)
        assert 'data-member="' not in page and "for this choice" in page


def spades_hand(client, key, hand, bids, taken):
    dealer = (hand - 1) % 4
    for step in range(1, 5):
        seat = (dealer + step) % 4
        act(client, key, "bid", {"hand": hand, "seat": seat}, {"bid": bids[seat]})
    act(client, key, "tricks", {"hand": hand}, {"taken": taken})


def test_spades_partners_win_together_and_are_rated_as_a_team(client):
    circle = new_circle(client)
    ann, bob, cy, dee = (m["id"] for m in circle["members"])
    table = circle_table(client, circle, [ann, bob, cy, dee], "spades", target=200)
    key = table["host_key"]
    spades_hand(client, key, 1, {1: 3, 2: "nil", 3: 2, 0: 4}, {"0": 5, "1": 4, "2": 0, "3": 4})
    spades_hand(client, key, 2, {2: 3, 3: 4, 0: 3, 1: 3}, {"0": 3, "1": 3, "2": 3, "3": 4})
    seen = read(client, circle)
    (game,) = seen["games"]
    assert game["finished"] and sorted(game["winners"]) == sorted([ann, cy])
    stats = seen["stats"]
    assert [stats[str(m)]["won"] for m in (ann, bob, cy, dee)] == [1, 0, 1, 0]
    cy_spades = stats[str(cy)]["by_game"]["spades"]
    assert (cy_spades["nils_made"], cy_spades["contracts_made"], cy_spades["bags"]) == (1, 2, 1)
    assert stats[str(ann)]["mu"] == stats[str(cy)]["mu"] > stats[str(bob)]["mu"]
    model = PlackettLuce()  # two sides of two, not four players each alone
    sides = [[model.rating(), model.rating()], [model.rating(), model.rating()]]
    (won, _), (lost, _) = model.rate(sides, ranks=[1, 2])
    assert (stats[str(ann)]["mu"], stats[str(bob)]["mu"]) == (round(won.mu, 2), round(lost.mu, 2))
    pair = next(p for p in seen["head_to_head"] if {p["a"], p["b"]} == {ann, cy})
    assert pair["level"] == 1  # partners finish level


def test_a_member_is_removed_on_the_page_after_a_second_tap(client):
    circle = new_circle(client, ("Ann", "Bob"))
    bob = circle["members"][1]["id"]
    link = circle["links"]["circle"]
    page = client.get(link).get_data(as_text=True)
    assert "<summary>Remove Bob...</summary>" in page and "Yes, remove Bob" in page
    gone = client.post(f"{link}/members/{bob}/remove", data={"csrf_token": csrf(client)})
    assert gone.status_code == 303
    assert [m["name"] for m in read(client, circle)["members"]] == ["Ann"]
    again = client.post(f"{link}/members/{bob}/remove", data={"csrf_token": csrf(client)})
    assert again.status_code == 404 and "no such member" in again.get_data(as_text=True)


def test_hostile_member_ids_and_seat_numbers_are_refused_in_words(client):
    circle = new_circle(client, ("Ann", "Bob"))
    key = circle["circle_key"]
    for body in ({"id": 2**70, "name": "Zed"}, {"id": 2**40, "name": "Zed"}):
        answer = client.post("/api/v1/circle/rename", json=body, headers=bearer(key))
        assert answer.status_code == 422, answer.json
    page = circle["links"]["circle"]
    token = csrf(client)
    huge = client.post(f"{page}/members/99999999999999999999", data={"csrf_token": token})
    assert huge.status_code == 404
    ann = circle["members"][0]["id"]
    form = {"csrf_token": token, "game": "custom", f"seat-{ann}": "\u00b2"}
    refused = client.post(f"{page}/tables", data=form)
    assert refused.status_code == 422
    assert "seat must be a number" in refused.get_data(as_text=True)


def test_an_import_the_circle_cannot_take_leaves_no_table(app, client, monkeypatch):
    """The imported table and its place in the circle are one transaction: when the circle's
    claim fails (the database gone at that moment, say), no table is left outside the
    circle, nor any of its events; the same import then succeeds."""
    import pytest
    from sqlalchemy import func, select

    from companion.extensions import db
    from companion.tables import circlesettle
    from companion.tables.models import Event, Table

    options = {"rounds": 1, "high_wins": True}
    old = client.post("/api/v1/tables", json={"game": "custom", "names": ["Ann", "Bob"],
                                              "options": options}).json  # fmt: skip
    custom_round(client, old["host_key"], 1, [9, 4])
    export = client.get(old["links"]["table"] + "/games/1/export.json").json
    circle = new_circle(client, ("Ann", "Bob"))
    key = bearer(circle["circle_key"])

    def stored() -> tuple[int, int]:
        with app.app_context():
            counts = (db.session.scalar(select(func.count(Table.id))) or 0,
                      db.session.scalar(select(func.count(Event.id))) or 0)  # fmt: skip
            db.session.remove()
        return counts

    before = stored()
    real = circlesettle.claim

    def failing(*args):  # type: ignore[no-untyped-def]
        real(*args)  # the seats are given their members, then the database fails
        raise RuntimeError("the database went away")

    monkeypatch.setattr(circlesettle, "claim", failing)
    with pytest.raises(RuntimeError):
        client.post("/api/v1/circle/import", json={"export": export}, headers=key)
    assert stored() == before  # no table, no event
    monkeypatch.setattr(circlesettle, "claim", real)
    done = client.post("/api/v1/circle/import", json={"export": export}, headers=key)
    assert done.status_code == 201, done.json
    assert stored()[0] == before[0] + 1
    assert read(client, circle)["stats"]
