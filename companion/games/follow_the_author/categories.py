"""The eight round-end categories, in the seed's table order, and ``score_round``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.cards.decktet import DECK, DecktetCard
from companion.games.follow_the_author.scoring import (
    CategoryResult,
    Pair,
    RoundScore,
    SortedStore,
    _most,
    effective_danger,
    highest_number,
    longest_run,
    pair_cards,
    pair_count,
    run_ranks,
    sort_store,
)
from companion.games.seats import seat_name

Cards = tuple[tuple[DecktetCard, ...], tuple[DecktetCard, ...]]

Both = tuple[SortedStore, SortedStore]
Names = tuple[str, str]
SEAT_NAMES: Names = (seat_name(0), seat_name(1))
"""Seats counted from 1 in words, as the pages count them (the fields stay 0-based)."""


def _outcome(points: Pair, names: Names, tie: str = "a tie scores nothing") -> str:
    said = [_says(names[s], points[s]) for s in (0, 1) if points[s]]
    return " and ".join(said) if said else tie


def _says(name: str, points: int) -> str:
    return f"{name} scores {points}" if points > 0 else f"{name} loses {-points}"


def _counts(text: str, values: Pair, names: Names) -> str:
    return f"{text}: {names[0]} {values[0]}, {names[1]} {values[1]}"


def _each(both: Both, pick: Callable[[SortedStore], tuple[DecktetCard, ...]]) -> Cards:
    return (pick(both[0]), pick(both[1]))


def _run_cards(store: SortedStore) -> tuple[DecktetCard, ...]:
    """The scoring-suit cards of the longest run, lowest rank first (a rank held twice shows
    both cards; the run counts it once)."""
    ranks = run_ranks(store.scoring)
    return tuple(sorted((c for c in store.scoring if c.rank in ranks), key=lambda c: c.rank or 0))


def sagaciousness(both: Both, names: Names) -> CategoryResult:
    counts = (both[0].neither, both[1].neither)
    points = _most(counts, lambda s: 1, fewest=True)
    line = f"{_counts('Cards with neither suit', counts, names)}; {_outcome(points, names)}."
    return CategoryResult("sagaciousness", points, line, _each(both, lambda s: s.neither_cards))


def excuse(both: Both, names: Names) -> CategoryResult:
    points: Pair = (2 * both[0].excuse, 2 * both[1].excuse)
    line = f"The Excuse is worth 2; {_outcome(points, names, 'nobody holds it')}."
    found = _each(both, lambda s: tuple(c for c in DECK if c.is_excuse) if s.excuse else ())
    return CategoryResult("excuse", points, line, found)


def most_scoring(both: Both, names: Names) -> CategoryResult:
    counts = (len(both[0].scoring), len(both[1].scoring))
    points = _most(counts, lambda s: counts[s])
    line = f"{_counts('Cards in the scoring suit', counts, names)}; {_outcome(points, names)}."
    return CategoryResult("most_scoring", points, line, _each(both, lambda s: s.scoring))


def most_danger(both: Both, names: Names) -> CategoryResult:
    counts = (len(both[0].danger), len(both[1].danger))
    high = (highest_number(both[0].danger), highest_number(both[1].danger))
    points = _most(counts, lambda s: -(counts[s] + high[s]))
    line = _counts("Cards in the danger suit", counts, names)
    loser = next((seat for seat in (0, 1) if points[seat]), None)
    extra = "" if loser is None else _danger_cost(both[loser].danger, names[loser])
    text = f"{line}; {_outcome(points, names)}{extra}."
    return CategoryResult("most_danger", points, text, _each(both, lambda s: s.danger))


def _danger_cost(cards: Sequence[DecktetCard], name: str) -> str:
    """Why the loser of Most Danger Cards loses what it does, naming its own highest number
    card (each rank's number cards have different suits, so there is one such card)."""
    numbers = [c for c in cards if c.rank is not None and 2 <= c.rank <= 9]
    count = f"{len(cards)} card{'' if len(cards) == 1 else 's'}"
    if not numbers:
        return f" ({count}; no number card 2-9 among them)"
    top = max(numbers, key=lambda c: (c.rank or 0, c.title))
    return f" ({count} plus {name}'s highest number card, {top.title} {top.rank})"


def pairs(both: Both, names: Names) -> CategoryResult:
    counts = (pair_count(both[0].scoring), pair_count(both[1].scoring))
    points: Pair = (3 * counts[0], 3 * counts[1])
    line = f"{_counts('Pairs in the scoring suit', counts, names)}, 3 each"
    text = f"{line}; {_outcome(points, names, 'nobody scores')}."
    return CategoryResult("pairs", points, text, _each(both, lambda s: pair_cards(s.scoring)))


def run(both: Both, names: Names) -> CategoryResult:
    counts = (longest_run(both[0].scoring), longest_run(both[1].scoring))
    points = _most(counts, lambda s: counts[s])
    tie = "nobody has one" if counts == (0, 0) else "a tie scores nothing"
    line = _counts("Longest run of 3+ in the scoring suit", counts, names)
    text = f"{line}; {_outcome(points, names, tie)}."
    return CategoryResult("longest_run", points, text, _each(both, _run_cards))


def sociability(both: Both, names: Names) -> CategoryResult:
    counts = tuple(sum(c.is_type("P") for c in s.scoring) for s in both)
    points = _most((counts[0], counts[1]), lambda s: 3)
    line = _counts("Personalities in the scoring suit", (counts[0], counts[1]), names)
    text = f"{line}; {_outcome(points, names)}."
    found = _each(both, lambda s: tuple(c for c in s.scoring if c.is_type("P")))
    return CategoryResult("sociability", points, text, found)


def vulnerability(both: Both, names: Names) -> CategoryResult:
    counts = [sum(c.is_type("L") for c in s.danger) for s in both]
    points: Pair = (-counts[0] if counts[0] >= 3 else 0, -counts[1] if counts[1] >= 3 else 0)
    line = _counts("Places in the danger suit (3+ cost 1 each)", (counts[0], counts[1]), names)
    text = f"{line}; {_outcome(points, names, 'nobody loses')}."
    found = _each(both, lambda s: tuple(c for c in s.danger if c.is_type("L")))
    return CategoryResult("vulnerability", points, text, found)


ORDER = (sagaciousness, excuse, most_scoring, most_danger, pairs, run, sociability, vulnerability)


def score_round(
    stores: Sequence[Sequence[DecktetCard]],
    scoring_suits: Sequence[str],
    danger_suits: Sequence[str | None],
    names: Names = SEAT_NAMES,
    others: tuple[int, int] = (0, 0),
) -> RoundScore:
    """The round-end points of both seats. ``danger_suits[s]`` is the suit seat s must avoid;
    ``others[s]``: seat s's cards of neither suit counted but not listed."""
    both = (
        sort_store(stores[0], scoring_suits[0], danger_suits[0], others[0]),
        sort_store(stores[1], scoring_suits[1], danger_suits[1], others[1]),
    )
    suits = tuple(
        (scoring_suits[s], effective_danger(scoring_suits[s], danger_suits[s])) for s in (0, 1)
    )
    return RoundScore(tuple(category(both, names) for category in ORDER), suits)
