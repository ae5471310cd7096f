"""Spades at a table, on the shared bidding table (``companion.games.trickgame``): ``GAME``
is the table object; ``actions`` holds what Spades decides itself.
"""

# What the registry reads (``companion.games.registry``): the same names in every game.
from companion.games.spades.options import SpadesOptions as Options
from companion.games.spades.table.actions import GAME as GAME
from companion.games.spades.table.actions import State as State

__all__ = ["GAME", "Options", "State"]
