"""Words are laid against the cards taken a word at a time (issue 20, bounded work): the
result is the one matching every laid word again from scratch gives. The from-scratch
matching is kept here as the reference; Hypothesis compares them."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.alpha import AlphaCard
from companion.games.consonants.letters import can_follow
from companion.games.consonants.words import MIN_WORD, can_make, lay_words


def plain_can_make(letters: str, cards: Sequence[AlphaCard]) -> bool:
    if len(letters) > len(cards):
        return False
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for j, card in enumerate(cards):
            if j in seen or not can_follow(card, letters[i]):
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(letters)))


def plain_lay(words: Sequence[str], cards: Sequence[AlphaCard]) -> tuple[list[str], list[str]]:
    laid, refused = [], []
    for word in words:
        if len(word) >= MIN_WORD and plain_can_make("".join(laid) + word, cards):
            laid.append(word)
        else:
            refused.append(word)
    return laid, refused


CARDS = [AlphaCard.parse(t) for t in ("T", "S", "N", "R", "A/E", "E/I", "O/U", "A/O", "?")]
cards = st.lists(st.sampled_from(CARDS), max_size=24)
words = st.lists(st.text(alphabet="TSNRAEIOU", min_size=1, max_size=7), max_size=8)


@settings(max_examples=300, deadline=None)
@given(words, cards)
def test_words_laid_one_at_a_time_match_the_from_scratch_matching(played, taken):
    assert lay_words(played, taken) == plain_lay(played, taken)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="TSNRAEIOU", max_size=10), cards)
def test_can_make_matches_the_from_scratch_matching(letters, taken):
    assert can_make(letters, taken) == plain_can_make(letters, taken)
