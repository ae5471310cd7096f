"""Consonants at a table: ``GAME`` is the table object with no word lists (stored games fold
and show); ``with_words(lexicons)`` is the one the registry names, judging with the app's
lists.

The modules: ``state``, ``actions``, ``view``, ``panels``, ``summary``, ``forms``,
``words``, ``options`` (the same names as every trick game).
"""

from companion.games.consonants.table.actions import ALL_KINDS as KINDS
from companion.games.consonants.table.actions import ConsonantsTable
from companion.games.consonants.table.options import TableOptions as Options
from companion.games.consonants.table.options import dealer as dealer
from companion.games.consonants.table.state import State as State

with_words = ConsonantsTable
GAME = ConsonantsTable()

UNDOABLE = KINDS - {"cons-challenge"}

__all__ = ["GAME", "KINDS", "UNDOABLE", "Options", "State", "dealer", "with_words"]
