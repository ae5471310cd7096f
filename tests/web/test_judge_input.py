"""Issue 13, item 5: judge input is checked before any verdict. Letters outside A-Z (an
accent, a digit) are refused with a clear message, an over-long word is "too long", and a
real 32-letter word is judged."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.words import registry
from tests.web.tablehelp import csrf, new_table

# what the pages and fragments show: the storage is tested on both databases elsewhere
pytestmark = pytest.mark.one_database

LONG_WORD = "dichlorodiphenyltrichloroethanes"  # 32 letters, in the list
TOO_LONG = "a" * 46
NOT_AZ = "A to Z"


def _play(client: FlaskClient, words: str):
    data = {"csrf_token": csrf(client), "lexicon": "en", "words": words, "step": "confirm",
            "confirm-player": "1", "confirm-challenger": "1"}  # fmt: skip
    return client.post("/judge", data=data)


@pytest.mark.parametrize(("play", "expected"), [
    ("café", NOT_AZ), ("CAFÉ team", NOT_AZ), ("te4m", NOT_AZ), ("naïve", NOT_AZ),
    (TOO_LONG, "is too long: 46 letters, a word has at most 45"),
])  # fmt: skip
def test_standalone_refuses_before_any_verdict(client: FlaskClient, play: str, expected: str):
    answer = _play(client, play)
    text = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert expected in text and "verdict-word" not in text
    assert f'value="{play}"' in text  # the play is kept to correct


def test_standalone_judges_a_long_real_word(client: FlaskClient) -> None:
    answer = _play(client, LONG_WORD)
    assert answer.status_code == 303
    assert ">VALID<" in client.get(answer.headers["Location"]).get_data(as_text=True)


def test_a_300_character_token_is_refused_briefly(client: FlaskClient) -> None:
    text = _play(client, "x" * 300).get_data(as_text=True)
    assert "is too long: 300 letters" in text and "x" * 21 not in text.split("value=")[0]


def test_table_challenge_refuses_an_accent(client: FlaskClient) -> None:
    path = new_table(client, game="alphagrams", players=2, **{"name-0": "Ann", "name-1": "Ben"})
    data = {"csrf_token": csrf(client), "words": "CAFÉ", "player": "0", "challenger": "1"}
    answer = client.post(f"{path}/judge", data=data, headers={"HX-Request": "true"})
    assert answer.status_code == 422 and NOT_AZ in answer.get_data(as_text=True)
    assert "data-challenge" not in client.get(path).get_data(as_text=True)


@pytest.fixture
def api(api_client):
    registry.init_app(api_client.application)
    return api_client


@pytest.mark.parametrize(("word", "expected"), [
    ("CAFÉ", NOT_AZ), ("QI2", NOT_AZ), ("ÉTUI", NOT_AZ), (TOO_LONG, "too long"),
])  # fmt: skip
def test_api_refuses_before_any_verdict(api, word: str, expected: str) -> None:
    answer = api.post("/api/v1/words/judge", json={"lexicon": "en", "words": ["CAT", word]})
    assert answer.status_code == 400
    body = answer.get_json()
    assert "valid" not in body and "item 1" in body["error"] and expected in body["error"]


def test_api_judges_a_long_real_word(api) -> None:
    answer = api.post("/api/v1/words/judge", json={"lexicon": "en", "words": [LONG_WORD]})
    assert answer.get_json() == {"valid": True}


def test_standalone_judges_a_play_at_its_limit_and_refuses_one_more_word(client: FlaskClient):
    """Bounded work (issue 20): 50 words are judged; a 51st is refused in words, unjudged."""
    at_limit = _play(client, " ".join(["QI"] * 50))
    assert at_limit.status_code == 303  # judged: on to the verdict
    over = _play(client, " ".join(["QI"] * 51))
    text = over.get_data(as_text=True)
    assert over.status_code == 422 and "A play has at most 50 words, not 51." in text
    assert "verdict-word" not in text
