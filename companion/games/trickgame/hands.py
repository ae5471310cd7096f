"""The hands of a trick game built from its entries, and the moon-like choice (pure).

A game declares what differs in a ``HandRules``: how one hand is built from its entries and
the totals before it (``build``), when a hand counts (``done``: scored, or closed), how its
scores add to the totals (``add``) and when the game ends (``over``); and, as a ``Moon``, the
name and words of its moon or its like. The base does the rest the same way for every game:
the hands built again from the first changed one (a correction of hand 2 recomputes every
total after it), the newest hand to sum up, and the checks on the moon-like choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from companion.errors import Forbidden, NotAllowed, Unreadable
from companion.games.protocol import Actor, Data, Payload, Who, may

Scores = dict[int, int]


class Dealt(Protocol):
    """A game's options as the base reads them: how many play, who deals first."""

    @property
    def players(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...


class Built(Protocol):
    """A state whose hands the base builds (a frozen dataclass with these fields)."""

    @property
    def hands(self) -> tuple[Any, ...]: ...  # the game's own Hand (HandRules' H)
    @property
    def totals(self) -> Scores: ...
    @property
    def options(self) -> Dealt: ...


S = TypeVar("S", bound=Built)
H = TypeVar("H")
R = TypeVar("R")


class HandRules(Generic[S, H]):
    """What a game declares for the base to build its hands (see the module's docstring)."""

    def build(self, state: S, number: int, totals: Scores) -> H:
        raise NotImplementedError

    def done(self, hand: H) -> bool:
        raise NotImplementedError

    def add(self, state: S, totals: Scores, hand: H) -> Scores:
        raise NotImplementedError

    def over(self, state: S, totals: Scores) -> bool:
        raise NotImplementedError

    def totals_after(self, state: S, hands: Iterable[H]) -> Scores:
        """The totals after ``hands`` (each done), added up from nothing; a game that keeps
        the totals before each hand may say it in one step."""
        totals = {seat: 0 for seat in range(state.options.players)}
        for hand in hands:
            totals = self.add(state, totals, hand)
        return totals


def rebuild(state: S, start: int, rules: HandRules[S, H]) -> S:
    """The hands from hand ``start`` on built again (the earlier ones are kept as they are):
    up to the first hand not done (the open one) or to the game's end."""
    if state.hands and start > len(state.hands):
        return state  # after the open hand (or the game's end): nothing shown changes
    kept: list[H] = list(state.hands[: start - 1])
    totals = rules.totals_after(state, kept)
    while not kept or (rules.done(kept[-1]) and not rules.over(state, totals)):
        kept.append(rules.build(state, len(kept) + 1, totals))
        if rules.done(kept[-1]):
            totals = rules.add(state, totals, kept[-1])
    changes: dict[str, object] = {"hands": tuple(kept), "totals": totals}
    return replace(state, **changes)  # type: ignore[type-var]


def latest(hands: Iterable[H], shown: Callable[[H], bool], summary: Callable[[H], R]) -> R | None:
    """The summary of the newest hand ``shown`` (scored, or waiting for a moon's choice)."""
    for hand in reversed(list(hands)):
        if shown(hand):
            return summary(hand)
    return None


@dataclass(frozen=True)
class Moon:
    """The moon or its like: one seat (or team) took everything that counts and chooses how
    it scores. ``name`` in messages (``moon``, ``Flying by Night``), ``choices`` the values a
    phone may send, ``choose`` the words when it sends another, ``only`` who may choose."""

    name: str
    choices: tuple[str, ...]
    choose: str
    only: str


def may_choose(actor: Actor, seats: Iterable[int]) -> bool:
    """A chooser's phone (any seat of a shooting team), or the host when none has a phone."""
    seats = tuple(seats)
    if any(may(actor, Who.OWN, s) for s in seats):
        return True
    return may(actor, Who.HOST) and all(may(actor, Who.OWN_OR_HOST_IF_PHONELESS, s) for s in seats)


def choice_payload(
    moon: Moon, number: int, seats: Iterable[int] | None, actor: Actor, data: Data
) -> Payload:
    """The choice of hand ``number`` (``seats``: who chooses; None: nothing waits for one)."""
    if seats is None:
        raise Forbidden(f"Hand {number} has no {moon.name} waiting for a choice.", "no-choice")
    if not may_choose(actor, seats):
        raise NotAllowed(moon.only)
    choice = data.get("choice")
    if choice not in moon.choices:
        raise Unreadable(moon.choose, "choice")
    return {"choice": choice}
