"""What Follow the Author's panels show one phone, worked out from plain values (pure): the
folded state, the slots' versions, the seats' names, who is looking (``Actor``) and whether
this is the table's current game.

A sealed choice is shown once opened (``shows_choice``); before that only the phone holding
its key can show it (tap to peek, from that phone's own storage: ``holds_key``). Only a seat's
own phone seals and says the omega hand is over (the host, for a seat no phone sits in).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from companion.cards.decktet import DECK, SUITS, DecktetCard
from companion.games import follow_the_author as fta
from companion.games.follow_the_author.rounds import LEFT_AFTER_DEAL, other
from companion.games.follow_the_author.table import play, words
from companion.games.follow_the_author.table.events import HANDS, ready_slot, seal_text
from companion.games.follow_the_author.table.options import TableOptions
from companion.games.follow_the_author.table.play import as_hand
from companion.games.follow_the_author.table.seal import STORES, may_open, may_speak_for
from companion.games.follow_the_author.table.state import (
    GameState,
    HandState,
    RoundState,
    Seal,
    State,
    named,
    with_versions,
)
from companion.games.follow_the_author.table.view import store_size
from companion.games.protocol import Actor, may

SEATS = (0, 1)


def checks_out(seal: Seal) -> bool:
    """Whether an open seal matches its choice and secret (a commitment is checked before its
    opening is stored; one taken on the player's word is unproven)."""
    if seal.kind == "commit":
        return seal.opened and seal.proven
    choice = seal_text(str(seal.scoring), str(seal.danger))
    return fta.verify_seal(choice, seal.nonce, seal.fingerprint, seal.label)


@dataclass(frozen=True)
class Panels:
    state: State
    versions: Mapping[str, int]
    names: tuple[str, ...]
    actor: Actor
    current: bool = True  # the table's current game (an old game is read only)

    hands = HANDS
    suits = SUITS
    tap_order = words.tap_order()

    @property
    def options(self) -> TableOptions:
        return self.state.options

    @property
    def game(self) -> GameState:
        return self.state.game

    @property
    def finished(self) -> bool:
        return self.game.standing.over

    @property
    def my_seat(self) -> int | None:
        return self.actor.seat

    def name(self, seat: int) -> str:
        return self.names[seat]

    def other(self, seat: int) -> int:
        return other(seat)

    # rounds

    def _shown(self, r: RoundState) -> RoundState:
        return with_versions(named(r, self.names), self.versions)

    @cached_property
    def round(self) -> RoundState:
        return self._shown(self.game.current)

    def round_number(self, number: int) -> RoundState | None:
        found = next((x for x in self.game.rounds if x.number == number), None)
        return None if found is None else self._shown(found)

    @cached_property
    def last_scored(self) -> RoundState | None:
        done = [r for r in self.game.rounds if r.score is not None]
        return self._shown(done[-1]) if done else None

    def dealer(self, hand: str) -> int:
        return fta.dealer(self.round.number - 1, as_hand(hand), self.options.game)

    def leader(self, hand: str) -> int:
        return other(self.dealer(hand))

    def descending(self, hand: str) -> bool:
        return play.descending(hand, self.options)

    def left_over(self, hand: str) -> int:
        return LEFT_AFTER_DEAL[as_hand(hand)]

    # sealed choices

    def may_seal(self, seat: int) -> bool:
        """Only the seat's own phone seals (the host, for a seat no phone sits in)."""
        if not self.current or self.finished:
            return False
        return may_speak_for(self.actor, seat)

    def may_reseal(self, seat: int) -> bool:
        """A seat seals, or replaces its seal, only while the other seat has not sealed: once
        both have, both choices are final (face-down slips)."""
        r = self.round
        return r.seals[seat] is None or r.seals[other(seat)] is None

    def may_open(self, seat: int) -> bool:
        """This phone may open ``seat``'s choice with its recovery code (``seal``)."""
        return self.current and may_open(self.actor, seat, with_code=True)

    def may_state(self, seat: int) -> bool:
        """This phone may state ``seat``'s choice without the code (the other seat agrees)."""
        return self.current and may_open(self.actor, seat, with_code=False)

    def forget(self) -> list[str]:
        """The commitments of the rounds already scored: a phone that still keeps their
        choice and code drops them (a borrowed phone keeps no one's secret)."""
        return [
            s.fingerprint
            for r in self.game.rounds
            if r.score is not None
            for s in r.seals
            if s is not None and s.kind == "commit"
        ]

    def speaks_for(self) -> list[int]:
        """The seats whose word this phone gives (that the omega hand is over): the seats it
        seals for."""
        return [s for s in SEATS if self.may_seal(s)]

    def shows_choice(self, seat: int) -> bool:
        """An older seal's choice is shown after the reveal, and before it only to its own
        seat; a commitment's choice is known here only once opened."""
        found = self.seal(seat)
        if found is not None and found.kind == "commit":
            return self.round.revealed and found.opened
        return self.round.revealed or self.my_seat == seat

    def holds_key(self, seat: int) -> bool:
        """Whether this phone may hold the key to ``seat``'s seal (its own seat, or the host's
        for a seat with no phone): it shows the tap-to-peek button; the key itself is only in
        that phone's storage."""
        found = self.seal(seat)
        return found is not None and found.kind == "commit" and self.may_seal(seat)

    def open_version(self, seat: int) -> int:
        return self.round.open_versions[seat]

    def seal(self, seat: int) -> Seal | None:
        return self.round.seals[seat]

    def checks_out(self, seal: Seal) -> bool:
        return checks_out(seal)

    def ready_version(self, seat: int) -> int:
        return self.versions.get(ready_slot(self.round.number, seat), 0)

    # plays

    def hand_state(self, hand: str) -> HandState:
        return self.round.hand(hand)

    def next_seat(self, hand: str) -> int:
        return play.next_seat(self.round, hand, self.options)

    def picker(
        self, hand: str, seat: int | None = None
    ) -> tuple[list[DecktetCard], list[DecktetCard]]:
        """The cards ``seat`` (by default the next player) may play next (``play``)."""
        who = self.next_seat(hand) if seat is None else seat
        return play.picker(self.round, hand, who, self.options)

    def violations(self, hand: str, r: RoundState | None = None) -> list[tuple[str, str]]:
        h = (r or self.round).hand(hand)
        return words.violations(h, self.descending(hand), self.names)

    def point_lines(self, hand: str) -> list[str]:
        return words.point_lines(self.hand_state(hand), self.names)

    # stores

    def suit_names(self, card: DecktetCard) -> str:
        return words.suit_names(card)

    def types_of(self, card: DecktetCard) -> str:
        return words.types(card)

    def played_into(self, seat: int) -> list[DecktetCard]:
        """The cards the recorded plays put into ``seat``'s store (tapped already)."""
        return self.round.known_in(seat)

    def suits_of(self, card: DecktetCard) -> str:
        return words.suits_of(card)

    def rest(self, seat: int | None) -> list[DecktetCard] | None:
        """What is left for ``seat``'s store (``None``: for the cards set aside) once the other
        two lists are in: the rest of the deck, saved with one tap. ``None`` while this list is
        entered already or one of the other two is still waiting."""
        r = self.round
        if seat is None:
            mine, others = r.aside, [r.stores[0], r.stores[1]]
        else:
            mine, others = r.stores[seat], [r.stores[1 - seat], r.aside]
        if mine is not None or any(o is None for o in others) or r.counted:
            return None  # a counted store lists only its cards that count
        taken = {c for o in others for c in o or ()}
        return [c for c in self.tap_order if c not in taken]

    def counting(self, seat: int) -> list[DecktetCard] | None:
        """The cards that count for ``seat``'s open suits (its scoring or danger suit, not both,
        and the Excuse), in tap order; None while its suits are not both open."""
        suits = self.round.suits(seat)
        if suits is None:
            return None
        return [c for c in self.tap_order if fta.counts_for(c, *suits)]

    def not_counting(self, seat: int) -> set[str]:
        """Titles of the cards that count for neither of ``seat``'s open suits."""
        keep = {c.title for c in self.counting(seat) or ()}
        return {c.title for c in DECK if c.title not in keep}

    def others_room(self, seat: int) -> int:
        """How many cards of neither suit ``seat``'s store can hold: those not in the other
        store or set aside."""
        r, suits = self.round, self.round.suits(seat)
        if suits is None:
            return 0
        scoring, danger = suits
        taken = {c for s in (r.stores[1 - seat], r.aside) for c in s or ()}
        hits = [scoring] if danger is None else [scoring, danger]
        neither = [c for c in DECK if not c.is_excuse and not any(map(c.has_suit, hits))]
        return len([c for c in neither if c not in taken])

    def store_size(self, seat: int) -> str:
        """``seat``'s store as entered, in words."""
        r = self.round
        return store_size(len(r.stores[seat] or ()), r.others[seat])

    def suit_words(self, seat: int) -> str:
        """``scoring Wyrms, danger Knots`` (or ``no danger suit``)."""
        suits = self.round.suits(seat)
        if suits is None:
            return ""
        scoring, danger = suits
        return f"scoring {scoring}, " + (f"danger {danger}" if danger else "no danger suit")

    def played_titles(self) -> set[str]:
        """Every card the recorded plays put into a store."""
        return {c.title for c in self.round.known}

    def summary(self, r: RoundState) -> list[words.CategoryWords]:
        """The round-end categories of ``r`` with the cards that counted, in words."""
        return words.category_words(r.score, self.names) if r.score else []

    def in_play(self, r: RoundState) -> list[str]:
        return words.in_play_words(r, self.names)

    def store_seats(self) -> list[int]:
        """The stores this phone enters: its own seat's, every seat's for the host."""
        if not self.current:
            return []
        return [s for s in SEATS if may(self.actor, STORES, s)]

    def stores_waiting(self) -> list[int]:
        """The stores this phone enters that are not in yet."""
        return [s for s in self.store_seats() if self.round.stores[s] is None]

    def neither(self) -> list[DecktetCard]:
        """Cards in no store and not set aside (once all three lists are in)."""
        r = self.round
        listed = {c for s in r.stores for c in (s or ())} | set(r.aside or ())
        return [c for c in DECK if c not in listed]

    def now_words(self, current: object) -> str:
        return words.now_words(current, self.names)

    def key(self) -> str:
        """Changes whenever this phone's panels would look different."""
        r = self.round
        parts = [
            r.number,
            r.phase,
            r.alpha.version,
            r.omega.version,
            r.seal_versions,
            r.revealed,
            r.open_versions,
            sorted(r.agreed),
            list(r.store_versions),  # the other store too: it is shown
            r.aside_version,
            r.stores_in,
            r.score is None,
            self.finished,
            self.my_seat,
            self.state.agreements,
            self.state.agreement,
        ]
        return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]
