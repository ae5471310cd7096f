"""What a phone's entry box of a trick game reads first: the table's options, the open hand
and this phone's seat (each game's ``Display`` adds the rest)."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from companion.games.protocol import Actor

Opts = TypeVar("Opts")
H = TypeVar("H")
O_co = TypeVar("O_co", covariant=True)
H_co = TypeVar("H_co", covariant=True)


class Game(Protocol[O_co, H_co]):
    @property
    def options(self) -> O_co: ...
    @property
    def current(self) -> H_co: ...


class DisplayParts(Generic[Opts, H]):
    """``options``, ``hand`` and ``seat`` of a display (a dataclass with ``game`` and
    ``actor``)."""

    game: Game[Opts, H]
    actor: Actor

    @property
    def options(self) -> Opts:
        return self.game.options

    @property
    def hand(self) -> H:
        return self.game.current

    @property
    def seat(self) -> int | None:
        return self.actor.seat
