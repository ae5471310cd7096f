"""What the AlphaGrams pages show, pure: tiles, the words on the table, who may move or
challenge. Built once per request from plain values (the folded state, this phone as an
``Actor``, the seats' names); the pages call it ``ag(v)``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.cards.alpha import DEFAULT_DECK, AlphaCard, Deck, PlayedAlpha
from companion.games.alphagrams.moves import TableWord, spoken
from companion.games.alphagrams.scoring import card_points
from companion.games.alphagrams.table.options import TableOptions
from companion.games.alphagrams.table.state import Engine, State, may_move
from companion.games.protocol import Actor


@dataclass(frozen=True)
class Tile:
    letter: str
    kind: str
    other: str
    points: int


@dataclass(frozen=True)
class Board:
    """``r``: the table's state; ``actor``: this phone; ``names``: one per seat; ``current``:
    the table's current game (older games are read only); ``version``: the slot ``ag``'s;
    ``challenge``: a challenge is being judged; ``deck``: the table's deck, asked for only
    when a list of every card is drawn."""

    r: State
    actor: Actor
    names: tuple[str, ...]
    current: bool = True
    version: int = 0
    challenge: bool = False
    deck: Callable[[], Deck] = lambda: DEFAULT_DECK

    @property
    def state(self) -> Engine | None:
        return self.r.game

    @property
    def options(self) -> TableOptions:
        return self.r.options

    @property
    def seat(self) -> int:
        return self.state.turn if self.state is not None else 0

    @property
    def last_word(self) -> int:
        return self.r.ids[-1] if self.r.ids else 0

    @property
    def helper_open(self) -> bool:
        return self.r.over or self.options.helper_during_play

    def tile(self, played: PlayedAlpha) -> Tile:
        card, letter = played.card, (played.letter or "?")
        other = "".join(ch for ch in card.letters if ch != letter.upper())
        # a wild's letter in capitals like the rest: its tile's own look says it is wild
        return Tile(letter.upper(), card.kind, other, card_points(card, self.r.deck))

    def card_tile(self, card: AlphaCard) -> Tile:
        shown = "?" if card.kind == "wild" else str(card)
        return Tile(shown, card.kind, "", card_points(card, self.r.deck))

    def words(self) -> list[tuple[int, TableWord]]:
        """Every word on the table with its number (the steal target)."""
        if self.state is None:
            return []
        return list(zip(self.r.ids, self.state.words, strict=True))

    def word_points(self, word: TableWord) -> int:
        """A word's points: its cards' values in the table's deck."""
        return sum(card_points(c.card, self.r.deck) for c in word.cards)

    def words_of(self, seat: int) -> list[tuple[int, TableWord]]:
        return [(i, w) for i, w in self.words() if w.seat == seat]

    def may_act(self, seat: int) -> bool:
        """The seat's phone, the host, or any seated phone for a seat no phone holds."""
        return self.current and 0 <= seat < len(self.names) and may_move(self.actor, seat)

    def challengers(self) -> list[int]:
        """Seats this phone may challenge the last word for (while it is open)."""
        s = self.state
        if s is None or s.last is None or s.phase == "over" or self.challenge:
            return []
        return [i for i in range(len(self.names)) if i != s.last.seat and self.may_act(i)]

    def closed_word(self) -> str | None:
        """The newest word, once the time to challenge it is over (play moved on), in
        words; None while it may be challenged, or with no word made."""
        s = self.state
        if s is None or s.last is not None or s.phase == "over" or self.challenge:
            return None
        made = self.words()
        if not made:
            return None
        return spoken(max(made, key=lambda pair: pair[0])[1].text)

    def all_cards(self) -> list[AlphaCard]:
        return sorted(self.deck().copies)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "that seat"
