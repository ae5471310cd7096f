"""An independent, deliberately simple Hearts player for the tests: it deals a seeded deck
and plays random *legal* cards, written from the rule texts without the engine's code
(it shares only the card type). Used to drive property tests at 3-6 players."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.cards.standard import Card, full_deck

QS = Card.parse("QS")


@dataclass
class Table:
    players: int = 4
    odd_deal: str = "remove"
    first_lead: str = "low-club"
    must_break_hearts: bool = True
    qs_breaks_hearts: bool = False
    can_lead_hearts_instead_of_qs: bool = False
    no_points_on_first_trick: bool = True
    kitty_to: str = "first-trick"
    bonus_card: str | None = None


@dataclass
class Played:
    tricks: list[tuple[int, list[Card]]] = field(default_factory=list)
    kitty: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    dealer: int = 0
    illegal_at: tuple[int, int] | None = None  # (trick, seat) of a planted illegal card


def penalty(card: Card) -> bool:
    return card.suit == "H" or card == QS


def deal(table: Table, rng: random.Random) -> Played:
    cards = full_deck()
    if table.players in (3, 5) and table.odd_deal == "remove":
        gone = {"2D"} if table.players == 3 else {"2D", "2C"}
        cards = [c for c in cards if str(c) not in gone]
    rng.shuffle(cards)
    each = len(cards) // table.players
    hands = [sorted(cards[i * each : (i + 1) * each]) for i in range(table.players)]
    return Played(
        kitty=cards[each * table.players :], hands=hands, dealer=rng.randrange(table.players)
    )


def legal(
    table: Table, hand: list[Card], trick: list[Card], number: int, broken: bool, first: Card | None
) -> list[Card]:
    if not trick:
        if number == 0 and first is not None:
            return [first]
        choices = hand
        if table.must_break_hearts and not broken:
            plain = [c for c in hand if c.suit != "H"]
            if table.can_lead_hearts_instead_of_qs and plain == [QS]:
                plain = []
            choices = plain or hand
    else:
        choices = [c for c in hand if c.suit == trick[0].suit] or hand
    if number == 0 and table.no_points_on_first_trick:
        choices = [c for c in choices if not penalty(c)] or choices
    return choices


def winner_position(cards: list[Card]) -> int:
    best = 0
    for i, card in enumerate(cards):
        if card.suit == cards[0].suit and card.rank_index > cards[best].rank_index:
            best = i
    return best


def play(table: Table, rng: random.Random, plant_illegal: bool = False) -> Played:
    """Play a whole hand at random. With ``plant_illegal``, one play (chosen at random
    among those where an illegal card exists) is replaced by an illegal card."""
    game = deal(table, rng)
    hands = [list(h) for h in game.hands]
    game.hands = [list(h) for h in hands]
    clubs = sorted((c for h in hands for c in h if c.suit == "C"), key=lambda c: c.rank_index)
    first = clubs[0] if table.first_lead == "low-club" else None
    leader = (
        next(s for s in range(table.players) if first in hands[s])
        if first
        else (game.dealer + 1) % table.players
    )
    broken = False
    target = rng.randrange(len(hands[0]) * table.players) if plant_illegal else -1
    count = 0
    for number in range(len(hands[0])):
        cards: list[Card] = []
        for offset in range(table.players):
            seat = (leader + offset) % table.players
            ok = legal(table, hands[seat], cards, number, broken, first)
            bad = [c for c in hands[seat] if c not in ok]
            if count >= target and bad and game.illegal_at is None and plant_illegal:
                card = rng.choice(bad)
                game.illegal_at = (number, seat)
            else:
                card = rng.choice(ok)
            count += 1
            hands[seat].remove(card)
            cards.append(card)
        broken = broken or any(c.suit == "H" or (table.qs_breaks_hearts and c == QS) for c in cards)
        game.tricks.append((leader, cards))
        leader = (leader + winner_position(cards)) % table.players
    return game


def points(table: Table, game: Played) -> list[int]:
    """Points as taken, the kitty going to the first trick's winner or first penalty taker."""
    result = [0] * table.players
    bonus = Card.parse(table.bonus_card) if table.bonus_card else None
    kitty_seat = None
    for leader, cards in game.tricks:
        seat = (leader + winner_position(cards)) % table.players
        if kitty_seat is None and (table.kitty_to == "first-trick" or any(map(penalty, cards))):
            kitty_seat = seat
        result[seat] += sum(value(c, bonus) for c in cards)
    if kitty_seat is None:
        leader, cards = game.tricks[0]
        kitty_seat = (leader + winner_position(cards)) % table.players
    result[kitty_seat] += sum(value(c, bonus) for c in game.kitty)
    return result


def value(card: Card, bonus: Card | None) -> int:
    if card.suit == "H":
        return 1
    if card == QS:
        return 13
    return -10 if card == bonus else 0
