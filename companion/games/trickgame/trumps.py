"""Trick play with a trump suit, as Spades (always spades) and Oh Hell (the turned card's suit,
or none) play it: follow suit if you can, else play anything; the highest trump wins, else the
highest card of the suit led. A game may add a lead rule: Spades' trump may not be led until a
trump has been played to an earlier trick, unless the leader holds nothing else.

Legality follows ``games/tricks.py``: a seat's later plays show what it held, so a rule that
depends on the hand is checked on what is known so far and exactly once the hand is entered.
Rules, in the order they are reported: ``wrong-card-count``, ``duplicate-card``,
``wrong-leader``, ``opening-lead``, ``follow-suit``, ``trumps-not-broken``.

Pure: standard library and the card vocabulary only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.cards.standard import SUIT_NAMES, Card
from companion.games.tricks import Hand, Names, Play, Violation, WinnerFn, seat_name

RULE_ORDER = (
    "wrong-card-count",
    "duplicate-card",
    "wrong-leader",
    "opening-lead",
    "follow-suit",
    "trumps-not-broken",
)


def winner_with(trump: str | None) -> WinnerFn[Card]:
    """Who wins a trick when ``trump`` (a suit letter, or None) is trumps: the position of the
    highest trump, else of the highest card of the suit led."""

    def winner(cards: Sequence[Card]) -> int:
        led = cards[0].suit

        def strength(i: int) -> tuple[int, int]:
            suit = cards[i].suit
            return (2 if suit == trump else 1 if suit == led else 0, cards[i].rank_index)

        return max(range(len(cards)), key=strength)

    return winner


@dataclass(frozen=True)
class Rules:
    """What a game's trick play needs: the trump suit, whether that suit must be broken
    before it is led, the tricks a hand has, and the seat that leads the first trick."""

    trump: str | None
    trumps_broken_to_lead: bool
    tricks: int
    first_leader: int


def check(hand: Hand[Card], rules: Rules, names: Names = None) -> list[Violation[Card]]:
    """Every violation in the entered tricks, ordered by trick, then rule."""
    winner = winner_with(rules.trump)
    found = hand.count_violations(names) + hand.extra_trick_violations(rules.tricks)
    found += hand.duplicate_violations(lambda card: 1, (), names)
    found += hand.leader_violations(winner, names)
    found += _opening(hand, rules, names)
    found += [_revoke(hand, play, evidence, names) for play, evidence in _revokes(hand)]
    found += _trump_leads(hand, rules, names)
    return sorted(found, key=lambda v: (v.trick, RULE_ORDER.index(v.rule)))


def _revokes(hand: Hand[Card]) -> list[tuple[Play[Card], Play[Card]]]:
    same: Callable[[Card, Card], bool] = lambda lead, card: lead.suit == card.suit  # noqa: E731
    return hand.revokes(same)


def _opening(hand: Hand[Card], rules: Rules, names: Names) -> list[Violation[Card]]:
    if not hand.tricks or hand.tricks[0].leader == rules.first_leader:
        return []
    first = hand.tricks[0]
    message = (
        f"{seat_name(first.leader, names)} led the first trick, but "
        f"{seat_name(rules.first_leader, names)}, left of the dealer, leads it."
    )
    card = first.cards[0] if first.cards else None
    return [Violation(0, first.leader, card, "opening-lead", message)]


def _revoke(
    hand: Hand[Card], play: Play[Card], evidence: Play[Card], names: Names
) -> Violation[Card]:
    lead = hand.tricks[play.trick].cards[0]
    message = (
        f"{seat_name(play.seat, names)} played the {play.card} on trick {play.trick + 1} but "
        f"held the {evidence.card}: had to follow {lead.suit_name} (rule: follow suit)."
    )
    return Violation(play.trick, play.seat, play.card, "follow-suit", message)


def _trump_leads(hand: Hand[Card], rules: Rules, names: Names) -> list[Violation[Card]]:
    """Trump leads before a trump was played to an earlier trick, by a leader who held
    another suit (shown by a later play of theirs)."""
    if not rules.trumps_broken_to_lead or rules.trump is None:
        return []
    found: list[Violation[Card]] = []
    broken = False
    for t, trick in enumerate(hand.tricks):
        lead = trick.cards[0] if trick.cards else None
        if lead is not None and lead.suit == rules.trump and not broken:
            other = next((c for c in hand.held(trick.leader, t) if c.suit != rules.trump), None)
            if other is not None:
                found.append(_trump_lead(t, trick.leader, lead, other, names))
        broken = broken or any(card.suit == rules.trump for card in trick.cards)
    return found


def _trump_lead(t: int, seat: int, lead: Card, other: Card, names: Names) -> Violation[Card]:
    suit = SUIT_NAMES[lead.suit]
    message = (
        f"{seat_name(seat, names)} led the {lead} on trick {t + 1}, but no {suit[:-1]} had "
        f"been played yet and they held the {other} (rule: {suit} are not led until broken)."
    )
    return Violation(t, seat, lead, "trumps-not-broken", message)
