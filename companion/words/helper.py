"""Queries built on the anagram index: every word, or the best few, for some letters.

Pure. ``find`` answers "every word in these letters" (the benchmark's query); ``anagrams``
answers "what could we have made?" with the wild letters marked.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence

from companion.errors import Unreadable
from companion.words.anagram import Hit, distinct_picks, index_of, makeable, select
from companion.words.lexicon import Lexicon

ORDERS = ("common", "long")


def find(
    lexicon: Lexicon,
    letters: str,
    wilds: int = 0,
    choices: Sequence[str] = (),
    *,
    min_length: int = 3,
    min_zipf: float | None = None,
    order: str = "common",
) -> list[str]:
    """Every word of ``min_length``+ letters that can be made, most common first
    (``order="common"``; ties: longer, then A-Z) or longest first (``order="long"``)."""
    if order not in ORDERS:
        raise Unreadable(f"order {order!r} is not one of {', '.join(ORDERS)}", "order")
    if wilds < 0:
        raise Unreadable(f"wilds must be 0 or more, not {wilds}", "wilds")
    index = index_of(lexicon)
    mask = makeable(index, letters, wilds, choices)
    lengths = index.length_at_least
    mask &= lengths[max(min_length, 0)] if min_length < len(lengths) else 0
    if min_zipf is not None:
        mask &= (1 << bisect_right(index.zipf, -min_zipf, key=lambda z: -round(z, 2))) - 1
    words = select(index, mask)
    return sorted(words, key=len, reverse=True) if order == "long" else words


def anagrams(
    lexicon: Lexicon,
    letters: str,
    wilds: int = 0,
    choices: Sequence[str] = (),
    *,
    min_length: int = 3,
    min_zipf: float | None = None,
    order: str = "common",
    limit: int | None = 50,
) -> list[Hit]:
    """The best ``limit`` words as ``Hit`` values, wild letters shown in lowercase."""
    found = find(
        lexicon, letters, wilds, choices, min_length=min_length, min_zipf=min_zipf, order=order
    )
    picked = found if limit is None else found[:limit]
    return [Hit(w, mark_wilds(w, letters, wilds, choices), lexicon.zipf(w)) for w in picked]


def mark_wilds(word: str, letters: str, wilds: int, choices: Sequence[str] = ()) -> str:
    """``word`` in capitals with the letters that need a wild in lowercase (the fewest wilds;
    the last copies of a letter). Returns the word in capitals when it cannot be made."""
    fixed = Counter(letters.lower())
    best: Counter[str] | None = None
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
