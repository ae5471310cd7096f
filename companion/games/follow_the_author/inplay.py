"""Points scored during play, as events in play order (who played the card scores).

- same-rank: 1 per earlier card of the sequence, just before this one, of the same rank.
- run: when the last 3+ cards of the sequence have consecutive ranks in any order, 1 per card
  of the longest such run ending with this card (Ace 1, Pawn 10, Court 11, Crown 12).
- finish-first: 1 to the first seat to empty its hand.
The Excuse has no rank, so it breaks both same-rank and runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from companion.cards.decktet import DecktetCard
from companion.games.follow_the_author.play import PlayedSequence, flatten

Kind = Literal["same-rank", "run", "finish-first"]


@dataclass(frozen=True)
class PointEvent:
    play: int
    seat: int
    kind: Kind
    points: int


def same_rank_points(cards: Sequence[DecktetCard]) -> int:
    """For the last card: how many cards just before it share its rank."""
    return _same_rank_at(cards, len(cards) - 1)


def _same_rank_at(cards: Sequence[DecktetCard], end: int) -> int:
    """``same_rank_points(cards[: end + 1])`` without copying: a walk back from ``end``."""
    rank, count = cards[end].rank, 0
    for i in range(end - 1, -1, -1):
        if rank is None or cards[i].rank != rank:
            break
        count += 1
    return count


def run_points(cards: Sequence[DecktetCard]) -> int:
    """The longest run (3+) among the last cards, ending with the last card; 0 if none."""
    return _run_at(cards, len(cards) - 1)


def _run_at(cards: Sequence[DecktetCard], end: int) -> int:
    """``run_points(cards[: end + 1])`` in one walk back from ``end``: a run has distinct
    known ranks, so the walk stops at the first Excuse or repeated rank (every longer stretch
    holds it too), after at most 12 cards; a stretch is a run when its ranks span its length.
    """
    best, seen = 0, set()
    low, high = 1 << 30, -(1 << 30)
    for i in range(end, -1, -1):
        rank = cards[i].rank
        if rank is None or rank in seen:
            break
        seen.add(rank)
        low, high = min(low, rank), max(high, rank)
        length = end - i + 1
        if length >= 3 and high - low == length - 1:
            best = length
    return best


def sequence_events(
    cards: Sequence[DecktetCard], seats: Sequence[int], start: int = 0
) -> list[PointEvent]:
    """The same-rank and run events of one sequence; ``start`` is its first play's index."""
    events: list[PointEvent] = []
    for i in range(1, len(cards)):
        same, run = _same_rank_at(cards, i), _run_at(cards, i)
        if same:
            events.append(PointEvent(start + i, seats[i], "same-rank", same))
        if run:
            events.append(PointEvent(start + i, seats[i], "run", run))
    return events


def hand_events(
    sequences: Sequence[PlayedSequence], first_out: int | None = None
) -> list[PointEvent]:
    """Every in-play event of one hand, in play order; finish-first comes last."""
    events: list[PointEvent] = []
    start = 0
    for sequence in sequences:
        cards = [p.card for p in sequence.plays]
        events += sequence_events(cards, [p.seat for p in sequence.plays], start)
        start += len(cards)
    if first_out is not None:
        events.append(PointEvent(_last_play_of(sequences, first_out), first_out, "finish-first", 1))
    return events


def _last_play_of(sequences: Sequence[PlayedSequence], seat: int) -> int:
    plays = flatten(sequences)
    mine = [i for i, p in enumerate(plays) if p.seat == seat]
    return mine[-1] if mine else max(len(plays) - 1, 0)


def points_by_seat(events: Sequence[PointEvent], seats: int = 2) -> dict[int, int]:
    totals = dict.fromkeys(range(seats), 0)
    for event in events:
        totals[event.seat] += event.points
    return totals
