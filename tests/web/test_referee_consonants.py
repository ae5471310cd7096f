"""The Consonants referee API, exactly as REFEREE_API.md describes it, plus the golden
cases in tests/data/consonants/ (hand in, answer out)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CHECK = "/api/v1/referee/consonants/check"
SCORE = "/api/v1/referee/consonants/score"
GOLDEN = sorted((Path(__file__).parents[1] / "data" / "consonants").glob("*.json"))
WORDS = {"BOAT", "TOAD", "QUIZ"}


@pytest.fixture
def lexicon(api_client):
    """The real shipped English list ('en') judges the challenges."""
    from companion.words.registry import get_lexicon

    with api_client.application.app_context():
        english = get_lexicon("en")
        assert all(english.is_word(word) for word in WORDS)
        assert not english.is_word("BTOA")


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_cases(api_client, path):
    case = json.loads(path.read_text())
    answer = api_client.post(case["url"], json=case["request"])
    assert answer.status_code == 200
    got = answer.get_json()
    expected = dict(case["answer"])
    rules = expected.pop("violation_rules", None)
    if rules is not None:
        found = [[v["trick"], v["seat"], v["card"], v["rule"]] for v in got["violations"]]
        assert found == rules
    assert {key: got[key] for key in expected} == expected


def test_check_answer_has_every_contract_field(api_client):
    body = {"options": {"players": 4}, "tricks": [{"leader": 0, "cards": ["J", "K", "Q", "V"]}]}
    got = api_client.post(CHECK, json=body).get_json()
    assert set(got) == {
        "complete",
        "violations",
        "winners",
        "taken",
        "points",
        "flying_by_night",
        "choice_required",
        "hand_scores",
    }
    assert got["winners"] == [3] and got["points"]["3"] == 80


@pytest.mark.parametrize(
    ("tricks", "kitty", "rule"),
    [
        ([{"leader": 0, "cards": ["T", "B", "C", "D"]}], [], "opening-lead"),
        (
            [{"leader": 0, "cards": ["J", "K", "Q", "V"]}, {"leader": 0, "cards": ["T"]}],
            [],
            "wrong-leader",
        ),
        (
            [
                {"leader": 0, "cards": ["J", "K", "Q", "V"]},
                {"leader": 3, "cards": ["E/O=E", "B", "A/E=A", "C"]},
            ],
            [],
            "follow-letter",
        ),
        (
            [
                {"leader": 0, "cards": ["J", "K", "Q", "V"]},
                {"leader": 3, "cards": ["P", "C", "O/U=O", "B"]},
            ],
            [],
            "play-higher",
        ),
        ([{"leader": 0, "cards": ["J", "A/E=O", "C", "D"]}], [], "bad-declaration"),
        ([{"leader": 0, "cards": ["J", "K", "Q", "V"]}], ["J", "B"], "duplicate-card"),
        (
            [{"leader": 0, "cards": ["J", "K", "Q"]}, {"leader": 2, "cards": ["T"]}],
            [],
            "wrong-card-count",
        ),
    ],
)
def test_check_reports_each_rule_id(api_client, tricks, kitty, rule):
    body = {"options": {"players": 4}, "tricks": tricks, "kitty": kitty}
    answer = api_client.post(CHECK, json=body)
    assert answer.status_code == 200
    violations = answer.get_json()["violations"]
    assert rule in [v["rule"] for v in violations]
    v = next(v for v in violations if v["rule"] == rule)
    assert set(v) == {"trick", "seat", "card", "rule", "message"} and v["message"]


def test_check_flying_choice_and_names(api_client):
    body = {
        "options": {"players": 4},
        "tricks": [{"leader": 0, "cards": ["J", "B", "A/E", "D"]}],
        "names": {"2": "Bo"},
    }
    got = api_client.post(CHECK, json=body).get_json()
    assert "Bo played the A/E on trick 1" in got["violations"][0]["message"]


def test_score_the_contract_example(api_client, lexicon):
    body = {
        "options": {},
        "taken": {"0": ["J", "K", "Q", "V", "X", "Z", "T"], "1": ["B", "O/U", "A/E", "T"]},
        "words": {"1": ["BOAT"]},
        "challenges": [{"seat": 1, "word": "BOAT", "challenger": 0}],
        "lexicon": "en",
    }
    got = api_client.post(SCORE, json=body).get_json()
    assert got["challenges"] == [
        {"word": "BOAT", "seat": 1, "challenger": 0, "valid": True, "points": 4}
    ]
    assert got["flying_by_night"] == 0 and got["choice_required"] is True
    assert got["hand_scores"] is None
    assert got["points"] == {"0": 121, "1": 0, "2": 0, "3": 0}
    body["flying_choice"] = "subtract"
    got = api_client.post(SCORE, json=body).get_json()
    assert got["hand_scores"] == {"0": -50 + 4, "1": -4, "2": 0, "3": 0}


def test_score_a_failed_challenge(api_client, lexicon):
    body = {
        "taken": {"1": ["B", "O/U", "A/E", "T"]},
        "words": {"1": ["TBOA"]},
        "challenges": [{"seat": 1, "word": "tboa", "challenger": 2}],
        "lexicon": "en",
    }
    got = api_client.post(SCORE, json=body).get_json()
    assert got["challenges"][0]["valid"] is False
    assert got["points"]["1"] == 4  # the failed word's cards score as usual
    assert got["hand_scores"] == {"0": 0, "1": 8, "2": -4, "3": 0}


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        (CHECK, [], "body"),
        (CHECK, {"tricks": [{"leader": 0, "cards": ["1"]}]}, "tricks[0].cards[0]"),
        (CHECK, {"tricks": [{"leader": 0, "cards": ["A/A"]}]}, "tricks[0].cards[0]"),
        (CHECK, {"tricks": [{"leader": 0, "cards": ["A/E=4"]}]}, "tricks[0].cards[0]"),
        (CHECK, {"tricks": [{"leader": 4, "cards": ["J"]}]}, "tricks[0].leader"),
        (CHECK, {"tricks": [{"leader": "0", "cards": ["J"]}]}, "leader"),
        (CHECK, {"tricks": [{"cards": ["J"]}]}, "leader"),
        (CHECK, {"tricks": "J"}, "tricks"),
        (CHECK, {"tricks": [{"leader": 0, "cards": "J"}]}, "tricks[0].cards"),
        (CHECK, {"tricks": [{"leader": 0, "cards": [7]}]}, "tricks[0].cards[0]"),
        (CHECK, {"kitty": ["B"]}, "kitty"),
        (CHECK, {"kitty": ["A/E=E", "B"]}, "kitty"),
        (CHECK, {"options": {"players": 7}}, "options"),
        (CHECK, {"options": {"preset": "nope"}}, "options"),
        (CHECK, {"options": {"bogus": 1}}, "options"),
        (CHECK, {"options": "x"}, "options"),
        (CHECK, {"flying_choice": "both"}, "flying_choice"),
        (CHECK, {"dealer": 9}, "dealer"),
        (SCORE, {"taken": {"4": ["B"]}}, "taken"),
        (SCORE, {"taken": {"x": ["B"]}}, "taken"),
        (SCORE, {"taken": {"0": ["1"]}}, "taken.0"),
        (SCORE, {"taken": {"0": "B"}}, "taken.0"),
        (SCORE, {"words": {"0": ["BO AT"]}}, "words.0"),
        (SCORE, {"words": {"0": "BOAT"}}, "words.0"),
        (SCORE, {"lexicon": "klingon"}, "lexicon"),
        (SCORE, {"lexicon": 5}, "lexicon"),
        (SCORE, {"challenges": [{"seat": 0, "word": "BOAT"}]}, "challenges[0]"),
        (SCORE, {"challenges": [{"seat": 0, "word": 3, "challenger": 1}]}, "word"),
        (SCORE, {"challenges": [{"seat": 9, "word": "BOAT", "challenger": 1}]}, "seat"),
        (SCORE, {"challenges": ["BOAT"]}, "challenges[0]"),
    ],
)
def test_unreadable_input_is_400_naming_the_field(api_client, lexicon, url, body, field):
    answer = api_client.post(url, json=body)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert field in error or field == "body"


def test_bad_json_is_400(api_client):
    answer = api_client.post(CHECK, data="{nope", content_type="application/json")
    assert answer.status_code == 400 and "error" in answer.get_json()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from(["J", "A/E=E", "?", "1"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = ["options", "tricks", "kitty", "taken", "words", "challenges", "lexicon", "flying_choice"]


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.sampled_from([CHECK, SCORE]), st.dictionaries(st.sampled_from(KEYS), JSON, max_size=4))
def test_never_5xx_for_any_body(api_client, url, body):
    answer = api_client.post(url, json=body)
    assert answer.status_code in (200, 400)


CARD = st.sampled_from(["J", "K", "T", "T=R", "A/E", "A/E=E", "A/E=O", "?", "?=Z", "O/U=U", "B"])
TRICK = st.fixed_dictionaries({"leader": st.integers(0, 3), "cards": st.lists(CARD, max_size=6)})


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(TRICK, max_size=20),
    st.sampled_from([[], ["B", "O/U"], ["J", "J"]]),
    st.sampled_from([None, "add", "subtract"]),
    st.sampled_from(["singleton", "left-of-dealer"]),
)
def test_any_readable_tricks_give_200(api_client, tricks, kitty, choice, lead):
    body = {
        "options": {"players": 4, "first_lead": lead},
        "tricks": tricks,
        "kitty": kitty,
        "flying_choice": choice,
        "dealer": 1,
    }
    answer = api_client.post(CHECK, json=body)
    assert answer.status_code == 200
    got = answer.get_json()
    assert all(set(v) == {"trick", "seat", "card", "rule", "message"} for v in got["violations"])


WORD = st.text(alphabet="BOATDQUIZ", min_size=1, max_size=6)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.dictionaries(st.sampled_from(["0", "1", "2", "3"]), st.lists(CARD, max_size=8)),
    st.dictionaries(st.sampled_from(["0", "1", "2", "3"]), st.lists(WORD, max_size=3)),
    st.lists(
        st.fixed_dictionaries(
            {"seat": st.integers(0, 3), "word": WORD, "challenger": st.integers(0, 3)}
        ),
        max_size=3,
    ),
)
def test_any_readable_scoring_gives_200(api_client, lexicon, taken, words, challenges):
    body = {"taken": taken, "words": words, "challenges": challenges, "lexicon": "en"}
    answer = api_client.post(SCORE, json=body)
    assert answer.status_code == 200
    got = answer.get_json()
    if got["hand_scores"] is not None:
        assert sum(got["hand_scores"].values()) == sum(got["points"].values())


def test_an_unknown_lexicon_is_400_with_the_real_registry(api_client):
    answer = api_client.post(SCORE, json={"lexicon": "klingon"})
    assert answer.status_code == 400 and "klingon" in answer.get_json()["error"]
