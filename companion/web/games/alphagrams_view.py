"""What the AlphaGrams pages show: tiles, whose turn, the word being composed.

The state is the table's folded state (``companion.games.alphagrams.table``), read once per
request from the snapshot."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from companion.cards.alpha import CONSONANTS, DEFAULT_DECK, AlphaCard, PlayedAlpha
from companion.errors import Unreadable
from companion.games.alphagrams.moves import TableWord
from companion.games.alphagrams.scoring import card_points
from companion.games.alphagrams.tableopts import TableOptions
from companion.games.alphagrams.tablestate import SLOT, State
from companion.games.alphagrams.tablestate import Engine as EngineState
from companion.web import judge as judge_flow
from companion.web.games import deck as deck_page
from companion.web.tableview import TableView

VOWEL_CARDS = tuple(c for c in DEFAULT_DECK.copies if c.kind == "vowel")
WILD = AlphaCard("")
MAX_WORD = 20


@dataclass(frozen=True)
class Tile:
    letter: str
    kind: str
    other: str
    points: int


@dataclass(frozen=True)
class LetterRow:
    """One letter of a word being made: its card from the stolen word (``fixed``), or the
    cards it could be (``choices``) with the suggested card and source."""

    index: int
    letter: str
    fixed: PlayedAlpha | None
    choices: tuple[AlphaCard, ...]
    card: AlphaCard
    source: str


class AgView:
    def __init__(self, v: TableView) -> None:
        self.v = v
        self.options: TableOptions = v.options

    @property
    def r(self) -> State:
        """The table's state: ``problems``, ``skipped``, ``over``, ``deck``, ``turn``."""
        return v_state(self.v)

    @property
    def state(self) -> EngineState | None:
        return self.r.game

    @cached_property
    def challenge(self) -> judge_flow.Challenge | None:
        return judge_flow.open_one(self.v.rows)

    @property
    def version(self) -> int:
        return self.v.snapshot.version(SLOT)

    @property
    def seat(self) -> int:
        return self.state.turn if self.state is not None else 0

    def key(self) -> str:
        last = self.v.rows[-1].id if self.v.rows else 0
        c = judge_flow.current(self.v.rows)
        showing = int(c is not None and c.showing())
        return f"{last}:{showing}:{self.v.my_seat.position if self.v.my_seat else '-'}"

    def tile(self, played: PlayedAlpha) -> Tile:
        card, letter = played.card, (played.letter or "?")
        other = "".join(ch for ch in card.letters if ch != letter.upper())
        shown = letter.lower() if card.kind == "wild" else letter.upper()
        return Tile(shown, card.kind, other, card_points(card, self.r.deck))

    def card_tile(self, card: AlphaCard) -> Tile:
        shown = "?" if card.kind == "wild" else str(card)
        return Tile(shown, card.kind, "", card_points(card, self.r.deck))

    def words(self) -> list[tuple[int, TableWord]]:
        """Every word on the table with its number (the steal target)."""
        if self.state is None:
            return []
        return list(zip(self.r.ids, self.state.words, strict=True))

    def words_of(self, seat: int) -> list[tuple[int, TableWord]]:
        return [(i, w) for i, w in self.words() if w.seat == seat]

    def may_act(self, seat: int) -> bool:
        """The seat's phone, the host, or any seated phone for a seat no phone holds."""
        v = self.v
        if not v.is_current or not 0 <= seat < len(v.seats):
            return False
        if v.is_host or (v.my_seat is not None and v.my_seat.position == seat):
            return True
        return v.seats[seat].phone is None and v.my_seat is not None

    def challengers(self) -> list[int]:
        """Seats this phone may challenge the last word for (while it is open)."""
        s = self.state
        if s is None or s.last is None or s.phase == "over" or self.challenge is not None:
            return []
        return [i for i in range(len(self.v.seats)) if i != s.last.seat and self.may_act(i)]

    @property
    def last_word(self) -> int:
        return self.r.ids[-1] if self.r.ids else 0

    @property
    def helper_open(self) -> bool:
        return self.r.over or self.options.helper_during_play

    def all_cards(self) -> list[AlphaCard]:
        return sorted(deck_page.table_deck(self.v).copies)

    def compose(self, word: str, steal: int | None) -> list[LetterRow]:
        """Rows for ``word`` (``steal``: the index of the word taken): letters of the stolen
        word first take its cards, the rest suggest a pool card, else one from hand."""
        text = clean_word(word)
        fixed = self._stolen_cards(text, steal)
        pool = Counter(self.state.pool if self.state else ())
        rows = []
        for i, letter in enumerate(text):
            done = fixed[i]
            if done is not None:
                rows.append(LetterRow(i, letter, done, (), done.card, "word"))
                continue
            choices = choices_for(letter)
            in_pool = next((c for c in choices if pool[c] > 0), None)
            if in_pool is not None:
                pool[in_pool] -= 1
            card = in_pool or choices[0]
            rows.append(LetterRow(i, letter, None, choices, card, "pool" if in_pool else "hand"))
        return rows

    def _stolen_cards(self, text: str, steal: int | None) -> list[PlayedAlpha | None]:
        out: list[PlayedAlpha | None] = [None] * len(text)
        if steal is None or self.state is None or not 0 <= steal < len(self.state.words):
            return out
        left = list(self.state.words[steal].cards)
        for i, letter in enumerate(text):
            match = next((p for p in left if (p.letter or "").upper() == letter), None)
            if match is not None:
                left.remove(match)
                out[i] = match
        return out


def v_state(v: TableView) -> State:
    return v.state  # type: ignore[no-any-return]


def clean_word(word: str) -> str:
    text = word.strip().upper()[: MAX_WORD + 1]
    if not text or not text.isascii() or not text.isalpha():
        raise Unreadable(f"'{text[:MAX_WORD]}' is not a word: use the letters A to Z only.", "word")
    if len(text) > MAX_WORD:
        raise Unreadable(f"A word has at most {MAX_WORD} letters.", "word")
    return text


def choices_for(letter: str) -> tuple[AlphaCard, ...]:
    """The cards that can be played as ``letter``: its consonant or vowel cards, then a wild."""
    if letter in CONSONANTS:
        return (AlphaCard(letter), WILD)
    return tuple(c for c in VOWEL_CARDS if c.has(letter)) + (WILD,)
