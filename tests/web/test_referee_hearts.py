"""The Hearts referee API: the contract's shapes, every rule id, and clear 400s."""

from __future__ import annotations

import pytest

CHECK = "/api/v1/referee/hearts/check"
SCORE = "/api/v1/referee/hearts/score"
HEARTS = [f"{r}H" for r in "23456789TJQKA"]


def test_check_answers_in_the_contract_shape(api_client):
    body = {
        "options": {"preset": "standard", "players": 4},
        "tricks": [{"leader": 1, "cards": ["2C", "KC", "AC", "3C"]}],
        "kitty": [],
        "totals_before": {"0": 0, "1": 0, "2": 0, "3": 0},
        "moon_choice": "add",
    }
    answer = api_client.post(CHECK, json=body)
    assert answer.status_code == 200
    assert answer.get_json() == {
        "complete": False,
        "violations": [],
        "winners": [3],
        "taken": {"0": [], "1": [], "2": [], "3": ["2C", "KC", "AC", "3C"]},
        "points": {"0": 0, "1": 0, "2": 0, "3": 0},
        "shooter": None,
        "choice_required": False,
        "hand_scores": {"0": 0, "1": 0, "2": 0, "3": 0},
    }


T0 = {"leader": 0, "cards": ["2C", "3C", "4C", "5C"]}


@pytest.mark.parametrize(
    ("tricks", "rule", "trick", "seat", "card"),
    [
        ([{"leader": 0, "cards": ["3C", "4C", "5C", "2C"]}], "opening-lead", 0, 0, "3C"),
        ([T0, {"leader": 0, "cards": ["6D"]}], "wrong-leader", 1, 0, "6D"),
        (
            [
                T0,
                {"leader": 3, "cards": ["6C", "7C", "4H", "8C"]},
                {"leader": 2, "cards": ["9C", "TC", "JC", "KC"]},
            ],
            "follow-suit",
            1,
            1,
            "4H",
        ),
        (
            [
                T0,
                {"leader": 3, "cards": ["2H", "3H", "4H", "5H"]},
                {"leader": 2, "cards": ["2D", "3D", "4D", "5D"]},
            ],
            "hearts-not-broken",
            1,
            3,
            "2H",
        ),
        (
            [
                {"leader": 0, "cards": ["2C", "3C", "QS", "5C"]},
                {"leader": 3, "cards": ["6D", "7D", "4D", "8D"]},
            ],
            "points-on-first-trick",
            0,
            2,
            "QS",
        ),
        ([{"leader": 0, "cards": ["2C", "3C", "2c", "5C"]}], "duplicate-card", 0, 2, "2C"),
        (
            [
                {"leader": 0, "cards": ["2C", "3C", "4C"]},
                {"leader": 2, "cards": []},
                {"leader": 2, "cards": ["5D"]},
            ],
            "wrong-card-count",
            0,
            0,
            None,
        ),
    ],
)
def test_every_rule_id(api_client, tricks, rule, trick, seat, card):
    answer = api_client.post(CHECK, json={"tricks": tricks})
    assert answer.status_code == 200
    violation = answer.get_json()["violations"][0]
    assert (violation["rule"], violation["trick"], violation["seat"], violation["card"]) == (
        rule,
        trick,
        seat,
        card,
    )
    assert len(violation["message"]) > 20


def test_message_uses_names(api_client):
    tricks = [
        T0,
        {"leader": 3, "cards": ["6C", "7C", "4H", "8C"]},
        {"leader": 2, "cards": ["9C", "TC", "JC", "KC"]},
    ]
    answer = api_client.post(CHECK, json={"tricks": tricks, "names": {"1": "Bea"}})
    message = answer.get_json()["violations"][0]["message"]
    assert message.startswith("Bea played the 4H on trick 2 but held the KC: had to follow clubs")


def test_five_card_trick_at_four_players_is_a_clear_violation(api_client):
    answer = api_client.post(
        CHECK, json={"tricks": [{"leader": 0, "cards": ["2C", "3C", "4C", "5C", "6C"]}]}
    )
    assert answer.status_code == 200
    (violation,) = answer.get_json()["violations"]
    assert violation["rule"] == "wrong-card-count"
    assert "5 cards" in violation["message"] and "4 seats" in violation["message"]


@pytest.mark.parametrize(
    ("url", "body", "words"),
    [
        (CHECK, {"tricks": [{"leader": 0, "cards": ["1H"]}]}, "1H"),
        (CHECK, {"tricks": [{"leader": 4, "cards": ["2C"]}]}, "leader"),
        (CHECK, {"tricks": [{"leader": "x", "cards": ["2C"]}]}, "leader"),
        (CHECK, {"tricks": [{"cards": ["2C"]}]}, "leader"),
        (CHECK, {"tricks": ["2C"]}, "tricks[0]"),
        (CHECK, {"tricks": {"0": 1}}, "tricks"),
        (CHECK, {"tricks": [{"leader": 0, "cards": "2C"}]}, "cards"),
        (CHECK, {"tricks": [{"leader": 0, "cards": [2]}]}, "cards"),
        (CHECK, {"options": {"preset": "bridge"}}, "bridge"),
        (CHECK, {"options": {"jokers": True}}, "jokers"),
        (CHECK, {"options": "standard"}, "options"),
        (CHECK, {"moon_choice": "maybe"}, "moon_choice"),
        (CHECK, {"totals_before": {"9": 0}}, "totals_before"),
        (CHECK, {"totals_before": {"0": "ten"}}, "totals_before"),
        (CHECK, {"kitty": ["2C"]}, "kitty"),
        (CHECK, {"dealer": 8}, "dealer"),
        (SCORE, {"taken": {"0": ["1H"]}}, "1H"),
        (SCORE, {"taken": {"4": ["2H"]}}, "taken"),
        (SCORE, {"taken": ["QS"]}, "taken"),
        (SCORE, {"tricks_taken": {"0": 1.5}}, "tricks_taken"),
    ],
)
def test_unreadable_input_is_a_400_naming_it(api_client, url, body, words):
    answer = api_client.post(url, json=body)
    assert answer.status_code == 400
    assert words in answer.get_json()["error"]


@pytest.mark.parametrize("raw", [b"", b"not json", b"[]", b"null", b"3", b'{"tricks": null}'])
def test_never_500_on_odd_bodies(api_client, raw):
    for url in (CHECK, SCORE):
        answer = api_client.post(url, data=raw, content_type="application/json")
        assert answer.status_code in (200, 400)


def test_score_with_fourteen_hearts_reports_a_card_listed_twice(api_client):
    taken = {"0": ["QS", *HEARTS], "1": ["2H"], "2": [], "3": []}
    answer = api_client.post(SCORE, json={"taken": taken})
    assert answer.status_code == 200
    data = answer.get_json()
    assert [(v["rule"], v["seat"], v["card"]) for v in data["violations"]] == [
        ("penalty-cards", 1, "2H")
    ]


def test_score_contract_example(api_client):
    body = {
        "options": {"preset": "omnibus"},
        "taken": {"0": ["QS", "2H"], "1": ["JD"], "2": [], "3": ["3H"]},
        "tricks_taken": {"0": 4, "1": 3, "2": 3, "3": 3},
        "totals_before": {},
        "moon_choice": None,
    }
    data = api_client.post(SCORE, json=body).get_json()
    assert set(data) == {"points", "shooter", "choice_required", "hand_scores", "violations"}
    assert data["points"] == {"0": 14, "1": -10, "2": 0, "3": 1}
    assert {v["card"] for v in data["violations"]} == set(HEARTS[2:])


def test_score_moon_choice(api_client):
    taken = {"2": ["QS", *HEARTS]}
    data = api_client.post(SCORE, json={"options": {"preset": "pagat"}, "taken": taken}).get_json()
    assert data["shooter"] == {"seat": 2, "kind": "moon"}
    assert data["choice_required"] is True and data["hand_scores"] is None
    body = {"options": {"preset": "pagat"}, "taken": taken, "moon_choice": "subtract"}
    data = api_client.post(SCORE, json=body).get_json()
    assert data["hand_scores"] == {"0": 0, "1": 0, "2": -26, "3": 0}
