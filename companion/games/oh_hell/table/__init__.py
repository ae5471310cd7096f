"""Oh Hell at a table, on the shared bidding table (``companion.games.trickgame``): ``GAME``
is the table object; ``actions`` holds what Oh Hell decides itself.
"""

# What the registry reads (``companion.games.registry``): the same names in every game.
from companion.games.oh_hell.options import OhHellOptions as Options
from companion.games.oh_hell.table.actions import GAME as GAME
from companion.games.oh_hell.table.actions import State as State

__all__ = ["GAME", "Options", "State"]
