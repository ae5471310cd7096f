"""One call per referee question: ``check_hand`` (tricks as played) and ``score_taken`` (the
quick entry: cards taken, no tricks). Both return a frozen report with ``as_dict()`` in the
shape of REFEREE_API.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.cards.standard import Card
from companion.games.hearts.deal import cards_per_seat, deck, kitty_size
from companion.games.hearts.game import hand_scores, revoke_scores
from companion.games.hearts.legality import HeartsHand, check, trick_winner
from companion.games.hearts.options import HeartsOptions
from companion.games.hearts.scoring import (
    Shooter,
    bonus_card,
    card_points,
    find_shooter,
    is_penalty,
    points_from_taken,
    scoring_cards,
)
from companion.games.protocol import JSON
from companion.games.tricks import Names, Violation, keyed, seat_name


@dataclass(frozen=True)
class HandReport:
    """What the referee says about one hand (REFEREE_API.md, Hearts)."""

    complete: bool
    violations: tuple[Violation[Card], ...]
    winners: tuple[int | None, ...]
    taken: dict[int, list[Card]]
    points: dict[int, int]
    shooter: Shooter | None
    choice_required: bool
    hand_scores: dict[int, int] | None

    def as_dict(self) -> dict[str, JSON]:
        return {
            "complete": self.complete,
            "violations": [v.as_dict() for v in self.violations],
            "winners": list(self.winners),
            "taken": keyed({s: [str(c) for c in cards] for s, cards in self.taken.items()}),
            "points": keyed(self.points),
            "shooter": self.shooter.as_dict() if self.shooter else None,
            "choice_required": self.choice_required,
            "hand_scores": keyed(self.hand_scores) if self.hand_scores is not None else None,
        }


def check_hand(
    options: HeartsOptions,
    tricks: Sequence[tuple[int, Sequence[Card]]],
    kitty: Sequence[Card] | None = None,
    totals_before: Mapping[int, int] | None = None,
    moon_choice: str | None = None,
    dealer: int | None = None,
    names: Names = None,
) -> HandReport:
    """Check and score a hand from its tricks ``[(leader, cards in play order), ...]``.
    ``kitty``: the kitty's cards when known; ``moon_choice``: 'add' or 'subtract'."""
    hand = HeartsHand.of(options.players, tricks)
    violations = check(hand, options, kitty or None, dealer, names)
    winners = hand.winners(trick_winner)
    taken = hand.taken(trick_winner)
    complete = _is_complete(hand, options)
    aside = list(kitty) if kitty else _leftover(hand, options, complete)
    _give_kitty(taken, aside, hand, winners, options)
    points = points_from_taken(taken, options)
    tricks_taken = hand.tricks_taken(trick_winner) if complete else None
    shooter = find_shooter(taken, options, tricks_taken)
    revokes = [v for v in violations if v.rule == "follow-suit"]
    if options.revoke_penalty and revokes:
        scores = revoke_scores(revokes[0].seat, options)
        return HandReport(
            complete, tuple(violations), tuple(winners), taken, points, shooter, False, scores
        )
    result = hand_scores(
        points, _bonus(taken, options), shooter, options, totals_before, moon_choice
    )
    return HandReport(
        complete,
        tuple(violations),
        tuple(winners),
        taken,
        points,
        shooter,
        result.choice_required,
        result.scores,
    )


def _is_complete(hand: HeartsHand, options: HeartsOptions) -> bool:
    """Every card of the deal has been played, one per seat in each trick."""
    need = cards_per_seat(options)
    full = all(t.is_full(options.players) for t in hand.tricks)
    return len(hand.tricks) == need and full


def _leftover(hand: HeartsHand, options: HeartsOptions, complete: bool) -> list[Card]:
    """The kitty, when not entered, is what a complete hand did not play."""
    if not complete or not kitty_size(options):
        return []
    played = set(hand.cards_played())
    return [card for card in deck(options) if card not in played]


def _give_kitty(
    taken: dict[int, list[Card]],
    kitty: list[Card],
    hand: HeartsHand,
    winners: Sequence[int | None],
    options: HeartsOptions,
) -> None:
    """The kitty goes to the first trick's winner, or (option) to whoever first takes a
    penalty card (the first trick's winner if nobody does)."""
    if not kitty or not winners:
        return
    seat = winners[0]
    if options.kitty_to == "first-penalty":
        painted = (
            w for t, w in zip(hand.tricks, winners, strict=False) if any(map(is_penalty, t.cards))
        )
        first = next(painted, None)
        if first is None and len(winners) < cards_per_seat(options):
            return
        seat = first if first is not None else seat
    if seat is not None:
        taken[seat].extend(kitty)


def _bonus(taken: Mapping[int, Sequence[Card]], options: HeartsOptions) -> dict[int, int]:
    bonus = bonus_card(options)
    return {
        seat: sum(card_points(c, options) for c in cards if c == bonus)
        for seat, cards in taken.items()
    }


def score_taken(
    options: HeartsOptions,
    taken: Mapping[int, Sequence[Card]],
    tricks_taken: Mapping[int, int] | None = None,
    totals_before: Mapping[int, int] | None = None,
    moon_choice: str | None = None,
    names: Names = None,
) -> HandReport:
    """Quick entry: score from the penalty/bonus cards each seat took (other cards may be
    listed and are ignored). Violations (rule ``penalty-cards``, ``trick`` None) when a
    scoring card is missing or listed twice."""
    full = {seat: list(taken.get(seat, ())) for seat in range(options.players)}
    violations = _penalty_card_problems(full, options, names)
    points = points_from_taken(full, options)
    shooter = find_shooter(full, options, tricks_taken)
    result = hand_scores(
        points, _bonus(full, options), shooter, options, totals_before, moon_choice
    )
    return HandReport(
        not violations,
        tuple(violations),
        (),
        full,
        points,
        shooter,
        result.choice_required,
        result.scores,
    )


def _penalty_card_problems(
    taken: Mapping[int, list[Card]], options: HeartsOptions, names: Names
) -> list[Violation[Card]]:
    seen: dict[Card, int] = {}
    found: list[Violation[Card]] = []
    for seat in sorted(taken):
        for card in taken[seat]:
            if card in seen:
                message = (
                    f"{seat_name(seat, names)} is listed with the {card}, but "
                    f"{seat_name(seen[card], names)} already took it: each card is taken once."
                )
                found.append(Violation(-1, seat, card, "penalty-cards", message))
            seen.setdefault(card, seat)
    for card in scoring_cards(options):
        if card not in seen:
            message = f"Nobody is listed with the {card}: every penalty card is taken by someone."
            found.append(Violation(-1, -1, card, "penalty-cards", message))
    return found
