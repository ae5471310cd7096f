"""What a phone's Hearts entry box shows, from the folded state (``companion.games.hearts``
``table_state``) read once per request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import session

from companion.cards.standard import Card
from companion.games import hearts
from companion.games.hearts import table as hearts_table
from companion.games.hearts import table_state as state
from companion.web.games.hearts_words import PassLine, face, lead_line, named, pass_line
from companion.web.tableview import TableView

WAYS = {"mine": "My cards", "all": "Score for all", "tricks": "Trick by trick"}


def way_key(v: TableView) -> str:
    return f"hearts-way:{v.table.token}"


@dataclass
class HeartsView:
    v: TableView

    @property
    def game(self) -> state.State:
        return self.v.state  # type: ignore[no-any-return]

    def version(self, slot: str) -> int:
        return self.v.snapshot.version(slot)

    def named(self, text: str) -> str:
        """A message with the players' names for ``Seat 2``."""
        return named(text, self.v.names)

    def hand_for(self, number: Any) -> state.Hand:
        """Hand ``number`` (a form's own hand), else the hand open now."""
        found = self.game.hand(int(number)) if str(number).isdigit() else None
        return found or self.hand

    @property
    def options(self) -> state.TableOptions:
        return self.v.options  # type: ignore[no-any-return]

    @property
    def hand(self) -> state.Hand:
        return self.game.current

    @property
    def seat(self) -> int | None:
        return self.v.my_seat.position if self.v.my_seat is not None else None

    @property
    def way(self) -> str:
        """How this phone enters the current hand (tricks once a trick is in)."""
        if self.hand.tricks:
            return "tricks"
        chosen = session.get(way_key(self.v))
        if chosen in WAYS and (chosen != "mine" or self.seat is not None):
            return str(chosen)
        if self.options.entry == "tricks":
            return "tricks"
        return "mine" if self.seat is not None else "all"

    def ways(self) -> dict[str, str]:
        return {k: w for k, w in WAYS.items() if k != "mine" or self.seat is not None}

    def dealer(self, hand: int) -> int:
        return state.dealer(self.options, hand)

    def pass_line(self, hand: int) -> PassLine:
        return pass_line(self.options, hand, self.seat, self.v.names)

    def lead_line(self, hand: int) -> str:
        return lead_line(self.options, self.dealer(hand), self.v.names)

    @property
    def cards_per_seat(self) -> int:
        return hearts.cards_per_seat(self.options.rules)

    @property
    def removed(self) -> list[str]:
        return [str(c) for c in hearts.removed_cards(self.options.rules)]

    @property
    def kitty(self) -> int:
        return hearts.kitty_size(self.options.rules)

    @property
    def house_rule(self) -> bool:
        return hearts.cycle_is_house_rule(self.options.rules)

    def standings(self) -> list[tuple[str, int]]:
        totals = self.game.totals
        return sorted(((self.v.names[s], t) for s, t in totals.items()), key=lambda i: i[1])

    @property
    def penalty_cards(self) -> list[Card]:
        return state.penalty_cards(self.options)

    def face(self, card: Card | str) -> str:
        return face(card)

    def points(self, cards: list[Card]) -> int:
        return sum(hearts.card_points(c, self.options.rules) for c in cards)

    # cards taken by claims

    def claimed_by(self, hand: state.Hand) -> dict[Card, list[int]]:
        owners: dict[Card, list[int]] = {}
        for seat, cards in sorted(hand.claims.items()):
            for card in cards:
                owners.setdefault(card, []).append(seat)
        return owners

    def doubles(self, hand: state.Hand) -> list[tuple[Card, list[str]]]:
        return [
            (card, [self.v.names[s] for s in seats])
            for card, seats in self.claimed_by(hand).items()
            if len(seats) > 1
        ]

    def unclaimed(self, hand: state.Hand) -> list[Card]:
        owners = self.claimed_by(hand)
        return [c for c in self.penalty_cards if c not in owners]

    def others_label(self, hand: state.Hand, card: Card) -> str:
        seats = [s for s in self.claimed_by(hand).get(card, []) if s != self.seat]
        return ", ".join(self.v.names[s] for s in seats)

    def mine(self, hand: state.Hand) -> str:
        return (
            " ".join(str(c) for c in hand.claims.get(self.seat, []))
            if self.seat is not None
            else ""
        )

    def prefill(self, hand: state.Hand) -> dict[int, str]:
        """The scorer form's starting point: the hand's cards (first claimant on a double)."""
        given: set[Card] = set()
        out = {}
        wanted = set(self.penalty_cards)
        for seat in range(self.options.players):
            mine = [c for c in hand.taken.get(seat, []) if c in wanted and c not in given]
            given.update(mine)
            out[seat] = " ".join(str(c) for c in mine)
        return out

    # the moon

    def may_choose(self, hand: state.Hand) -> bool:
        shooter = hand.shooter
        if shooter is None or not self.v.is_current:
            return False
        return hearts_table.may_choose(self.v.who, shooter)

    # trick entry

    def played(self, hand: state.Hand, index: int | None = None) -> set[Card]:
        """The cards played in the hand's tricks (but trick ``index``, being entered)."""
        return {c for i, (_, cards) in enumerate(hand.tricks) if i != index for c in cards}

    def trick_index(self, hand: state.Hand, values: dict[str, str]) -> int:
        """The trick a form is for: its own (kept input), else the next one."""
        raw = str(values.get("trick", ""))
        return int(raw) if raw.isdigit() else len(hand.tricks)

    def trick_now(self, hand: state.Hand, index: int) -> str | None:
        """Trick ``index`` as entered now, in words (None: not entered)."""
        if index >= len(hand.tricks):
            return None
        leader, cards = hand.tricks[index]
        return f"led by {self.v.names[leader]}: {' '.join(face(c) for c in cards)}"

    def taken_now(self, hand: state.Hand, seat: int) -> str:
        cards = [c for c in hand.taken.get(seat, []) if c in set(self.penalty_cards)]
        return " ".join(face(c) for c in cards) or "nothing"

    def cards_left(self, hand: state.Hand, index: int | None = None) -> list[list[Card]]:
        """The deck's cards not yet played, one list per suit."""
        played = self.played(hand, index)
        left = [c for c in hearts.deck(self.options.rules) if c not in played]
        return [[c for c in left if c.suit == suit] for suit in "CDHS"]

    def next_leader(self, hand: state.Hand) -> int | None:
        report = hand.report
        if hand.tricks and report is not None and report.winners:
            return report.winners[-1]
        return hearts.first_leader(self.options.rules, self.dealer(hand.number))

    def trick_rows(self, hand: state.Hand) -> list[tuple[int, str, str, str]]:
        """(number, leader, cards, winner) for each trick entered."""
        winners = list(hand.report.winners) if hand.report else []
        rows = []
        for i, (leader, cards) in enumerate(hand.tricks):
            won = winners[i] if i < len(winners) else None
            who = self.v.names[won] if won is not None else "?"
            rows.append((i + 1, self.v.names[leader], " ".join(face(c) for c in cards), who))
        return rows

    def revokes(self, hand: state.Hand) -> list:
        return hearts_table.revokes(hand)


def entry_key(v: TableView) -> str:
    """Re-render the entry box on any change to the game (pending taps are kept by JS)."""
    newest = max((e.id for e in v.rows), default=0)
    return f"{newest}:{HeartsView(v).way}"
