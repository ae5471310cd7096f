"""Store checks at the end of a round: every card accounted for exactly once.

Rule ids: ``store-twice`` (a card in both stores, or twice in one), ``store-set-aside`` (a
card that was set aside is also in a store), ``store-count`` (the stores and the set-aside
cards do not add up to the 45 cards of the deck).

Stores known from play: a sequence goes into the store of the seat that played its last card
(the seat that played on until it stopped, the Ace's player when the sequence ended on its Ace,
the seat that went out). Entered card by card, the app knows those cards; the players tap only
the rest (the card each gave face down, the cards taken at the end of a hand). Rule ids:
``store-played-missing`` (a card played into this store is left out of it),
``store-played-other`` (a card played into the other store is listed here), ``aside-played``
(a card played into a store is listed as set aside).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.cards.decktet import DecktetCard
from companion.games.follow_the_author.play import PlayedSequence
from companion.games.follow_the_author.rounds import DECK_SIZE


@dataclass(frozen=True)
class StoreIssue:
    rule: str
    card: DecktetCard | None
    message: str


def check_stores(
    stores: Sequence[Sequence[DecktetCard]], set_aside: Sequence[DecktetCard] = ()
) -> list[StoreIssue]:
    """Problems with the stores entered for a round (empty when all is well)."""
    counts = Counter(c for store in stores for c in store)
    issues = [
        StoreIssue("store-twice", card, f"{card} is entered {n} times across the stores.")
        for card, n in counts.items()
        if n > 1
    ]
    aside = set(set_aside)
    issues += [
        StoreIssue("store-set-aside", card, f"{card} was set aside, so it cannot be in a store.")
        for card in counts
        if card in aside
    ]
    total = sum(counts.values()) + len(aside)
    if total != DECK_SIZE:
        message = (
            f"The stores hold {sum(counts.values())} cards and {len(aside)} "
            f"{'was' if len(aside) == 1 else 'were'} set aside: "
            f"{total} in all, but a round accounts for all {DECK_SIZE}."
        )
        issues.append(StoreIssue("store-count", None, message))
    return issues


@dataclass(frozen=True)
class Stored:
    """A card the recorded plays put into ``seat``'s store: ``hand``, sequence ``number``
    (from 1)."""

    card: DecktetCard
    seat: int
    hand: str
    number: int

    @property
    def where(self) -> str:
        return f"{self.hand} hand, sequence {self.number}"


def stored_in_play(hands: Mapping[str, Sequence[PlayedSequence]]) -> dict[DecktetCard, Stored]:
    """Every card of every finished sequence, with the store it went into (the store of the
    seat that played the sequence's last card)."""
    found: dict[DecktetCard, Stored] = {}
    for hand, sequences in hands.items():
        for number, s in enumerate(sequences, start=1):
            if not s.plays:
                continue
            seat = s.plays[-1].seat
            for p in s.plays:
                found[p.card] = Stored(p.card, seat, hand, number)
    return found


def _listed(found: Sequence[Stored]) -> str:
    said = [f"{s.card} ({s.where})" for s in found]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def _verb(found: Sequence[Stored]) -> str:
    return "was" if len(found) == 1 else "were"


def _sequences(found: Sequence[Stored]) -> str:
    one = len({(s.hand, s.number) for s in found}) == 1
    return "that sequence" if one else "those sequences"


def check_against_play(
    seat: int,
    cards: Sequence[DecktetCard],
    known: Mapping[DecktetCard, Stored],
    names: Sequence[str],
) -> list[StoreIssue]:
    """What a store entered for ``seat`` contradicts in the recorded plays."""
    listed = set(cards)
    missing = [k for k in known.values() if k.seat == seat and k.card not in listed]
    other = [known[c] for c in cards if c in known and known[c].seat != seat]
    issues = []
    undo = "undo the plays if they were entered wrong"
    name = names[seat]
    if missing:
        them = "it" if len(missing) == 1 else "them"
        message = (
            f"{_listed(missing)} {_verb(missing)} stored by {name} in play ({name} played the "
            f"last card of {_sequences(missing)}). Keep {them} in {name}'s store, or {undo}."
        )
        issues.append(StoreIssue("store-played-missing", missing[0].card, message))
    if other:
        who = names[other[0].seat]
        them = "it" if len(other) == 1 else "them"
        message = (
            f"{_listed(other)} {_verb(other)} stored by {who} in play ({who} played the last "
            f"card of {_sequences(other)}), not by {name}. Untap {them} here, or {undo}."
        )
        issues.append(StoreIssue("store-played-other", other[0].card, message))
    return issues


def check_aside_against_play(
    cards: Sequence[DecktetCard], known: Mapping[DecktetCard, Stored], names: Sequence[str]
) -> list[StoreIssue]:
    """A card played into a store cannot have been set aside."""
    played = [known[c] for c in cards if c in known]
    if not played:
        return []
    whose = " and ".join(dict.fromkeys(f"{names[k.seat]}'s" for k in played))
    message = (
        f"{_listed(played)} {_verb(played)} played into {whose} store, so "
        f"{'it was' if len(played) == 1 else 'they were'} not set aside. Untap "
        f"{'it' if len(played) == 1 else 'them'} here, or undo the plays if they were entered "
        "wrong."
    )
    return [StoreIssue("aside-played", played[0].card, message)]
