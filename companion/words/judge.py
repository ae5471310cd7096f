"""The word judge: one verdict for a whole play, never which word failed.

Pure. A play is one or more words; it is valid when every word is in the lexicon (and, under
the "common words only" house rule, at least ``min_zipf`` common). The verdict carries no word
and no position, so it cannot tell the table which word failed. Commonness is returned only
for a valid play, in play order, to be shown after the verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.errors import Unreadable
from companion.words.lexicon import Lexicon

MAX_WORDS = 50


@dataclass(frozen=True)
class Verdict:
    """``valid`` for the whole play; ``zipf`` (valid plays only): commonness, word by word."""

    valid: bool
    zipf: tuple[float, ...] | None = None


def judge(lexicon: Lexicon, words: Sequence[str], min_zipf: float | None = None) -> Verdict:
    """Judge a play. Raises ``Unreadable`` for an empty play or more than ``MAX_WORDS``."""
    if not words:
        raise Unreadable("field 'words': a play needs at least one word", "words")
    if len(words) > MAX_WORDS:
        raise Unreadable(f"field 'words': at most {MAX_WORDS} words, not {len(words)}", "words")
    if min_zipf is not None and not lexicon.has_commonness:
        raise Unreadable(f"lexicon {lexicon.id!r} has no commonness data for min_zipf", "min_zipf")
    if not all(lexicon.is_word(w, min_zipf) for w in words):
        return Verdict(False)
    return Verdict(True, tuple(lexicon.zipf(w) for w in words))
