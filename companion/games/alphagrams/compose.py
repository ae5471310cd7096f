"""AlphaGrams: composing a word on a phone, pure. The word typed becomes one row per letter
(its card and where it came from), the rows and the form's choices become the cards and
sources of a ``word`` action. Nothing here is stored; ``apply`` judges the move.

What the app fills in, and what it asks (a ruling of ours, on the rules page): a letter of the
word taken is that word's card; a letter a pool card gives is taken from the pool (a
consonant's own card; a vowel card only where the pool's vowel cards can be shared out among
the word's vowels one way); any other letter comes from hand. A consonant from hand is its
card; a vowel from hand is the one vowel card with that letter still face down (hands are
never entered, so "face down" is what the table's deck has left once the pool and the words
are counted), else the phone is asked which card it is, the kind with the most copies left
suggested; a letter whose every card is face up is a wild. Where the pool holds a wild, the
letters from hand are asked too (the wild may be one of them). The phone sees every row on
the same form and may change any; ``Make the word`` stores the word at once when nothing is
asked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace

from companion.cards.alpha import CONSONANTS, DEFAULT_DECK, VOWELS, AlphaCard, Deck, PlayedAlpha
from companion.errors import Unreadable
from companion.games.alphagrams.table.state import Engine, State

VOWEL_CARDS = tuple(c for c in DEFAULT_DECK.copies if c.kind == "vowel")
WILD = AlphaCard("")
MAX_WORD = 20
SOURCES = ("hand", "pool")
MAX_SHARES = 4096  # ways of sharing the pool's vowel cards looked at before all are asked


@dataclass(frozen=True)
class LetterRow:
    """One letter of a word being made: its card from the stolen word (``fixed``), or the
    cards it could be (``choices``) with the card and source set (the phone's own choice while
    it still holds, else the suggestion). ``ask``: the app cannot tell (the letter could come
    from more than one place, or be more than one card), so the phone is asked; ``dropped``:
    the phone's earlier choice for it, no longer possible, in words."""

    index: int
    letter: str
    fixed: PlayedAlpha | None
    choices: tuple[AlphaCard, ...]
    card: AlphaCard
    source: str
    ask: bool = False
    dropped: str = ""

    @property
    def said(self) -> str:
        """The row in words: ``T from the pool``, ``E (E/I) from hand``."""
        if self.fixed is not None:
            return f"{self.letter} from the word taken"
        card = "wild" if self.card.kind == "wild" else str(self.card)
        shown = self.letter if card == self.letter else f"{self.letter} ({card})"
        return f"{shown} {'from the pool' if self.source == 'pool' else 'from hand'}"


def clean_word(word: str) -> str:
    """The word typed, in capitals; ``Unreadable`` unless it is 1 to ``MAX_WORD`` letters."""
    text = word.strip().upper()[: MAX_WORD + 1]
    if not text or not text.isascii() or not text.isalpha():
        raise Unreadable(f"'{text[:MAX_WORD]}' is not a word: use the letters A to Z only.", "word")
    if len(text) > MAX_WORD:
        raise Unreadable(f"A word has at most {MAX_WORD} letters.", "word")
    return text


def choices_for(letter: str, deck: Deck = DEFAULT_DECK) -> tuple[AlphaCard, ...]:
    """The cards of ``deck`` that can be played as ``letter``: its consonant or vowel cards,
    then a wild."""
    if letter in CONSONANTS:
        return (AlphaCard(letter), WILD)
    vowels = tuple(c for c in sorted(deck.copies) if c.kind == "vowel" and c.has(letter))
    return (vowels or tuple(c for c in VOWEL_CARDS if c.has(letter))) + (WILD,)


def steal_index(state: State, raw: str) -> int | None:
    """The word taken (its number in the form) as its place on the table now."""
    raw = raw.strip()[:6]
    if not raw:
        return None
    index = state.word_index(int(raw)) if raw.isdigit() else None
    if index is None:
        raise Unreadable(f"'{raw}' is not a word on the table.", "steal")
    return index


def face_down(game: Engine | None, deck: Deck) -> Counter[AlphaCard]:
    """The deck's cards not face up: neither in the pool nor in a word (hands and stock)."""
    up = Counter(game.pool if game else ())
    up += Counter(c.card for w in (game.words if game else ()) for c in w.cards)
    return Counter({c: n - up[c] for c, n in deck.copies.items() if n > up[c]})


def compose(
    game: Engine | None,
    word: str,
    steal: int | None,
    deck: Deck = DEFAULT_DECK,
    chosen: Mapping[str, str] | None = None,
) -> list[LetterRow]:
    """Rows for ``word`` (``steal``: the index of the word taken): the stolen word's cards
    first, then what the pool gives, the rest from hand (see the module's words), each marked
    ``ask`` where the app cannot tell. ``chosen``: the phone's ``card-i``/``src-i`` choices
    for these rows; each stands while the table still allows it, else it is ``dropped``."""
    text = clean_word(word)
    fixed = stolen_cards(game, text, steal)
    pool = Counter(game.pool if game else ())
    free = [i for i in range(len(text)) if fixed[i] is None]
    from_pool, shared = _pool_share(text, free, pool)
    left = pool - Counter(from_pool.values())
    down = face_down(game, deck)
    counting = Counter(down)  # what the suggestions from hand have not taken yet
    rows: list[LetterRow] = []
    for i, letter in enumerate(text):
        done = fixed[i]
        if done is not None:
            rows.append(LetterRow(i, letter, done, (), done.card, "word"))
            continue
        choices = choices_for(letter, deck)
        if i in from_pool:
            ask = letter in shared
            rows.append(LetterRow(i, letter, None, choices, from_pool[i], "pool", ask))
            continue
        rows.append(_from_hand(i, letter, choices, counting, left))
    return _with_chosen(rows, chosen, pool, down) if chosen else rows


def _pool_share(
    text: str, free: list[int], pool: Counter[AlphaCard]
) -> tuple[dict[int, AlphaCard], set[str]]:
    """The pool's cards for the free letters (position -> card) and the vowels whose cards
    the pool can give in more than one way (asked). Consonants take their own card, in word
    order; vowels share the pool's vowel cards as many ways as give the most letters."""
    out: dict[int, AlphaCard] = {}
    have = Counter(pool)
    for i in free:
        letter = AlphaCard(text[i])
        if text[i] in CONSONANTS and have[letter] > 0:
            have[letter] -= 1
            out[i] = letter
    need = Counter(text[i] for i in free if text[i] in VOWELS)
    kinds = sorted(
        c for c in have if c.kind == "vowel" and have[c] > 0 and any(need[x] for x in c.letters)
    )
    best, ways = _vowel_ways(kinds, have, need)
    shared = {x for x in need if len({way[x] for way in ways}) > 1} if ways else set()
    if not ways:  # too many ways to look at: every vowel is asked, the first way suggested
        shared = set(need)
    for x in need:
        cards = list(best.get(x, ()))
        for i in free:
            if text[i] == x and cards:
                out[i] = cards.pop(0)
    return out, shared


Share = dict[str, tuple[AlphaCard, ...]]  # a vowel -> the pool's cards that give it


def _vowel_ways(
    kinds: list[AlphaCard], have: Counter[AlphaCard], need: Counter[str]
) -> tuple[Share, list[Share]]:
    """Every sharing of the pool's vowel cards ``kinds`` among the vowels ``need`` that gives
    the most letters, as letter -> its cards (sorted); the first of them; none past
    ``MAX_SHARES``."""
    found: list[tuple[int, Share]] = []
    looked = 0

    def walk(k: int, want: Counter[str], got: dict[str, list[AlphaCard]], total: int) -> bool:
        nonlocal looked
        looked += 1
        if looked > MAX_SHARES:
            return False
        if k == len(kinds):
            found.append((total, {x: tuple(sorted(cs)) for x, cs in got.items() if cs}))
            return True
        card = kinds[k]
        a, b = card.letters[0], card.letters[1]
        for to_a in range(min(have[card], want[a]), -1, -1):
            for to_b in range(min(have[card] - to_a, want[b]), -1, -1):
                got.setdefault(a, []).extend([card] * to_a)
                got.setdefault(b, []).extend([card] * to_b)
                rest = want - Counter({a: to_a, b: to_b})
                going = walk(k + 1, rest, got, total + to_a + to_b)
                del got[a][len(got[a]) - to_a :]
                del got[b][len(got[b]) - to_b :]
                if not going:
                    return False
        return True

    if not walk(0, Counter(need), {}, 0):
        first = max(found, key=lambda f: f[0])[1] if found else {}
        return first, []
    most = max(total for total, _ in found)
    ways = [way for total, way in found if total == most]
    full = [{x: way.get(x, ()) for x in need} for way in ways]
    return ways[0], full


def _from_hand(
    i: int,
    letter: str,
    choices: tuple[AlphaCard, ...],
    down: Counter[AlphaCard],
    pool: Counter[AlphaCard],
) -> LetterRow:
    """A letter the pool does not give: the card still face down that plays it (one kind:
    filled in; several: asked, the kind with most copies left suggested), else a wild."""
    cards = sorted(
        (c for c in choices if c.kind != "wild" and down[c] > 0), key=lambda c: (-down[c], c)
    )
    wild_in_pool = pool[WILD] > 0
    if cards:
        down[cards[0]] -= 1
        return LetterRow(i, letter, None, choices, cards[0], "hand", len(cards) > 1 or wild_in_pool)
    if wild_in_pool:
        pool[WILD] -= 1
        return LetterRow(i, letter, None, choices, WILD, "pool", down[WILD] > 0)
    return LetterRow(i, letter, None, choices, WILD if down[WILD] else choices[0], "hand")


def _with_chosen(
    rows: list[LetterRow],
    chosen: Mapping[str, str],
    pool: Counter[AlphaCard],
    down: Counter[AlphaCard],
) -> list[LetterRow]:
    """The phone's choices where the table still allows them (the card plays the letter, the
    pool holds it, a copy of it is face down); each other is dropped and said. A row the app
    filled in and the phone left as it was (``auto-i``) is the app's again, for the table
    now (a card turned since may be in the pool)."""
    pool, down = Counter(pool), Counter(down)
    out = []
    for row in rows:
        if row.fixed is not None:
            out.append(row)
            continue
        raw = chosen.get(f"card-{row.index}", "").strip().upper()[:10]
        said = chosen.get(f"src-{row.index}")
        if chosen.get(f"auto-{row.index}") or (not raw and said is None):
            out.append(row)  # filled in by the app and left so: the app's own, for the table now
            continue
        card = _card(row, chosen) if raw else row.card
        source = row.source if said is None else said
        if source not in ("", *SOURCES):
            raise Unreadable("Say where each card came from: hand or pool.", f"src-{row.index}")
        if not source:  # a choice dropped on the phone (taken back): asked until it says
            gone = f"{row.letter}: its card was taken back; say where it came from."
            out.append(replace(row, card=card, ask=True, dropped=gone))
            continue
        shown = "wild" if card.kind == "wild" else str(card)
        if source == "pool" and pool[card] <= 0:
            gone = f"{row.letter}: the pool has no {shown} card now; say where it came from."
            out.append(replace(row, card=card, ask=True, dropped=gone))
        elif source == "hand" and down[card] <= 0:
            gone = (
                f"{row.letter}: every {shown} card is face up now, so none is in a hand; "
                "say which card it is."
            )
            out.append(replace(row, ask=True, dropped=gone))
        else:
            (pool if source == "pool" else down)[card] -= 1
            out.append(replace(row, card=card, source=source, ask=False))
    return out


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
    (defaults: the rows' own); a stolen word's cards come from the ``word``."""
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
