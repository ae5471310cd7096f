"""Hearts at a table (TABLE_API.md, Hearts): ``GAME`` is the table object the registry names.

The modules: ``state`` (the state and its fold), ``actions`` (apply: each action, its
target, its checks), ``view`` (the Table API state), ``panels`` (what a phone's entry box
shows), ``summary`` (a finished hand in words), ``forms`` (a phone's forms read into
actions), ``words`` (the sentences players read), ``options`` and ``setup``/``setup_words``
(the new-table form).
"""

# What the registry reads (``companion.games.registry``): the same names in every game.
from companion.games.hearts.table.actions import ACTION_KINDS
from companion.games.hearts.table.actions import GAME as GAME
from companion.games.hearts.table.options import TableOptions as Options
from companion.games.hearts.table.setup import DESCRIPTIONS as DESCRIPTIONS
from companion.games.hearts.table.state import State as State
from companion.games.hearts.table.state import dealer as dealer

KINDS = frozenset(ACTION_KINDS.values())
UNDOABLE = KINDS

__all__ = ["DESCRIPTIONS", "GAME", "KINDS", "UNDOABLE", "Options", "State", "dealer"]
