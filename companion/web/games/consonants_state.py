"""A Consonants game as the table entered it, derived from the stored events every time.

Event kinds, each in a versioned slot so two phones never silently overwrite each other:
``cons-taken`` (slot ``c3s1``: the cards seat 1 took in hand 3, kitty included),
``cons-trick`` (``c3t0``: one trick as played, with declarations), ``cons-words`` (``c3w1``:
the words seat 1 lays), ``cons-fly`` (``c3fly``: the Flying by Night choice),
``cons-close`` (``c3end``: words are done, the hand is scored) and ``cons-challenge``
(``c3ch<n>``: a judge's verdict on a word, appended by the judge's consequence).

The newest event of a slot counts (an undo falls back to the one before). A hand's taken
cards come from its tricks when any were entered, else from the players' own entries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from companion.cards.alpha import CONSONANTS, AlphaCard, Deck, PlayedAlpha
from companion.games import consonants as engine
from companion.games.consonants import ConsonantsOptions, HandReport, ScoreReport
from companion.games.protocol import Event
from companion.games.scoresheet import Sheet
from companion.tables.store import effective
from companion.web.games.consonants_options import TableOptions, deck_for, rules_for

KINDS = frozenset(
    {"cons-taken", "cons-trick", "cons-words", "cons-fly", "cons-close", "cons-challenge"}
)
UNDOABLE = KINDS - {"cons-challenge"}
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
    verdicts: list[Verdict] = field(default_factory=list)
    fly: str | None = None
    report: ScoreReport | None = None
    missing: list[AlphaCard] = field(default_factory=list)
    closed: bool = False

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
    def blocking(self) -> list:
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


@dataclass(frozen=True)
class ConsonantsGame:
    options: TableOptions
    rules: ConsonantsOptions
    hands: list[Hand]
    totals: Scores
    versions: dict[str, int]

    @property
    def done(self) -> list[Hand]:
        return [h for h in self.hands if h.closed]

    @property
    def finished(self) -> bool:
        return bool(self.done) and engine.game_over(self.totals, self.rules)

    @property
    def current(self) -> Hand:
        return self.hands[-1]

    @property
    def deck(self) -> Deck:
        return self.rules.deck

    def version(self, slot: str) -> int:
        return self.versions.get(slot, 0)


def cards(texts: Sequence[str]) -> list[AlphaCard]:
    return [AlphaCard.parse(t) for t in texts]


def played(texts: Sequence[str]) -> list[PlayedAlpha]:
    return [PlayedAlpha.parse(t) for t in texts]


def _latest(events: list[Event]) -> dict[str, Event]:
    return {e.slot: e for e in events if e.slot}


def _tricks(latest: dict[str, Event], n: int) -> list[tuple[int, list[PlayedAlpha]]]:
    tricks: list[tuple[int, list[PlayedAlpha]]] = []
    while (e := latest.get(f"c{n}t{len(tricks)}")) is not None:
        tricks.append((int(e.payload["leader"]), played(e.payload["cards"])))
    return tricks


def _verdicts(events: list[Event]) -> list[Verdict]:
    return [
        Verdict(int(p["n"]), int(p["seat"]), str(p["word"]), int(p["challenger"]), bool(p["valid"]))
        for e in events
        if e.kind == "cons-challenge" and (p := e.payload)
    ]


def missing_consonants(rules: ConsonantsOptions, taken: dict[int, list[AlphaCard]]) -> list:
    """Consonant cards of the deck nobody has entered."""
    listed = Counter(c for got in taken.values() for c in got)
    wanted = Counter({c: k for c, k in rules.deck.copies.items() if c.letters in CONSONANTS})
    return sorted((wanted - listed).elements())


def build_hand(
    options: TableOptions, rules: ConsonantsOptions, n: int, events: list[Event], names: list
) -> Hand:
    latest = _latest(events)
    players = rules.players
    tricks = _tricks(latest, n)
    fly_event = latest.get(f"c{n}fly")
    fly = str(fly_event.payload.get("choice")) if fly_event else None
    words = {s: list(e.payload.get("words", [])) for s in range(players)
             if (e := latest.get(f"c{n}w{s}")) is not None}  # fmt: skip
    verdicts = _verdicts(events)
    trick_report = None
    entered: frozenset[int] = frozenset()
    if tricks:
        source = "tricks"
        dealt = engine.dealer_for_hand(n, players, options.first_dealer)
        trick_report = engine.check_hand(rules, tricks, None, fly, dealt, names)
        taken = trick_report.taken_cards()
        missing: list[AlphaCard] = []
    else:
        seats = {s: e for s in range(players) if (e := latest.get(f"c{n}s{s}")) is not None}
        entered = frozenset(seats)
        taken = {s: cards(seats[s].payload.get("cards", [])) if s in seats else []
                 for s in range(players)}  # fmt: skip
        source = "cards" if seats else ""
        missing = missing_consonants(rules, taken) if len(seats) == players else []
    challenges = [engine.Challenge(x.seat, x.word, x.challenger) for x in verdicts]
    judged = {x.word: x.valid for x in verdicts}
    report = engine.score_taken(
        rules, taken, words, challenges, lambda w: judged.get(w, True), fly, names
    )
    hand = Hand(n, source, taken, entered, tricks, trick_report, words, verdicts, fly, report,
                missing)  # fmt: skip
    closed = latest.get(f"c{n}end") is not None and hand.scores is not None
    return replace(hand, closed=closed)


def game_state(
    options: TableOptions, rows: list[Event], names: list[str] | None = None
) -> ConsonantsGame:
    versions: dict[str, int] = {}
    for e in rows:
        if e.slot:
            versions[e.slot] = max(versions.get(e.slot, 0), e.slot_version or 0)
    rules = rules_for(options, deck_for(options, rows))
    by_hand: dict[int, list[Event]] = {}
    for e in effective(rows):
        if e.kind in KINDS and e.round:
            by_hand.setdefault(e.round, []).append(e)
    totals: Scores = {seat: 0 for seat in range(rules.players)}
    hands: list[Hand] = []
    while True:
        n = len(hands) + 1
        hand = build_hand(options, rules, n, by_hand.get(n, []), names or [])
        hands.append(hand)
        if not hand.closed or hand.scores is None:
            break
        totals = {s: totals[s] + hand.scores.get(s, 0) for s in totals}
        if engine.game_over(totals, rules):
            break
    return ConsonantsGame(options, rules, hands, totals, versions)


def sheet(options: TableOptions, rows: list[Event]) -> Sheet:
    """The scoresheet from each closed hand's scores; lowest wins at the target."""
    game = game_state(options, rows)
    n = options.players
    scores = [h.scores for h in game.done if h.scores is not None]
    running = [tuple(t[s] for s in range(n)) for t in engine.running_totals(scores, n)]
    totals = running[-1] if running else tuple(0 for _ in range(n))
    low = tuple(engine.winners(game.totals)) if scores else ()
    reason = f"a total reached {game.rules.target}" if game.finished else ""
    return Sheet(
        players=n,
        rows=tuple(tuple(s.get(seat, 0) for seat in range(n)) for s in scores),
        totals=totals,
        running=tuple(running),
        leaders=low,
        finished=game.finished,
        winners=low if game.finished else (),
        complete_rounds=len(scores),
        reason=reason,
    )
