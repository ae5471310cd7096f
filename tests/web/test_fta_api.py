"""Follow the Author through the Table API (TABLE_API.md, "The other games") and two phones at
once, on SQLite and PostgreSQL: explicit targets, stale versions 409, and no seat's ``state``
ever holding the other seat's sealed choice before the reveal."""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask

from companion.games.follow_the_author import commitment
from companion.games.follow_the_author.seal import lock_of
from tests.web.tablehelp import csrf
from tests.web.test_fta_table import Table


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


class Api:
    """An FtA table made through the API; Ann and Ben join seats 0 and 1 with their keys."""

    def __init__(self, client: Any) -> None:
        self.client = client
        body = {"game": "follow-the-author", "names": ["", ""], "options": {"enter_plays": True}}
        created = client.post("/api/v1/tables", json=body)
        assert created.status_code == 201, created.json
        self.host = created.json["host_key"]
        token = created.json["links"]["join"].rsplit("/", 1)[1]
        self.join_token = token
        keys = []
        for seat, name in ((0, "Ann"), (1, "Ben")):
            joined = client.post(f"/api/v1/join/{token}", json={"seat": seat, "name": name})
            assert joined.status_code == 200, joined.json
            keys.append(joined.json["seat_key"])
        self.ann, self.ben = keys

    def act(self, key: str, action: str, target: dict, version: int = 0, **data: Any) -> Any:
        body = {"action": action, "target": target, "version": version, "data": data}
        return self.client.post("/api/v1/table/actions", json=body, headers=bearer(key))

    def state(self, key: str) -> tuple[dict[str, Any], str]:
        answer = self.client.get("/api/v1/table", headers=bearer(key))
        assert answer.status_code == 200
        return answer.json["state"], answer.get_data(as_text=True)


CODE = "K7QF-2MXA-9PRT"  # what a client shows its player to write down


def sealed(seat: int, scoring: str, danger: str, key: str = "") -> dict[str, str]:
    """A client's seal data: the commitment (and a lock for its own key); no suit."""
    made = commitment(f"round 1 seat {seat + 1}", scoring, danger, CODE)
    return {"commitment": made, **({"lock": lock_of(key)} if key else {})}


def test_a_whole_round_through_the_api_never_shows_a_choice_before_it_is_opened(client):
    t = Api(client)
    hand = {"round": 1, "hand": "alpha"}
    for version, card in enumerate(["Author", "Bard", "Battle"]):
        answer = t.act(t.ann, "play", hand, version, seat=version % 2, card=card)
        assert answer.status_code == 200, answer.json
        assert answer.json["target_version"] == version + 1
    assert t.act(t.ben, "end", hand, 3).status_code == 200
    state, _ = t.state(t.ben)
    assert [len(s) for s in state["hands"]["alpha"]["sequences"]] == [3]
    assert state["hands"]["alpha"]["version"] == 4
    assert t.act(t.ann, "points", hand, 4, points=[2, 1]).status_code == 200
    plain = t.act(t.ann, "seal", {"round": 1, "seat": 0}, scoring="Wyrms", danger="Knots")
    assert plain.status_code == 400 and "never the suits" in plain.json["error"]
    assert t.act(t.ann, "seal", {"round": 1, "seat": 0}, **sealed(0, "Wyrms", "Knots")).json
    assert t.act(t.ben, "seal", {"round": 1, "seat": 1}, **sealed(1, "Suns", "Moons")).json

    for key in (t.ann, t.ben, t.host):
        state, text = t.state(key)
        assert "scoring" not in state["seals"][0] and "danger" not in state["seals"][0]
        assert "Knots" not in text and "Wyrms" not in text
        assert state["seals"][0]["commitment"] == sealed(0, "Wyrms", "Knots")["commitment"]

    omega = {"round": 1, "hand": "omega"}
    assert t.act(t.ann, "points", omega, points=[0, 2]).status_code == 200
    early = t.act(
        t.ann, "open", {"round": 1, "seat": 0}, scoring="Wyrms", danger="Knots", code=CODE
    )
    assert early.status_code == 422 and "once the omega hand is over" in early.json["error"]
    assert t.act(t.ben, "ready", {"round": 1, "seat": 1}).status_code == 200
    state, text = t.state(t.ben)
    assert state["revealed"] and not state["opened"] and "Wyrms" not in text
    target = {"round": 1, "seat": 0}
    wrong = t.act(t.ann, "open", target, scoring="Wyrms", danger="Moons", code=CODE)
    assert wrong.status_code == 400 and "do not match Ann's seal" in wrong.json["error"]
    assert t.act(t.ann, "open", target, scoring="Wyrms", danger="Knots", code=CODE).json
    old_name = {"salt": CODE}  # "salt" is read as the code too
    assert t.act(
        t.ben, "open", {"round": 1, "seat": 1}, scoring="Suns", danger="Moons", **old_name
    ).json
    state, text = t.state(t.ben)
    assert state["opened"] and state["seals"][0]["scoring"] == "Wyrms"
    assert state["seals"][0]["code"] == "K7QF2MXA9PRT" and state["seals"][0]["proven"]


def test_a_client_replaces_its_seal_only_with_its_key(client):
    t = Api(client)
    assert t.act(t.ann, "points", {"round": 1, "hand": "alpha"}, points=[1, 1]).status_code == 200
    seal = {"round": 1, "seat": 1}
    assert (
        t.act(t.ben, "seal", seal, **sealed(1, "Suns", "Moons", key="ben-key")).status_code == 200
    )
    other = t.act(t.ben, "seal", seal, 1, **sealed(1, "Waves", "Moons"), unlock="guess")
    assert other.status_code == 403 and "sealed on another phone" in other.json["error"]
    again = t.act(t.ben, "seal", seal, 1, **sealed(1, "Waves", "Moons"), unlock="ben-key")
    assert again.status_code == 200 and again.json["target_version"] == 2


def test_targets_are_explicit_stale_versions_409_and_seats_kept_apart(client):
    t = Api(client)
    hand = {"round": 1, "hand": "alpha"}
    assert t.act(t.ann, "points", hand, points=[1, 1]).status_code == 200
    stale = t.act(t.ben, "points", hand, 0, points=[5, 5])
    assert stale.status_code == 409
    assert stale.json["target"] == hand and stale.json["target_version"] == 1
    assert stale.json["current"]["typed"] == [1, 1]
    assert t.act(t.ann, "points", {"round": 2, "hand": "alpha"}, points=[1, 1]).status_code == 422
    assert t.act(t.ann, "points", {"round": 1}, points=[1, 1]).status_code == 400
    seal = {"round": 1, "seat": 1}
    assert t.act(t.ann, "seal", seal, **sealed(1, "Suns", "Suns")).status_code == 403
    assert t.act(t.host, "seal", seal, **sealed(1, "Suns", "Suns")).status_code == 403
    assert t.act(t.ben, "seal", seal, **sealed(1, "Suns", "Moons")).status_code == 200
    again = t.act(t.ben, "seal", seal, 0, **sealed(1, "Waves", "Moons"))
    assert again.status_code == 409 and "scoring" not in again.json["current"]
    assert again.json["current"]["sealed"] is True
    assert t.act(t.ann, "shuffle", hand).status_code == 400
    assert t.state(t.ann)[0]["hands"]["alpha"]["typed"] == [1, 1]


def test_two_phones_on_one_hand_at_once_exactly_one_is_stored(app: Flask, client):
    t = Api(client)
    answers: list[int] = []
    barrier = threading.Barrier(2)

    def send(key: str, points: list[int]) -> None:
        phone = app.test_client()
        barrier.wait()
        body = {"action": "points", "target": {"round": 1, "hand": "alpha"}, "version": 0,
                "data": {"points": points}}  # fmt: skip
        answer = phone.post("/api/v1/table/actions", json=body, headers=bearer(key))
        answers.append(answer.status_code)

    threads = [threading.Thread(target=send, args=a) for a in ((t.ann, [1, 2]), (t.ben, [3, 4]))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(answers) == [200, 409]
    state, _ = t.state(t.host)
    assert state["hands"]["alpha"]["version"] == 1
    assert state["hands"]["alpha"]["typed"] in ([1, 2], [3, 4])


def test_two_phones_playing_the_same_turn_on_the_page_one_wins(app: Flask):
    t = Table(app, enter_plays=1)
    cookies = [t.ann.get_cookie("session"), t.ben.get_cookie("session")]
    tokens = [csrf(t.ann), csrf(t.ben)]
    answers: list[int] = []
    barrier = threading.Barrier(2)

    def send(i: int, card: str) -> None:
        phone = app.test_client()
        cookie = cookies[i]
        assert cookie is not None
        phone.set_cookie("session", cookie.value)
        data = {"csrf_token": tokens[i], "seat": "1", "card": card, "version": "0"}
        barrier.wait()
        answers.append(phone.post(f"{t.path}/fta/1/alpha/play", data=data).status_code)

    threads = [threading.Thread(target=send, args=a) for a in ((0, "Author"), (1, "Bard"))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(answers) == [303, 409]
    history = t.page(url="/live")
    assert history.count("round 1 alpha hand: Ben played") == 1


def test_a_stale_page_form_comes_back_with_the_input_and_the_value_now(app: Flask):
    t = Table(app)
    assert t.points(1, "alpha", 4, 2).status_code == 303
    answer = t.post(t.ben, "/fta/1/alpha/points",
                    {"points-0": "9", "points-1": "8", "version": "0"}, htmx=True)  # fmt: skip
    body = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert 'value="9"' in body and 'value="8"' in body
    assert "Now: in-play points typed in, Ann 4, Ben 2." in body


# issue 20, item 2: a seal is final, and only its owner opens it


def _to_omega(t: Api) -> None:
    """Alpha typed; Ann and Ben sealed (Ann with a key that could replace it)."""
    assert t.act(t.ann, "points", {"round": 1, "hand": "alpha"}, points=[1, 1]).status_code == 200
    ann = t.act(t.ann, "seal", {"round": 1, "seat": 0}, **sealed(0, "Wyrms", "Knots", "ann-key"))
    assert ann.status_code == 200
    assert t.act(t.ben, "seal", {"round": 1, "seat": 1}, **sealed(1, "Suns", "Moons")).json


def test_once_both_seats_sealed_neither_seal_changes(client):
    t = Api(client)
    _to_omega(t)
    again = t.act(t.ann, "seal", {"round": 1, "seat": 0}, 1, **sealed(0, "Moons", "Moons"),
                  unlock="ann-key")  # fmt: skip
    assert again.status_code == 409 and "final" in again.json["error"]
    assert again.json["target"] == {"round": 1, "seat": 0}  # like every 409
    assert again.json["target_version"] == 1 and again.json["current"]["sealed"] is True
    assert "scoring" not in again.json["current"]
    omega = {"round": 1, "hand": "omega"}
    assert t.act(t.ann, "play", omega, seat=1, card="Author").status_code == 200
    late = t.act(t.ann, "seal", {"round": 1, "seat": 0}, 1, **sealed(0, "Moons", "Moons"),
                 unlock="ann-key")  # fmt: skip
    assert late.status_code == 409
    state, _ = t.state(t.ann)
    assert state["seals"][0]["commitment"] == sealed(0, "Wyrms", "Knots")["commitment"]


def test_a_scripted_opponent_cannot_open_your_seal_and_your_opening_still_counts(client):
    t = Api(client)
    _to_omega(t)
    assert t.act(t.ann, "ready", {"round": 1, "seat": 0}).status_code == 200
    # Ben's script: its last "ready" and an opening of Ann's seal, back to back
    assert t.act(t.ben, "ready", {"round": 1, "seat": 1}).status_code == 200
    target = {"round": 1, "seat": 0}
    for code in ("", CODE):
        forged = t.act(t.ben, "open", target, scoring="Leaves", danger="Leaves", code=code)
        assert forged.status_code == 403, forged.json
    state, _ = t.state(t.host)
    assert not state["seals"][0]["opened"] and state["agreement"] is None
    mine = t.act(t.ann, "open", target, scoring="Wyrms", danger="Knots", code=CODE)
    assert mine.status_code == 200, mine.json
    state, _ = t.state(t.ben)
    assert state["seals"][0]["scoring"] == "Wyrms" and state["seals"][0]["proven"]


def test_a_lost_code_is_stated_by_the_seat_and_counts_once_the_other_seat_agrees(client):
    t = Api(client)
    _to_omega(t)
    for key, seat in ((t.ann, 0), (t.ben, 1)):
        assert t.act(key, "ready", {"round": 1, "seat": seat}).status_code == 200
    target = {"round": 1, "seat": 0}
    stated = t.act(t.ann, "open", target, scoring="Wyrms", danger="Knots", code="")
    assert stated.status_code == 200, stated.json
    state, _ = t.state(t.ben)
    assert not state["seals"][0]["opened"]
    assert state["agreement"]["waiting"] == [1] and state["agreement"]["about"] == "open"
    k = state["agreement"]["agreement"]
    host_says = t.act(t.host, "agree", {"agreement": k}, 1, seats=[1])  # Ben has a phone
    assert host_says.status_code == 403
    assert t.act(t.ben, "agree", {"agreement": k}, 1).status_code == 200
    state, _ = t.state(t.ann)
    assert state["seals"][0]["scoring"] == "Wyrms" and state["seals"][0]["proven"] is False
    assert state["agreement"] is None


def test_a_new_phone_the_host_gives_the_seat_states_the_lost_choice(client):
    """Ann's phone is lost with her code: the host frees her seat, her new phone sits in it
    and states her choice; Ben agrees."""
    t = Api(client)
    _to_omega(t)
    for key, seat in ((t.ann, 0), (t.ben, 1)):
        assert t.act(key, "ready", {"round": 1, "seat": seat}).status_code == 200
    freed = client.post("/api/v1/table/host", json={"action": "free", "seat": 0},
                        headers=bearer(t.host))  # fmt: skip
    assert freed.status_code == 200
    lost = t.act(t.ann, "open", {"round": 1, "seat": 0}, scoring="Wyrms", danger="Knots", code="")
    assert lost.status_code == 401  # the lost phone's key stopped working
    joined = client.post(f"/api/v1/join/{t.join_token}", json={"seat": 0, "name": "Ann"})
    new = joined.json["seat_key"]
    stated = t.act(new, "open", {"round": 1, "seat": 0}, scoring="Wyrms", danger="Knots", code="")
    assert stated.status_code == 200, stated.json
    state, _ = t.state(new)
    assert not state["seals"][0]["opened"] and state["agreement"]["waiting"] == [1]
    assert t.act(t.ben, "agree", {"agreement": state["agreement"]["agreement"]}, 1).json
    state, _ = t.state(t.ben)
    assert state["seals"][0]["scoring"] == "Wyrms" and state["seals"][0]["proven"] is False
