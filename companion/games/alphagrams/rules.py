"""AlphaGrams word rules: one ordered list of checks, each an early return.

Pure. Words are letter strings; a lowercase letter was played with a wild. Letters are
compared without regard to case (a wild keeps its letter); ``state`` checks the cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from companion.cards.alpha import CONSONANTS
from companion.games.alphagrams.options import DEFAULT_OPTIONS, AlphaGramsOptions

RULE_IDS = ("too-short", "not-a-word", "not-a-rearrangement", "no-new-letter", "inflection")


@dataclass(frozen=True)
class Check:
    """``valid``, or the first rule broken (``rule``) with a message for the table."""

    valid: bool
    rule: str | None = None
    message: str = ""


OK = Check(True)


def check_word(
    word: str,
    steal: str | None,
    is_word: Callable[[str], bool] | None,
    options: AlphaGramsOptions = DEFAULT_OPTIONS,
    overrule: bool = False,
) -> Check:
    """Judge a new word (``steal`` None) or a steal/protect of ``steal``. ``is_word`` None
    skips the lexicon (the table judges by challenge)."""
    new, old = word.upper(), (steal or "").upper()
    # Too short: a word has at least min_length letters.
    if len(new) < options.min_length:
        return Check(False, "too-short", f"{new} is shorter than {options.min_length} letters")
    # Not a word: not in the table's lexicon (or not common enough under the house rule).
    if is_word is not None and not is_word(word):
        return Check(False, "not-a-word", f"{new} is not in the table's word list")
    if steal is None:
        return OK
    # Inflection: the old word plus S, ES, ED, D or ING only changes its form
    # (checked first: CITY -> CITIES and BAKE -> BAKING also drop a letter).
    if options.refuse_inflections and not overrule and is_inflection(old, new):
        return Check(False, "inflection", f"{new} is only a form of {old} (S, ES, ED, D or ING)")
    # Not a rearrangement: a steal uses every letter of the old word.
    if Counter(old) - Counter(new):
        return Check(False, "not-a-rearrangement", f"{new} does not use every letter of {old}")
    # No new letter: a steal adds at least one card.
    if len(new) == len(old):
        return Check(False, "no-new-letter", f"{new} adds no letter to {old}")
    return OK


def inflections(old: str) -> frozenset[str]:
    """Every word made from ``old`` by an inflecting ending, with the usual spelling changes."""
    w = old.upper()
    if not w:
        return frozenset()
    forms = {w + end for end in ("S", "ES", "ED", "D", "ING")}
    if w.endswith("E"):  # dropped E: BAKE -> BAKING (BAKED is BAKE + D)
        forms.add(w[:-1] + "ING")
    if w[-1] in CONSONANTS:  # doubled consonant: STOP -> STOPPED, QUIZ -> QUIZZES
        forms |= {w + w[-1] + end for end in ("ED", "ING", "ES")}
    if w.endswith("Y"):  # Y -> IES / IED: CITY -> CITIES, CARRY -> CARRIED
        forms |= {w[:-1] + "IES", w[:-1] + "IED"}
    return frozenset(forms)


def is_inflection(old: str, new: str) -> bool:
    """True when ``new`` is ``old`` with only an inflecting ending (TEAM -> TEAMS)."""
    return new.upper() in inflections(old)
