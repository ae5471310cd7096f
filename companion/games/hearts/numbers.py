"""Hearts by numbers: each seat's points for a hand, for tables that do not track cards.

The engine scores from cards, so the points are turned into one deal that gives them: the QS
(13) to one seat, the bonus card (when one is in use) to one seat, and one point per heart for
the rest. A deal without a moon is preferred; when only a moon fits (one seat with all 26),
the moon is what the numbers say. The moon button names the shooter outright (the numbers
are then not needed), so a shot moon is never mistaken for ordinary points.

Rulings (ours): a blank box counts as 0; the points must add up to the hand's total (26, plus
the bonus card's points when one is in use); with a bonus card and a moon, the form says who
took the bonus card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product

from companion.cards.standard import Card
from companion.errors import Forbidden, Unreadable
from companion.games.hearts.options import HeartsOptions
from companion.games.hearts.scoring import QS, bonus_card, find_shooter, penalty_cards
from companion.games.hearts.table import words as words

Taken = dict[int, list[Card]]


def hand_total(options: HeartsOptions) -> int:
    """What a hand's points add up to: 26, plus the bonus card's points when in use."""
    return 26 + (options.bonus_points if options.bonus_card else 0)


def read_points(raw: object, names: Sequence[str]) -> dict[int, int]:
    """Each seat's points from ``{"0": 15, "1": "4", ...}``; blank is 0."""
    if not isinstance(raw, Mapping):
        raise Unreadable("'points' must map seats to whole numbers.", "points")
    points = {seat: 0 for seat in range(len(names))}
    for key, value in raw.items():
        seat = int(key) if str(key).isdigit() else -1
        if seat not in points:
            raise Unreadable(f"There is no seat {str(key)[:10]!r} at this table.", "points")
        text = str(value).strip()
        if text in ("", "None"):
            continue
        if not text.lstrip("-").isdigit() or len(text) > 4:
            raise Unreadable(
                f"{names[seat]}'s points must be a whole number, not {text[:12]!r}.", "points"
            )
        points[seat] = int(text)
    return points


def _deal(
    options: HeartsOptions, points: Mapping[int, int], qs: int, bonus: int | None
) -> Taken | None:
    """The deal with the QS at ``qs`` and the bonus card at ``bonus``, or None if no hearts
    fit the points that way."""
    hearts = [c for c in penalty_cards(options) if c != QS]
    card, value = bonus_card(options), options.bonus_points
    taken: Taken = {}
    for seat in range(options.players):
        count = points.get(seat, 0) - 13 * (seat == qs) - value * (seat == bonus)
        if count < 0:
            return None
        extra = [QS] * (seat == qs) + ([card] if card and seat == bonus else [])
        taken[seat] = hearts[:count] + extra
        hearts = hearts[count:]
    return taken if not hearts else None


def cards_for_points(options: HeartsOptions, points: Mapping[int, int]) -> Taken:
    """One deal that gives these points, without a moon when one fits; else ``Forbidden``."""
    total, want = sum(points.values()), hand_total(options)
    if total != want:
        raise Forbidden(
            f"The points add up to {total}; a hand's points add up to {want}.", "points-total"
        )
    seats = range(options.players)
    bonuses: Sequence[int | None] = list(seats) if options.bonus_card else [None]
    deals = [d for q, b in product(seats, bonuses) if (d := _deal(options, points, q, b))]
    if not deals:
        card = options.bonus_card
        extra = f", the {card} {options.bonus_points:+d}" if card else ""
        raise Forbidden(
            f"No deal gives these points: one player took the QS (13), each heart is 1{extra}.",
            "points-impossible",
        )
    plain = [d for d in deals if find_shooter(d, options) is None]
    return (plain or deals)[0]


def implied_moon(
    options: HeartsOptions, points: Mapping[int, int]
) -> tuple[int, int | None] | None:
    """(shooter, who took the bonus card) when only a moon gives these points (one seat with
    all 26), else None: the page asks first, as for the moon button."""
    try:
        taken = cards_for_points(options, points)
    except Forbidden:
        return None
    shooter = find_shooter(taken, options)
    if shooter is None:
        return None
    card = bonus_card(options)
    bonus = next((s for s, got in taken.items() if card in got), None) if card else None
    return shooter.seat, bonus


def cards_for_moon(
    options: HeartsOptions, shooter: int, bonus: int | None, names: Sequence[str]
) -> Taken:
    """The moon button: every penalty card to ``shooter``, the bonus card to ``bonus``."""
    taken: Taken = {seat: [] for seat in range(options.players)}
    taken[shooter] = list(penalty_cards(options))
    card = bonus_card(options)
    if card is not None:
        if bonus is None:
            raise Unreadable(
                f"Pick who took the {words.face(card)} in its box, then tap the "
                "moon button again: a moon does not tell.",
                "bonus",
            )
        taken[bonus].append(card)
    return taken
