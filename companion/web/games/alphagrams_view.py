"""What the AlphaGrams pages show: tiles, whose turn, the word being composed, history lines."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from companion.cards.alpha import CONSONANTS, DEFAULT_DECK, AlphaCard, PlayedAlpha
from companion.errors import Forbidden, Unreadable
from companion.games.alphagrams.moves import Move, TableWord
from companion.games.alphagrams.scoring import card_points
from companion.games.alphagrams.validate import check_move
from companion.games.protocol import Event
from companion.web import judge as judge_flow
from companion.web.games import deck as deck_page
from companion.web.games.alphagrams_options import TableOptions
from companion.web.games.alphagrams_state import KINDS, SLOT, Replayed, State, replay
from companion.web.tableview import TableView
from companion.words.registry import get_lexicon

OVERRULABLE = ("inflection", "not-a-word")

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

    @cached_property
    def r(self) -> Replayed:
        return replay(self.options, self.v.rows)

    @property
    def state(self) -> State | None:
        return self.r.state

    @cached_property
    def challenge(self) -> judge_flow.Challenge | None:
        return judge_flow.open_one(self.v.rows)

    @property
    def version(self) -> int:
        return max((e.slot_version or 0 for e in self.v.rows if e.slot == SLOT), default=0)

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

    def words_of(self, seat: int) -> list[tuple[int, TableWord]]:
        if self.state is None:
            return []
        return [(i, w) for i, w in enumerate(self.state.words) if w.seat == seat]

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
    def helper_open(self) -> bool:
        return self.r.over or self.options.helper_during_play

    def all_cards(self) -> list[AlphaCard]:
        return sorted(deck_page.table_deck(self.v).copies)

    def compose(self, word: str, steal: int | None) -> list[LetterRow]:
        """Rows for ``word``: letters of the stolen word first take its cards."""
        text = clean_word(word)
        fixed = self._stolen_cards(text, steal)
        pool = Counter(self.state.pool if self.state else ())
        rows = []
        for i, letter in enumerate(text):
            if fixed[i] is not None:
                rows.append(LetterRow(i, letter, fixed[i], (), fixed[i].card, "word"))  # type: ignore[union-attr]
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


def word_problems(v: TableView, state: State, move: Move) -> list[str]:
    """What the table may overrule; hard refusals raise ``Forbidden``."""
    check = check_move(state, move)
    problems = []
    if not check.valid and check.rule not in OVERRULABLE:
        raise Forbidden(check.message, check.rule)
    if not check.valid:
        problems.append(check.message)
    opts = v.options
    if opts.check_words and not get_lexicon(opts.lexicon).is_word(move.text, opts.min_zipf):
        problems.append(f"{move.text.upper()} is not in the table's word list")
    return problems


def word_payload(
    state: State, move: Move, cards: list[str], sources: list[str], steal: int | None,
    discard: str | None, problems: list[str],
) -> dict[str, Any]:  # fmt: skip
    old = state.words[steal] if steal is not None and 0 <= steal < len(state.words) else None
    return {
        "seat": move.seat, "cards": cards, "sources": sources, "steal": steal,
        "discard": discard, "overrule": bool(problems), "overruled": problems,
        "text": move.text, "stolen": old.text if old else None,
        "from_seat": old.seat if old else None,
    }  # fmt: skip


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


def _name(names: list[str], seat: Any) -> str:
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "a seat"


def _word_line(p: dict[str, Any], names: list[str]) -> str:
    who = _name(names, p.get("seat"))
    text = str(p.get("text", ""))
    stolen = p.get("stolen")
    if stolen and p.get("from_seat") == p.get("seat"):
        line = f"{who} made {text}, protecting {stolen}"
    elif stolen:
        line = f"{who} made {text}, stealing {stolen} from {_name(names, p.get('from_seat'))}"
    else:
        line = f"{who} made {text}"
    if p.get("overruled"):
        line += f" (allowed by the table over: {'; '.join(p['overruled'])})"
    return line


def describe(event: Event, names: list[str]) -> str | None:
    """History lines: the judge's, the deck's and AlphaGrams' own events."""
    own = judge_flow.describe(event, names)
    if own is not None:
        return own
    when = event.created_at.strftime("%H:%M:%S")
    deck_line = deck_page.describe(event)
    if deck_line is not None:
        return deck_line
    p, who = event.payload, event.actor or "Someone"
    if event.kind == "undo" and str(p.get("what", "")).startswith("ag-"):
        return f"{when} {who}: undid a change ({str(p['what']).removeprefix('ag-')})"
    if event.kind not in KINDS:
        return None
    text = {
        "ag-start": lambda: f"turned {p.get('card')} to start the pool",
        "ag-flip": lambda: f"{_name(names, p.get('seat'))} turned {p.get('card')} into the pool",
        "ag-word": lambda: _word_line(p, names),
        "ag-pass": lambda: f"{_name(names, p.get('seat'))} passed",
        "ag-end": lambda: "the table agreed the game is over",
        "ag-challenge": lambda: str(p.get("outcome", "challenge settled")),
    }[event.kind]()
    return f"{when} {who}: {text}"
