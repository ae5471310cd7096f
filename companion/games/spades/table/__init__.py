"""Spades at a table, on the shared bidding table (``companion.games.trickgame``): ``GAME``
is the table object; ``actions`` holds what Spades decides itself.
"""

from companion.games.spades.table.actions import GAME as GAME
