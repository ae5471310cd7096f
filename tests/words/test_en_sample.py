"""The default English list is a word-game list: the published sample in
tests/data/words/en_sample.txt, judged one word at a time through /api/v1/words/judge."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.words import loader, registry

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "words" / "en_sample.txt"
ROMAN = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")


def read_sample() -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = ""
    for raw in SAMPLE.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("["):
            current = line.strip("[]")
        elif line:
            sections.setdefault(current, []).extend(line.split())
    return sections


SECTIONS = read_sample()


@pytest.fixture(scope="module")
def en_words() -> frozenset[str]:
    return frozenset(loader.read_words(loader.DEFAULT_DIR / "en.txt"))


@pytest.fixture
def client(api_client):
    registry.init_app(api_client.application)
    return api_client


def judge(client, word: str) -> bool:
    answer = client.post("/api/v1/words/judge", json={"lexicon": "en", "words": [word.upper()]})
    assert answer.status_code == 200, answer.data
    return bool(answer.get_json()["valid"])


def test_sample_has_both_sides():
    assert len(SECTIONS["accept"]) > 100 and len(SECTIONS["refuse"]) > 80


def test_word_game_words_are_accepted(client):
    refused = [w for w in SECTIONS["accept"] if not judge(client, w)]
    assert refused == []


def test_abbreviations_and_roman_numerals_are_refused(client):
    accepted = [w for w in SECTIONS["refuse"] if judge(client, w)]
    assert accepted == []


def test_no_single_letters_and_only_word_game_two_letter_words(en_words):
    two = {w for w in SECTIONS["accept"] if len(w) == 2}
    assert not [w for w in en_words if len(w) == 1]
    assert {w for w in en_words if len(w) == 2} == two


def test_no_roman_numeral_but_real_words(en_words):
    assert sorted(w for w in en_words if ROMAN.fullmatch(w)) == ["li", "mi", "mix", "mm", "xi"]
