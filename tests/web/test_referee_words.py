from __future__ import annotations

import pytest

from companion.words import registry


@pytest.fixture
def client(api_client):
    registry.init_app(api_client.application)
    return api_client


def test_lexicons_lists_the_shipped_english_list(client):
    answer = client.get("/api/v1/lexicons")
    assert answer.status_code == 200
    (en,) = [lex for lex in answer.get_json() if lex["id"] == "en"]
    assert en["language"] == "en" and en["words"] == 254272 and en["name"]
    assert set(en) == {"id", "name", "language", "words"}


@pytest.mark.parametrize(
    ("words", "valid"),
    [(["QI", "ZA"], True), (["quiz"], True), (["QUIz", "jinx"], True), (["QI", "QXZ"], False)],
)
def test_judge_one_verdict(client, words, valid):
    answer = client.post("/api/v1/words/judge", json={"lexicon": "en", "words": words})
    assert answer.status_code == 200 and answer.get_json() == {"valid": valid}


def test_judge_never_names_the_failing_word(client):
    answer = client.post("/api/v1/words/judge", json={"lexicon": "en", "words": ["CAT", "XQZW"]})
    assert answer.get_json() == {"valid": False}
    assert b"XQZW" not in answer.data.upper() and b"CAT" not in answer.data.upper()


def test_common_words_only(client):
    body = {"lexicon": "en", "words": ["CAT"], "min_zipf": 4}
    assert client.post("/api/v1/words/judge", json=body).get_json() == {"valid": True}
    body["words"] = ["QI"]
    assert client.post("/api/v1/words/judge", json=body).get_json() == {"valid": False}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"lexicon": "xx", "words": ["CAT"]}, "lexicon"),
        ({"words": ["CAT"]}, "lexicon"),
        ({"lexicon": 3, "words": ["CAT"]}, "lexicon"),
        ({"lexicon": "en", "words": "CAT"}, "words"),
        ({"lexicon": "en", "words": []}, "words"),
        ({"lexicon": "en", "words": [None]}, "words"),
        ({"lexicon": "en", "words": ["CAT"], "min_zipf": "x"}, "min_zipf"),
        ([], "body"),
    ],
)
def test_unreadable_bodies_are_400(client, body, field):
    answer = client.post("/api/v1/words/judge", json=body)
    assert answer.status_code == 400
    assert field in answer.get_json()["error"] or field == "body"


def test_bad_json_is_400(client):
    answer = client.post("/api/v1/words/judge", data="{nope", content_type="application/json")
    assert answer.status_code == 400 and "error" in answer.get_json()
