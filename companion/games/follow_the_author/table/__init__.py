"""Follow the Author at a table: ``GAME`` is the table object the registry names.

The modules: ``events`` (the stored kinds and their slots), ``state`` (the fold),
``actions`` (apply), ``view`` (sheet, a seat's view, history lines, exports), ``panels``
(what a phone's panels show), ``forms``, ``words``, ``options``, and the game's own steps:
``play`` (card by card), ``seal`` (sealing and opening a choice), ``data`` (reading an
action's data).
"""

from companion.games.follow_the_author.table.actions import GAME as GAME
