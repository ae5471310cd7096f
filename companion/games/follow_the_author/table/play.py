"""Follow the Author at a table, card by card: who plays next, which cards may come next, and
why a card may not (pure; the phones' picker and ``table.apply`` ask the same questions)."""

from __future__ import annotations

from companion.cards.decktet import ACES, DecktetCard, alphabetical
from companion.games import follow_the_author as fta
from companion.games.follow_the_author.rounds import TO_PLAY, Hand, other
from companion.games.follow_the_author.table.options import TableOptions
from companion.games.follow_the_author.table.state import RoundState


def as_hand(hand: str) -> Hand:
    return "alpha" if hand == "alpha" else "omega"


def leader(r: RoundState, hand: str, options: TableOptions) -> int:
    return fta.first_leader(r.number - 1, as_hand(hand), options.game)


def descending(hand: str, options: TableOptions) -> bool:
    return fta.descending(as_hand(hand), options.game)


def next_seat(r: RoundState, hand: str, options: TableOptions) -> int:
    """Whose turn it is: after a card, the other seat; after a sequence ends, the seat that
    played its last card (it stores the cards and leads)."""
    h = r.hand(hand)
    if h.current:
        return other(h.current[-1].seat)
    if h.closed:
        return h.closed[-1].plays[-1].seat
    return leader(r, hand, options)


def unavailable(r: RoundState, hand: str) -> set[DecktetCard]:
    """Cards played already this round (the alpha hand's cards are gone for the omega hand)."""
    gone = r.alpha.cards()
    return gone | r.omega.cards() if hand == "omega" else gone


def holding(r: RoundState, hand: str, seat: int) -> int:
    """How many cards ``seat`` still holds in ``hand`` (ten to play, less those played)."""
    return TO_PLAY - r.hand(hand).counts[seat]


def picker(
    r: RoundState, hand: str, seat: int, options: TableOptions
) -> tuple[list[DecktetCard], list[DecktetCard]]:
    """The cards ``seat`` may play next: titled cards in playing order, then Aces. An Ace may
    lead only if the player may hold nothing else."""
    h = r.hand(hand)
    legal = fta.legal_next(
        [p.card for p in h.current],
        descending=descending(hand, options),
        unavailable=unavailable(r, hand),
        holding=holding(r, hand, seat),
    )
    titled = alphabetical(c for c in legal if not c.is_ace)
    if descending(hand, options):
        titled.reverse()
    return titled, [c for c in ACES if c in legal]


def ace_lead_refusal(r: RoundState, hand: str, seat: int, card: DecktetCard, name: str) -> str:
    held = holding(r, hand, seat)
    aces = sum(1 for c in ACES if c not in unavailable(r, hand))
    return (
        f"{card} may not lead: an Ace is led only when nothing else is left in hand, and "
        f"{name} still holds {held} cards with only {aces} Aces unplayed."
    )


def why_not(
    r: RoundState, hand: str, seat: int, card: DecktetCard, options: TableOptions, name: str
) -> str | None:
    """Why ``seat`` may not play ``card`` next, or None when it may."""
    titled, aces = picker(r, hand, seat, options)
    if card in titled or card in aces:
        return None
    if card in unavailable(r, hand):
        return f"{card} has already been played this round."
    h = r.hand(hand)
    previous = h.current[-1].card if h.current else None
    if previous is None and card.is_ace:
        return ace_lead_refusal(r, hand, seat, card, name)
    broken = fta.judge(previous, card, descending=descending(hand, options))
    return broken[1] if broken else f"{card} cannot come next."


def goes_out(r: RoundState, hand: str, seat: int) -> bool:
    """Whether one more card from ``seat`` empties its hand."""
    return r.hand(hand).counts[seat] + 1 >= TO_PLAY
