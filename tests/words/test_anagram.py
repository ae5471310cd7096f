from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import Unreadable
from companion.words.helper import anagrams, find, mark_wilds
from companion.words.lexicon import Lexicon, LexiconInfo

from .conftest import SMALL, zipf_source


def makeable(word: str, letters: str, wilds: int, choices: list[str]) -> bool:
    """Plain reference: try every side of every choice card."""
    from itertools import product

    for picks in product(*choices) if choices else [()]:
        short = Counter(word) - Counter(letters + "".join(picks))
        if short.total() <= wilds:
            return True
    return False


def test_finds_anagrams_most_common_first(small):
    assert find(small, "TEAMS")[:2] == ["eat", "team"]
    assert set(find(small, "teams")) == {
        w for w in SMALL if makeable(w, "teams", 0, []) and len(w) >= 3
    }


def test_wilds_and_vowel_cards(small):
    assert "quiz" in find(small, "QUZ", choices=["IU"])  # the I/U card played as I
    assert "quiz" not in find(small, "QZ", choices=["IU"])  # one card cannot be both
    assert "quiz" in find(small, "QZ", wilds=1, choices=["IU"])
    assert "jinx" in find(small, "JNX", choices=["IO"])
    assert "jinx" not in find(small, "JNX", choices=["AE"])


def test_min_length_order_and_common_only(small):
    assert all(len(w) >= 4 for w in find(small, "steam", min_length=4))
    longest = find(small, "steam", order="long")
    assert [len(w) for w in longest] == sorted((len(w) for w in longest), reverse=True)
    assert find(small, "teams", min_zipf=5.1) == ["eat"]
    with pytest.raises(Unreadable):
        find(small, "teams", order="random")


def test_hits_show_the_wild_letters_in_lowercase(small):
    hits = anagrams(small, "QUI", wilds=1, limit=None)
    shown = {h.word: h.shown for h in hits}
    assert shown["quiz"] == "QUIz"
    assert mark_wilds("quiz", "qz", 1, ["iu"]) in ("QUiZ", "QuIZ")
    assert mark_wilds("quiz", "q", 0) == "QUIZ"  # cannot be made: shown plain


def test_one_letter_lexicon_and_empty_rack():
    lex = Lexicon(LexiconInfo("t", "T", "en"), ["aaa", "ab"], zipf_source)
    assert find(lex, "", wilds=0) == []
    assert find(lex, "a", wilds=2) == ["aaa"]
    assert find(lex, "a", wilds=1, min_length=2) == ["ab"]


WORDS = st.text(alphabet="abcdeilnorst", min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(WORDS, min_size=1, max_size=60),
    letters=st.text(alphabet="abcdeilnorstxz", max_size=10),
    wilds=st.integers(0, 2),
    choices=st.lists(st.sampled_from(["ae", "io", "ou", "ei"]), max_size=3),
)
def test_every_word_found_can_be_made_and_is_in_the_list(words, letters, wilds, choices):
    lex = Lexicon(LexiconInfo("h", "H", "en"), words)
    found = find(lex, letters, wilds, choices, min_length=1)
    assert len(found) == len(set(found))
    for word in found:
        assert word in lex
        assert makeable(word, letters, wilds, choices)
    # and nothing makeable is missed
    expected = {w for w in lex.words if makeable(w, letters, wilds, choices)}
    assert set(found) == expected


def _brute_picks(choices: list[str]) -> list[str]:
    import itertools

    return sorted({"".join(sorted(p)) for p in itertools.product(*choices)})


@pytest.mark.parametrize(
    "choices",
    [[], ["ae"], ["ae", "ae", "io"], ["ae", "io", "ae", "ou", "io", "ae"], ["aa", "ae"]],
)
def test_distinct_picks_match_every_combination(choices):
    from companion.words.anagram import distinct_picks

    assert distinct_picks(choices) == _brute_picks(choices)


def test_equal_vowel_cards_are_counted_not_multiplied():
    """Twenty A/E cards stand for 21 letter sets; each is built once (2**20 before)."""
    from companion.words.anagram import distinct_picks

    assert len(distinct_picks(["ae"] * 20)) == 21
