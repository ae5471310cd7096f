from __future__ import annotations

import pytest

from companion.words import registry

PLAY = "/api/v1/referee/alphagrams/play"
SCORE = "/api/v1/referee/alphagrams/score"


@pytest.fixture
def client(api_client):
    registry.init_app(api_client.application)
    return api_client


@pytest.mark.parametrize(
    ("word", "steal", "rule"),
    [
        ("MEATS", "TEAM", None),
        ("MATES", "TEAM", None),
        ("TEAMS", "TEAM", "inflection"),
        ("BAKED", "BAKE", "inflection"),
        ("STOPPED", "STOP", "inflection"),
        ("CITIES", "CITY", "inflection"),
        ("MEAT", "TEAM", "no-new-letter"),
        ("STEAMY", "MEATS", None),
        ("MASTER", "TEAMS", None),
        ("STREAM", "MATTE", "not-a-rearrangement"),
        ("QI", None, "too-short"),
        ("XQZT", None, "not-a-word"),
        ("QUIz", None, None),
    ],
)
def test_play(client, word, steal, rule):
    body = {"lexicon": "en", "word": word, "options": {}}
    if steal:
        body["steal"] = steal
    answer = client.post(PLAY, json=body)
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["valid"] is (rule is None) and data["rule"] == rule
    assert ("message" in data) is (rule is not None)


def test_common_words_only_option(client):
    body = {"lexicon": "en", "word": "ZAX", "options": {"min_zipf": 3}}
    assert client.post(PLAY, json=body).get_json()["rule"] == "not-a-word"


@pytest.mark.parametrize(
    "body",
    [
        {"lexicon": "nope", "word": "CAT"},
        {"lexicon": "en"},
        {"lexicon": "en", "word": 7},
        {"lexicon": "en", "word": "C4T"},
        {"lexicon": "en", "word": "CAT", "steal": ["TA"]},
        {"lexicon": "en", "word": "CAT", "options": {"preset": "nope"}},
        {"lexicon": "en", "word": "CAT", "options": {"colour": "red"}},
        {"lexicon": "en", "word": "CAT", "options": {"min_length": "3"}},
        {"lexicon": "en", "word": "CAT", "options": []},
    ],
)
def test_play_unreadable_is_400(client, body):
    answer = client.post(PLAY, json=body)
    assert answer.status_code == 400 and answer.get_json()["error"]


def test_score_api_example(client):
    body = {"words": {"0": ["QUIz", "TEAM"], "1": ["JINX"]}, "options": {}}
    answer = client.post(SCORE, json=body)
    assert answer.status_code == 200
    assert answer.get_json() == {"points": {"0": 10, "1": 6}, "ranking": [0, 1]}


def test_score_tie_break_by_longest_word(client):
    body = {"words": {"0": ["CAT", "DOG"], "1": ["STREAM"], "2": ["ANT", "HEN"]}}
    data = client.post(SCORE, json=body).get_json()
    assert data["points"] == {"0": 6, "1": 6, "2": 6} and data["ranking"] == [1, 0, 2]


def test_score_with_a_table_deck(client):
    deck = {"cards": {"T": [3, 9], "A/E": [3, 1], "M": [2, 3]}}
    data = client.post(SCORE, json={"words": {"0": ["TEAM"]}, "deck": deck}).get_json()
    assert data["points"] == {"0": 6}


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"words": []},
        {"words": {"x": ["CAT"]}},
        {"words": {"9": ["CAT"]}},
        {"words": {"0": "CAT"}},
        {"words": {"0": [1]}},
        {"words": {"0": ["C T"]}},
        {"words": {"0": ["CAT"]}, "options": {"bogus": True}},
        {"words": {"0": ["CAT"]}, "deck": {"cards": {"1H": [1, 1]}}},
    ],
)
def test_score_unreadable_is_400(client, body):
    answer = client.post(SCORE, json=body)
    assert answer.status_code == 400 and answer.get_json()["error"]
