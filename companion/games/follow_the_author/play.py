"""Play legality: one ordered list of rules, each an early return.

A hand is a list of sequences; a sequence is the plays laid overlapping on the table, in
order. Rule ids (REFEREE_API.md): ``ace-lead``, ``ace-on-ace``, ``ace-suit``, ``order``.
``legal_next`` gives the set of cards that may come next, from the same rules, so a card is
legal exactly when it is in that set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.cards.decktet import DECK, DecktetCard


@dataclass(frozen=True)
class Play:
    seat: int
    card: DecktetCard


@dataclass(frozen=True)
class PlayedSequence:
    """``ended_by_ace``: after a closing Ace the next player chose to end the sequence."""

    plays: tuple[Play, ...]
    ended_by_ace: bool = False


@dataclass(frozen=True)
class Violation:
    """``play`` counts over all plays of the hand, from 0."""

    play: int
    seat: int
    card: DecktetCard
    rule: str
    message: str


def judge(
    previous: DecktetCard | None,
    card: DecktetCard,
    *,
    descending: bool = False,
    holds_non_ace: bool = False,
) -> tuple[str, str] | None:
    """The first rule ``card`` breaks after ``previous`` (None: it leads), as (rule, message)."""
    # A lead: anything, but an Ace only when nothing else is left in hand.
    if previous is None:
        if card.is_ace and holds_non_ace:
            return "ace-lead", f"{card} was led while other cards were in hand."
        return None
    # After an Ace: any card but another Ace, with no order to follow.
    if previous.is_ace:
        if card.is_ace:
            return "ace-on-ace", f"{card} may not follow {previous}: an Ace never follows an Ace."
        return None
    # An Ace goes on any card that carries its suit.
    if card.is_ace:
        if not previous.has_suit(card.suits[0]):
            return "ace-suit", f"{card} needs a card of {card.suits[0]}, and {previous} has none."
        return None
    # Otherwise titles go forwards (backwards under Back and Forth in the omega hand).
    if not _in_order(previous, card, descending):
        way = "before" if descending else "after"
        return "order", f"{card} does not come {way} {previous} in alphabetical order."
    return None


def _in_order(previous: DecktetCard, card: DecktetCard, descending: bool) -> bool:
    before, after = previous.title_key or "", card.title_key or ""
    return before > after if descending else after > before


def legal_next(
    sequence: Sequence[DecktetCard],
    *,
    descending: bool = False,
    hand: Iterable[DecktetCard] | None = None,
    unavailable: Iterable[DecktetCard] = (),
    holding: int | None = None,
) -> frozenset[DecktetCard]:
    """The cards that may come next on ``sequence`` (empty: a lead).

    ``hand``: the player's cards when known (an Ace lead is then judged); otherwise every
    card of the deck not in ``unavailable`` (e.g. the cards already played this hand).
    ``holding``: how many cards the player holds, when their cards are not known: an Ace lead
    is refused when they must hold something else (see ``must_hold_non_ace``).
    """
    taken = set(unavailable) | set(sequence)
    pool = [c for c in (DECK if hand is None else hand) if c not in taken]
    if hand is not None:
        holds_non_ace = any(not c.is_ace for c in pool)
    else:
        holds_non_ace = must_hold_non_ace(holding, pool)
    previous = sequence[-1] if sequence else None
    return frozenset(
        c
        for c in pool
        if judge(previous, c, descending=descending, holds_non_ace=holds_non_ace) is None
    )


def must_hold_non_ace(holding: int | None, unseen: Iterable[DecktetCard]) -> bool:
    """True when a player holding ``holding`` cards, drawn from ``unseen``, surely holds a
    card that is not an Ace: they hold more cards than there are Aces left unseen."""
    return holding is not None and holding > sum(1 for c in unseen if c.is_ace)


def flatten(sequences: Sequence[PlayedSequence]) -> list[Play]:
    return [p for s in sequences for p in s.plays]


def check_hand(sequences: Sequence[PlayedSequence], *, descending: bool = False) -> list[Violation]:
    """Every rule broken in one hand. A seat's later plays show what it held at a lead."""
    plays = flatten(sequences)
    later = _holds_non_ace_later(plays)
    found: list[Violation] = []
    index = 0
    for sequence in sequences:
        previous: DecktetCard | None = None
        for play in sequence.plays:
            broken = judge(previous, play.card, descending=descending, holds_non_ace=later[index])
            if broken:
                found.append(Violation(index, play.seat, play.card, *broken))
            previous, index = play.card, index + 1
    return found


def _holds_non_ace_later(plays: Sequence[Play]) -> list[bool]:
    """For each play: does its seat play a card other than an Ace after it? One walk back."""
    later: list[bool] = [False] * len(plays)
    seen: set[int] = set()
    for i in range(len(plays) - 1, -1, -1):
        later[i] = plays[i].seat in seen
        if not plays[i].card.is_ace:
            seen.add(plays[i].seat)
    return later
