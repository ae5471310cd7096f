"""An independent reference player for Consonants: deals the default deck with a seeded
random generator and plays every card by the rules of seed 000 and RULES.md, written from
the rule text rather than from the engine."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from string import ascii_uppercase

from companion.cards.alpha import DEFAULT_DECK, AlphaCard, PlayedAlpha

ORDER = ["J", "K", "Q", "V", "X", "Z"]


@dataclass
class Played:
    players: int
    dealer: int
    kitty: list[AlphaCard]
    tricks: list[tuple[int, list[PlayedAlpha]]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


def letter(p: PlayedAlpha) -> str:
    return p.card.letters if p.card.kind == "consonant" else str(p.letter)


def winner(trick: list[PlayedAlpha]) -> int:
    """Highest letter; same vowel on two vowel cards: higher other side; else first."""
    best = 0
    for i, p in enumerate(trick):
        b = trick[best]
        if letter(p) > letter(b):
            best = i
        elif letter(p) == letter(b) and p.card.kind == "vowel" == b.card.kind:
            other_p = p.card.letters.replace(letter(p), "")
            other_b = b.card.letters.replace(letter(b), "")
            best = i if other_p > other_b else best
    return best


def as_letter(card: AlphaCard, side: str) -> PlayedAlpha:
    return PlayedAlpha(card, side)


def any_way(card: AlphaCard, rng: random.Random, at_least: str = "A") -> list[PlayedAlpha]:
    if card.kind == "wild":
        return [as_letter(card, rng.choice([c for c in ascii_uppercase if c >= at_least]))]
    return [as_letter(card, s) for s in card.sides if s >= at_least]


def choices(hand: list[AlphaCard], trick: list[PlayedAlpha], rng: random.Random):
    if not trick:
        return [p for c in hand for p in any_way(c, rng)]
    led = letter(trick[0])
    wilds = [c for c in hand if c.kind == "wild"]
    follow = [as_letter(c, led) for c in hand if c.kind != "wild" and led in c.letters]
    if follow or len(wilds) == len(hand):
        return follow + [as_letter(w, led) for w in wilds]
    top = max(letter(p) for p in trick)
    reach = [p for c in hand if c.kind != "wild" for p in any_way(c, rng, top)]
    if reach:
        return reach + [p for w in wilds for p in any_way(w, rng, top)]
    return [p for c in hand for p in any_way(c, rng)]


def deal(players: int, rng: random.Random) -> tuple[dict[int, list[AlphaCard]], list[AlphaCard]]:
    cards = DEFAULT_DECK.cards()
    rng.shuffle(cards)
    each = len(cards) // players
    hands = {s: cards[s * each : (s + 1) * each] for s in range(players)}
    return hands, cards[players * each :]


def play(players: int, rng: random.Random, left_of_dealer: bool = False) -> Played:
    hands, kitty = deal(players, rng)
    game = Played(players, rng.randrange(players), kitty)
    opening = next(AlphaCard(c) for c in ORDER if AlphaCard(c) not in kitty)
    holder = next(s for s, h in hands.items() if opening in h)
    leader = (game.dealer + 1) % players if left_of_dealer else holder
    for t in range(len(hands[0])):
        trick: list[PlayedAlpha] = []
        for position in range(players):
            hand = hands[(leader + position) % players]
            if t == 0 and position == 0 and not left_of_dealer:
                pick = as_letter(opening, opening.letters)
            else:
                pick = rng.choice(choices(hand, trick, rng))
            hand.remove(pick.card)
            trick.append(pick)
        game.tricks.append((leader, trick))
        leader = (leader + winner(trick)) % players
        game.winners.append(leader)
    return game
