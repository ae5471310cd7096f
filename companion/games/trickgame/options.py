"""What a trick game's table options share: the player count is the rules'."""

from __future__ import annotations

from typing import Protocol


class Counted(Protocol):
    @property
    def players(self) -> int: ...


class RulesPlayers:
    """``players`` of table options (a dataclass with the engine's ``rules``)."""

    rules: Counted

    @property
    def players(self) -> int:
        return self.rules.players
