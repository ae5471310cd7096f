"""The anagram helper: every word of a lexicon that can be made from some letters.

Pure. Letters are given as plain letters, *choice* cards (a vowel card ``"AE"`` is A or E, the
player picks), and a number of wilds (any letter each). A word may use any subset of them.

How it is fast: the index keeps the words most common first and, for each letter ``c`` and
count ``k``, one big integer with a bit per word, set when the word has at least ``k`` copies
of ``c``. A query adds up, for all words in parallel (bit-sliced), how many letters each word
is short of; a word can be made when it is short of no more letters than there are wilds.
That is a few hundred big-integer operations instead of a loop over 250,000 words, and the
answer comes out already sorted by commonness.
"""

from __future__ import annotations

import itertools
import math
import re
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.words.lexicon import Lexicon


@dataclass(frozen=True)
class AnagramIndex:
    """``words`` most common first (then longest, then A-Z), ``zipf`` aligned with them;
    ``at_least[c][k - 1]``: bitmask of the words with ``k``+ copies of ``c``;
    ``length_at_least[n]``: bitmask of the words of ``n``+ letters."""

    words: tuple[str, ...]
    zipf: Sequence[float]
    at_least: dict[str, tuple[int, ...]]
    length_at_least: tuple[int, ...]


@dataclass(frozen=True)
class Hit:
    """One word found: ``shown`` marks the letters taken by wilds in lowercase (``QUIz``)."""

    word: str
    shown: str
    zipf: float


def build_index(words: Sequence[str], zipf: Sequence[float] | None = None) -> AnagramIndex:
    """Build the index (about a second for 250,000 words); ``words`` sorted A-Z."""
    z = list(zipf) if zipf is not None else [0.0] * len(words)
    lengths = list(map(len, words))
    order = sorted(range(len(words)), key=lengths.__getitem__, reverse=True)
    order.sort(key=z.__getitem__, reverse=True)  # stable: ties stay longest first, then A-Z
    ordered = tuple(words[i] for i in order)
    joined = "\n".join(ordered)
    at_least = {c: _masks(_letter_counts(joined, ordered, c)) for c in sorted(set(joined) - {"\n"})}
    by_length = (_all(len(ordered)),) + _masks(bytes(min(lengths[i], 255) for i in order))
    return AnagramIndex(ordered, array("f", (z[i] for i in order)), at_least, by_length)


def _letter_counts(joined: str, words: Sequence[str], letter: str) -> bytes:
    """Copies of ``letter`` in each word, one byte per word (``joined`` = words joined by
    newlines)."""
    if joined.isascii():
        keep = bytes(range(256)).replace(letter.encode(), b"").replace(b"\n", b"")
        return bytes(map(len, joined.encode("ascii").translate(None, keep).split(b"\n")))
    return bytes([min(w.count(letter), 255) for w in words])


def _masks(counts: bytes) -> tuple[int, ...]:
    """For k = 1..max: the bitmask of positions i with counts[i] >= k."""
    out = []
    for k in range(1, max(counts, default=0) + 1):
        table = bytes(49 if v >= k else 48 for v in range(256))
        out.append(int(counts.translate(table)[::-1], 2))
    return tuple(out)


def _all(n: int) -> int:
    return (1 << n) - 1


INDEX_KEY = "anagram-index"  # the index's name among the values kept with a lexicon


def index_of(lexicon: Lexicon) -> AnagramIndex:
    """The lexicon's index, built on first use and kept with the lexicon."""
    return lexicon.cached(INDEX_KEY, lambda: build_index(lexicon.words, lexicon.zipf_table()))


def makeable(index: AnagramIndex, letters: str, wilds: int = 0, choices: Sequence[str] = ()) -> int:
    """Bitmask of every word that ``letters`` + ``choices`` + ``wilds`` wilds can make."""
    letters, choices = letters.lower(), [c.lower() for c in choices]
    varying = set("".join(choices))
    fixed = Counter(letters)
    base = _short_by(index, fixed, wilds, [c for c in index.at_least if c not in varying])
    varying_letters = [c for c in index.at_least if c in varying]
    found = 0
    for picks in distinct_picks(choices):
        short = _short_by(index, fixed + Counter(picks), wilds, varying_letters, list(base))
        found |= ~short[wilds + 1]
    return found & _all(len(index.words))


def distinct_picks(choices: Sequence[str]) -> list[str]:
    """Every distinct multiset of letters the choice cards can stand for.

    Equal cards are taken together (three A/E cards stand for AAA, AAE, AEE or EEE: four
    ways, not eight), so the work grows with the number of cards, not 2 to that power."""
    if not choices:
        return [""]
    groups = Counter("".join(sorted(set(c))) for c in choices)
    ways = [
        ["".join(p) for p in itertools.combinations_with_replacement(letters, n)]
        for letters, n in sorted(groups.items())
    ]
    return sorted({"".join(sorted("".join(p))) for p in itertools.product(*ways)})


def readings(choices: Sequence[str]) -> int:
    """How many ways ``distinct_picks`` may read the choice cards (at most; equal cards taken
    together): the product over each kind of card of its multisets. Counted, not listed."""
    count = 1
    for letters, n in Counter("".join(sorted(set(c))) for c in choices).items():
        count *= math.comb(n + len(letters) - 1, len(letters) - 1)
    return count


def _short_by(
    index: AnagramIndex,
    counts: Counter[str],
    wilds: int,
    letters: Sequence[str],
    start: list[int] | None = None,
) -> list[int]:
    """Bit-sliced sums: ``s[t]`` = words short of ``t`` or more letters (s[0] = every word)."""
    s = start or [-1] + [0] * (wilds + 1)
    for c in letters:
        masks, have = index.at_least[c], counts.get(c, 0)
        if have >= len(masks):
            continue
        d = [-1] + [masks[have + j] if have + j < len(masks) else 0 for j in range(wilds + 1)]
        for t in range(wilds + 1, 0, -1):  # descending: s[a < t] are still the old sums
            acc = s[t]
            for a in range(t):
                acc |= s[a] & d[t - a]
            s[t] = acc
    return s


def select(index: AnagramIndex, mask: int, limit: int | None = None) -> list[str]:
    """The words whose bits are set in ``mask``, in index order (most common first); only
    the first ``limit`` when given.

    Only the mask's non-zero bytes are looked at, found by the regex engine, so a query with
    a few hundred words costs that much, not a step per word of the list."""
    words = index.words
    if not words or mask == 0 or limit == 0:
        return []
    data = (mask & _all(len(words))).to_bytes((len(words) + 7) // 8, "little")
    found: list[str] = []
    for run in _NOT_ZERO.finditer(data):
        for at, byte in enumerate(run.group(), run.start()):
            found += [words[8 * at + bit] for bit in _BITS_OF[byte]]
            if limit is not None and len(found) >= limit:
                return found[:limit]
    return found


_NOT_ZERO = re.compile(rb"[^\x00]+")
_BITS_OF = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
