"""The games a table can play, as plain data: one entry per game, pure (no web module, no
Flask). The shell (``companion.tables.registry``) reads it, giving the word games the app's
word lists; the web layer adds each game's pages (``companion.web.kinds``), keyed by the
same ``key``.

A game type turns a form into options (stored with the game, so later default changes never
rewrite old games) and the game's stored events into a ``Sheet``; every action goes through
its ``table`` (``companion.games.protocol.TableGame``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import agreements, custom, scoresheet
from companion.games.alphagrams.table import options as ag_options
from companion.games.alphagrams.table.actions import AlphaGramsTable
from companion.games.alphagrams.table.options import TableOptions as AgOptions
from companion.games.alphagrams.table.state import KINDS as AG_KINDS
from companion.games.alphagrams.table.state import UNDOABLE as AG_UNDOABLE
from companion.games.alphagrams.table.state import State as AgState
from companion.games.challenges import JUDGE_KINDS
from companion.games.consonants.table import options as cons_options
from companion.games.consonants.table.actions import ALL_KINDS as CONS_KINDS
from companion.games.consonants.table.actions import ConsonantsTable
from companion.games.consonants.table.options import TableOptions as ConsOptions
from companion.games.consonants.table.state import State as ConsState
from companion.games.custom.table import actions as custom_table
from companion.games.custom.table.state import State as CustomState
from companion.games.follow_the_author.table import view as tablesheet
from companion.games.follow_the_author.table.actions import FtaTable
from companion.games.follow_the_author.table.events import KINDS as FTA_KINDS
from companion.games.follow_the_author.table.events import UNDOABLE as FTA_UNDOABLE
from companion.games.follow_the_author.table.options import TableOptions as FtaOptions
from companion.games.follow_the_author.table.options import dealer as fta_dealer
from companion.games.follow_the_author.table.state import State as FtaState
from companion.games.hearts.table import setup as table_form
from companion.games.hearts.table import state as table_state
from companion.games.hearts.table.actions import ACTION_KINDS as HEARTS_ACTIONS
from companion.games.hearts.table.actions import GAME as HEARTS_TABLE
from companion.games.hearts.table.options import TableOptions as HeartsOptions
from companion.games.hearts.table.state import State as HeartsState
from companion.games.oh_hell.options import OhHellOptions
from companion.games.oh_hell.table.actions import GAME as OH_HELL_TABLE
from companion.games.plan import in_force
from companion.games.protocol import Event, TableGame
from companion.games.spades.options import SpadesOptions
from companion.games.spades.table.actions import GAME as SPADES_TABLE
from companion.games.trickgame.bidstate import State as BidState
from companion.games.trickgame.bidstate import dealer as bid_dealer
from companion.games.trickgame.bidtable import BidTable
from companion.words.lexicon import Lexicon

Lexicons = Callable[[str], Lexicon]  # a word list by id (the shell's loaded lists)
DECK_KIND = "alpha-deck"  # a table's own Alpha deck, changed on the deck page


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
    dealer: Callable[[Any, int], int]
    descriptions: Mapping[str, str]
    table: TableGame[Any, Any]
    summary: str = ""
    replayed: frozenset[str] = frozenset({"score", "undo"})
    undoable: frozenset[str] = frozenset({"score"})
    exportable: Callable[[list[Event]], list[Event]] | None = None

    def parse_options(self, data: Mapping[str, Any]) -> Any:
        return self.table.parse_options(data)

    def load_options(self, data: Mapping[str, Any]) -> Any:
        return self.table.load_options(data)

    def sheet(self, options: Any, rows: Sequence[Event]) -> scoresheet.Sheet:
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
    kinds = [CUSTOM, _alphagrams(lexicons), _consonants(lexicons), FOLLOW_THE_AUTHOR, HEARTS,
             SPADES, OH_HELL]  # fmt: skip
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


def _alphagrams(lexicons: Lexicons | None) -> GameType:
    return GameType(
        key="alphagrams",
        name="AlphaGrams",
        min_players=2,
        max_players=5,
        dealer=ag_options.dealer,
        descriptions={},
        summary="Anagrams with Alpha cards, 2 to 5 players: words as tiles, steals checked, "
        "a judge.",
        replayed=AG_KINDS | JUDGE_KINDS | agreements.KINDS | {DECK_KIND, "undo"},
        undoable=AG_UNDOABLE,
        table=AlphaGramsTable(lexicons),
    )


def _consonants(lexicons: Lexicons | None) -> GameType:
    return GameType(
        key="consonants",
        name="Consonants",
        min_players=3,
        max_players=6,
        dealer=cons_options.dealer,
        descriptions={"players": "3 to 6 players."},
        summary="Hearts with Alpha letter cards, 3 to 6 players: the app passes, counts the "
        "consonants, checks words and challenges, and can referee every trick.",
        replayed=CONS_KINDS | JUDGE_KINDS | agreements.KINDS | {DECK_KIND, "undo"},
        undoable=CONS_KINDS - {"cons-challenge"},
        table=ConsonantsTable(lexicons),
    )


FOLLOW_THE_AUTHOR = GameType(
    key="follow-the-author",
    name="Follow the Author",
    min_players=2,
    max_players=2,
    dealer=fta_dealer,
    descriptions={},
    summary="Two players, an extended Decktet: sealed suits, plays checked, every category scored.",
    replayed=FTA_KINDS | agreements.KINDS | {"undo"},
    undoable=FTA_UNDOABLE,
    exportable=tablesheet.exportable,
    table=FtaTable(),
)

HEARTS_KINDS = frozenset(HEARTS_ACTIONS.values())
HEARTS = GameType(
    key="hearts",
    name="Hearts",
    min_players=3,
    max_players=6,
    dealer=table_state.dealer,
    descriptions=table_form.DESCRIPTIONS,
    summary="3 to 6 players. Tap the cards each player took, or enter every trick; "
    "the app passes, scores moons and checks the rules.",
    replayed=HEARTS_KINDS | {"undo"},
    undoable=HEARTS_KINDS,
    table=HEARTS_TABLE,
)


def _bidding(table: BidTable, name: str, players: tuple[int, int], summary: str) -> GameType:
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


SPADES = _bidding(SPADES_TABLE, "Spades", (4, 4),
                  "4 players in two teams. Bids in turn, nil and bags, tricks as numbers or "
                  "card by card.")  # fmt: skip
OH_HELL = _bidding(OH_HELL_TABLE, "Oh Hell", (3, 7),
                   "3 to 7 players bid exactly; hand sizes go down and up, the dealer is "
                   "hooked.")  # fmt: skip

GAMES = games()

# Each game's table object against the seam, with its own state and options: a game whose
# methods drift from ``TableGame`` fails the type check here.
CUSTOM_TABLE: TableGame[CustomState, custom.Options] = custom_table.GAME
ALPHAGRAMS_TABLE: TableGame[AgState, AgOptions] = AlphaGramsTable()
CONSONANTS_TABLE: TableGame[ConsState, ConsOptions] = ConsonantsTable()
FTA_TABLE: TableGame[FtaState, FtaOptions] = FtaTable()
HEARTS_GAME: TableGame[HeartsState, HeartsOptions] = HEARTS_TABLE
SPADES_GAME: TableGame[BidState, SpadesOptions] = SPADES_TABLE
OH_HELL_GAME: TableGame[BidState, OhHellOptions] = OH_HELL_TABLE
