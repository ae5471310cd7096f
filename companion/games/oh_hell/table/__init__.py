"""Oh Hell at a table, on the shared bidding table (``companion.games.trickgame``): ``GAME``
is the table object; ``actions`` holds what Oh Hell decides itself.
"""

from companion.games.oh_hell.table.actions import GAME as GAME
