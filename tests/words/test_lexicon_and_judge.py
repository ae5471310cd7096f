from __future__ import annotations

import dataclasses

import pytest

from companion.errors import Unreadable
from companion.words.judge import judge
from companion.words.lexicon import Lexicon, LexiconInfo


def test_lookup_is_case_insensitive_and_wild_marks_do_not_matter(small):
    assert "QUIz" in small and "team" in small and " Cat " in small
    assert "teamz" not in small and 3 not in small


def test_words_are_stored_once_lowercase():
    lex = Lexicon(LexiconInfo("x", "X", "en"), ["Cat", "cat", "CAT", "", "dog"])
    assert lex.words == ("cat", "dog") and len(lex) == 2


def test_zipf_is_from_the_source_and_zero_when_unknown(small):
    assert small.zipf("TEAM") == 5.0
    assert small.zipf("steam") == 0.0
    assert small.zipf("nonword") == 0.0


def test_common_words_only_cuts_the_list_by_zipf(small):
    assert small.is_word("team", min_zipf=4.5)
    assert not small.is_word("qi", min_zipf=4.5)
    assert not small.is_word("zzz", min_zipf=0)  # commonness is never enough by itself


@pytest.mark.parametrize(
    ("words", "valid"),
    [(["QI", "ZA"], True), (["team"], True), (["QI", "ZX"], False), (["ZX", "QI"], False)],
)
def test_judge_gives_one_verdict_for_the_play(small, words, valid):
    assert judge(small, words).valid is valid


def test_judge_never_names_the_failing_word(small):
    good, bad = judge(small, ["team", "qi"]), judge(small, ["team", "xqzw", "qi"])
    assert not bad.valid
    text = repr(bad) + str(dataclasses.asdict(bad))
    assert "xqzw" not in text.lower() and "team" not in text.lower()
    assert bad == judge(small, ["xqzw", "team", "qi"]) == judge(small, ["team", "qi", "xqzw"])
    assert good.zipf == (5.0, 1.8)


def test_judge_with_common_words_only(small):
    assert judge(small, ["team", "cat"], min_zipf=4.5).valid
    assert not judge(small, ["team", "qi"], min_zipf=4.5).valid


def test_an_empty_play_cannot_be_read(small):
    with pytest.raises(Unreadable, match="words"):
        judge(small, [])


def test_min_zipf_needs_commonness_data():
    lex = Lexicon(LexiconInfo("x", "X", "und"), ["cat"])
    with pytest.raises(Unreadable, match="commonness"):
        judge(lex, ["cat"], min_zipf=3)
