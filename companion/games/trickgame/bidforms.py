"""A bidding trick game's forms read into table actions (pure), and what the pages say: the
panel of the open hand (who deals, trumps, the bids so far, whose bid it is) and the saved
line. Each form names its hand (and seat) in its URL and the version it saw in a field.

Forms (after ``/t/<token>/<game>``): ``/bid/<hand>/<seat>`` (``bid``), ``/tricks/<hand>``
(``taken-0`` .. ``taken-n``), ``/trump/<hand>`` (``suit``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.forms import Form, nothing, version
from companion.games.protocol import Action
from companion.games.trickgame import bidstate as bs
from companion.games.trickgame.bidstate import Hand, State

Url = Mapping[str, Any]
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "none": "no trumps"}


def bid(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    target = {"hand": url["hand"], "seat": url["seat"]}
    return Action("bid", target, version(form), {"bid": str(form.get("bid", ""))[:12]})


def tricks(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    taken = {k.removeprefix("taken-"): _number(v) for k, v in form.items()
             if k.startswith("taken-") and k[6:].isdigit()}  # fmt: skip
    return Action("tricks", {"hand": url["hand"]}, version(form), {"taken": taken})


def took(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    target = {"hand": url["hand"], "seat": url["seat"]}
    return Action("took", target, version(form), {"tricks": _number(form.get("tricks", ""))})


def trump(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    return Action(
        "trump", {"hand": url["hand"]}, version(form), {"suit": str(form.get("suit"))[:8]}
    )


def _number(value: Any) -> Any:
    text = str(value).strip()[:6]
    return int(text) if text.isdigit() else text


FORMS = {
    "bid": Form("/bid/<int:hand>/<int:seat>", bid, nothing),
    "tricks": Form("/tricks/<int:hand>", tricks),
    "trump": Form("/trump/<int:hand>", trump, nothing),
    "took": Form("/took/<int:hand>/<int:seat>", took),
}


def bid_words(value: Any) -> str:
    return {"nil": "nil", "blind-nil": "blind nil"}.get(str(value), str(value))


def saved(action: Action, state: State, names: Sequence[str]) -> str:
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
    if action.kind == "trump":
        made = state.hand(number)
        return f"Hand {number}: {SUIT_WORDS.get(str(made.trump if made else ''), '')}."
    return f"Hand {number} is scored."


@dataclass(frozen=True)
class Panel:
    """The open hand as a phone sees it."""

    state: State
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
        return self.seat == hand.bidding or (self.host and hand.bidding not in self.phones)

    def bid_choices(self) -> list[tuple[str, str]]:
        hand = self.hand
        if hand is None:
            return []
        numbers = range(0 if self.state.rules.key != "spades" else 1, hand.cards + 1)
        choices = [(str(n), str(n)) for n in numbers]
        if self.state.rules.key == "spades":
            choices = [("nil", "Nil"), *choices]
            if getattr(self.state.options, "blind_nil", False):
                choices.append(("blind-nil", "Blind nil"))
        return choices

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
        return [(self.names[s], bid_words(hand.bids[s]) if s in hand.bids else "")
                for s in order]  # fmt: skip

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

    def last_scored(self) -> Hand | None:
        scored = self.state.scored
        return scored[-1] if scored else None

    def last_words(self) -> list[str]:
        """The last scored hand in words: each team's or player's bid, tricks and points."""
        last = self.last_scored()
        return [] if last is None else self.state.rules.hand_words(self.state, last, self.names)
