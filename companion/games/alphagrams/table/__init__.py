"""AlphaGrams at a table: ``GAME`` is the table object with no word lists (stored games fold
and show); ``with_words(lexicons)`` is the one the registry names.

The modules: ``state`` and ``fold`` (the state, one event at a time), ``actions`` (the
table object), ``moves`` (apply: each move checked against the turn or word it names),
``panels`` (what the pages show), ``forms`` (a phone's forms read into actions),
``options``.
"""

from companion.games.alphagrams.table.actions import AlphaGramsTable

with_words = AlphaGramsTable
GAME = AlphaGramsTable()
