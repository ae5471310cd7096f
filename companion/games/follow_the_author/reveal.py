"""When the sealed choices are revealed (a ruling: the seed only says "after the round").

The scoring and danger suits are revealed once the omega hand is over, and a reveal is final.
The app knows the hand is over in one of two ways:

- entered play by play: a seat has played its last card (``out``), the engine's own end of a
  hand (no one can go on after that);
- otherwise: both seats have said so, each from its own phone (``agreed``): by typing the
  omega hand's in-play points or by tapping "Reveal". One seat's word is never enough, so one
  phone's typo (say 0 and 0) cannot open both choices while the hand is still being played.
"""

from __future__ import annotations

from collections.abc import Collection

SEATS = frozenset({0, 1})


def reveal_due(*, out: int | None, agreed: Collection[int]) -> bool:
    """Whether the sealed choices are now revealed: a seat went out, or both seats agreed."""
    return out is not None or SEATS <= set(agreed)


def waiting_for(agreed: Collection[int]) -> list[int]:
    """The seats whose word the reveal still needs (when no seat has gone out)."""
    return sorted(SEATS - set(agreed))
