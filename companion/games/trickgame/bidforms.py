"""A bidding trick game's forms read into table actions (pure), and what the pages say: the
panel of the open hand (who deals, trumps, the bids so far, whose bid it is) and the saved
line. Each form names its hand (and seat) in its URL and the version it saw in a field.

Forms (after ``/t/<token>/<game>``): ``/bid/<hand>/<seat>`` (``bid``), ``/tricks/<hand>``
(``taken-0`` .. ``taken-n``), ``/trump/<hand>`` (``suit``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic

from companion.cards.standard import RANKS
from companion.games.forms import Form, Kept, nothing, version
from companion.games.protocol import Action, Actor, Data, Entered, Who, may
from companion.games.trickgame import bidstate as bs
from companion.games.trickgame.bidstate import BidOpts, Hand, State
from companion.games.trickgame.trumps import winner_with
from companion.games.trickgame.words import face, named

Url = Data
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "none": "no trumps"}


def bid(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    target = {"hand": url["hand"], "seat": url["seat"]}
    return Action("bid", target, version(form), {"bid": str(form.get("bid", ""))[:12]})


def tricks(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    taken = {
        k.removeprefix("taken-"): _number(v)
        for k, v in form.items()
        if k.startswith("taken-") and k[6:].isdigit()
    }
    return Action("tricks", {"hand": url["hand"]}, version(form), {"taken": taken})


def took(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    target = {"hand": url["hand"], "seat": url["seat"]}
    return Action("took", target, version(form), {"tricks": _number(form.get("tricks", ""))})


def trick(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    cards = str(form.get("cards", ""))[:120].replace(",", " ").split()
    data = {"leader": _number(form.get("leader", "")), "cards": cards}
    return Action("trick", {"hand": url["hand"], "trick": url["trick"]}, version(form), data)


def trump(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    return Action(
        "trump", {"hand": url["hand"]}, version(form), {"suit": str(form.get("suit"))[:8]}
    )


def _number(value: Entered) -> int | str:
    text = str(value).strip()[:6]
    return int(text) if text.isdigit() else text


FORMS = {
    "bid": Form("/bid/<int:hand>/<int:seat>", bid, nothing),
    "tricks": Form("/tricks/<int:hand>", tricks),
    "trump": Form("/trump/<int:hand>", trump, nothing),
    "took": Form("/took/<int:hand>/<int:seat>", took),
    "trick": Form("/trick/<int:hand>/<int:trick>", trick),
}


def bid_words(value: Entered) -> str:
    return {"nil": "nil", "blind-nil": "blind nil"}.get(str(value), str(value))


def saved(action: Action, state: State[BidOpts], names: Sequence[str]) -> str:
    """What was recorded, in words."""
    number = action.target["hand"]
    if action.kind == "bid":
        seat = int(action.target["seat"])
        made = state.hand(number)
        said = bid_words(made.bids.get(seat)) if made else ""
        return f"{names[seat]} bid {said} in hand {number}."
    if action.kind == "took":
        seat = int(action.target["seat"])
        made = state.hand(number)
        if made is not None and made.scored:
            return f"Hand {number} is scored."
        return f"{names[seat]} took {action.data.get('tricks')} in hand {number}."
    if action.kind == "trick":
        made = state.hand(number)
        if made is not None and made.scored:
            return f"Hand {number} is scored."
        return f"Trick {int(action.target['trick']) + 1} of hand {number} saved."
    if action.kind == "trump":
        made = state.hand(number)
        return f"Hand {number}: {SUIT_WORDS.get(str(made.trump if made else ''), '')}."
    return f"Hand {number} is scored."


@dataclass(frozen=True)
class Panel(Generic[BidOpts]):
    """The open hand as a phone sees it."""

    state: State[BidOpts]
    names: tuple[str, ...]
    seat: int | None
    host: bool
    phones: frozenset[int]
    versions: Mapping[str, int]

    @property
    def hand(self) -> Hand | None:
        return self.state.open_hand

    def version(self, part: str, index: int | None = None) -> int:
        hand = self.hand
        return 0 if hand is None else self.versions.get(bs.slot(hand.number, part, index), 0)

    def may_bid(self) -> bool:
        """This phone enters the awaited bid: the seat's own phone, or the host for a seat
        with no phone."""
        hand = self.hand
        if hand is None or hand.bidding is None:
            return False
        actor = Actor("", self.seat, self.host, self.phones)
        return may(actor, Who.OWN_OR_HOST_IF_PHONELESS, hand.bidding)

    def _offered(self) -> list[tuple[str, str]]:
        hand = self.hand
        return [] if hand is None else self.state.rules.bid_values(self.state.options, hand.cards)

    def bid_choices(self) -> list[tuple[str, str]]:
        """The bids the awaited seat may make now (the hook's number and a blind nil the
        table or the score does not allow are left out: ``bid_notes`` says why)."""
        return [c for c in self._offered() if self._problem(c[0]) is None]

    def bid_notes(self) -> list[str]:
        notes = {problem for c in self._offered() if (problem := self._problem(c[0]))}
        return sorted(n for n in notes if "without blind nil" not in n)

    def _problem(self, value: str) -> str | None:
        hand = self.hand
        if hand is None or hand.bidding is None:
            return None
        bid = self.state.rules.read_bid(value, hand.cards)
        problem = self.state.rules.bid_problem(self.state, hand, hand.bidding, bid)
        return None if problem is None else named(problem.message, self.names)

    def needs_trump(self) -> bool:
        hand = self.hand
        return hand is not None and hand.trump is None

    def trump_words(self) -> str:
        hand = self.hand
        if hand is None or hand.trump is None:
            return ""
        return "no trumps" if hand.trump == "none" else f"{SUIT_WORDS[hand.trump]} are trumps"

    def bids_line(self) -> list[tuple[str, str]]:
        hand = self.hand
        if hand is None:
            return []
        order = [(hand.dealer + k) % self.state.players for k in range(1, self.state.players + 1)]
        return [(self.names[s], bid_words(hand.bids[s]) if s in hand.bids else "") for s in order]

    def bid_of(self, seat: int) -> str:
        hand = self.hand
        return bid_words(hand.bids[seat]) if hand is not None and seat in hand.bids else ""

    def mine(self) -> int | None:
        """The seat this phone counts its own tricks for (its own seat)."""
        hand = self.hand
        if hand is None or hand.bidding is not None or self.seat is None:
            return None
        return self.seat

    def said(self, seat: int) -> int | None:
        hand = self.hand
        if hand is None:
            return None
        return self.state.entries.get(hand.number, bs.Entries()).took.get(seat)

    def next_trick(self) -> int:
        hand = self.hand
        return len(hand.tricks) if hand is not None else 0

    def leader(self) -> int:
        """Who leads the next trick: the last trick's winner, else the dealer's left."""
        hand = self.hand
        if hand is None:
            return 0
        winners = bs.trick_hand(self.state, hand).winners(winner_with(hand.trump_suit()))
        last = winners[-1] if winners else None
        return last if last is not None else (hand.dealer + 1) % self.state.players

    def trick_rows(self) -> list[tuple[int, str, str, str]]:
        """Each entered trick: its number, who led, the cards, who won."""
        hand = self.hand
        if hand is None:
            return []
        winners = bs.trick_hand(self.state, hand).winners(winner_with(hand.trump_suit()))
        won = [self.names[w] if w is not None else "" for w in winners]
        won += [""] * (len(hand.tricks) - len(won))
        return [
            (i + 1, self.names[lead], " ".join(cards), won[i])
            for i, (lead, cards) in enumerate(hand.tricks)
        ]

    def faults(self) -> list[str]:
        """The rules the entered tricks show broken, in words with the players' names."""
        hand = self.hand
        return [] if hand is None else [named(v.message, self.names) for v in hand.violations]

    def cards_left(self) -> list[list[str]]:
        """The cards not yet played this hand, by suit (spades first)."""
        hand = self.hand
        played = {c for _, cards in (hand.tricks if hand else ()) for c in cards}
        return [[f"{r}{s}" for r in reversed(RANKS) if f"{r}{s}" not in played] for s in "SHDC"]

    def faces(self, cards: str) -> str:
        return " ".join(face(c) for c in cards.split())

    def last_scored(self) -> Hand | None:
        scored = self.state.scored
        return scored[-1] if scored else None

    def last_words(self) -> list[str]:
        """The last scored hand in words: each team's or player's bid, tricks and points."""
        last = self.last_scored()
        return [] if last is None else self.state.rules.hand_words(self.state, last, self.names)
