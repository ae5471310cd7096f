"""Queries built on the anagram index: every word, or the best few, for some letters.

Pure. ``find`` answers "every word in these letters" (the benchmark's query); ``anagrams``
answers "what could we have made?" with the wild letters marked.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from companion.errors import Unreadable
from companion.words.anagram import (
    AnagramIndex,
    Hit,
    distinct_picks,
    index_of,
    makeable,
    select,
)
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
    limit: int | None = None,
) -> list[str]:
    """Every word of ``min_length``+ letters that can be made, most common first
    (``order="common"``; ties: longer, then A-Z) or longest first (``order="long"``); only
    the first ``limit`` when given (the others are never picked out of the list)."""
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
    if order == "long":
        return (
            longest(lexicon, [mask], limit)[0][:limit]
            if limit is not None
            else sorted(select(index, mask), key=len, reverse=True)
        )
    return select(index, mask, limit)


def extensions(
    lexicon: Lexicon,
    base: str,
    letters: str,
    wilds: int = 0,
    choices: Sequence[str] = (),
    *,
    min_zipf: float | None = None,
) -> int:
    """Bitmask (``index_of(lexicon)``) of every word longer than ``base`` holding all of its
    letters, whose other letters the rack can make: the steals of ``base``. Bit operations
    only; ``longest`` picks the words out, ``mark_wilds`` with ``base + letters`` marks one.
    """
    index = index_of(lexicon)
    mask = makeable(index, base + letters, wilds, choices) & _holding(index, base)
    longer = len(base) + 1
    mask &= index.length_at_least[longer] if longer < len(index.length_at_least) else 0
    if min_zipf is not None:
        mask &= (1 << bisect_right(index.zipf, -min_zipf, key=lambda z: -round(z, 2))) - 1
    return mask


def longest(lexicon: Lexicon, masks: Sequence[int], limit: int) -> list[list[str]]:
    """For each mask, its words longest first (then most common), leaving out every length
    shorter than the ``limit`` longest words of all the masks together: the bits are counted
    length by length, and only the words kept are picked out of the list."""
    index = index_of(lexicon)
    by_length = index.length_at_least
    shortest, count = len(by_length), 0
    while shortest > 1 and count < limit:
        shortest -= 1
        exactly = by_length[shortest] & ~(
            by_length[shortest + 1] if shortest + 1 < len(by_length) else 0
        )
        count += sum((m & exactly).bit_count() for m in masks)
    keep = by_length[shortest] if shortest < len(by_length) else 0
    return [sorted(select(index, m & keep), key=len, reverse=True) for m in masks]


def _holding(index: AnagramIndex, base: str) -> int:
    """Bitmask of the words with at least the letters of ``base``."""
    mask = -1
    for letter, count in Counter(base.lower()).items():
        masks = index.at_least.get(letter, ())
        mask &= masks[count - 1] if count <= len(masks) else 0
    return mask


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
    picked = find(
        lexicon,
        letters,
        wilds,
        choices,
        min_length=min_length,
        min_zipf=min_zipf,
        order=order,
        limit=limit,
    )
    return [Hit(w, mark_wilds(w, letters, wilds, choices), lexicon.zipf(w)) for w in picked]


def mark_wilds(word: str, letters: str, wilds: int, choices: Sequence[str] = ()) -> str:
    """``word`` in capitals with the letters that need a wild in lowercase (the fewest wilds,
    the first way to read the choice cards that gives that few; the last copies of a letter).
    Returns the word in capitals when it cannot be made."""
    fixed = Counter(letters.lower())
    short = {ch: n - fixed[ch] for ch, n in Counter(word.lower()).items() if n > fixed[ch]}
    best: dict[str, int] | None = None
    fewest = wilds + 1
    for picks in _readings(tuple(c.lower() for c in choices)):
        need = {ch: n - picks.get(ch, 0) for ch, n in short.items() if n > picks.get(ch, 0)}
        if sum(need.values()) < fewest:
            best, fewest = need, sum(need.values())
            if fewest == 0:
                break  # no later reading needs fewer
    if best is None:
        return word.upper()
    out = []
    for ch in reversed(word.lower()):
        if best.get(ch, 0) > 0:
            best[ch] -= 1
            out.append(ch)
        else:
            out.append(ch.upper())
    return "".join(reversed(out))


@lru_cache(maxsize=64)
def _readings(choices: tuple[str, ...]) -> tuple[dict[str, int], ...]:
    """Each distinct reading of the choice cards as letter counts, in ``distinct_picks``
    order (kept: a helper page marks many words with the same cards)."""
    return tuple(dict(Counter(picks)) for picks in distinct_picks(choices))
