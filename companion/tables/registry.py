"""The games a table can play: the plain list (``companion.games.registry``), with the app's
word lists for the word games. Imports no web module: every game is here as soon as this
module is imported (the web layer adds each game's pages in ``companion.web.kinds``).
"""

from __future__ import annotations

from companion.errors import Unreadable
from companion.games.registry import GameType as GameType
from companion.games.registry import games
from companion.words.registry import get_lexicon

GAMES: dict[str, GameType] = games(get_lexicon)


def game_type(key: str) -> GameType:
    try:
        return GAMES[key]
    except KeyError:
        raise Unreadable(f"There is no game called '{key[:40]}'.", "game") from None
