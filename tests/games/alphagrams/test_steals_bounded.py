"""The steal helper finds steals with bit masks and marks only those it shows (issue 20, bounded
work): the same list, in the same order, as marking every word the rack could make and keeping
those that hold the word taken. That plain version is kept here as the reference; Hypothesis
compares them over random table words and pools (vowel cards and wilds included)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.alpha import DEFAULT_DECK, AlphaCard, PlayedAlpha
from companion.errors import Unreadable
from companion.games.alphagrams.helper import (
    MAX_STEAL_WORK,
    Steal,
    rack,
    steal_searches,
    steal_work,
    steals,
    typed_rack,
)
from companion.games.alphagrams.moves import TableWord
from companion.games.alphagrams.scoring import card_points, letter_card
from companion.words.anagram import distinct_picks, readings
from companion.words.helper import anagrams, find, mark_wilds
from companion.words.lexicon import Lexicon, LexiconInfo

WORDS = """team mate mates meats steam tames teams meat tea eat ate sat seat east eats stem
stems master masters stream streams tamer tamers mateo teamster teamsters meatier tease
teased seated rates stare tears aster taser treat treats setter street streets tester
outer route router routes tours torus trout trouts stout sour ours rose sore roes ores
""".split()
LEXICON = Lexicon(LexiconInfo("steals", "Steal test list", "en"), WORDS)
CARDS = [AlphaCard.parse(t) for t in ("T", "S", "R", "M", "A/E", "E/I", "O/U", "A/O", "?")]


def plain_steals(words, pool, deck, limit=30):
    letters, choices, wilds = rack(pool)
    found = []
    for w in words:
        base = w.text.upper()
        hits = anagrams(LEXICON, base + letters, wilds, choices, min_length=len(base) + 1,
                        order="long", limit=None)  # fmt: skip
        for h in hits:
            extra = Counter(h.shown) - Counter(base)
            if Counter(base) - Counter(h.shown):
                continue
            points = sum(card_points(c.card, deck) for c in w.cards) + sum(
                card_points(letter_card(ch, deck), deck) * n for ch, n in extra.items()
            )
            found.append(Steal(h.shown, base, w.seat, points))
    found.sort(key=lambda s: (-len(s.shown), -s.points, s.shown))
    return found[:limit]


VOWEL_CARD = {"A": "A/E=A", "E": "E/I=E", "O": "O/U=O"}


def table_word(seat: int, text: str) -> TableWord:
    return TableWord(seat, tuple(PlayedAlpha.parse(VOWEL_CARD.get(ch, ch)) for ch in text.upper()))


table = st.lists(
    st.builds(table_word, st.integers(0, 3), st.sampled_from(["team", "tea", "rose", "sat"])),
    max_size=4,
)
pools = st.lists(st.sampled_from(CARDS), max_size=9)


@settings(max_examples=150, deadline=None)
@given(table, pools, st.integers(1, 30))
def test_steals_match_marking_every_word(words, pool, limit):
    assert steals(LEXICON, words, pool, DEFAULT_DECK, limit=limit) == plain_steals(
        words, pool, DEFAULT_DECK, limit
    )


def test_typed_cards_are_searched_up_to_the_limit_and_refused_past_it_in_words():
    seven_kinds = "A/E A/I A/O A/U E/I E/O E/U"  # 2 ** 7 = 128 ways to read them
    assert len(typed_rack(seven_kinds)[1]) == 7
    with pytest.raises(Unreadable) as refused:
        typed_rack(seven_kinds + " ?")  # each way searched again with the wild
    assert refused.value.message.startswith(
        "These 7 vowel cards can be read 128 ways, too many to look through with 1 wild"
    )


def test_the_steal_helper_searches_up_to_its_limit_and_says_why_not_past_it():
    team = table_word(0, "team")
    kinds = [AlphaCard.parse(t) for t in ("A/E", "A/I", "A/O", "A/U", "E/I", "E/O", "E/U")]
    assert readings([c.letters for c in kinds]) == 128
    assert steal_work(1, 128, 0) <= MAX_STEAL_WORK < steal_work(1, 128 * 2, 0)
    assert steal_searches([team], kinds) is None
    said = steal_searches([team], [*kinds, AlphaCard.parse("I/O")])
    assert said == (
        "Too many steals to look for here: 1 word on the table, and a pool of 8 vowel cards "
        "and 0 wilds that can be read 256 ways. The helper looks for steals with fewer."
    )


def plain_mark_wilds(word, letters, wilds, choices):
    fixed = Counter(letters.lower())
    best = None
    for picks in distinct_picks([c.lower() for c in choices]):
        need = Counter(word.lower()) - (fixed + Counter(picks))
        if need.total() <= wilds and (best is None or need.total() < best.total()):
            best = need
    if best is None:
        return word.upper()
    out = []
    for ch in reversed(word.lower()):
        if best[ch] > 0:
            best[ch] -= 1
            out.append(ch)
        else:
            out.append(ch.upper())
    return "".join(reversed(out))


rack_cards = st.tuples(
    st.text(alphabet="TSRMAEO", max_size=6),
    st.integers(0, 3),
    st.lists(st.sampled_from(["AE", "EI", "OU", "AO"]), max_size=4),
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(WORDS), rack_cards)
def test_marking_matches_the_plain_definition(word, cards):
    letters, wilds, choices = cards
    assert mark_wilds(word, letters, wilds, choices) == plain_mark_wilds(
        word, letters, wilds, choices
    )


@settings(max_examples=150, deadline=None)
@given(rack_cards, st.sampled_from(["common", "long"]), st.integers(0, 12))
def test_the_first_words_are_the_first_of_every_word(cards, order, limit):
    letters, wilds, choices = cards
    every = find(LEXICON, letters, wilds, choices, order=order)
    assert find(LEXICON, letters, wilds, choices, order=order, limit=limit) == every[:limit]
