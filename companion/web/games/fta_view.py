"""What Follow the Author's panels show, worked out once per request from the table view."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property

from companion.cards.decktet import ACES, DECK, SUITS, DecktetCard, alphabetical
from companion.games import follow_the_author as fta
from companion.games.follow_the_author.rounds import LEFT_AFTER_DEAL, TO_PLAY, other
from companion.web.games.fta_events import HANDS, seal_text
from companion.web.games.fta_options import TableOptions
from companion.web.games.fta_state import (
    TYPED,
    GameState,
    HandState,
    RoundState,
    Seal,
    game_state,
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
        names = (self.v.names[0], self.v.names[1])
        return game_state(self.options.game, self.v.rows, names)

    @property
    def round(self) -> RoundState:
        return self.state.current

    @property
    def index(self) -> int:
        return self.round.number - 1

    @property
    def last_scored(self) -> RoundState | None:
        done = [r for r in self.state.rounds if r.score is not None]
        return done[-1] if done else None

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
        h = self.hand_state(hand)
        if h.current:
            return other(h.current[-1].seat)
        if h.closed:
            return h.closed[-1].plays[-1].seat
        return self.leader(hand)

    def unavailable(self, hand: str) -> set[DecktetCard]:
        gone = self.round.alpha.cards()
        return gone | self.round.omega.cards() if hand == "omega" else gone

    def holding(self, hand: str, seat: int) -> int:
        """How many cards ``seat`` still holds in ``hand`` (ten to play, less those played)."""
        return TO_PLAY - self.hand_state(hand).counts[seat]

    def picker(
        self, hand: str, seat: int | None = None
    ) -> tuple[list[DecktetCard], list[DecktetCard]]:
        """The cards ``seat`` (by default the next player) may play next: titled cards in
        playing order, then Aces. An Ace may lead only if the player may hold nothing else."""
        h = self.hand_state(hand)
        sequence = [p.card for p in h.current]
        who = self.next_seat(hand) if seat is None else seat
        legal = fta.legal_next(
            sequence,
            descending=self.descending(hand),
            unavailable=self.unavailable(hand),
            holding=self.holding(hand, who),
        )
        titled = alphabetical(c for c in legal if not c.is_ace)
        if self.descending(hand):
            titled.reverse()
        return titled, [c for c in ACES if c in legal]

    def ace_lead_refusal(self, hand: str, seat: int, card: DecktetCard) -> str:
        held = self.holding(hand, seat)
        aces = sum(1 for c in ACES if c not in self.unavailable(hand))
        return (
            f"{card} may not lead: an Ace is led only when nothing else is left in hand, and "
            f"{self.name(seat)} still holds {held} cards with only {aces} Aces unplayed."
        )

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
