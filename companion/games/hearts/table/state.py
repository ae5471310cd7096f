"""A Hearts game as the table entered it, folded from its events (see ``table``).

Each hand's entries (``trickgame.entries``) are kept as entered; the hands are built from
them in order, each scored with the totals before it (the moon policy may depend on them).
Source of a hand: a scorer's entry, else its tricks, else the players' claims. The hands run
up to the first one not complete (the open hand) or to the game's end. Messages name seats
as ``Seat 1`` (``seats.seat_labels``); the pages put the players' names in. A hand's tricks
are checked once per set of tricks (``trick_report``): the action that enters a trick and the
fold that stores it share the check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TypedDict

from companion.cards.standard import Card
from companion.games import hearts
from companion.games.hearts import HandReport
from companion.games.hearts.scoring import QS, bonus_card, card_points, scoring_cards
from companion.games.hearts.table.options import TableOptions
from companion.games.protocol import Payload
from companion.games.seats import seat_labels
from companion.games.trickgame.declaration import Declaration
from companion.games.trickgame.entries import (
    CLAIM,
    REST,
    TRICK,
    Entry,
    HandEntries,
    Part,
    SlotNames,
    choice,
)
from companion.games.trickgame.hands import HandRules, Moon
from companion.games.trickgame.state import HandLookup

BLOCKING = ("duplicate-card", "wrong-card-count")
Scores = dict[int, int]


@dataclass(frozen=True)
class HeartsEntries(HandEntries):
    """A Hearts hand's entries: the shared ones, a scorer's whole hand (``taken``, also the
    numbers way's points) and a recorded revoke."""

    taken: Entry | None = None
    revoke: Entry | None = None


EMPTY = HeartsEntries()
SLOTS = SlotNames(
    "h",
    {
        "taken": Part("", "taken"),
        "claim": CLAIM,
        "trick": TRICK,
        "choice": choice("moon"),
        "revoke": Part("rev", "revoke"),
        "rest": REST,
    },
    EMPTY,
)
"""Hearts' slots: ``h3`` a scorer's hand 3, ``h3s1``, ``h3t0``, ``h3moon``, ``h3rev``; the
rest claimed from trick 9 on is in trick 9's slot, ``h3t9``."""


@dataclass(frozen=True)
class Hand:
    """One hand: what was entered, the engine's report and, once complete, its scores."""

    number: int
    source: str  # "taken", "points", "tricks", "claims" or "" (nothing entered yet)
    taken: dict[int, list[Card]]
    claims: dict[int, list[Card]] = field(default_factory=dict)
    sun: int | None = None
    tricks: list[tuple[int, list[Card]]] = field(default_factory=list)
    revoke: Payload | None = None
    moon: str | None = None
    report: HandReport | None = None
    scores: Scores | None = None
    scorer_seat: int | None = None
    totals_before: Scores = field(default_factory=dict)
    rest: int | None = None  # the seat the rest went to (a claim after the tricks entered)

    @property
    def choice_required(self) -> bool:
        return self.report is not None and self.report.choice_required and self.scores is None

    @property
    def shooter(self) -> hearts.Shooter | None:
        return self.report.shooter if self.report is not None else None


@dataclass(frozen=True)
class State(HandLookup[Hand]):
    options: TableOptions
    entries: Mapping[int, HeartsEntries] = field(default_factory=dict)
    hands: tuple[Hand, ...] = ()
    totals: Scores = field(default_factory=dict)

    @property
    def done(self) -> list[Hand]:
        return [h for h in self.hands if h.scores is not None]

    @property
    def finished(self) -> bool:
        return bool(self.done) and hearts.game_over(self.totals, self.options.rules)


def cards(texts: Sequence[str]) -> list[Card]:
    return [Card.parse(t) for t in texts]


def dealer(options: TableOptions, hand: int) -> int:
    return hearts.dealer_for_hand(hand, options.players, options.first_dealer)


def sun_tricks(options: TableOptions, sun: int | None) -> dict[int, int] | None:
    return None if sun is None else {sun: hearts.cards_per_seat(options.rules)}


def penalty_cards(options: TableOptions) -> list[Card]:
    """The cards a hand's entry accounts for: 13 hearts, the QS, the bonus card if on."""
    return scoring_cards(options.rules)


def _claims(entries: HeartsEntries) -> tuple[dict[int, list[Card]], int | None]:
    claims = {seat: cards(e.payload.get("cards", [])) for seat, e in entries.claims.items()}
    sun = next((s for s, e in sorted(entries.claims.items()) if e.payload.get("sun")), None)
    return claims, sun


class _Base(TypedDict):
    """What every hand has, however its cards came in."""

    claims: dict[int, list[Card]]
    tricks: list[tuple[int, list[Card]]]
    revoke: Payload | None
    moon: str | None
    totals_before: Scores


def build_hand(options: TableOptions, n: int, entries: HeartsEntries, totals: Scores) -> Hand:
    rules, names = options.rules, seat_labels(options.players)
    claims, claim_sun = _claims(entries)
    tricks = [(leader, cards(texts)) for leader, texts in entries.trick_list()]
    moon = entries.choice.payload.get("choice") if entries.choice else None
    revoke = dict(entries.revoke.payload) if entries.revoke else None
    base = _Base(claims=claims, tricks=tricks, revoke=revoke, moon=moon, totals_before=totals)
    if entries.taken is not None:
        taken = {int(s): cards(c) for s, c in entries.taken.payload["taken"].items()}
        sun = entries.taken.payload.get("sun")
        report = hearts.score_taken(rules, taken, sun_tricks(options, sun), totals, moon, names)
        scores = report.hand_scores if not report.violations else None
        source = "points" if "points" in entries.taken.payload else "taken"
        return Hand(
            n,
            source,
            taken,
            sun=sun,
            report=report,
            scores=scores,
            scorer_seat=entries.taken.seat,
            **base,
        )
    if tricks:
        return _trick_hand(options, n, base, entries.rest_seat())
    taken = {seat: list(claims.get(seat, [])) for seat in range(rules.players)}
    report = hearts.score_taken(rules, taken, sun_tricks(options, claim_sun), totals, moon, names)
    scores = report.hand_scores if claims and not report.violations else None
    source = "claims" if claims else ""
    return Hand(n, source, taken, sun=claim_sun, report=report, scores=scores, **base)


Tricks = Sequence[tuple[int, Sequence[Card]]]


def trick_report(
    options: TableOptions,
    n: int,
    tricks: Tricks,
    totals_before: Mapping[int, int],
    moon: str | None,
) -> HandReport:
    """The engine's report on hand ``n`` from its tricks. The action entering a trick asks
    for it before the event is stored and the fold asks again for the same tricks after: the
    last few reports are kept, so one trick costs one check."""
    key = tuple((leader, tuple(cards)) for leader, cards in tricks)
    totals = tuple(sorted(totals_before.items()))
    return _checked(options.rules, key, totals, moon, dealer(options, n))


@lru_cache(maxsize=16)
def _checked(
    rules: hearts.HeartsOptions,
    tricks: tuple[tuple[int, tuple[Card, ...]], ...],
    totals: tuple[tuple[int, int], ...],
    moon: str | None,
    dealer_seat: int,
) -> HandReport:
    names = seat_labels(rules.players)
    return hearts.check_hand(rules, tricks, None, dict(totals), moon, dealer_seat, names)


def rest_report(
    options: TableOptions, n: int, tricks: Tricks, seat: int, totals: Scores, moon: str | None
) -> HandReport:
    """Hand ``n`` whose tricks after ``tricks`` all went to ``seat`` (a claim): every card not
    played is taken by that seat, scored from the cards as usual (a moon or the sun when it
    took everything); the rule checks are those of the tricks entered."""
    rules = options.rules
    played = trick_report(options, n, tricks, totals, moon)
    seen = {c for _, cards in tricks for c in cards}
    taken = {s: list(played.taken.get(s, [])) for s in range(rules.players)}
    taken[seat] += [c for c in hearts.deck(rules) if c not in seen]
    winners = (*played.winners, *[seat] * (hearts.cards_per_seat(rules) - len(tricks)))
    counts = Counter(w for w in winners if w is not None)
    names = seat_labels(rules.players)
    report = hearts.score_taken(rules, taken, dict(counts), totals, moon, names)
    if rules.revoke_penalty and any(v.rule == "follow-suit" for v in played.violations):
        report = replace(report, hand_scores=played.hand_scores, choice_required=False)
    return replace(report, complete=True, violations=played.violations, winners=winners)


def _trick_hand(options: TableOptions, n: int, base: _Base, rest: int | None) -> Hand:
    rules = options.rules
    if rest is not None:
        report = rest_report(options, n, base["tricks"], rest, base["totals_before"], base["moon"])
    else:
        report = trick_report(options, n, base["tricks"], base["totals_before"], base["moon"])
    revoke = base["revoke"]
    scores = None
    if revoke is not None and rules.revoke_penalty:
        scores = hearts.revoke_scores(int(revoke["seat"]), rules)
    elif report.complete and not any(v.rule in BLOCKING for v in report.violations):
        scores = report.hand_scores
    return Hand(n, "tricks", report.taken, report=report, scores=scores, rest=rest, **base)


def initial(options: TableOptions) -> State:
    return rebuild(State(options, {}, (), {s: 0 for s in range(options.players)}), 1)


class HeartsHands(HandRules["State", Hand]):
    """Hearts' hands for the base (``trickgame.hands``): a hand counts once scored; the
    totals add by the engine (an exact-target reset means they are not plain sums)."""

    def build(self, state: State, number: int, totals: Scores) -> Hand:
        return build_hand(state.options, number, state.entries.get(number, EMPTY), totals)

    def done(self, hand: Hand) -> bool:
        return hand.scores is not None

    def add(self, state: State, totals: Scores, hand: Hand) -> Scores:
        assert hand.scores is not None
        return hearts.add_hand(totals, hand.scores, state.options.rules)

    def over(self, state: State, totals: Scores) -> bool:
        return hearts.game_over(totals, state.options.rules)

    def totals_after(self, state: State, hands: Iterable[Hand]) -> Scores:
        """In one step: the last hand's totals before it, with its scores."""
        last = next(reversed(list(hands)), None)
        if last is None:
            return {seat: 0 for seat in range(state.options.players)}
        return self.add(state, last.totals_before, last)


HANDS = HeartsHands()
MOON = Moon(
    "moon",
    ("add", "subtract"),
    "Choose 'add' (26 to everyone else) or 'subtract' (26 off the shooter).",
    "Only the shooter's phone (or the host, when the shooter has no phone) may make this choice.",
)


def _special(state: State) -> dict[str, Card]:
    bonus = bonus_card(state.options.rules)
    return {"queen": QS, **({"bonus": bonus} if bonus is not None else {})}


DECLARED: Declaration[State, Hand, Card] = Declaration(
    "Hearts",
    SLOTS,
    HANDS,
    MOON,
    lambda state, card: card_points(card, state.options.rules),
    _special,
    lambda state: state.options.rules,
)
"""Hearts as the trick-game base reads it (``trickgame.declaration``)."""


def rebuild(state: State, start: int) -> State:
    """The hands from hand ``start`` on built again (``trickgame.hands.rebuild``)."""
    return DECLARED.rebuild(state, start)
