"""Whether a move may be made: one ordered list of checks, each an early return.

Pure. The lexicon is not consulted here: a word stands until challenged (``state.challenge``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from companion.games.alphagrams.moves import Move, declaration_problem, missing_from
from companion.games.alphagrams.rules import OK, Check, check_word

if TYPE_CHECKING:
    from companion.games.alphagrams.state import AlphaGramsState


def check_move(state: AlphaGramsState, move: Move) -> Check:
    """The first problem with ``move`` (card checks, then the word rules), or ``OK``."""
    problem = _card_problem(state, move)
    if problem is not None:
        return problem
    stolen = None
    if move.steal is not None and 0 <= move.steal < len(state.words):
        stolen = state.words[move.steal].text
    check = check_word(move.text, stolen, None, state.options, move.overrule)
    return check if not check.valid else _steal_problem(state, move) or OK


def _card_problem(state: AlphaGramsState, move: Move) -> Check | None:
    # The game is over, or it is not this seat's turn, or its card is still to be turned.
    if state.phase != "play" or move.seat != state.turn:
        return _refused("turn", "it is not this seat's turn to make a word now")
    # A card declared as a letter it cannot be (A/E as O, a consonant as another letter).
    for played in move.cards:
        if (why := declaration_problem(played)) is not None:
            return _refused("bad-declaration", why)
    # Cards taken from the pool must be in the pool.
    if missing_from(state.pool, [c.card for c in move.from_("pool")]):
        return _refused("not-in-pool", "a card taken from the pool is not in the pool")
    # No more cards from hand than the hand holds (the extra discard included).
    if len(move.from_("hand")) + (1 if move.discard else 0) > state.hands[move.seat]:
        return _refused("hand-size", "more cards from hand than the hand holds")
    # The extra discard: only where the table allows it.
    if move.discard and not state.options.extra_discard:
        return _refused("discard", "this table does not allow the extra discard")
    return None


def _steal_problem(state: AlphaGramsState, move: Move) -> Check | None:
    words = move.from_("word")
    # Cards marked as from a word, but no word is anagrammed.
    if move.steal is None:
        return _refused("not-a-rearrangement", "no word is being anagrammed") if words else None
    # The word anagrammed must be on the table.
    if not 0 <= move.steal < len(state.words):
        return _refused("not-a-rearrangement", "that word is not on the table")
    old = state.words[move.steal]
    # Every card of the old word, unchanged (wilds and vowel sides stay as played).
    if Counter(words) != Counter(old.cards):
        return _refused("not-a-rearrangement", f"{move.text} does not use every card of {old.text}")
    # At least one card added from hand or pool.
    if len(move.cards) == len(old.cards):
        return _refused("no-new-letter", f"{move.text} adds no card to {old.text}")
    return None


def _refused(rule: str, message: str) -> Check:
    return Check(False, rule, message)


__all__ = ["OK", "check_move"]
