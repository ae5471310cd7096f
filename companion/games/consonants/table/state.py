"""A Consonants game as the table entered it, folded from its events (see ``table``).

Each hand's entries (``trickgame.entries``: the cards each seat took as its claim, the
tricks, the words each seat laid, the Flying by Night choice, the close) are kept as
entered, with the verdicts of the word judge (``cons-challenge``). The hands are built from
them in order: a hand's taken cards come from its tricks when any were entered, else from
the seats' own entries. The hands run up to the first one not closed (the open hand) or to
the game's end. The deck is the newest ``alpha-deck`` correction (every hand is built again
with it). Messages name seats as ``Seat 1``; the pages put the players' names in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NotRequired, TypedDict

from companion.cards.alpha import CONSONANTS, DEFAULT_DECK, AlphaCard, Deck, PlayedAlpha
from companion.games import consonants as engine
from companion.games.agreements import Agreement
from companion.games.challenges import Challenge
from companion.games.consonants import ConsonantsOptions, HandReport, ScoreReport
from companion.games.consonants.table.options import TableOptions
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
from companion.games.tricks import Violation


@dataclass(frozen=True)
class ConsonantsEntries(HandEntries):
    """A Consonants hand's entries: the shared ones (a claim is the cards a seat took, kitty
    included; the choice is Flying by Night's), the words each seat laid and the close."""

    words: Mapping[int, Entry] = field(default_factory=dict)
    close: Entry | None = None


EMPTY = ConsonantsEntries()
SLOTS = SlotNames(
    "c",
    {
        "claim": CLAIM,
        "trick": TRICK,
        "rest": REST,
        "choice": choice("fly"),
        "words": Part("w", "words", "seat"),
        "close": Part("end", "close"),
    },
    EMPTY,
)
"""Consonants' slots: ``c3s1`` (seat 1's cards), ``c3t0``, ``c3fly``, ``c3w1``, ``c3end``; the
rest claimed from trick 9 on is in trick 9's slot, ``c3t9``."""
BLOCKING = ("duplicate-card", "wrong-card-count", "bad-declaration")
Scores = dict[int, int]


@dataclass(frozen=True)
class Verdict:
    """A judged challenge of ``word`` laid by ``seat``."""

    n: int
    seat: int
    word: str
    challenger: int
    valid: bool


@dataclass(frozen=True)
class Hand:
    """One hand: what was entered, the engine's reports and, once ready, its scores."""

    number: int
    source: str  # "cards", "tricks" or "" (nothing entered yet)
    taken: dict[int, list[AlphaCard]]
    entered: frozenset[int] = frozenset()
    tricks: list[tuple[int, list[PlayedAlpha]]] = field(default_factory=list)
    trick_report: HandReport | None = None
    words: dict[int, list[str]] = field(default_factory=dict)
    verdicts: tuple[Verdict, ...] = ()
    fly: str | None = None
    report: ScoreReport | None = None
    missing: list[AlphaCard] = field(default_factory=list)
    closed: bool = False
    rest: int | None = None  # the seat the rest went to (a claim after the tricks entered)

    @property
    def cards_in(self) -> bool:
        """Every seat's taken cards are known and add up (consonants all accounted for)."""
        if self.report is None or self.source == "":
            return False
        if any(x.rule == "duplicate-card" for x in self.report.violations):
            return False
        if self.source == "tricks":
            r = self.trick_report
            return r is not None and r.complete and not self.blocking
        return len(self.entered) == len(self.taken) and not self.missing

    @property
    def blocking(self) -> list[Violation[AlphaCard | PlayedAlpha]]:
        r = self.trick_report
        return [x for x in r.violations if x.rule in BLOCKING] if r is not None else []

    @property
    def flyer(self) -> int | None:
        return self.report.flying_by_night if self.cards_in and self.report else None

    @property
    def choice_required(self) -> bool:
        return self.flyer is not None and self.fly is None

    @property
    def scores(self) -> Scores | None:
        if not self.cards_in or self.report is None:
            return None
        return self.report.hand_scores

    def challenged(self, seat: int) -> set[str]:
        return {x.word for x in self.verdicts if x.seat == seat}

    def seat_cards_known(self, seat: int) -> bool:
        if self.source == "tricks":
            return self.trick_report is not None and self.trick_report.complete
        return seat in self.entered

    def word_problems(self) -> list[str]:
        found = self.report.violations if self.report else ()
        return [x.message for x in found if x.rule != "duplicate-card"]


@dataclass(frozen=True)
class State(HandLookup[Hand]):
    options: TableOptions
    rules: ConsonantsOptions  # the options' rules with the table's deck
    entries: Mapping[int, ConsonantsEntries] = field(default_factory=dict)
    verdicts: Mapping[int, tuple[Verdict, ...]] = field(default_factory=dict)
    hands: tuple[Hand, ...] = ()
    totals: Scores = field(default_factory=dict)
    challenges: int = 0
    judging: Challenge | None = None
    judged: Challenge | None = None
    agreements: int = 0
    agreement: Agreement | None = None

    @property
    def deck(self) -> Deck:
        return self.rules.deck

    @property
    def done(self) -> list[Hand]:
        return [h for h in self.hands if h.closed]

    @property
    def finished(self) -> bool:
        return bool(self.done) and engine.game_over(self.totals, self.rules)


def cards(texts: Sequence[str]) -> list[AlphaCard]:
    return [AlphaCard.parse(t) for t in texts]


def played(texts: Sequence[str]) -> list[PlayedAlpha]:
    return [PlayedAlpha.parse(t) for t in texts]


def dealer(options: TableOptions, hand: int) -> int:
    return engine.dealer_for_hand(hand, options.players, options.first_dealer)


def missing_consonants(
    rules: ConsonantsOptions, taken: Mapping[int, list[AlphaCard]]
) -> list[AlphaCard]:
    """Consonant cards of the deck nobody has entered."""
    listed = Counter(c for got in taken.values() for c in got)
    wanted = Counter({c: k for c, k in rules.deck.copies.items() if c.letters in CONSONANTS})
    return sorted((wanted - listed).elements())


class _Taken(TypedDict):
    """What a hand's cards come to, by the way they came in (cards or tricks)."""

    source: str
    taken: dict[int, list[AlphaCard]]
    fly: str | None
    entered: NotRequired[frozenset[int]]
    tricks: NotRequired[list[tuple[int, list[PlayedAlpha]]]]
    trick_report: NotRequired[HandReport]
    missing: NotRequired[list[AlphaCard]]
    rest: NotRequired[int | None]


def _taken(state: State, n: int, entries: ConsonantsEntries) -> _Taken:
    """Source, taken cards, seats entered, trick report and missing cards of hand ``n``."""
    rules, players = state.rules, state.options.players
    tricks = [(leader, played(texts)) for leader, texts in entries.trick_list()]
    fly = str(entries.choice.payload.get("choice")) if entries.choice else None
    if tricks:
        rest, by = entries.rest_seat(), dealer(state.options, n)
        if rest is not None:  # the rest went to one seat: so did the last trick and the kitty
            report = engine.rest_report(rules, tricks, rest, fly, by, seat_labels(players))
        else:
            report = engine.check_hand(rules, tricks, None, fly, by, seat_labels(players))
        return _Taken(
            source="tricks",
            taken=report.taken_cards(),
            tricks=tricks,
            trick_report=report,
            fly=fly,
            rest=rest,
        )
    claims = entries.claims
    taken = {
        s: cards(claims[s].payload.get("cards", [])) if s in claims else [] for s in range(players)
    }
    missing = missing_consonants(rules, taken) if len(claims) == players else []
    return _Taken(
        source="cards" if claims else "",
        taken=taken,
        entered=frozenset(claims),
        missing=missing,
        fly=fly,
    )


def build_hand(state: State, n: int) -> Hand:
    entries = state.entries.get(n, EMPTY)
    players = state.options.players
    base = _taken(state, n, entries)
    words = {
        s: list(e.payload.get("words", [])) for s, e in sorted(entries.words.items()) if s < players
    }
    verdicts = state.verdicts.get(n, ())
    challenges = [engine.Challenge(x.seat, x.word, x.challenger) for x in verdicts]
    judged = {x.word: x.valid for x in verdicts}
    report = engine.score_taken(
        state.rules,
        base["taken"],
        words,
        challenges,
        lambda w: judged.get(w, True),
        base["fly"],
        seat_labels(players),
    )
    hand = Hand(n, words=words, verdicts=verdicts, report=report, **base)
    return replace(hand, closed=entries.close is not None and hand.scores is not None)


def initial(options: TableOptions) -> State:
    totals = {s: 0 for s in range(options.players)}
    return rebuild(State(options, replace(options.rules, deck=DEFAULT_DECK), totals=totals), 1)


class ConsonantsHands(HandRules["State", Hand]):
    """Consonants' hands for the base (``trickgame.hands``): a hand counts once its words are
    closed; its scores add to the totals as they are."""

    def build(self, state: State, number: int, totals: Scores) -> Hand:
        return build_hand(state, number)

    def done(self, hand: Hand) -> bool:
        return hand.closed

    def add(self, state: State, totals: Scores, hand: Hand) -> Scores:
        scores = hand.scores or {}
        return {s: totals[s] + scores.get(s, 0) for s in totals}

    def over(self, state: State, totals: Scores) -> bool:
        return engine.game_over(totals, state.rules)


HANDS = ConsonantsHands()
MOON = Moon(
    "Flying by Night",
    engine.FLYING_CHOICES,
    "Choose 'subtract' (-50 for the flyer) or 'add' (+50 for the others).",
    "Only the flyer's phone (or the host, when the flyer has no phone) makes this choice.",
)


DECLARED: Declaration[State, Hand, AlphaCard] = Declaration(
    "Consonants",
    SLOTS,
    HANDS,
    MOON,
    lambda state, card: engine.card_points(card, state.deck),
    lambda state: {"lead": AlphaCard("J")},
    lambda state: state.rules,
)
"""Consonants as the trick-game base reads it (``trickgame.declaration``): the J leads."""


def rebuild(state: State, start: int) -> State:
    """The hands from hand ``start`` on built again (``trickgame.hands.rebuild``)."""
    return DECLARED.rebuild(state, start)
