"""What the word games (AlphaGrams, Consonants) share about a challenge at a table: the one
being judged now, folded from the word judge's events (``judge-open``, ``judge-verdict``,
``judge-cancel``). Pure."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TypeVar

from companion.games.protocol import Event

S = TypeVar("S", bound=Any)  # a frozen state with ``challenges`` and ``judging`` fields


@dataclass(frozen=True)
class Judging:
    """A challenge the word judge is judging now: its number, the word's player and the
    challenger."""

    n: int
    player: int
    challenger: int


def fold_judge(state: S, event: Event) -> S:
    """Open a challenge (``judge-open``) or close the one being judged (a verdict or a
    cancel of that number); a payload that does not read changes nothing."""
    p = event.payload
    try:
        n = int(p.get("n", 0))
        if event.kind == "judge-open":
            judging = Judging(n, int(p["player"]), int(p["challenger"]))
            return replace(state, challenges=max(state.challenges, n), judging=judging)
    except (KeyError, TypeError, ValueError):
        return state
    ended = event.kind in ("judge-verdict", "judge-cancel")
    if ended and state.judging is not None and state.judging.n == n:
        return replace(state, judging=None)
    return state
