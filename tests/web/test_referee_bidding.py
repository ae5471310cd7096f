"""The Spades and Oh Hell referee API: hands worked by hand from RULES.md, limits before any
work, unreadable bodies 400 naming the field."""

from __future__ import annotations

import pytest


def post(client, path, body):
    return client.post(f"/api/v1/referee/{path}", json=body)


def test_spades_score_the_worked_example(app):
    client = app.test_client()
    answer = post(
        client,
        "spades/score",
        {"bids": {"0": 4, "1": 3, "2": "nil", "3": 2}, "taken": {"0": 5, "1": 4, "2": 0, "3": 4}},
    )
    assert answer.status_code == 200
    assert answer.json["scores"] == {"0": 141, "1": 53}
    assert answer.json["bags"] == {"0": 1, "1": 3}
    assert answer.json["nils"] == {"2": True}
    assert answer.json["points"] == {"0": 141, "1": 53, "2": 141, "3": 53}


def test_spades_score_a_bag_penalty(app):
    answer = post(app.test_client(), "spades/score", {
        "bids": {"0": 3, "1": 2, "2": 2, "3": 3}, "taken": {"0": 3, "1": 5, "2": 2, "3": 3},
        "bags_before": {"0": 0, "1": 8}})  # fmt: skip
    assert answer.json["scores"] == {"0": 50, "1": -47}
    assert answer.json["bags"] == {"0": 0, "1": 1}


def test_spades_tricks_that_do_not_add_up_are_a_violation_not_a_score(app):
    answer = post(
        app.test_client(),
        "spades/score",
        {"bids": {"0": 4, "1": 3, "2": 3, "3": 2}, "taken": {"0": 5, "1": 4, "2": 0, "3": 3}},
    )
    assert answer.status_code == 200
    assert answer.json["scores"] is None
    assert [v["rule"] for v in answer.json["violations"]] == ["tricks-total"]


def test_spades_check_names_a_spade_led_too_early(app):
    answer = post(app.test_client(), "spades/check", {"dealer": 0, "tricks": [
        {"leader": 1, "cards": ["AS", "2S", "3S", "4S"]},
        {"leader": 1, "cards": ["KC", "2C", "3C", "4C"]}]})  # fmt: skip
    assert answer.status_code == 200
    assert [v["rule"] for v in answer.json["violations"]] == ["trumps-not-broken"]
    assert answer.json["winners"] == [1, 1]


def test_oh_hell_score_the_worked_example_and_the_hook(app):
    client = app.test_client()
    body = {"cards": 5, "bids": {"0": 1, "1": 2, "2": 0, "3": 1},
            "taken": {"0": 1, "1": 2, "2": 1, "3": 1}, "dealer": 0}  # fmt: skip
    answer = post(client, "oh-hell/score", body)
    assert answer.json == {"points": {"0": 11, "1": 12, "2": 0, "3": 11}, "violations": []}
    hooked = post(client, "oh-hell/score", {**body, "bids": {"0": 2, "1": 2, "2": 0, "3": 1},
                                            "taken": {"0": 1, "1": 2, "2": 1, "3": 1}})  # fmt: skip
    assert [v["rule"] for v in hooked.json["violations"]] == ["hook"]


def test_oh_hell_check_a_trump_wins(app):
    answer = post(app.test_client(), "oh-hell/check", {"cards": 1, "trump": "D", "dealer": 0,
        "tricks": [{"leader": 1, "cards": ["AS", "2D", "KS", "QS"]}]})  # fmt: skip
    assert answer.json["taken"] == {"0": 0, "1": 0, "2": 1, "3": 0}
    assert answer.json["complete"] is True


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("spades/score", {"bids": {"0": 14, "1": 1, "2": 1, "3": 1}, "taken": {}}, "Spades bid"),
        ("oh-hell/check", {"cards": 18, "tricks": []}, "cards"),
        ("oh-hell/score", {"cards": 5, "bids": {"0": 1}, "taken": {}}, "bids"),
        ("spades/check", {"tricks": [{"leader": 0, "cards": ["1H"]}]}, "1H"),
    ],
)
def test_unreadable_bodies_are_400_in_words(app, path, body, field):
    answer = post(app.test_client(), path, body)
    assert answer.status_code == 400
    assert field in answer.json["error"]


def test_more_tricks_than_the_hand_has_are_a_fault_not_a_crash(app):
    tricks = [{"leader": 1, "cards": ["2C", "3C", "4C"]}] * 3
    answer = post(app.test_client(), "oh-hell/check",
                  {"options": {"players": 3}, "cards": 2, "tricks": tricks})  # fmt: skip
    assert answer.status_code == 200
    assert "wrong-card-count" in [v["rule"] for v in answer.json["violations"]]
