"""The hand lookup of a trick game's folded state: the hands as built, the open one."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar


class Numbered(Protocol):
    @property
    def number(self) -> int: ...


H = TypeVar("H", bound=Numbered)


class HandLookup(Generic[H]):
    """``current``, ``open_number`` and ``hand`` of a state (a dataclass with ``hands``, at
    least one, and its own ``finished``)."""

    hands: tuple[H, ...]

    @property
    def finished(self) -> bool:
        raise NotImplementedError

    @property
    def current(self) -> H:
        return self.hands[-1]

    @property
    def open_number(self) -> int | None:
        """The hand being entered now (None once the game is over)."""
        return None if self.finished else self.current.number

    def hand(self, number: int) -> H | None:
        return self.hands[number - 1] if 1 <= number <= len(self.hands) else None
