"""What Follow the Author's panels show, worked out once per request from the folded state
(``companion.games.follow_the_author.tablestate``) of the table view's snapshot."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from companion.cards.decktet import DECK, SUITS, DecktetCard
from companion.games import follow_the_author as fta
from companion.games.follow_the_author import tableplay
from companion.games.follow_the_author.events import HANDS, ready_slot, seal_text
from companion.games.follow_the_author.rounds import LEFT_AFTER_DEAL, other
from companion.games.follow_the_author.tableoptions import TableOptions
from companion.games.follow_the_author.tablestate import (
    TYPED,
    GameState,
    HandState,
    RoundState,
    Seal,
    State,
    named,
    with_versions,
)
from companion.web.tableview import TableView

ICONS = {"Moons": "🌙", "Suns": "☀️", "Waves": "🌊", "Leaves": "🍃", "Wyrms": "🐉", "Knots": "🪢"}
TYPE_NAMES = {"P": "personality", "L": "place", "E": "event"}


def icons(card: DecktetCard) -> str:
    return "".join(ICONS[s] for s in card.suits)


def types(card: DecktetCard) -> str:
    return ", ".join(TYPE_NAMES[t] for t in card.types)


def point_label(event: fta.PointEvent) -> str:
    if event.kind == "same-rank":
        cards = "card" if event.points == 1 else f"{event.points} cards"
        return f"same rank as the previous {cards}: +{event.points}"
    if event.kind == "run":
        return f"run of {event.points}: +{event.points}"
    if event.kind == "finish-first":
        return "first out: +1"
    if event.kind == TYPED:
        return f"in-play points typed in: +{event.points}"
    return f"+{event.points}"


def groups() -> list[tuple[str, list[DecktetCard]]]:
    """Every card once, under its first suit (the Excuse on its own), Aces first."""
    out = []
    for suit in SUITS:
        cards = [c for c in DECK if c.suits and c.suits[0] == suit]
        out.append((suit, sorted(cards, key=lambda c: (c.rank or 0, c.title))))
    out.append(("No suit", [c for c in DECK if c.is_excuse]))
    return out


@dataclass
class FtaView:
    v: TableView

    @property
    def options(self) -> TableOptions:
        opts: TableOptions = self.v.options
        return opts

    @cached_property
    def state(self) -> GameState:
        folded: State = self.v.state
        return folded.game

    def _shown(self, r: RoundState) -> RoundState:
        return with_versions(named(r, self.v.names), self.v.snapshot.versions)

    @cached_property
    def round(self) -> RoundState:
        return self._shown(self.state.current)

    def round_number(self, number: int) -> RoundState | None:
        found = next((x for x in self.state.rounds if x.number == number), None)
        return None if found is None else self._shown(found)

    @property
    def index(self) -> int:
        return self.round.number - 1

    @cached_property
    def last_scored(self) -> RoundState | None:
        done = [r for r in self.state.rounds if r.score is not None]
        return self._shown(done[-1]) if done else None

    @property
    def my_seat(self) -> int | None:
        seat = self.v.my_seat
        return seat.position if seat is not None else None

    def name(self, seat: int) -> str:
        return self.v.names[seat]

    def other(self, seat: int) -> int:
        return other(seat)

    def dealer(self, hand: str) -> int:
        return fta.dealer(self.index, "alpha" if hand == "alpha" else "omega", self.options.game)

    def leader(self, hand: str) -> int:
        return other(self.dealer(hand))

    def descending(self, hand: str) -> bool:
        return fta.descending("alpha" if hand == "alpha" else "omega", self.options.game)

    def left_over(self, hand: str) -> int:
        return LEFT_AFTER_DEAL["alpha" if hand == "alpha" else "omega"]

    @property
    def hands(self) -> tuple[str, ...]:
        return HANDS

    # sealed choices

    def may_seal(self, seat: int) -> bool:
        """Only the seat's own phone seals (the host, for a seat no phone sits in)."""
        if not self.v.is_current or self.v.sheet.finished:
            return False
        if self.my_seat is not None:
            return self.my_seat == seat
        return self.v.is_host and self.v.seats[seat].phone is None

    def speaks_for(self) -> list[int]:
        """The seats whose word this phone gives (that the omega hand is over): the seats it
        seals for."""
        return [s for s in (0, 1) if self.may_seal(s)]

    def shows_choice(self, seat: int) -> bool:
        """A sealed choice is shown after the reveal, and before it only to its own seat."""
        return self.round.revealed or self.my_seat == seat

    def seal(self, seat: int) -> Seal | None:
        return self.round.seals[seat]

    def checks_out(self, seal: Seal) -> bool:
        choice = seal_text(seal.scoring, seal.danger)
        return fta.verify_seal(choice, seal.nonce, seal.fingerprint, seal.label)

    @property
    def suits(self) -> tuple[str, ...]:
        return SUITS

    @property
    def icons(self) -> dict[str, str]:
        return ICONS

    # plays

    def hand_state(self, hand: str) -> HandState:
        return self.round.hand(hand)

    def next_seat(self, hand: str) -> int:
        return tableplay.next_seat(self.round, hand, self.options)

    def picker(
        self, hand: str, seat: int | None = None
    ) -> tuple[list[DecktetCard], list[DecktetCard]]:
        """The cards ``seat`` (by default the next player) may play next (``tableplay``)."""
        who = self.next_seat(hand) if seat is None else seat
        return tableplay.picker(self.round, hand, who, self.options)

    def violations(self, hand: str, r: RoundState | None = None) -> list[tuple[str, str]]:
        """The engine's check of the hand's sequences, as (rule, words) for each rule broken."""
        h = (r or self.round).hand(hand)
        found = fta.check_hand(h.sequences, descending=self.descending(hand))
        return [(x.rule, f"Play {x.play + 1}, {self.name(x.seat)}: {x.message}") for x in found]

    def point_lines(self, hand: str) -> list[str]:
        h = self.hand_state(hand)
        plays = h.plays
        lines = []
        for e in h.events:
            card = f" ({plays[e.play].card})" if e.kind != TYPED and e.play < len(plays) else ""
            lines.append(f"{self.name(e.seat)}: {point_label(e)}{card}")
        return lines

    # stores

    @property
    def groups(self) -> list[tuple[str, list[DecktetCard]]]:
        return groups()

    def icons_of(self, card: DecktetCard) -> str:
        return icons(card)

    def types_of(self, card: DecktetCard) -> str:
        return types(card)

    def store_seats(self) -> list[int]:
        return [s for s in (0, 1) if self.v.may_change(s)]

    def neither(self) -> list[DecktetCard]:
        """Cards in no store and not set aside (once all three lists are in)."""
        r = self.round
        listed = {c for s in r.stores for c in (s or ())} | set(r.aside or ())
        return [c for c in DECK if c not in listed]

    def ready_version(self, seat: int) -> int:
        return self.v.snapshot.version(ready_slot(self.round.number, seat))

    def now_words(self, current: Any) -> str:
        """A stale target's value now, in words, shown beside the phone's own input."""
        if not isinstance(current, dict):
            return ""
        if current.get("typed") is not None:
            a, b = current["typed"]
            return f"Now: in-play points typed in, {self.name(0)} {a}, {self.name(1)} {b}."
        if "sequences" in current:
            played = sum(len(s) for s in current["sequences"])
            return f"Now: {played} cards played in this hand."
        if "sealed" in current:
            return "Now: sealed." if current["sealed"] else "Now: not sealed yet."
        if "said" in current:
            return "Now: said so already." if current["said"] else "Now: not said yet."
        cards = current.get("cards")
        return "Now: nothing entered yet." if cards is None else f"Now: {len(cards)} cards entered."

    def key(self) -> str:
        """Changes whenever this phone's panels would look different."""
        r = self.round
        mine = self.store_seats()
        parts = [
            r.number,
            r.phase,
            r.alpha.version,
            r.omega.version,
            r.seal_versions,
            r.revealed,
            sorted(r.agreed),
            [r.store_versions[s] for s in mine],
            r.aside_version,
            r.stores_in,
            r.score is None,
            self.v.sheet.finished,
            self.my_seat,
        ]
        return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def fta_view(v: TableView) -> FtaView:
    """One ``FtaView`` per table view (templates call ``fta(v)``)."""
    cached = v.__dict__.get("_fta")
    if cached is None:
        cached = v.__dict__["_fta"] = FtaView(v)
    return cached  # type: ignore[no-any-return]
