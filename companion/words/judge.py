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
MAX_WORD = 45  # the longest word of the shipped list (PNEUMONOULTRAMICROSCOPIC...)
_SHOWN = 20


def check_text(word: str) -> str:
    """``word`` in capitals when it is letters A to Z only and not too long; ``Unreadable``
    (field ``words``) with a message in player words otherwise. Runs before any verdict, so a
    typing slip (an accent, a digit) never comes back as NOT VALID."""
    shown = word[:_SHOWN] + ("..." if len(word) > _SHOWN else "")
    if not (word.isascii() and word.isalpha()):
        raise Unreadable(
            f"'{shown}' has a character other than the letters A to Z (an accent, a digit or a "
            "sign): type the word as the cards spell it.",
            "words",
        )
    if len(word) > MAX_WORD:
        raise Unreadable(
            f"'{shown}' is too long: {len(word)} letters, a word has at most {MAX_WORD}.", "words"
        )
    return word.upper()


def house_rule(min_zipf: float | None) -> str:
    """The house rule in force for a verdict, in player words ("" when none is)."""
    return "" if min_zipf is None else f"Common-words rule (Zipf {min_zipf:g}) on"


def judged_under(list_name: str, min_zipf: float | None) -> str:
    """What a verdict was given under: the house rule, if any, and the word list by name."""
    return ", ".join(x for x in (house_rule(min_zipf), f"word list {list_name}") if x)


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
