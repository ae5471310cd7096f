"""A finished hand in words, for the summary every phone shows after a hand (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class HandSummary:
    """Hand ``number``: each seat's points (None: not scored yet), the notes in words (a moon,
    Flying by Night, a revoke, the kitty) and the marks its sheet row shows."""

    number: int
    points: tuple[tuple[str, int], ...] | None
    notes: tuple[str, ...]
    marks: tuple[str, ...]

    @property
    def usual(self) -> bool:
        """Nothing to tell beyond the points."""
        return not self.notes


def points_line(
    scores: Mapping[int, int] | None, names: Sequence[str]
) -> tuple[tuple[str, int], ...] | None:
    if scores is None:
        return None
    return tuple((name, scores.get(seat, 0)) for seat, name in enumerate(names))
