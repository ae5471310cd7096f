"""The game across hands: running totals, the end, the winners.

Totals are derived from each hand's scores, never stored as the truth. The game ends after a
hand in which at least one seat has reached the target (150 unless the table agrees
otherwise); the lowest total wins (a tie for lowest shares the win).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.consonants.options import ConsonantsOptions


def running_totals(hands: Sequence[Mapping[int, int]], players: int) -> list[dict[int, int]]:
    """The totals after each hand, from each hand's scores."""
    total = {seat: 0 for seat in range(players)}
    result = []
    for scores in hands:
        total = {seat: total[seat] + scores.get(seat, 0) for seat in total}
        result.append(total)
    return result


def game_over(totals: Mapping[int, int], options: ConsonantsOptions) -> bool:
    """True once any seat's total is at or above the target."""
    return any(value >= options.target for value in totals.values())


def winners(totals: Mapping[int, int]) -> list[int]:
    """The seat(s) with the lowest total."""
    if not totals:
        return []
    low = min(totals.values())
    return sorted(seat for seat, value in totals.items() if value == low)
