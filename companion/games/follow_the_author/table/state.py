"""Follow the Author at a table: what the events in force say about each round, folded one
event at a time (pure).

Event kinds and slots: ``events``. A hand entered by its plays is complete when a seat has
played its ten cards (eleven dealt, one given face down to the opponent's store); typed-in
points replace the plays of that hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import cast

from companion.cards.decktet import DecktetCard, parse_card
from companion.games import follow_the_author as fta
from companion.games.agreements import Agreement
from companion.games.follow_the_author.inplay import Kind
from companion.games.follow_the_author.rounds import TO_PLAY, Hand
from companion.games.follow_the_author.sealstate import Seal as Seal  # read from here too
from companion.games.follow_the_author.sealstate import fold_seal
from companion.games.follow_the_author.table.events import (
    HANDS,
    KINDS,
    aside_slot,
    hand_slot,
    open_slot,
    seal_slot,
    store_slot,
)
from companion.games.follow_the_author.table.options import TableOptions
from companion.games.protocol import Event

TYPED = cast(Kind, "typed")  # in-play points typed in as a number: no single kind


@dataclass(frozen=True)
class HandState:
    hand: Hand
    version: int = 0
    closed: tuple[fta.PlayedSequence, ...] = ()
    current: tuple[fta.Play, ...] = ()
    direct: tuple[int, int] | None = None
    first: int = 0  # whose typed points count first (the round's alpha dealer, RULES.md)

    @property
    def sequences(self) -> tuple[fta.PlayedSequence, ...]:
        return self.closed + ((fta.PlayedSequence(self.current),) if self.current else ())

    @property
    def plays(self) -> list[fta.Play]:
        return [p for s in self.sequences for p in s.plays]

    @property
    def counts(self) -> tuple[int, int]:
        plays = self.plays
        return (sum(p.seat == 0 for p in plays), sum(p.seat == 1 for p in plays))

    @property
    def first_out(self) -> int | None:
        counts = self.counts
        return next((s for s in (0, 1) if counts[s] >= TO_PLAY), None)

    @property
    def complete(self) -> bool:
        return self.direct is not None or self.first_out is not None

    @property
    def started(self) -> bool:
        return self.direct is not None or bool(self.plays)

    @property
    def events(self) -> list[fta.PointEvent]:
        if self.direct is not None:
            order = (self.first, 1 - self.first)
            return [fta.PointEvent(0, s, TYPED, self.direct[s]) for s in order if self.direct[s]]
        return fta.hand_events(self.sequences, self.first_out)

    @property
    def points(self) -> tuple[int, int]:
        totals = fta.points_by_seat(self.events)
        return (totals[0], totals[1])

    def cards(self) -> set[DecktetCard]:
        return {p.card for p in self.plays}

    @property
    def stored(self) -> tuple[fta.PlayedSequence, ...]:
        """The sequences known to be in a store: the ended ones, and the last one once a seat
        went out with it; none when the hand's points were typed in instead."""
        if self.direct is not None:
            return ()
        return self.sequences if self.first_out is not None else self.closed


@dataclass(frozen=True)
class RoundState:
    number: int
    alpha: HandState
    omega: HandState
    seals: tuple[Seal | None, Seal | None] = (None, None)
    seal_versions: tuple[int, int] = (0, 0)
    open_versions: tuple[int, int] = (0, 0)
    revealed: bool = False
    agreed: frozenset[int] = frozenset()  # seats that said the omega hand is over
    stores: tuple[tuple[DecktetCard, ...] | None, tuple[DecktetCard, ...] | None] = (None, None)
    store_versions: tuple[int, int] = (0, 0)
    aside: tuple[DecktetCard, ...] | None = None
    aside_version: int = 0
    names: tuple[str, str] = ("Seat 1", "Seat 2")
    # a store entered by the cards that count: its number of other cards (None: every card)
    others: tuple[int | None, int | None] = (None, None)

    def hand(self, name: str) -> HandState:
        return self.alpha if name == "alpha" else self.omega

    @property
    def sealed(self) -> bool:
        return all(s is not None for s in self.seals)

    @property
    def opened(self) -> bool:
        """The omega hand is over and both choices are known (opened, or older seals)."""
        return self.revealed and all(s is not None and s.opened for s in self.seals)

    @property
    def counted(self) -> bool:
        """Is a store in by the cards that count and a number (the deck is then not listed
        card by card: no list of the cards set aside is needed)."""
        return any(o is not None for o in self.others)

    @property
    def stores_in(self) -> bool:
        stores = all(s is not None for s in self.stores)
        return stores and (self.aside is not None or self.counted)

    def suits(self, seat: int) -> tuple[str, str | None] | None:
        """``seat``'s scoring suit and danger suit (the other seat's pick), once both choices
        are open; None before."""
        mine, theirs = self.seals[seat], self.seals[1 - seat]
        if not self.revealed or mine is None or theirs is None:
            return None
        if not (mine.opened and theirs.opened and mine.scoring and theirs.danger):
            return None
        return str(mine.scoring), fta.effective_danger(str(mine.scoring), str(theirs.danger))

    @cached_property
    def known(self) -> dict[DecktetCard, fta.Stored]:
        """The cards the recorded plays put into each store (``stores.stored_in_play``)."""
        return fta.stored_in_play({"alpha": self.alpha.stored, "omega": self.omega.stored})

    def known_in(self, seat: int) -> list[DecktetCard]:
        return [c for c, k in self.known.items() if k.seat == seat]

    @property
    def issues(self) -> list[fta.StoreIssue]:
        if not self.stores_in:
            return []
        found = fta.check_stores([s or () for s in self.stores], self.aside or ())
        return [i for i in found if not (self.counted and i.rule == "store-count")]

    @cached_property
    def score(self) -> fta.RoundScore | None:
        """The round-end points, once both hands are in, the choices revealed and the stores
        add up."""
        if not (self.opened and self.stores_in) or self.issues:
            return None
        if not (self.alpha.complete and self.omega.complete):
            return None
        a, b = (s for s in self.seals if s is not None and s.scoring and s.danger)
        return fta.score_round(
            [s or () for s in self.stores],
            [str(a.scoring), str(b.scoring)],
            [str(b.danger), str(a.danger)],  # each seat's danger suit is the other's pick
            names=self.names,
            others=(self.others[0] or 0, self.others[1] or 0),
        )

    @property
    def record(self) -> fta.RoundRecord:
        return fta.RoundRecord(tuple(self.alpha.events), tuple(self.omega.events), self.score)

    @property
    def points(self) -> tuple[int, int]:
        a, o = self.alpha.points, self.omega.points
        end = self.score.points if self.score is not None else (0, 0)
        return (a[0] + o[0] + end[0], a[1] + o[1] + end[1])

    @property
    def phase(self) -> str:
        if not self.alpha.complete:
            return "alpha"
        if not self.sealed:
            return "seal"
        if not self.omega.complete:
            return "omega"
        if self.score is None:
            return "stores"
        return "done"


def _cards(titles: Iterable[object] | None) -> tuple[DecktetCard, ...]:
    return tuple(parse_card(str(t)) for t in titles or ())


def _hand(number: int, hand: Hand, events: Sequence[Event], first: int = 0) -> HandState:
    closed: list[fta.PlayedSequence] = []
    current: list[fta.Play] = []
    direct: tuple[int, int] | None = None
    for e in events:
        p = e.payload
        if e.kind == "fta-points":
            direct = (int(p["points"][0]), int(p["points"][1]))
        elif p.get("end"):
            if current:
                closed.append(fta.PlayedSequence(tuple(current), current[-1].card.is_ace))
            current = []
        else:
            current.append(fta.Play(int(p["seat"]), parse_card(str(p["card"]))))
    return HandState(hand, 0, tuple(closed), tuple(current), direct, first)


def round_state(number: int, rows: Sequence[Event], first: int = 0) -> RoundState:
    """Round ``number`` (from 1) from the effective events of that round, in order.
    ``first``: the round's alpha dealer, whose typed in-play points count first. Versions
    are the shell's (``with_versions``); names are added for display (``named``)."""
    mine = [e for e in rows if e.round == number and e.kind in KINDS]
    played = [e for e in mine if e.kind in ("fta-points", "fta-play")]
    hands = {
        h: _hand(number, h, [e for e in played if e.payload.get("hand") == h], first) for h in HANDS
    }
    seals: list[Seal | None] = [None, None]
    stores: list[tuple[DecktetCard, ...] | None] = [None, None]
    others: list[int | None] = [None, None]
    aside: tuple[DecktetCard, ...] | None = None
    for e in mine:
        p = e.payload
        if e.kind in ("fta-seal", "fta-commit", "fta-open"):
            seat = int(p["seat"])
            seals[seat] = fold_seal(e, seals[seat])
        elif e.kind == "fta-store":
            stores[int(p["seat"])] = _cards(p["cards"])
            others[int(p["seat"])] = None if p.get("others") is None else int(p["others"])
        elif e.kind == "fta-aside":
            aside = _cards(p["cards"])
    return RoundState(
        number=number,
        alpha=hands["alpha"],
        omega=hands["omega"],
        seals=(seals[0], seals[1]),
        revealed=any(e.kind == "fta-reveal" for e in mine),
        agreed=_agreed(mine),
        stores=(stores[0], stores[1]),
        aside=aside,
        others=(others[0], others[1]),
    )


def _agreed(events: Sequence[Event]) -> frozenset[int]:
    """Seats whose word that the omega hand is over is in: a request for the reveal, or the
    omega hand's points typed from that seat's own phone (while not undone)."""
    seats = {int(e.payload["seat"]) for e in events if e.kind == "fta-ready"}
    seats |= {
        e.actor_seat
        for e in events
        if e.kind == "fta-points" and e.payload.get("hand") == "omega" and e.actor_seat in (0, 1)
    }
    return frozenset(s for s in seats if s is not None)


def with_versions(r: RoundState, versions: Mapping[str, int]) -> RoundState:
    """``r`` with the versions of its slots as the shell has them (undo moves a slot on)."""
    n = r.number
    return replace(
        r,
        alpha=replace(r.alpha, version=versions.get(hand_slot(n, "alpha"), 0)),
        omega=replace(r.omega, version=versions.get(hand_slot(n, "omega"), 0)),
        seal_versions=(versions.get(seal_slot(n, 0), 0), versions.get(seal_slot(n, 1), 0)),
        open_versions=(versions.get(open_slot(n, 0), 0), versions.get(open_slot(n, 1), 0)),
        store_versions=(versions.get(store_slot(n, 0), 0), versions.get(store_slot(n, 1), 0)),
        aside_version=versions.get(aside_slot(n), 0),
    )


def named(r: RoundState, names: Sequence[str]) -> RoundState:
    """``r`` with the players' names, for the round-end lines."""
    return replace(r, names=(names[0], names[1]))


@dataclass(frozen=True)
class State:
    """The game at a table: each round's events in force and its state, rebuilt only for the
    round an event belongs to (a request costs the same at round 40 as at round 1)."""

    options: TableOptions
    events: Mapping[int, tuple[Event, ...]]
    built: Mapping[int, RoundState]
    names: tuple[str, str] = ("Seat 1", "Seat 2")  # from the table's own events, for refusals
    agreements: int = 0  # the table's questions so far (``companion.games.agreements``)
    agreement: Agreement | None = None  # the one waiting: a choice stated without its code

    def round(self, number: int) -> RoundState:
        found = self.built.get(number)
        if found is None:
            return round_state(number, (), fta.alpha_dealer(number - 1, self.options.game))
        return found

    @cached_property
    def game(self) -> GameState:
        last = max(self.built, default=0)
        rounds: list[RoundState] = []
        for number in range(1, last + 2):
            rounds.append(self.round(number))
            if rounds[-1].score is None:
                break
        standing = fta.standing([r.record for r in rounds], self.options.game)
        return GameState(self.options.game, tuple(rounds), standing)


def initial(options: TableOptions) -> State:
    return State(options, {}, {})


def fold(state: State, event: Event) -> State:
    """``state`` with one more event in force."""
    number = event.round
    if event.kind in ("new-table", "join"):
        return replace(state, names=_names(state.names, event))
    if event.kind not in KINDS or not number:
        return state
    events = (*state.events.get(number, ()), event)
    first = fta.alpha_dealer(number - 1, state.options.game)
    built = {**state.built, number: round_state(number, events, first)}
    return replace(state, events={**state.events, number: events}, built=built)


def _names(names: tuple[str, str], event: Event) -> tuple[str, str]:
    found = list(names)
    p = event.payload
    given = p.get("names") if event.kind == "new-table" else {p.get("seat"): p.get("name")}
    pairs = enumerate(given) if isinstance(given, list) else dict(given or {}).items()
    for seat, name in pairs:
        if seat in (0, 1) and isinstance(name, str) and name.strip():
            found[seat] = name.strip()
    return (found[0], found[1])


@dataclass(frozen=True)
class GameState:
    """Every round so far (the last one may be in progress) and the engine's standing."""

    options: fta.Options
    rounds: tuple[RoundState, ...]
    standing: fta.Standing

    @property
    def scored(self) -> int:
        count = 0
        for r in self.rounds:
            if r.score is None:
                break
            count += 1
        return count

    @property
    def current(self) -> RoundState:
        """The round being played: the first one not yet scored."""
        return self.rounds[self.scored] if self.scored < len(self.rounds) else self.rounds[-1]


def game_state(options: TableOptions, rows: Sequence[Event]) -> GameState:
    """The game from a list of events already in force (undo taken out)."""
    state = initial(options)
    for event in rows:
        state = fold(state, event)
    return state.game
