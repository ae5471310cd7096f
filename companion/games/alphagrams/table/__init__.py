"""AlphaGrams at a table: ``GAME`` is the table object with no word lists (stored games fold
and show); ``with_words(lexicons)`` is the one the registry names.

The modules: ``state`` and ``fold`` (the state, one event at a time), ``actions`` (the
table object), ``moves`` (apply: each move checked against the turn or word it names),
``panels`` (what the pages show), ``forms`` (a phone's forms read into actions),
``options``.
"""

from companion.games.alphagrams.table.actions import AlphaGramsTable
from companion.games.alphagrams.table.options import TableOptions as Options
from companion.games.alphagrams.table.options import dealer as dealer
from companion.games.alphagrams.table.state import KINDS as KINDS
from companion.games.alphagrams.table.state import UNDOABLE as UNDOABLE
from companion.games.alphagrams.table.state import State as State

with_words = AlphaGramsTable
GAME = AlphaGramsTable()

__all__ = ["GAME", "KINDS", "UNDOABLE", "Options", "State", "dealer", "with_words"]
