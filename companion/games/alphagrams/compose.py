"""AlphaGrams: composing a word on a phone, pure. The word typed becomes one row per letter
(its card and where it came from), the rows and the form's choices become the cards and
sources of a ``word`` action. Nothing here is stored; ``apply`` judges the move."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from companion.cards.alpha import CONSONANTS, DEFAULT_DECK, AlphaCard, PlayedAlpha
from companion.errors import Unreadable
from companion.games.alphagrams.table.state import Engine, State

VOWEL_CARDS = tuple(c for c in DEFAULT_DECK.copies if c.kind == "vowel")
WILD = AlphaCard("")
MAX_WORD = 20
SOURCES = ("hand", "pool")


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


def clean_word(word: str) -> str:
    """The word typed, in capitals; ``Unreadable`` unless it is 1 to ``MAX_WORD`` letters."""
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


def steal_index(state: State, raw: str) -> int | None:
    """The word taken (its number in the form) as its place on the table now."""
    raw = raw.strip()[:6]
    if not raw:
        return None
    index = state.word_index(int(raw)) if raw.isdigit() else None
    if index is None:
        raise Unreadable(f"'{raw}' is not a word on the table.", "steal")
    return index


def compose(game: Engine | None, word: str, steal: int | None) -> list[LetterRow]:
    """Rows for ``word`` (``steal``: the index of the word taken): letters of the stolen word
    first take its cards, the rest suggest a pool card, else one from hand."""
    text = clean_word(word)
    fixed = stolen_cards(game, text, steal)
    pool = Counter(game.pool if game else ())
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


def stolen_cards(game: Engine | None, text: str, steal: int | None) -> list[PlayedAlpha | None]:
    """Per letter of ``text``: the stolen word's card that gives it, if any (each used once)."""
    out: list[PlayedAlpha | None] = [None] * len(text)
    if steal is None or game is None or not 0 <= steal < len(game.words):
        return out
    left = list(game.words[steal].cards)
    for i, letter in enumerate(text):
        match = next((p for p in left if (p.letter or "").upper() == letter), None)
        if match is not None:
            left.remove(match)
            out[i] = match
    return out


def played(rows: list[LetterRow], form: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """The cards as played and their sources: the form's ``card-i`` and ``src-i`` fields
    (defaults: the rows' suggestions); a stolen word's cards come from the ``word``."""
    cards, sources = [], []
    for row in rows:
        if row.fixed is not None:
            cards.append(str(row.fixed))
            sources.append("word")
            continue
        cards.append(str(PlayedAlpha(_card(row, form), row.letter)))
        sources.append(_source(row, form))
    return cards, sources


def _card(row: LetterRow, form: Mapping[str, str]) -> AlphaCard:
    raw = form.get(f"card-{row.index}", "").strip()[:10]
    card = next((c for c in row.choices if str(c) == raw.upper()), None) if raw else row.card
    if card is None:
        raise Unreadable(f"{raw} cannot be played as {row.letter}.", f"card-{row.index}")
    return card


def _source(row: LetterRow, form: Mapping[str, str]) -> str:
    source = form.get(f"src-{row.index}", row.source)
    if source not in SOURCES:
        raise Unreadable("Say where each card came from: hand or pool.", f"src-{row.index}")
    return source
