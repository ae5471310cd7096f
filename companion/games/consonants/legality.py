"""Legality of entered tricks: one ordered list of rules, the first broken one per play.

Everything is decided from the tricks as entered: a seat's later plays show what it held
(``Hand.held``), so once a hand is complete every rule is exact; during entry what is known
so far is checked. Rule ids (REFEREE_API.md): ``wrong-card-count``, ``wrong-leader`` (per
trick), then per play in this order: ``duplicate-card``, ``bad-declaration``,
``opening-lead``, ``follow-letter``, ``play-higher``.

A seat whose every card is entered and holds nothing but wilds must play one as the letter
led (the only time a wild is forced); while a seat's hand is not fully entered, a wild-only
holding is not judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards.alpha import AlphaCard, PlayedAlpha
from companion.games.consonants.deal import (
    SINGLETON_ORDER,
    cards_per_seat,
    kitty_size,
    leftover,
    opening_card,
)
from companion.games.consonants.letters import (
    best_side,
    can_follow,
    can_reach,
    declaration_problem,
    declared,
    trick_winner,
)
from companion.games.consonants.options import ConsonantsOptions
from companion.games.tricks import Hand, Names, Play, Violation, seat_name

ConsonantsHand = Hand[PlayedAlpha]
AnyViolation = Violation[AlphaCard | PlayedAlpha]  # a bare card or one as entered
RULE_ORDER = (
    "wrong-card-count",
    "wrong-leader",
    "duplicate-card",
    "bad-declaration",
    "opening-lead",
    "follow-letter",
    "play-higher",
)


@dataclass(frozen=True)
class _Context:
    hand: ConsonantsHand
    options: ConsonantsOptions
    kitty: tuple[AlphaCard, ...] | None  # None: not known
    dealer: int | None
    names: Names
    duplicates: dict[tuple[int, int], AnyViolation]


def check(
    hand: ConsonantsHand,
    options: ConsonantsOptions,
    kitty: Sequence[AlphaCard] | None = None,
    dealer: int | None = None,
    names: Names = None,
) -> list[AnyViolation]:
    """Every violation in the entered tricks, ordered by trick, then rule, then play.
    ``kitty``: the kitty when known (None = unknown; derived once every card is entered);
    ``dealer`` is needed only when the player left of the dealer leads first."""
    dups = _duplicates(hand, options, kitty, names)
    if kitty is None and is_complete(hand, options):
        kitty = leftover(options, (c.card for c in hand.cards_played()))
    aside = tuple(kitty) if kitty is not None else None
    ctx = _Context(hand, options, aside, dealer, names, {(v.trick, v.seat): v for v in dups})
    found: list[AnyViolation] = [
        *hand.count_violations(names),
        *hand.extra_trick_violations(cards_per_seat(options)),
    ]
    found += hand.leader_violations(trick_winner, names)
    found += [v for v in dups if v.seat < 0]
    found += [v for p in hand.plays() if (v := play_violation(ctx, p)) is not None]
    return sorted(found, key=lambda v: (v.trick, RULE_ORDER.index(v.rule)))


def is_complete(hand: ConsonantsHand, options: ConsonantsOptions) -> bool:
    """Every card of the deal has been played, one per seat in each trick."""
    full = all(t.is_full(options.players) for t in hand.tricks)
    return full and len(hand.tricks) == cards_per_seat(options)


def _duplicates(
    hand: ConsonantsHand,
    options: ConsonantsOptions,
    kitty: Sequence[AlphaCard] | None,
    names: Names,
) -> list[AnyViolation]:
    """``duplicate-card`` on the physical cards (a card's copies in the tricks and kitty)."""
    physical = Hand.of(hand.players, [(t.leader, [p.card for p in t.cards]) for t in hand.tricks])
    copies = options.deck.copies
    found = physical.duplicate_violations(lambda c: copies.get(c, 0), kitty or (), names)
    return [_as_played(hand, v) for v in found]


def _as_played(hand: ConsonantsHand, v: Violation[AlphaCard]) -> AnyViolation:
    """The violation naming the card as entered (``A/E=E``) rather than the bare card."""
    card = hand.tricks[v.trick].card_of(v.seat, hand.players) if v.seat >= 0 else v.card
    return Violation(v.trick, v.seat, card, v.rule, v.message)


def play_violation(ctx: _Context, play: Play[PlayedAlpha]) -> AnyViolation | None:
    """The first rule this play breaks, in rule order, or None."""
    # a card entered more often than the deck has it: nothing else about it can be judged
    if (play.trick, play.seat) in ctx.duplicates:
        return ctx.duplicates[(play.trick, play.seat)]
    # a vowel card as one of its sides, a wild as some letter, a consonant as itself
    if (problem := declaration_problem(play.card)) is not None:
        return _violation(play, "bad-declaration", f"{_who(ctx, play)}, but {problem}")
    # the first trick is led by the J (or the next singleton), or by the seat left of dealer
    if (problem := _opening_problem(ctx, play)) is not None:
        return _violation(play, "opening-lead", problem)
    # a seat that can play the letter led must play it
    if (problem := _follow_problem(ctx, play)) is not None:
        return _violation(play, "follow-letter", problem)
    # otherwise a letter >= every letter on the table, if the seat has one
    if (problem := _higher_problem(ctx, play)) is not None:
        return _violation(play, "play-higher", problem)
    return None


def _violation(play: Play[PlayedAlpha], rule: str, message: str) -> AnyViolation:
    return Violation(play.trick, play.seat, play.card, rule, f"{message} (rule: {_RULE[rule]}).")


_RULE = {
    "bad-declaration": "declare a letter the card has",
    "opening-lead": "opening lead",
    "follow-letter": "follow the letter led",
    "play-higher": "otherwise play a letter at least as high as any on the table",
}


def _who(ctx: _Context, play: Play[PlayedAlpha]) -> str:
    return f"{seat_name(play.seat, ctx.names)} played the {play.card} on trick {play.trick + 1}"


def _opening_problem(ctx: _Context, play: Play[PlayedAlpha]) -> str | None:
    if play.trick != 0 or play.position != 0:
        return None
    if ctx.options.first_lead == "left-of-dealer":
        return _left_of_dealer_problem(ctx, play)
    name = seat_name(play.seat, ctx.names)
    if ctx.kitty is not None:
        required = opening_card(ctx.options, ctx.kitty)
        if required is None or play.card.card == required:
            return None
        why = "" if required == SINGLETON_ORDER[0] else " (the J is in the kitty)"
        return f"{name} led the {play.card} to the first trick, but the {required} leads it{why}"
    seen = _earlier_singleton_seen(ctx, play.card.card)
    if seen is None:
        return None
    if seen == play.card.card:
        return (
            f"{name} led the {play.card} to the first trick, but the J leads it (or, when the "
            f"J is in the kitty, the first of K, Q, V, X, Z that is not)"
        )
    return (
        f"{name} led the {play.card} to the first trick, but the {seen} was dealt (it is "
        f"played later), so the first singleton of J, K, Q, V, X, Z in play leads"
    )


def _earlier_singleton_seen(ctx: _Context, card: AlphaCard) -> AlphaCard | None:
    """While the kitty is unknown: a singleton before ``card`` in the order J, K, Q, V, X, Z
    that was played this hand (so not in the kitty); ``card`` itself if it is no singleton."""
    if card not in SINGLETON_ORDER:
        available = [c for c in SINGLETON_ORDER if ctx.options.deck.copies.get(c, 0)]
        return None if kitty_size(ctx.options) >= len(available) else card
    played = {p.card for p in ctx.hand.cards_played()}
    earlier = SINGLETON_ORDER[: SINGLETON_ORDER.index(card)]
    return next((c for c in earlier if c in played), None)


def _left_of_dealer_problem(ctx: _Context, play: Play[PlayedAlpha]) -> str | None:
    should = None if ctx.dealer is None else (ctx.dealer + 1) % ctx.options.players
    if should is None or play.seat == should:
        return None
    return (
        f"{seat_name(play.seat, ctx.names)} led the first trick, but "
        f"{seat_name(should, ctx.names)}, left of the dealer, leads it"
    )


def _follow_problem(ctx: _Context, play: Play[PlayedAlpha]) -> str | None:
    led = _led_letter(ctx, play)
    if led is None or declared(play.card) == led:
        return None
    who, name = _who(ctx, play), seat_name(play.seat, ctx.names)
    if can_follow(play.card.card, led):
        return f"{who}, but the {led} was led: play it as {best_side(play.card.card, led)}"
    held = _held(ctx, play.seat, play.trick)
    evidence = next((p.card for p in held if can_follow(p.card, led)), None)
    if evidence is not None:
        return f"{who}, but the {led} was led and {name} held the {evidence}"
    if all(p.card.kind == "wild" for p in held) and _hand_known(ctx, play.seat):
        return f"{who}, but the {led} was led and {name} held only wilds: play ?={led}"
    return None


def _higher_problem(ctx: _Context, play: Play[PlayedAlpha]) -> str | None:
    trick = ctx.hand.tricks[play.trick]
    on_table = [x for c in trick.cards[: play.position] if (x := declared(c)) is not None]
    mine = declared(play.card)
    if not on_table or mine == _led_letter(ctx, play) or (mine or "") >= max(on_table):
        return None
    top, who = max(on_table), _who(ctx, play)
    if can_reach(play.card.card, top):
        return f"{who}, below the {top} on the table: play it as {best_side(play.card.card, top)}"
    held = _held(ctx, play.seat, play.trick)
    evidence = next((p.card for p in held if can_reach(p.card, top)), None)
    if evidence is None:
        return None
    return f"{who}, below the {top} on the table, but held the {evidence}"


def _held(ctx: _Context, seat: int, trick: int) -> list[PlayedAlpha]:
    """What ``seat`` is known to have held when ``trick`` began (its plays from then on),
    leaving out plays already reported as duplicates: they prove nothing."""
    plays = ctx.hand.plays_by_seat(seat)
    return [p.card for p in plays if p.trick >= trick and (p.trick, seat) not in ctx.duplicates]


def _led_letter(ctx: _Context, play: Play[PlayedAlpha]) -> str | None:
    """The letter led to this play's trick (None for the leader or an undeclared lead)."""
    if play.position == 0:
        return None
    return declared(ctx.hand.tricks[play.trick].cards[0])


def _hand_known(ctx: _Context, seat: int) -> bool:
    """Every card of ``seat``'s hand has been entered."""
    return len(ctx.hand.plays_by_seat(seat)) >= cards_per_seat(ctx.options)
