"""The referee's messages count seats as the pages do: the JSON fields are 0-based (the
contract), the words say "Seat 1" for seat 0 when no names are given, for every trick game
(Hearts, Consonants, Spades, Oh Hell)."""

from __future__ import annotations

import re

import pytest

CASES = [
    # each: the first trick is won by seat 0, the second is led by another seat
    (
        "hearts/check",
        {"tricks": [{"leader": 3, "cards": ["2C", "AC", "3C", "4C"]},
                    {"leader": 1, "cards": ["5C"]}]},
    ),
    (
        "consonants/check",
        {"options": {"players": 4}, "tricks": [{"leader": 0, "cards": ["J", "K", "Q", "V"]},
                                               {"leader": 0, "cards": ["T"]}]},
    ),
    (
        "spades/check",
        {"dealer": 0, "tricks": [{"leader": 1, "cards": ["2C", "3C", "4C", "AC"]},
                                 {"leader": 2, "cards": ["5C"]}]},
    ),
    (
        "oh-hell/check",
        {"cards": 2, "trump": "D", "dealer": 0,
         "tricks": [{"leader": 1, "cards": ["2S", "3S", "4S", "AS"]},
                    {"leader": 2, "cards": ["5S"]}]},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("path", "body"), CASES, ids=[c[0] for c in CASES])
def test_a_wrong_leader_is_named_from_one(api_client, path, body):
    answer = api_client.post(f"/api/v1/referee/{path}", json=body)
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    winner = data["winners"][0]
    (wrong,) = [v for v in data["violations"] if v["rule"] == "wrong-leader"]
    assert wrong["trick"] == 1  # the field stays 0-based
    assert f"Seat {winner + 1} won trick 1 and had to lead next" in wrong["message"]
    for violation in data["violations"]:
        seats = [int(n) for n in re.findall(r"\bSeat (\d+)\b", violation["message"])]
        assert all(1 <= n <= 4 for n in seats), violation["message"]


@pytest.mark.parametrize(
    ("path", "body"), CASES[:1] + CASES[2:], ids=["hearts", "spades", "oh-hell"]
)
def test_seat_zero_is_seat_one_in_words(api_client, path, body):
    data = api_client.post(f"/api/v1/referee/{path}", json=body).get_json()
    assert data["winners"][0] == 0
    (wrong,) = [v for v in data["violations"] if v["rule"] == "wrong-leader"]
    leader = body["tricks"][1]["leader"]
    assert wrong["message"] == (
        f"Seat {leader + 1} led trick 2, but Seat 1 won trick 1 and had to lead next."
    )


def test_names_given_are_used_instead(api_client):
    path, body = CASES[0]
    data = api_client.post(f"/api/v1/referee/{path}", json={**body, "names": {"0": "Ann"}})
    (wrong,) = [v for v in data.get_json()["violations"] if v["rule"] == "wrong-leader"]
    assert wrong["message"] == "Seat 2 led trick 2, but Ann won trick 1 and had to lead next."
