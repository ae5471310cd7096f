"""What a phone's Consonants entry box shows, from the folded state (``v.state``, see
``companion.games.consonants.table``) read once per request.

The pass line reuses Hearts' words (the cycle is Hearts' for the same player count).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.cards.alpha import AlphaCard
from companion.games import consonants as engine
from companion.games.consonants import table_state as state
from companion.games.consonants.table import may_choose
from companion.games.consonants.table_options import TableOptions
from companion.games.hearts import table_options as hearts_options
from companion.games.hearts.table_words import PassLine, named, pass_line
from companion.games.protocol import Event
from companion.games.trickgame.entries import hand_slot
from companion.web import judge as judge_flow
from companion.web.games.deck import describe as deck_describe
from companion.web.tableview import TableView


@dataclass(frozen=True)
class Tile:
    card: str
    kind: str
    copies: int
    points: int


@dataclass
class ConsView:
    v: TableView

    @property
    def game(self) -> state.State:
        return self.v.state  # type: ignore[no-any-return]

    def version(self, part: str, index: int | None = None) -> int:
        """The version of one slot of the open hand, which a form sends back."""
        slot = hand_slot(self.hand.number, part, index, state.SLOTS)
        return self.v.snapshot.version(slot)

    @property
    def options(self) -> TableOptions:
        return self.v.options  # type: ignore[no-any-return]

    @property
    def rules(self) -> engine.ConsonantsOptions:
        return self.game.rules

    @property
    def hand(self) -> state.Hand:
        return self.game.current

    @property
    def seat(self) -> int | None:
        return self.v.my_seat.position if self.v.my_seat is not None else None

    # the hand panel

    def dealer(self, hand: int) -> int:
        return engine.dealer_for_hand(hand, self.rules.players, self.options.first_dealer)

    def pass_line(self, hand: int) -> PassLine:
        shim = hearts_options.TableOptions(self.rules.hearts_passing())
        return pass_line(shim, hand, self.seat, self.v.names)

    def lead_line(self, hand: int) -> str:
        if self.rules.first_lead == "left-of-dealer":
            seat = engine.first_leader(self.rules, self.dealer(hand)) or 0
            return f"{self.v.names[seat]} (left of the dealer) leads any card."
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
        return sorted(((self.v.names[s], t) for s, t in totals.items()), key=lambda i: i[1])

    # who may do what

    def may_act_for(self, seat: int) -> bool:
        """The seat's own phone, the host, or any seated phone for a seat no phone holds."""
        if not self.v.can_enter:
            return False
        if self.v.is_host or self.seat == seat:
            return True
        holder = self.v.seats[seat].phone if seat < len(self.v.seats) else None
        return holder is None and self.seat is not None

    def entry_seats(self) -> list[int]:
        return [s for s in range(self.rules.players) if self.may_act_for(s)]

    def may_choose(self, hand: state.Hand) -> bool:
        """The flyer's phone, or the host when the flyer has no phone."""
        return hand.flyer is not None and self.v.can_enter and may_choose(self.v.who, hand.flyer)

    # cards

    def tiles(self) -> list[Tile]:
        deck = self.game.deck
        return [
            Tile(str(c), c.kind, k, engine.card_points(c, deck))
            for c, k in sorted(deck.copies.items(), key=lambda i: (i[0].kind != "consonant", i[0]))
            if k
        ]

    def taken_text(self, hand: state.Hand, seat: int) -> str:
        return " ".join(str(c) for c in hand.taken.get(seat, []))

    def others_count(self, hand: state.Hand, seat: int | None) -> dict[str, int]:
        """How many copies of each card the other seats have entered."""
        got = Counter(str(c) for s, cards in hand.taken.items() if s != seat for c in cards)
        return dict(got)

    def doubles(self, hand: state.Hand) -> list[tuple[AlphaCard, list[str]]]:
        """Cards entered more often than the deck has them, with who entered them."""
        found = []
        counts = Counter(c for cards in hand.taken.values() for c in cards)
        for card, count in sorted(counts.items()):
            if count > self.game.deck.copies.get(card, 0):
                who = [self.v.names[s] for s, cards in sorted(hand.taken.items()) if card in cards]
                found.append((card, who))
        return found

    def points(self, hand: state.Hand, seat: int) -> int:
        return hand.report.points.get(seat, 0) if hand.report is not None else 0

    def word_points(self, word: str) -> int:
        return engine.word_points(word, self.game.deck)

    def word_problems(self, hand: state.Hand) -> list[str]:
        return [named(p, self.v.names) for p in hand.word_problems()]

    # challenges

    def challengers(self, seat: int) -> list[int]:
        """The seats this phone may challenge ``seat``'s words for."""
        if self.v.is_host:
            return [s for s in range(self.rules.players) if s != seat]
        return [self.seat] if self.seat is not None and self.seat != seat else []

    def verdict(self, hand: state.Hand, seat: int, word: str) -> state.Verdict | None:
        return next((x for x in hand.verdicts if x.seat == seat and x.word == word), None)

    def may_challenge(self, hand: state.Hand, seat: int, word: str) -> bool:
        open_ = self.game.judging is not None
        verdict = self.verdict(hand, seat, word)
        return not open_ and verdict is None and not hand.closed and self.v.can_enter

    # tricks

    def cards_left(self, hand: state.Hand) -> list[tuple[Tile, int]]:
        used = Counter(str(p.card) for _, plays in hand.tricks for p in plays)
        return [(t, t.copies - used.get(t.card, 0)) for t in self.tiles()]

    def next_leader(self, hand: state.Hand) -> int | None:
        report = hand.trick_report
        if hand.tricks and report is not None and report.winners:
            return report.winners[-1]
        return engine.first_leader(self.rules, self.dealer(hand.number))

    def trick_rows(self, hand: state.Hand) -> list[tuple[int, str, str, str]]:
        winners = list(hand.trick_report.winners) if hand.trick_report else []
        rows = []
        for i, (leader, plays) in enumerate(hand.tricks):
            won = winners[i] if i < len(winners) else None
            who = self.v.names[won] if won is not None else "?"
            rows.append((i + 1, self.v.names[leader], " ".join(str(p) for p in plays), who))
        return rows

    def trick_problems(self, hand: state.Hand) -> list[str]:
        report = hand.trick_report
        found = report.violations if report is not None else ()
        return [named(x.message, self.v.names) for x in found]


def cons_view(v: TableView) -> ConsView:
    cached = v.__dict__.get("_cons")
    if cached is None:
        cached = v.__dict__["_cons"] = ConsView(v)
    return cached  # type: ignore[no-any-return]


def entry_key(v: TableView) -> str:
    """Changes with any stored change, and when a verdict appears or clears."""
    newest = max((e.id for e in v.rows), default=0)
    c = judge_flow.current(v.rows)
    showing = int(c is not None and (c.open or c.showing()))
    return f"{newest}:{showing}:{v.my_seat.position if v.my_seat else '-'}"


def _name(names: list[str], seat: object) -> str:
    try:
        return names[int(str(seat))]
    except (ValueError, IndexError):
        return "a seat"


def describe(event: Event, names: list[str]) -> str | None:
    """A history line for the game's own events, the judge's and the deck's."""
    line = judge_flow.describe(event, names) or deck_describe(event)
    if line is not None:
        return line
    p, n = event.payload, event.round
    lines = {
        "cons-taken": lambda: (
            f"hand {n}, {_name(names, p.get('seat'))} took "
            + (" ".join(p.get("cards", [])) or "no cards")
        ),
        "cons-words": lambda: (
            f"hand {n}, {_name(names, p.get('seat'))} laid "
            + (" ".join(p.get("words", [])) or "no words")
        ),
        "cons-fly": lambda: (
            f"hand {n}, Flying by Night: "
            + ("-50 for the flyer" if p.get("choice") == "subtract" else "+50 for everyone else")
        ),
        "cons-trick": lambda: (
            f"hand {n}, trick {int(p.get('trick', 0)) + 1} led by "
            f"{_name(names, p.get('leader'))}: {' '.join(p.get('cards', []))}"
        ),
        "cons-close": lambda: f"hand {n} scored",
        "cons-challenge": lambda: (
            f"hand {n}, {p.get('word')} "
            + ("stands" if p.get("valid") else "fails")
            + f" after {_name(names, p.get('challenger'))}'s challenge"
        ),
    }
    if event.kind not in lines:
        return None
    when = event.created_at.strftime("%H:%M:%S")
    return f"{when} {event.actor or 'Someone'}: {lines[event.kind]()}"
