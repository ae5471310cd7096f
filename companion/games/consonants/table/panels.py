"""What a phone's Consonants entry box shows (pure): worked out from the folded state, the
phone's ``Actor``, the players' names and the slot versions, with no Flask. The pages'
template global ``cons_view`` builds one per request (``companion.web.games.consonants``).
The pass line reuses Hearts' words (the cycle is Hearts' for the same player count)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from companion.cards.alpha import AlphaCard
from companion.games import consonants as engine
from companion.games.consonants.table import actions, summary
from companion.games.consonants.table import state as ts
from companion.games.consonants.table.options import TableOptions
from companion.games.consonants.table.state import Hand, State, Verdict
from companion.games.protocol import Who, may
from companion.games.trickgame.display import DisplayParts, trick_rows
from companion.games.trickgame.hands import may_choose
from companion.games.trickgame.passwords import PassLine
from companion.games.trickgame.summary import HandSummary
from companion.games.trickgame.words import named

WAYS = {"cards": "Cards taken", "tricks": "Trick by trick"}


@dataclass(frozen=True)
class Tile:
    card: str
    kind: str
    copies: int
    points: int


@dataclass(frozen=True)
class Display(DisplayParts[TableOptions, Hand]):
    """The Consonants entry box of one phone (``DisplayParts`` has the shared fields);
    ``asked``: the seat whose cards this phone asked to enter (a query string's
    ``cons-seat``)."""

    game: State
    asked: str | None = None

    def version(self, part: str, index: int | None = None) -> int:
        """The version of one slot of the open hand, which a form sends back."""
        return self.versions.get(ts.SLOTS.slot(self.hand.number, part, index), 0)

    @property
    def summary(self) -> HandSummary | None:
        """The newest finished hand in words (``summary``)."""
        return summary.latest(self.game, self.names)

    @property
    def rules(self) -> engine.ConsonantsOptions:
        return self.game.rules

    @property
    def can_enter(self) -> bool:
        """A seated phone or the host, in the game being played now, before its end."""
        return self.current and not self.game.finished and may(self.actor, Who.AT_TABLE)

    @property
    def way(self) -> str:
        """How the open hand is entered: as begun, else as this phone chose, else the table's."""
        if self.hand.tricks:
            return "tricks"
        if self.hand.source == "cards":
            return "cards"
        return self.chosen if self.chosen in WAYS else self.options.entry

    def taken_seat(self, values: Mapping[str, str]) -> int | None:
        """Whose cards the cards-taken form is for: the seat this phone asked for (sent back
        after a refusal, or asked for), else its own seat, else the first it may enter."""
        seats = self.entry_seats()
        for raw in (values.get("seat"), self.asked):
            if raw and raw.isdigit() and int(raw) in seats:
                return int(raw)
        if self.seat in seats:
            return self.seat
        return seats[0] if seats else None

    # the hand panel

    def dealer(self, hand: int) -> int:
        return ts.dealer(self.options, hand)

    def pass_line(self, hand: int) -> PassLine:
        """The pass in words: said as past once the hand has begun (its first trick, or any
        card taken, is in): what matters then is the play, not the pass."""
        found = self.game.hand(hand)
        begun = found is not None and found.source != ""
        return ts.DECLARED.pass_line(self.game, hand, self.seat, self.names, begun)

    def lead_line(self, hand: int) -> str:
        if self.rules.first_lead == "left-of-dealer":
            seat = engine.first_leader(self.rules, self.dealer(hand)) or 0
            return f"{self.names[seat]} (left of the dealer) leads any card."
        return (
            "The J leads the first trick; if the J is in the kitty, the first of K, Q, V, X, Z "
            "that is not leads it."
        )

    @property
    def cards_per_seat(self) -> int:
        return engine.cards_per_seat(self.rules)

    @property
    def kitty(self) -> int:
        return engine.kitty_size(self.rules)

    @property
    def house_rule(self) -> bool:
        return engine.cycle_is_house_rule_for(self.rules)

    def standings(self) -> list[tuple[str, int]]:
        totals = self.game.totals
        return sorted(((self.names[s], t) for s, t in totals.items()), key=lambda i: i[1])

    # who may do what

    def may_act_for(self, seat: int) -> bool:
        """The seat's own phone, the host, or any seated phone for a seat no phone holds."""
        return self.can_enter and actions.may_act_for(self.actor, seat)

    def entry_seats(self) -> list[int]:
        return [s for s in range(self.rules.players) if self.may_act_for(s)]

    def may_choose(self, hand: Hand) -> bool:
        """The flyer's phone, or the host when the flyer has no phone."""
        flyer = hand.flyer
        return flyer is not None and self.can_enter and may_choose(self.actor, (flyer,))

    # cards

    def tiles(self) -> list[Tile]:
        deck = self.game.deck
        return [
            Tile(str(c), c.kind, k, ts.DECLARED.card_points(self.game, c))
            for c, k in sorted(deck.copies.items(), key=lambda i: (i[0].kind != "consonant", i[0]))
            if k
        ]

    def taken_text(self, hand: Hand, seat: int) -> str:
        return " ".join(str(c) for c in hand.taken.get(seat, []))

    def others_count(self, hand: Hand, seat: int | None) -> dict[str, int]:
        """How many copies of each card the other seats have entered."""
        got = Counter(str(c) for s, cards in hand.taken.items() if s != seat for c in cards)
        return dict(got)

    def doubles(self, hand: Hand) -> list[tuple[AlphaCard, list[str]]]:
        """Cards entered more often than the deck has them, with who entered them."""
        counts = Counter(c for cards in hand.taken.values() for c in cards)
        return [
            (card, [self.names[s] for s, cards in sorted(hand.taken.items()) if card in cards])
            for card, count in sorted(counts.items())
            if count > self.game.deck.copies.get(card, 0)
        ]

    def points(self, hand: Hand, seat: int) -> int:
        return hand.report.points.get(seat, 0) if hand.report is not None else 0

    def word_points(self, word: str) -> int:
        return engine.word_points(word, self.game.deck)

    def word_problems(self, hand: Hand) -> list[str]:
        return [named(p, self.names) for p in hand.word_problems()]

    # challenges

    def challengers(self, seat: int) -> list[int]:
        """The seats this phone may challenge ``seat``'s words for."""
        seats = range(self.rules.players)
        return [s for s in seats if s != seat and may(self.actor, actions.CHALLENGES, s)]

    def verdict(self, hand: Hand, seat: int, word: str) -> Verdict | None:
        return next((x for x in hand.verdicts if x.seat == seat and x.word == word), None)

    def may_challenge(self, hand: Hand, seat: int, word: str) -> bool:
        judged = self.game.judging is not None or self.verdict(hand, seat, word) is not None
        return not judged and not hand.closed and self.can_enter

    # tricks

    def cards_left(self, hand: Hand) -> list[tuple[Tile, int]]:
        used = Counter(str(p.card) for _, plays in hand.tricks for p in plays)
        return [(t, t.copies - used.get(t.card, 0)) for t in self.tiles()]

    def next_leader(self, hand: Hand) -> int | None:
        report = hand.trick_report
        if hand.tricks and report is not None and report.winners:
            return report.winners[-1]
        return engine.first_leader(self.rules, self.dealer(hand.number))

    def trick_rows(self, hand: Hand) -> list[tuple[int, str, str, str]]:
        """(number, leader, cards, winner) for each trick entered."""
        winners = list(hand.trick_report.winners) if hand.trick_report else []
        return trick_rows(hand.tricks, winners, self.names)

    def trick_problems(self, hand: Hand) -> list[str]:
        report = hand.trick_report
        found = report.violations if report is not None else ()
        return [named(x.message, self.names) for x in found]
