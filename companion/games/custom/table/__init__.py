"""The custom scoresheet at a table: ``GAME`` is the table object the registry names."""

from companion.games.custom.table.actions import GAME as GAME

# What the registry reads (``companion.games.registry``): the same names in every game.
from companion.games.custom.table.state import State as State

__all__ = ["GAME", "State"]
