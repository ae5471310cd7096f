"""Golden hands (tests/data/hearts/*.json): a request in the API's shape, the answer expected.
Run through the engine and through the HTTP API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cards.standard import Card
from companion.games.hearts import check_hand, options_from

CASES = sorted((Path(__file__).parents[2] / "data" / "hearts").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_golden_hand_through_the_engine(path):
    case = load(path)
    request, expected = case["request"], case["expected"]
    report = check_hand(
        options_from(request["options"]),
        [(t["leader"], [Card.parse(c) for c in t["cards"]]) for t in request["tricks"]],
        [Card.parse(c) for c in request["kitty"]] or None,
        {int(k): v for k, v in request["totals_before"].items()},
        request["moon_choice"],
    ).as_dict()
    assert {key: report[key] for key in expected if key != "rules"} == {
        key: value for key, value in expected.items() if key != "rules"
    }
    assert [v["rule"] for v in report["violations"]] == expected["rules"]


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_golden_hand_through_the_api(api_client, path):
    case = load(path)
    answer = api_client.post("/api/v1/referee/hearts/check", json=case["request"])
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["points"] == case["expected"]["points"]
    assert data["hand_scores"] == case["expected"]["hand_scores"]
    assert data["shooter"] == case["expected"]["shooter"]


def test_there_are_golden_hands():
    assert len(CASES) >= 4
