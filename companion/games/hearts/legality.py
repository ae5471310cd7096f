"""Legality of entered tricks: one ordered list of rules, the first broken one per play.

Everything is decided from the tricks as entered. A seat's later plays show what it held
(``Hand.held``), so once a hand is complete every rule is exact; during entry, what is
known so far is checked and the rest is flagged when it becomes known (a seat that shows out
of a suit and later plays that suit revoked on the earlier trick).

Rule ids (REFEREE_API.md): ``wrong-card-count``, ``wrong-leader`` (per trick), then per
play in this order: ``duplicate-card``, ``opening-lead``, ``follow-suit``,
``hearts-not-broken``, ``points-on-first-trick``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards.standard import Card
from companion.games.hearts.deal import cards_per_seat, deck, opening_lead
from companion.games.hearts.options import HeartsOptions
from companion.games.hearts.scoring import QS, is_penalty
from companion.games.tricks import Hand, Names, Play, Violation, seat_name

HeartsHand = Hand[Card]
RULE_ORDER = (
    "wrong-card-count",
    "wrong-leader",
    "duplicate-card",
    "opening-lead",
    "follow-suit",
    "hearts-not-broken",
    "points-on-first-trick",
)


def trick_winner(cards: Sequence[Card]) -> int:
    """Position of the highest card of the suit led (no trumps)."""
    led = cards[0].suit
    return max(range(len(cards)), key=lambda i: (cards[i].suit == led, cards[i].rank_index))


def _same_suit(lead: Card, card: Card) -> bool:
    return lead.suit == card.suit


@dataclass(frozen=True)
class _Context:
    hand: HeartsHand
    options: HeartsOptions
    kitty: tuple[Card, ...] | None  # None: not known
    dealer: int | None
    names: Names
    revokes: dict[tuple[int, int], Card]
    duplicates: dict[tuple[int, int], Violation[Card]]  # (trick, seat) -> its first one


def check(
    hand: HeartsHand,
    options: HeartsOptions,
    kitty: Sequence[Card] | None = None,
    dealer: int | None = None,
    names: Names = None,
) -> list[Violation[Card]]:
    """Every violation in the entered tricks, ordered by trick, then rule, then play.
    ``kitty``: the kitty when known (None = unknown); ``dealer`` is needed only to check
    who leads first when the player left of the dealer leads."""
    in_deck = set(deck(options))
    found = hand.count_violations(names) + hand.extra_trick_violations(cards_per_seat(options))
    found += hand.leader_violations(trick_winner, names)
    dups = hand.duplicate_violations(lambda c: 1 if c in in_deck else 0, kitty or (), names)
    revokes = {(p.trick, p.position): e.card for p, e in hand.revokes(_same_suit)}
    ctx = _Context(
        hand,
        options,
        tuple(kitty) if kitty is not None else None,
        dealer,
        names,
        revokes,
        _first_by_play(dups),
    )
    found += [v for v in dups if v.seat < 0]
    for play in hand.plays():
        violation = play_violation(ctx, play)
        if violation is not None:
            found.append(violation)
    return sorted(found, key=lambda v: (v.trick, RULE_ORDER.index(v.rule)))


def _first_by_play(dups: list[Violation[Card]]) -> dict[tuple[int, int], Violation[Card]]:
    """Each play's first ``duplicate-card`` (kitty ones, seat -1, belong to no play)."""
    found: dict[tuple[int, int], Violation[Card]] = {}
    for v in dups:
        if v.seat >= 0:
            found.setdefault((v.trick, v.seat), v)
    return found


def play_violation(ctx: _Context, play: Play[Card]) -> Violation[Card] | None:
    """The first rule this play breaks, in rule order, or None."""
    # a card entered twice (or not in this deck): nothing else about it can be judged
    if (found := ctx.duplicates.get((play.trick, play.seat))) is not None:
        return found
    # the first trick must be led by the required card (or seat)
    if play.trick == 0 and play.position == 0:
        if (message := _opening_problem(ctx, play)) is not None:
            return Violation(0, play.seat, play.card, "opening-lead", message)
    # a seat that held the suit led must follow it
    if (evidence := ctx.revokes.get((play.trick, play.position))) is not None:
        return _violation(ctx, play, "follow-suit", _follow_message(ctx, play, evidence))
    # no heart lead before hearts are broken, unless the leader has nothing else to lead
    if play.position == 0 and (other := _heart_lead_problem(ctx, play)) is not None:
        return _violation(ctx, play, "hearts-not-broken", _heart_message(ctx, play, other))
    # no points on the first trick, unless the seat has nothing else it may play
    if play.trick == 0 and (other := _first_trick_problem(ctx, play)) is not None:
        return _violation(ctx, play, "points-on-first-trick", _first_message(ctx, play, other))
    return None


def _violation(ctx: _Context, play: Play[Card], rule: str, message: str) -> Violation[Card]:
    return Violation(play.trick, play.seat, play.card, rule, message)


def _who(ctx: _Context, play: Play[Card]) -> str:
    name = seat_name(play.seat, ctx.names)
    return f"{name} played the {play.card} on trick {play.trick + 1}"


def _follow_message(ctx: _Context, play: Play[Card], evidence: Card) -> str:
    lead = ctx.hand.tricks[play.trick].cards[0]
    return (
        f"{_who(ctx, play)} but held the {evidence}: had to follow {lead.suit_name} "
        f"(rule: follow suit)."
    )


def _opening_problem(ctx: _Context, play: Play[Card]) -> str | None:
    if ctx.options.first_lead == "left-of-dealer":
        if ctx.dealer is None or play.seat == (ctx.dealer + 1) % ctx.options.players:
            return None
        should = seat_name((ctx.dealer + 1) % ctx.options.players, ctx.names)
        return (
            f"{seat_name(play.seat, ctx.names)} led the first trick, but {should}, left of "
            f"the dealer, leads it (rule: opening lead)."
        )
    required = _required_opening(ctx)
    if required is None and play.card.suit == "C" and not _lower_club_seen(ctx, play.card):
        return None
    if required == play.card:
        return None
    what = f"the {required}" if required else "the lowest club not in the kitty"
    return (
        f"{seat_name(play.seat, ctx.names)} led the {play.card} to the first trick, but "
        f"{what} must lead it (rule: opening lead)."
    )


def _required_opening(ctx: _Context) -> Card | None:
    """The card that must lead, or None while the kitty is unknown."""
    if not ctx.options.uses_kitty:
        return opening_lead(ctx.options)
    kitty = ctx.kitty if ctx.kitty is not None else _derived_kitty(ctx)
    return opening_lead(ctx.options, kitty) if kitty is not None else None


def _derived_kitty(ctx: _Context) -> tuple[Card, ...] | None:
    """When every seat's hand is entered, the kitty is what was not played."""
    played = ctx.hand.cards_played()
    if len(played) != cards_per_seat(ctx.options) * ctx.options.players:
        return None
    seen = set(played)
    return tuple(c for c in deck(ctx.options) if c not in seen)


def _lower_club_seen(ctx: _Context, card: Card) -> bool:
    return any(c.suit == "C" and c.rank_index < card.rank_index for c in ctx.hand.cards_played())


def _broken_before(ctx: _Context, trick: int) -> bool:
    earlier = [c for t in ctx.hand.tricks[:trick] for c in t.cards]
    qs_breaks = ctx.options.qs_breaks_hearts
    return any(c.suit == "H" or (qs_breaks and c == QS) for c in earlier)


def _heart_lead_problem(ctx: _Context, play: Play[Card]) -> Card | None:
    """A non-heart the leader could have led instead, when leading a heart is not allowed."""
    if not ctx.options.must_break_hearts or play.card.suit != "H":
        return None
    if _broken_before(ctx, play.trick):
        return None
    others = [c for c in ctx.hand.held(play.seat, play.trick) if c.suit != "H"]
    if ctx.options.can_lead_hearts_instead_of_qs and others == [QS]:
        return None
    return others[0] if others else None


def _heart_message(ctx: _Context, play: Play[Card], other: Card) -> str:
    name = seat_name(play.seat, ctx.names)
    return (
        f"{name} led the {play.card} on trick {play.trick + 1} before hearts were broken, "
        f"but held the {other} (rule: hearts not broken)."
    )


def _first_trick_problem(ctx: _Context, play: Play[Card]) -> Card | None:
    """A card without points this seat could have played instead on the first trick."""
    if not ctx.options.no_points_on_first_trick or not is_penalty(play.card):
        return None
    held = ctx.hand.held(play.seat, 0)
    lead = ctx.hand.tricks[0].cards[0]
    if play.position > 0 and any(c.suit == lead.suit for c in held):
        held = [c for c in held if c.suit == lead.suit]
    return next((c for c in held if not is_penalty(c)), None)


def _first_message(ctx: _Context, play: Play[Card], other: Card) -> str:
    return (
        f"{_who(ctx, play)} but held the {other}: no hearts and no QS on the first trick "
        f"(rule: points on the first trick)."
    )
