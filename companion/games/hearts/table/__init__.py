"""Hearts at a table (TABLE_API.md, Hearts): ``GAME`` is the table object the registry names.

The modules: ``state`` (the state and its fold), ``actions`` (apply: each action, its
target, its checks), ``view`` (the Table API state), ``panels`` (what a phone's entry box
shows), ``summary`` (a finished hand in words), ``forms`` (a phone's forms read into
actions), ``words`` (the sentences players read), ``options`` and ``setup``/``setup_words``
(the new-table form).
"""

from companion.games.hearts.table.actions import GAME as GAME
