"""Consonants at a table: ``GAME`` is the table object with no word lists (stored games fold
and show); ``with_words(lexicons)`` is the one the registry names, judging with the app's
lists.

The modules: ``state``, ``actions``, ``view``, ``panels``, ``summary``, ``forms``,
``words``, ``options`` (the same names as every trick game).
"""

from companion.games.consonants.table.actions import ConsonantsTable

with_words = ConsonantsTable
GAME = ConsonantsTable()
