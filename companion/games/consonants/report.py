"""``check_hand``: one call for the referee's question about tricks as played.

Returns a frozen ``HandReport`` whose ``as_dict()`` has the shape of REFEREE_API.md
(Consonants ``check``). The kitty goes to the winner of the last trick, once the hand is
complete, and counts as taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards.alpha import AlphaCard, PlayedAlpha
from companion.games.consonants.deal import leftover
from companion.games.consonants.legality import ConsonantsHand, check, is_complete
from companion.games.consonants.letters import trick_winner
from companion.games.consonants.options import ConsonantsOptions
from companion.games.consonants.scoring import flying_by_night, hand_scores, points_from_taken
from companion.games.protocol import JSON
from companion.games.tricks import Names, Violation, keyed

TakenCard = PlayedAlpha | AlphaCard


@dataclass(frozen=True)
class HandReport:
    """What the referee says about one hand's tricks (REFEREE_API.md, Consonants)."""

    complete: bool
    violations: tuple[Violation[AlphaCard | PlayedAlpha], ...]
    winners: tuple[int | None, ...]
    taken: dict[int, list[TakenCard]]
    points: dict[int, int]
    flying_by_night: int | None
    choice_required: bool
    hand_scores: dict[int, int] | None

    def taken_cards(self) -> dict[int, list[AlphaCard]]:
        """The physical cards each seat took (declarations dropped)."""
        return {seat: [physical(c) for c in cards] for seat, cards in self.taken.items()}

    def as_dict(self) -> dict[str, JSON]:
        return {
            "complete": self.complete,
            "violations": [v.as_dict() for v in self.violations],
            "winners": list(self.winners),
            "taken": keyed({s: [str(c) for c in cards] for s, cards in self.taken.items()}),
            "points": keyed(self.points),
            "flying_by_night": self.flying_by_night,
            "choice_required": self.choice_required,
            "hand_scores": keyed(self.hand_scores) if self.hand_scores is not None else None,
        }


def physical(card: TakenCard) -> AlphaCard:
    return card.card if isinstance(card, PlayedAlpha) else card


def check_hand(
    options: ConsonantsOptions,
    tricks: Sequence[tuple[int, Sequence[PlayedAlpha]]],
    kitty: Sequence[AlphaCard] | None = None,
    flying_choice: str | None = None,
    dealer: int | None = None,
    names: Names = None,
) -> HandReport:
    """Check and score a hand from its tricks ``[(leader, cards in play order), ...]``.
    ``kitty``: its cards when known (else derived from a complete hand); ``flying_choice``:
    'add' or 'subtract' for Flying by Night; ``dealer``: for the left-of-dealer lead."""
    hand = ConsonantsHand.of(options.players, tricks)
    violations = check(hand, options, kitty if kitty else None, dealer, names)
    winners = hand.winners(trick_winner)
    taken: dict[int, list[TakenCard]] = {s: list(c) for s, c in hand.taken(trick_winner).items()}
    complete = is_complete(hand, options)
    if complete and winners[-1] is not None:
        played = (c.card for c in hand.cards_played())
        taken[winners[-1]].extend(list(kitty) if kitty else leftover(options, played))
    cards = {seat: [physical(c) for c in got] for seat, got in taken.items()}
    points = points_from_taken(cards, options.deck, options.players)
    flyer = flying_by_night(cards)
    result = hand_scores(points, flyer, flying_choice)
    return HandReport(
        complete,
        tuple(violations),
        tuple(winners),
        taken,
        points,
        flyer,
        result.choice_required,
        result.scores,
    )


def rest_report(
    options: ConsonantsOptions,
    tricks: Sequence[tuple[int, Sequence[PlayedAlpha]]],
    seat: int,
    flying_choice: str | None = None,
    dealer: int | None = None,
    names: Names = None,
) -> HandReport:
    """A hand whose tricks after ``tricks`` all went to ``seat`` (a claim, "the rest go to"):
    that seat takes the last trick, so the kitty too, and with it every card not played (the
    deck less the cards played is the cards still in hand plus the kitty, whatever the kitty
    holds). Scored from the cards as a complete hand is; the rule checks are those of the
    tricks entered."""
    played = check_hand(options, tricks, None, flying_choice, dealer, names)
    taken: dict[int, list[TakenCard]] = {s: list(c) for s, c in played.taken.items()}
    taken.setdefault(seat, [])
    taken[seat].extend(leftover(options, (c.card for _, cards in tricks for c in cards)))
    cards = {s: [physical(c) for c in got] for s, got in taken.items()}
    points = points_from_taken(cards, options.deck, options.players)
    flyer = flying_by_night(cards)
    result = hand_scores(points, flyer, flying_choice)
    left = options.deck.size // options.players - len(tricks)
    return HandReport(
        True,
        played.violations,
        (*played.winners, *[seat] * left),
        taken,
        points,
        flyer,
        result.choice_required,
        result.scores,
    )
