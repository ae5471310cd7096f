"""AlphaGrams at a table: the state folded from the events (see ``table``), pure."""

from __future__ import annotations

from dataclasses import dataclass

from companion.cards.alpha import DEFAULT_DECK, Deck
from companion.games.agreements import Agreement
from companion.games.alphagrams import state as engine
from companion.games.alphagrams.table.options import TableOptions
from companion.games.challenges import Challenge
from companion.games.protocol import Actor, Who, may

SLOT = "ag"
KINDS = frozenset({"ag-start", "ag-flip", "ag-word", "ag-pass", "ag-end", "ag-challenge"})
UNDOABLE = frozenset({"ag-start", "ag-flip", "ag-word", "ag-pass", "ag-end"})
OVERRULABLE = ("inflection", "not-a-word")
Engine = engine.AlphaGramsState


@dataclass(frozen=True)
class State:
    """``game``: the engine's state (None before the first card); ``turn``: the turn number
    (0 before the first card); ``ids``: each word's number, beside ``game.words``;
    ``last_ids``: the numbers before the last word (an invalid word goes back); ``skipped``:
    seats whose missed turn the last move used up; ``problems``: stored events the engine
    refused (skipped, so the page always shows)."""

    options: TableOptions
    game: Engine | None = None
    deck: Deck = DEFAULT_DECK
    turn: int = 0
    ids: tuple[int, ...] = ()
    last_ids: tuple[int, ...] = ()
    made: int = 0
    moves: int = 0
    challenges: int = 0
    judging: Challenge | None = None
    judged: Challenge | None = None
    agreements: int = 0
    agreement: Agreement | None = None
    skipped: tuple[int, ...] = ()
    problems: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.phase == "over"

    def word_index(self, word_id: int) -> int | None:
        return self.ids.index(word_id) if word_id in self.ids else None


MOVES = Who.OWN_HOST_OR_TABLE_IF_PHONELESS  # who moves, and challenges, for a seat


def may_move(actor: Actor, seat: int) -> bool:
    """The seat's phone, the host, or any seated phone for a seat no phone holds."""
    return may(actor, MOVES, seat)
