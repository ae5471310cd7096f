"""The custom scoresheet at a table: ``GAME`` is the table object the registry names."""

from companion.games.custom.table.actions import GAME as GAME
