"""A Hearts game as the table entered it, derived from the stored events every time.

Event kinds (each in a versioned slot, so two phones never silently overwrite each other):
``hearts-taken`` (slot ``h3``: a scorer's whole hand), ``hearts-claim`` (``h3s1``: one
player's own cards), ``hearts-moon`` (``h3moon``: the shooter's choice), ``hearts-trick``
(``h3t0``: one trick), ``hearts-revoke`` (``h3rev``: a revoke the table recorded).

For each hand the newest event of a slot counts (an undo falls back to the one before).
Source of a hand: a scorer's entry, else its tricks, else the players' claims. Hands are
scored in order, each with the totals before it (the moon policy may depend on them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.cards.standard import Card
from companion.games import hearts
from companion.games.hearts import HandReport
from companion.games.hearts.scoring import scoring_cards
from companion.games.protocol import Event
from companion.games.scoresheet import Sheet
from companion.tables.store import effective
from companion.web.games.hearts_options import TableOptions

KINDS = frozenset({"hearts-taken", "hearts-claim", "hearts-moon", "hearts-trick", "hearts-revoke"})
BLOCKING = ("duplicate-card", "wrong-card-count")
Scores = dict[int, int]


@dataclass(frozen=True)
class Hand:
    """One hand: what was entered, the engine's report and, once complete, its scores."""

    number: int
    source: str  # "taken", "tricks", "claims" or "" (nothing entered yet)
    taken: dict[int, list[Card]]
    claims: dict[int, list[Card]] = field(default_factory=dict)
    sun: int | None = None
    tricks: list[tuple[int, list[Card]]] = field(default_factory=list)
    revoke: dict | None = None
    moon: str | None = None
    report: HandReport | None = None
    scores: Scores | None = None
    scorer_seat: int | None = None
    totals_before: Scores = field(default_factory=dict)

    @property
    def choice_required(self) -> bool:
        return self.report is not None and self.report.choice_required and self.scores is None

    @property
    def shooter(self) -> hearts.Shooter | None:
        return self.report.shooter if self.report is not None else None


@dataclass(frozen=True)
class HeartsGame:
    options: TableOptions
    hands: list[Hand]
    totals: Scores
    versions: dict[str, int]

    @property
    def done(self) -> list[Hand]:
        return [h for h in self.hands if h.scores is not None]

    @property
    def finished(self) -> bool:
        return bool(self.done) and hearts.game_over(self.totals, self.options.rules)

    @property
    def current(self) -> Hand:
        return self.hands[-1]

    def version(self, slot: str) -> int:
        return self.versions.get(slot, 0)


def cards(texts: Sequence[str]) -> list[Card]:
    return [Card.parse(t) for t in texts]


def _latest(events: list[Event]) -> dict[str, Event]:
    latest: dict[str, Event] = {}
    for e in events:
        if e.slot:
            latest[e.slot] = e
    return latest


def _claims(latest: dict[str, Event], n: int, players: int) -> tuple[dict, int | None]:
    claims: dict[int, list[Card]] = {}
    sun = None
    for seat in range(players):
        e = latest.get(f"h{n}s{seat}")
        if e is not None:
            claims[seat] = cards(e.payload.get("cards", []))
            sun = seat if e.payload.get("sun") else sun
    return claims, sun


def _tricks(latest: dict[str, Event], n: int) -> list[tuple[int, list[Card]]]:
    tricks: list[tuple[int, list[Card]]] = []
    while (e := latest.get(f"h{n}t{len(tricks)}")) is not None:
        tricks.append((int(e.payload["leader"]), cards(e.payload["cards"])))
    return tricks


def union(claims: dict[int, list[Card]], players: int) -> dict[int, list[Card]]:
    return {seat: list(claims.get(seat, [])) for seat in range(players)}


def sun_tricks(options: TableOptions, sun: int | None) -> dict[int, int] | None:
    return None if sun is None else {sun: hearts.cards_per_seat(options.rules)}


def build_hand(
    options: TableOptions, n: int, events: list[Event], totals: Scores, names: list[str] | None
) -> Hand:
    rules = options.rules
    latest = _latest(events)
    claims, claim_sun = _claims(latest, n, rules.players)
    tricks = _tricks(latest, n)
    moon_event, revoke_event = latest.get(f"h{n}moon"), latest.get(f"h{n}rev")
    moon = moon_event.payload.get("choice") if moon_event else None
    revoke = dict(revoke_event.payload) if revoke_event else None
    base: dict[str, Any] = dict(
        claims=claims, tricks=tricks, revoke=revoke, moon=moon, totals_before=totals
    )
    entry = latest.get(f"h{n}")
    if entry is not None:
        taken = {int(s): cards(c) for s, c in entry.payload["taken"].items()}
        sun = entry.payload.get("sun")
        report = hearts.score_taken(rules, taken, sun_tricks(options, sun), totals, moon, names)
        scores = report.hand_scores if not report.violations else None
        return Hand(n, "taken", taken, sun=sun, report=report, scores=scores,
                    scorer_seat=entry.actor_seat, **base)  # fmt: skip
    if tricks:
        return _trick_hand(options, n, tricks, base, names)
    taken = union(claims, rules.players)
    report = hearts.score_taken(rules, taken, sun_tricks(options, claim_sun), totals, moon, names)
    complete = bool(claims) and not report.violations
    scores = report.hand_scores if complete else None
    source = "claims" if claims else ""
    return Hand(n, source, taken, sun=claim_sun, report=report, scores=scores, **base)


def _trick_hand(
    options: TableOptions, n: int, tricks: list, base: dict[str, Any], names: list[str] | None
) -> Hand:
    rules = options.rules
    deals = dealer(options, n)
    report = hearts.check_hand(
        rules, tricks, None, base["totals_before"], base["moon"], deals, names
    )
    revoke = base["revoke"]
    scores = None
    if revoke is not None and rules.revoke_penalty:
        scores = hearts.revoke_scores(int(revoke["seat"]), rules)
    elif report.complete and not any(v.rule in BLOCKING for v in report.violations):
        scores = report.hand_scores
    return Hand(n, "tricks", report.taken, report=report, scores=scores, **base)


def dealer(options: TableOptions, hand: int) -> int:
    return hearts.dealer_for_hand(hand, options.players, options.first_dealer)


def game_state(
    options: TableOptions, rows: list[Event], names: list[str] | None = None
) -> HeartsGame:
    versions: dict[str, int] = {}
    for e in rows:
        if e.slot:
            versions[e.slot] = max(versions.get(e.slot, 0), e.slot_version or 0)
    by_hand: dict[int, list[Event]] = {}
    for e in effective(rows):
        if e.kind in KINDS and e.round:
            by_hand.setdefault(e.round, []).append(e)
    rules = options.rules
    totals: Scores = {seat: 0 for seat in range(rules.players)}
    hands: list[Hand] = []
    while True:
        hand = build_hand(options, len(hands) + 1, by_hand.get(len(hands) + 1, []), totals, names)
        hands.append(hand)
        if hand.scores is None:
            break
        totals = hearts.add_hand(totals, hand.scores, rules)
        if hearts.game_over(totals, rules):
            break
    return HeartsGame(options, hands, totals, versions)


def penalty_cards(options: TableOptions) -> list[Card]:
    """The cards a hand's entry accounts for: 13 hearts, the QS, the bonus card if on."""
    return scoring_cards(options.rules)


def _reason(game: HeartsGame) -> str:
    rules = game.options.rules
    if game.finished:
        return f"a total reached {rules.target}"
    if game.done and max(game.totals.values()) >= rules.target:
        return "tied for lowest: play another hand"
    return ""


def sheet(options: TableOptions, rows: list[Event]) -> Sheet:
    """The scoresheet from the engine's hand scores and totals (an exact-target reset means
    totals are not plain sums)."""
    game = game_state(options, rows)
    rules, n = options.rules, options.players
    scores = [h.scores for h in game.done if h.scores is not None]
    running = [tuple(t[s] for s in range(n)) for t in hearts.running_totals(scores, rules)]
    totals = running[-1] if running else tuple(0 for _ in range(n))
    return Sheet(
        players=n,
        rows=tuple(tuple(s[seat] for seat in range(n)) for s in scores),
        totals=totals,
        running=tuple(running),
        leaders=tuple(hearts.leaders(game.totals, rules)) if scores else (),
        finished=game.finished,
        winners=tuple(hearts.winners(game.totals, rules)) if game.finished else (),
        complete_rounds=len(scores),
        reason=_reason(game),
    )
