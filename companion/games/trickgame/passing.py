"""The pass and the deal rotation a trick game shares (Hearts, Consonants): the cycles of pass
directions per player count, the pass of each hand, the dealer of each hand, and the checks on
a cycle. A game's options need only ``players``, ``pass_count`` and ``pass_cycle``.

Hands are numbered from 1. The pass for hand k is ``cycle[(k - 1) % len(cycle)]``; the dealer
moves one seat left (clockwise) each hand. Pure: standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

DIRECTIONS = ("left", "right", "across", "2nd-left", "2nd-right", "scatter", "hold")

DEFAULT_CYCLES: dict[int, tuple[str, ...]] = {
    3: ("left", "right", "hold"),
    4: ("left", "right", "across", "hold"),
    5: ("left", "right", "hold"),
    6: ("left", "right", "2nd-left", "2nd-right", "across", "hold"),
}
"""Default pass cycle per player count. The 6-player cycle is a house rule, not from the
rule texts (``HOUSE_RULE_CYCLES``)."""

OTHER_CYCLES: dict[int, tuple[tuple[str, ...], ...]] = {
    3: (("left", "right"), ("left", "right", "scatter", "hold"), ("left", "right", "scatter")),
    4: (
        ("left", "right", "across"),
        ("left", "right", "across", "scatter"),
        ("left", "right", "across", "scatter", "hold"),
    ),
    5: (
        ("left", "right"),
        ("left", "right", "2nd-left", "2nd-right", "hold"),
        ("left", "right", "2nd-left", "hold", "left", "right", "2nd-right", "hold"),
    ),
    6: (),
}
"""The other cycles the rule texts name, for the UI's choice list (scatter at 3 players
needs 4-card passing)."""

HOUSE_RULE_CYCLES = {6}
"""Player counts whose cycles are house rules (mark them so in the UI)."""

_OFFSETS = {"left": 1, "right": -1, "2nd-left": 2, "2nd-right": -2}
_WORDS = {
    "left": "to the left",
    "right": "to the right",
    "across": "across",
    "2nd-left": "to the second player on the left",
    "2nd-right": "to the second player on the right",
    "scatter": "one to each other player",
}


class PassRules(Protocol):
    """What the pass needs of a game's options (a frozen dataclass has these as fields)."""

    @property
    def players(self) -> int: ...
    @property
    def pass_count(self) -> int: ...
    @property
    def pass_cycle(self) -> tuple[str, ...] | None: ...


def cycle_of(rules: PassRules) -> tuple[str, ...]:
    """The pass cycle in force (the default for the player count when not set)."""
    return rules.pass_cycle or DEFAULT_CYCLES[rules.players]


def dealer_for_hand(hand: int, players: int, first_dealer: int = 0) -> int:
    """The dealer of hand ``hand`` (1-based): one seat further left each hand."""
    return (first_dealer + hand - 1) % players


@dataclass(frozen=True)
class Pass:
    """The pass for one hand: ``direction`` (a cycle word), ``cards`` per target."""

    direction: str
    players: int
    count: int

    @property
    def is_hold(self) -> bool:
        return self.direction == "hold" or self.count == 0

    @property
    def offset(self) -> int | None:
        """Seats to the left the cards go (None for hold and scatter)."""
        if self.is_hold or self.direction == "scatter":
            return None
        if self.direction == "across":
            return self.players // 2
        return _OFFSETS[self.direction] % self.players

    def targets(self, seat: int) -> list[int]:
        """Seats that ``seat`` passes to (every other seat for scatter; none for hold)."""
        if self.is_hold:
            return []
        if self.direction == "scatter":
            return [(seat + i) % self.players for i in range(1, self.players)]
        return [(seat + (self.offset or 0)) % self.players]

    def target(self, seat: int) -> int | None:
        """The single seat ``seat`` passes to (None for hold and scatter)."""
        targets = self.targets(seat)
        return targets[0] if len(targets) == 1 else None

    @property
    def cards_each(self) -> int:
        """Cards given to each target seat."""
        if self.direction == "scatter":
            return self.count // (self.players - 1)
        return self.count

    def describe(self) -> str:
        """In words, e.g. "pass 3 cards to the left", "hold (no pass)"."""
        if self.is_hold:
            return "hold (no pass)"
        if self.direction == "scatter":
            return f"scatter: pass {self.cards_each} card(s) to each other player"
        return f"pass {self.count} card{'s' if self.count != 1 else ''} {_WORDS[self.direction]}"


def pass_for_hand(rules: PassRules, hand: int) -> Pass:
    """The pass for hand ``hand`` (1-based): ``cycle[(hand - 1) % len(cycle)]``."""
    cycle = cycle_of(rules)
    return Pass(cycle[(hand - 1) % len(cycle)], rules.players, rules.pass_count)


def cycle_is_house_rule(rules: PassRules) -> bool:
    """True when the cycle in force is not from the rule texts (6 players)."""
    return rules.players in HOUSE_RULE_CYCLES


def cycle_problem(rules: PassRules) -> str | None:
    """What makes the cycle in force unplayable for these rules, in words; None if nothing."""
    n = rules.players
    for direction in cycle_of(rules):
        if direction not in DIRECTIONS:
            return f"pass direction {direction!r:.30} is not one of {', '.join(DIRECTIONS)}"
        if direction == "across" and n % 2:
            return f"no seat is across at {n} players"
        if direction.startswith("2nd-") and n < 5:
            return f"2nd-left/2nd-right need 5 or 6 players, not {n}"
        if direction == "scatter" and rules.pass_count % (n - 1):
            return f"scatter needs pass_count divisible by {n - 1} at {n} players"
    return None
