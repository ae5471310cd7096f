"""What a phone's Hearts entry box shows (pure): worked out from the folded state, the
phone's ``Actor``, the players' names and the slot versions, with no Flask. The pages'
template global ``hearts_view`` builds one per request (``companion.web.games.hearts``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from companion.cards.standard import Card
from companion.errors import Unreadable
from companion.games import hearts
from companion.games.hearts import numbers
from companion.games.hearts.table import actions, summary
from companion.games.hearts.table import state as ts
from companion.games.hearts.table import words as words
from companion.games.hearts.table.options import TableOptions
from companion.games.hearts.table.state import Hand, State
from companion.games.trickgame.display import DisplayParts, trick_rows
from companion.games.trickgame.entries import Entry
from companion.games.trickgame.hands import may_choose
from companion.games.trickgame.summary import HandSummary
from companion.games.tricks import Violation

WAYS = {
    "mine": "My cards",
    "all": "Score for all",
    "numbers": "Numbers",
    "tricks": "Trick by trick",
}


@dataclass(frozen=True)
class Display(DisplayParts[TableOptions, Hand]):
    """The Hearts entry box of one phone (see ``DisplayParts`` for the fields)."""

    game: State

    def version(self, slot: str) -> int:
        return self.versions.get(slot, 0)

    def named(self, text: str) -> str:
        """A message with the players' names for ``Seat 2`` and card faces for codes."""
        return words.said(text, self.names)

    @property
    def way(self) -> str:
        """How this phone enters the current hand (tricks once a trick is in)."""
        if self.hand.tricks:
            return "tricks"
        if self.chosen in WAYS and (self.chosen != "mine" or self.seat is not None):
            return self.chosen
        if self.options.entry == "tricks":
            return "tricks"
        return "mine" if self.seat is not None else "all"

    def ways(self) -> dict[str, str]:
        return {k: w for k, w in WAYS.items() if k != "mine" or self.seat is not None}

    # the hand panel and the rules page

    def dealer(self, hand: int) -> int:
        return ts.dealer(self.options, hand)

    def pass_line(self, hand: int) -> words.PassLine:
        """The pass in words: said as past once the hand has begun (its first trick, or any
        card taken, is in): what matters then is the play, not the pass."""
        found = self.game.hand(hand)
        begun = found is not None and found.source != ""
        return ts.DECLARED.pass_line(self.game, hand, self.seat, self.names, begun)

    def lead_line(self, hand: int) -> str:
        return words.lead_line(self.options, self.dealer(hand), self.names)

    @property
    def cards_per_seat(self) -> int:
        return hearts.cards_per_seat(self.options.rules)

    @property
    def removed(self) -> list[str]:
        return [str(c) for c in hearts.removed_cards(self.options.rules)]

    @property
    def kitty(self) -> int:
        return hearts.kitty_size(self.options.rules)

    def deal_line(self) -> str:
        """How the deck is dealt: cards each, and any cards taken out or put to the kitty."""
        line = f"{self.cards_per_seat} cards each"
        if self.kitty:
            to = (
                "first takes a penalty card"
                if self.options.rules.kitty_to == "first-penalty"
                else "takes the first trick"
            )
            return f"{line}, {self.kitty} face down in the kitty (it goes to whoever {to})."
        if self.removed:
            out = " and ".join(words.face(c) for c in self.removed)
            return f"{line}; the {out} {'is' if len(self.removed) == 1 else 'are'} taken out."
        return f"{line}."

    @cached_property
    def summary(self) -> HandSummary | None:
        """The newest finished hand in words (``summary``)."""
        return summary.latest(self.game, self.names)

    @property
    def house_rule(self) -> bool:
        return hearts.cycle_is_house_rule(self.options.rules)

    def standings(self) -> list[tuple[str, int]]:
        totals = self.game.totals
        return sorted(((self.names[s], t) for s, t in totals.items()), key=lambda i: i[1])

    @cached_property
    def penalty_cards(self) -> list[Card]:
        return ts.penalty_cards(self.options)

    def face(self, card: Card | str) -> str:
        return words.face(card)

    # cards taken, by claims or by a scorer

    def claimed_by(self, hand: Hand) -> dict[Card, list[int]]:
        owners: dict[Card, list[int]] = {}
        for seat, cards in sorted(hand.claims.items()):
            for card in cards:
                owners.setdefault(card, []).append(seat)
        return owners

    def doubles(self, hand: Hand) -> list[tuple[Card, list[str]]]:
        return [
            (card, [self.names[s] for s in seats])
            for card, seats in self.claimed_by(hand).items()
            if len(seats) > 1
        ]

    def unclaimed(self, hand: Hand) -> list[Card]:
        owners = self.claimed_by(hand)
        return [c for c in self.penalty_cards if c not in owners]

    def others_label(self, hand: Hand, card: Card) -> str:
        seats = [s for s in self.claimed_by(hand).get(card, []) if s != self.seat]
        return ", ".join(self.names[s] for s in seats)

    def mine(self, hand: Hand) -> str:
        if self.seat is None:
            return ""
        return " ".join(str(c) for c in hand.claims.get(self.seat, []))

    @property
    def hand_total(self) -> int:
        return numbers.hand_total(self.options.rules)

    def points_prefill(self, hand: Hand) -> dict[int, str]:
        """The numbers form's starting point: the points a scored hand's seats took."""
        if hand.report is None or hand.scores is None:
            return {}
        return {seat: str(p) for seat, p in hand.report.points.items()}

    def points_now(self, hand: Hand, seat: int) -> str:
        return self.points_prefill(hand).get(seat, "nothing")

    def prefill(self, hand: Hand) -> dict[int, str]:
        """The scorer form's starting point: the hand's cards, a card two players claimed
        given to nobody (the scorer decides, told so by the form); nothing for a hand
        entered as points (its cards were never told)."""
        if hand.source == "points":
            return {}
        given: set[Card] = {card for card, seats in self.claimed_by(hand).items() if len(seats) > 1}
        out = {}
        wanted = set(self.penalty_cards)
        for seat in range(self.options.players):
            mine = [c for c in hand.taken.get(seat, []) if c in wanted and c not in given]
            given.update(mine)
            out[seat] = " ".join(str(c) for c in mine)
        return out

    def taken_now(self, hand: Hand, seat: int) -> str:
        if hand.source == "points":
            return f"{self.points_now(hand, seat)} points"
        wanted = set(self.penalty_cards)
        cards = [c for c in hand.taken.get(seat, []) if c in wanted]
        return " ".join(words.face(c) for c in cards) or "nothing"

    def consequence(self, hand: Hand, choice: str) -> str:
        """What ``choice`` does to the totals, in words: each total after it, and whether the
        game ends there (and who wins) or goes on."""
        entries = self.game.entries.get(hand.number, ts.EMPTY)
        entries = replace(entries, choice=Entry({"choice": choice}))
        scores = ts.build_hand(self.options, hand.number, entries, hand.totals_before).scores or {}
        rules = self.options.rules
        after = hearts.add_hand(hand.totals_before, scores, rules)
        line = ", ".join(f"{self.names[s]} {after[s]}" for s in sorted(after))
        if not hearts.game_over(after, rules):
            return f"Totals then: {line}. The game goes on."
        top = max(after, key=lambda s: after[s])
        won = hearts.winners(after, rules)
        who = " and ".join("you" if s == self.seat else self.names[s] for s in won)
        return (
            f"Totals then: {line}. {self.names[top]} reaches {after[top]} and the game "
            f"ends: {who} win{'s' if len(won) == 1 and won[0] != self.seat else ''}."
        )

    def may_choose(self, hand: Hand) -> bool:
        """This phone makes the moon's choice (only in the game being played now)."""
        shooter = hand.shooter
        if shooter is None or not self.current:
            return False
        return may_choose(self.actor, shooter.seats)

    # trick entry

    def played(self, hand: Hand, index: int | None = None) -> set[Card]:
        """The cards played in the hand's tricks (but trick ``index``, being entered)."""
        return {c for i, (_, cards) in enumerate(hand.tricks) if i != index for c in cards}

    def trick_index(self, hand: Hand, values: Mapping[str, str]) -> int:
        """The trick a form is for: its own (kept input), else the next one."""
        raw = str(values.get("trick", ""))
        return int(raw) if raw.isdigit() else len(hand.tricks)

    def trick_now(self, hand: Hand, index: int) -> str | None:
        """Trick ``index`` as entered now, in words (None: not entered)."""
        if index >= len(hand.tricks):
            rest = hand.rest
            return None if rest is None else f"part of the rest, which went to {self.names[rest]}"
        leader, cards = hand.tricks[index]
        return f"led by {self.names[leader]}: {' '.join(words.face(c) for c in cards)}"

    def cards_left(self, hand: Hand, index: int | None = None, kept: str = "") -> list[list[Card]]:
        """The deck's cards not yet played, one list per suit, and the cards of ``kept`` (a
        refused form's input, which may hold cards played elsewhere since: they stay on the
        grid so they can be tapped off)."""
        played, mine = self.played(hand, index), set()
        for word in str(kept).split()[:60]:
            try:
                mine.add(Card.parse(word))
            except Unreadable:
                pass  # the form again says what is wrong with it
        left = [c for c in hearts.deck(self.options.rules) if c not in played or c in mine]
        return [[c for c in left if c.suit == suit] for suit in "CDHS"]

    def opening(self, hand: Hand, index: int) -> str:
        """The card that must lead trick ``index`` when the rules name it (the lowest club
        in play on the first trick, no kitty): the trick form starts with it, one tap fewer
        ("" for any other trick, or when the kitty may hold it)."""
        if index != 0 or self.kitty or hand.tricks:
            return ""
        card = hearts.opening_lead(self.options.rules)
        return "" if card is None else str(card)

    def next_leader(self, hand: Hand) -> int | None:
        report = hand.report
        if hand.tricks and report is not None and report.winners:
            return report.winners[-1]
        return hearts.first_leader(self.options.rules, self.dealer(hand.number))

    def leader_of(self, hand: Hand, index: int) -> int | None:
        """Who leads trick ``index``: the winner of the trick before it, or the hand's first
        leader (None: the trick before it is not entered, or cannot be judged)."""
        if index == 0:
            return hearts.first_leader(self.options.rules, self.dealer(hand.number))
        winners = list(hand.report.winners) if hand.report else []
        return winners[index - 1] if index - 1 < len(winners) else None

    def trick_rows(self, hand: Hand) -> list[tuple[int, str, str, str]]:
        """(number, leader, cards, winner) for each trick entered."""
        winners = list(hand.report.winners) if hand.report else []
        return trick_rows(hand.tricks, winners, self.names, words.face)

    def revokes(self, hand: Hand) -> list[Violation[Card]]:
        return actions.revokes(hand)
