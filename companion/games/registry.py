"""The games a table can play, as plain data: one entry per game, pure (no web module, no
Flask). The shell (``companion.tables.registry``) reads it, giving the word games the app's
word lists; the web layer adds each game's pages (``companion.web.kinds``), keyed by the
same ``key``.

A game type turns a form into options (stored with the game, so later default changes never
rewrite old games) and the game's stored events into a ``Sheet``; every action goes through
its ``table`` (``companion.games.protocol.TableGame``). Each game is read through its
``table`` package alone (``GAME`` or ``with_words``, ``Options``, ``State`` and, where the
game has its own, ``dealer``, ``KINDS``, ``UNDOABLE``: the same names in every game), never a
module inside it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.games import agreements, custom, scoresheet
from companion.games.alphagrams import table as alphagrams
from companion.games.challenges import JUDGE_KINDS
from companion.games.consonants import table as consonants
from companion.games.custom import table as custom_table
from companion.games.follow_the_author import table as fta
from companion.games.hearts import table as hearts
from companion.games.oh_hell import table as oh_hell
from companion.games.plan import in_force
from companion.games.protocol import Data, Event, Opaque, TableGame
from companion.games.spades import table as spades
from companion.games.trickgame.bidstate import BidOpts
from companion.games.trickgame.bidstate import dealer as bid_dealer
from companion.games.trickgame.bidtable import BidTable
from companion.words.lexicon import Lexicon

Lexicons = Callable[[str], Lexicon]  # a word list by id (the shell's loaded lists)
DECK_KIND = "alpha-deck"  # a table's own Alpha deck, changed on the deck page


class WordGame(Protocol):
    """A word game's ``table`` package (a module), as ``_word_game`` reads it."""

    @property
    def KINDS(self) -> frozenset[str]: ...  # a module constant
    @property
    def UNDOABLE(self) -> frozenset[str]: ...

    def dealer(self, options: Opaque, number: int) -> int: ...
    def with_words(self, lexicons: Lexicons | None) -> TableGame[Opaque, Opaque]: ...


@dataclass(frozen=True)
class GameType:
    """How a game plugs into the table shell. ``dealer(options, round)``: the seat that
    deals; ``descriptions``: the options form's field help; ``replayed``: the event kinds an
    export carries and an import replays; ``undoable``: the kinds "undo the last change" may
    take back; ``exportable`` filters the events an export may show (e.g. sealed choices
    before their reveal)."""

    key: str
    name: str
    min_players: int
    max_players: int
    dealer: Callable[[Opaque, int], int]
    descriptions: Mapping[str, str]
    table: TableGame[Opaque, Opaque]
    summary: str = ""
    replayed: frozenset[str] = frozenset({"score", "undo"})
    undoable: frozenset[str] = frozenset({"score"})
    exportable: Callable[[list[Event]], list[Event]] | None = None

    def parse_options(self, data: Data) -> Opaque:
        return self.table.parse_options(data)

    def load_options(self, data: Data) -> Opaque:
        return self.table.load_options(data)

    def sheet(self, options: Opaque, rows: Sequence[Event]) -> scoresheet.Sheet:
        """The sheet from a list of stored events (exports, imports, old games): the
        events still in force, folded one at a time."""
        state = self.table.initial(options, options.players)
        for event in in_force(rows):
            state = self.table.fold(state, event)
        return self.table.sheet(state)


def games(lexicons: Lexicons | None = None) -> dict[str, GameType]:
    """Every game, by key, in the order the home page lists them. ``lexicons``: the word
    lists the word games judge with and name in their options (None: none loaded, so those
    games' options cannot be read, though their stored games fold and show)."""
    kinds = [
        CUSTOM,
        _alphagrams(lexicons),
        _consonants(lexicons),
        FOLLOW_THE_AUTHOR,
        HEARTS,
        SPADES,
        OH_HELL,
    ]
    return {kind.key: kind for kind in kinds}


CUSTOM = GameType(
    key="custom",
    name="Custom scoresheet",
    min_players=custom.MIN_PLAYERS,
    max_players=custom.MAX_PLAYERS,
    dealer=custom.dealer,
    descriptions=custom.DESCRIPTIONS,
    summary="Keep score of any game: 2 to 10 players, you set how it ends.",
    table=custom_table.GAME,
    replayed=frozenset({"score", "undo", "add-seat", "remove-seat"}),
)


def _word_game(
    game: WordGame,
    key: str,
    name: str,
    players: tuple[int, int],
    summary: str,
    lexicons: Lexicons | None,
    descriptions: Mapping[str, str] | None = None,
) -> GameType:
    """A word game (AlphaGrams, Consonants): its own kinds, the word judge's and the table's
    agreements and deck are replayed; it judges with the app's word lists."""
    return GameType(
        key=key,
        name=name,
        min_players=players[0],
        max_players=players[1],
        dealer=game.dealer,
        descriptions=descriptions or {},
        summary=summary,
        replayed=game.KINDS | JUDGE_KINDS | agreements.KINDS | {DECK_KIND, "undo"},
        undoable=game.UNDOABLE,
        table=game.with_words(lexicons),
    )


def _alphagrams(lexicons: Lexicons | None) -> GameType:
    summary = "Anagrams with Alpha cards, 2 to 5 players: words as tiles, steals checked, a judge."
    return _word_game(alphagrams, "alphagrams", "AlphaGrams", (2, 5), summary, lexicons)


def _consonants(lexicons: Lexicons | None) -> GameType:
    summary = (
        "Hearts with Alpha letter cards, 3 to 6 players: the app passes, counts the "
        "consonants, checks words and challenges, and can referee every trick."
    )
    players = {"players": "3 to 6 players."}
    return _word_game(consonants, "consonants", "Consonants", (3, 6), summary, lexicons, players)


FOLLOW_THE_AUTHOR = GameType(
    key="follow-the-author",
    name="Follow the Author",
    min_players=2,
    max_players=2,
    dealer=fta.dealer,
    descriptions={},
    summary="Two players, an extended Decktet: sealed suits, plays checked, every category scored.",
    replayed=fta.KINDS | agreements.KINDS | {"undo"},
    undoable=fta.UNDOABLE,
    exportable=fta.exportable,
    table=fta.GAME,
)

HEARTS = GameType(
    key="hearts",
    name="Hearts",
    min_players=3,
    max_players=6,
    dealer=hearts.dealer,
    descriptions=hearts.DESCRIPTIONS,
    summary="3 to 6 players. Tap the cards each player took, or enter every trick; "
    "the app passes, scores moons and checks the rules.",
    replayed=hearts.KINDS | {"undo"},
    undoable=hearts.UNDOABLE,
    table=hearts.GAME,
)


def _bidding(
    table: BidTable[BidOpts], name: str, players: tuple[int, int], summary: str
) -> GameType:
    """A bidding trick game (Spades, Oh Hell): every action it has is replayed and undoable."""
    return GameType(
        key=table.key,
        name=name,
        min_players=players[0],
        max_players=players[1],
        dealer=bid_dealer,
        descriptions={},
        summary=summary,
        replayed=frozenset(table.actions) | {"undo"},
        undoable=frozenset(table.actions),
        table=table,
    )


SPADES = _bidding(
    spades.GAME,
    "Spades",
    (4, 4),
    "4 players in two teams. Bids in turn, nil and bags, tricks as numbers or card by card.",
)
OH_HELL = _bidding(
    oh_hell.GAME,
    "Oh Hell",
    (3, 7),
    "3 to 7 players bid exactly; hand sizes go down and up, the dealer is hooked.",
)

GAMES = games()

# Each game's table object against the seam, with its own state and options: a game whose
# methods drift from ``TableGame`` fails the type check here.
CUSTOM_TABLE: TableGame[custom_table.State, custom.Options] = custom_table.GAME
ALPHAGRAMS_TABLE: TableGame[alphagrams.State, alphagrams.Options] = alphagrams.GAME
CONSONANTS_TABLE: TableGame[consonants.State, consonants.Options] = consonants.GAME
FTA_TABLE: TableGame[fta.State, fta.Options] = fta.GAME
HEARTS_GAME: TableGame[hearts.State, hearts.Options] = hearts.GAME
SPADES_GAME: TableGame[spades.State, spades.Options] = spades.GAME
OH_HELL_GAME: TableGame[oh_hell.State, oh_hell.Options] = oh_hell.GAME
