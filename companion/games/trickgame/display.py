"""What a phone's entry box of a trick game reads first: the table's options, the open hand
and this phone's seat (each game's ``Display`` adds the rest)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from companion.games.protocol import Actor

Opts = TypeVar("Opts")
H = TypeVar("H")
O_co = TypeVar("O_co", covariant=True)
H_co = TypeVar("H_co", covariant=True)
T = TypeVar("T")  # a card, as the game shows it
NOBODY = Actor("Someone")


class Game(Protocol[O_co, H_co]):
    @property
    def options(self) -> O_co: ...
    @property
    def current(self) -> H_co: ...


@dataclass(frozen=True)
class DisplayParts(Generic[Opts, H]):
    """What every display is made of (a game names its own ``game`` type): the folded
    state, the players' names, this phone's actor, the slot versions, ``current`` (the
    table is playing this game now, not an old one) and ``chosen`` (the way this phone
    picked to enter hands; None: not picked); with ``options``, ``hand`` and ``seat``."""

    game: Game[Opts, H]
    names: Sequence[str]
    actor: Actor = NOBODY
    versions: Mapping[str, int] = field(default_factory=dict)
    current: bool = True
    chosen: str | None = None

    @property
    def options(self) -> Opts:
        return self.game.options

    @property
    def hand(self) -> H:
        return self.game.current

    @property
    def seat(self) -> int | None:
        return self.actor.seat


def trick_rows(
    tricks: Sequence[tuple[int, Sequence[T]]],
    winners: Sequence[int | None],
    names: Sequence[str],
    face: Callable[[T], str] = str,
) -> list[tuple[int, str, str, str]]:
    """(number, leader, cards, winner) for each trick entered (``face`` shows a card)."""
    rows = []
    for i, (leader, cards) in enumerate(tricks):
        won = winners[i] if i < len(winners) else None
        who = names[won] if won is not None else "?"
        rows.append((i + 1, names[leader], " ".join(face(c) for c in cards), who))
    return rows
