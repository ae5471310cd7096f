from __future__ import annotations

import pytest

from companion.games.alphagrams.options import AlphaGramsOptions
from companion.games.alphagrams.rules import check_word, inflections, is_inflection

WORDS = {
    "team",
    "teams",
    "mates",
    "meats",
    "steam",
    "bake",
    "baked",
    "baking",
    "stop",
    "stopped",
    "city",
    "cities",
    "quiz",
    "quizzes",
    "carry",
    "carried",
    "tea",
    "eat",
    "ate",
    "eats",
    "stopping",
    "bakes",
    "teamed",
    "meat",
}


def is_word(word: str) -> bool:
    return word.lower() in WORDS


@pytest.mark.parametrize(
    ("old", "new", "rule"),
    [
        ("TEAM", "TEAMS", "inflection"),
        ("TEAM", "TEAMED", "inflection"),
        ("TEAM", "MATES", None),
        ("TEAM", "MEATS", None),
        ("TEAM", "STEAM", None),
        ("BAKE", "BAKED", "inflection"),
        ("BAKE", "BAKES", "inflection"),
        ("BAKE", "BAKING", "inflection"),
        ("STOP", "STOPPED", "inflection"),
        ("STOP", "STOPPING", "inflection"),
        ("CITY", "CITIES", "inflection"),
        ("CARRY", "CARRIED", "inflection"),
        ("QUIZ", "QUIZZES", "inflection"),
        ("EAT", "EATS", "inflection"),
        ("TEA", "EATS", None),
        ("TEAM", "MEAT", "no-new-letter"),
        ("TEAM", "EATS", "not-a-rearrangement"),
        ("STEAM", "TEAMS", "no-new-letter"),
        ("TEAM", "XYZZY", "not-a-word"),
        ("TEAM", "TE", "too-short"),
    ],
)
def test_steal_rules(old, new, rule):
    check = check_word(new, old, is_word)
    assert check.rule == rule and check.valid is (rule is None)
    assert (check.message != "") is (rule is not None)


def test_wild_letters_count_as_their_letter():
    assert check_word("MEATs", "TEAM", is_word).valid
    assert check_word("TEAMs", "TEAM", is_word).rule == "inflection"


@pytest.mark.parametrize(
    ("word", "rule"), [("TEA", None), ("AT", "too-short"), ("TAE", "not-a-word")]
)
def test_new_words(word, rule):
    assert check_word(word, None, is_word).rule == rule


def test_table_can_overrule_or_switch_off_the_inflection_ruling():
    assert check_word("TEAMS", "TEAM", is_word, overrule=True).valid
    assert check_word("TEAMS", "TEAM", is_word, AlphaGramsOptions(refuse_inflections=False)).valid


def test_without_a_lexicon_only_the_mechanical_rules_apply():
    assert check_word("ZZZQ", None, None).valid
    assert check_word("ZZ", None, None).rule == "too-short"


def test_min_length_option():
    assert check_word("TEA", None, is_word, AlphaGramsOptions(min_length=4)).rule == "too-short"


def test_inflection_forms():
    assert {"TEAMS", "TEAMES", "TEAMED", "TEAMD", "TEAMING", "TEAMMED"} <= inflections("team")
    assert "BAKING" in inflections("BAKE") and "CITIES" in inflections("CITY")
    assert not is_inflection("TEAM", "MATES") and not is_inflection("TEA", "EATS")
    assert inflections("") == frozenset()
