"""What a bidding trick game shows: the Table API's ``state`` (TABLE_API.md, Spades and Oh
Hell) and a history line for each event. Nothing in these games is secret from a seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from companion.games.protocol import JSON, Event
from companion.games.trickgame import bidstate as bs
from companion.games.trickgame.bidstate import BidOpts, Hand, State
from companion.games.tricks import seat_name

V = TypeVar("V")


def keyed(values: Mapping[int, V] | None) -> dict[str, V] | None:
    return None if values is None else {str(k): v for k, v in sorted(values.items())}


def hand_view(state: State[BidOpts], hand: Hand, versions: Mapping[str, int]) -> dict[str, JSON]:
    n = hand.number
    return {
        "hand": n,
        "dealer": hand.dealer,
        "cards": hand.cards,
        "trump": hand.trump,
        "bids": keyed(hand.bids),
        "bidding": hand.bidding,
        "source": hand.source or None,
        "taken": keyed(hand.taken),
        "took": keyed(state.entries.get(n, bs.Entries()).took),
        "tricks": [{"leader": lead, "cards": cards} for lead, cards in hand.tricks],
        "violations": [v.as_dict() for v in hand.violations],
        "points": keyed(hand.points),
        **{k: keyed(v) if isinstance(v, Mapping) else v for k, v in hand.extra.items()},
        "versions": {
            "bids": {str(s): versions.get(bs.slot(n, "bid", s), 0) for s in range(state.players)},
            "tricks": versions.get(bs.slot(n, "tricks"), 0),
            "took": {str(s): versions.get(bs.slot(n, "took", s), 0) for s in range(state.players)},
            "trick": [versions.get(bs.slot(n, "trick", i), 0) for i in range(len(hand.tricks))],
            "next_trick": len(hand.tricks),
            "trump": versions.get(bs.slot(n, "trump"), 0),
        },
    }


def view(state: State[BidOpts], versions: Mapping[str, int]) -> dict[str, JSON]:
    now = state.open_hand
    return {
        "hand": now.number if now else None,
        "dealer": now.dealer if now else None,
        "cards": now.cards if now else None,
        "trump": now.trump if now else None,
        "bidding": now.bidding if now else None,
        "finished": state.finished,
        "winners": list(state.winners or ()),
        "totals": keyed(dict(enumerate(state.totals()))),
        "hands": [hand_view(state, h, versions) for h in state.hands],
        **state.rules.summary(state),
    }


def describe(event: Event, names: Sequence[str]) -> str | None:
    data, hand = event.payload, event.round
    if event.kind == "bid":
        bid = str(data["bid"]).replace("-", " ")
        return f"Hand {hand}: {seat_name(int(data['seat']), names)} bid {bid}."
    if event.kind == "tricks":
        taken = ", ".join(f"{seat_name(int(s), names)} {n}" for s, n in data["taken"].items())
        return f"Hand {hand}: tricks taken: {taken}."
    if event.kind == "took":
        return f"Hand {hand}: {seat_name(int(data['seat']), names)} took {data['tricks']}."
    if event.kind == "trick":
        return f"Hand {hand}: trick {int(data['trick']) + 1} entered."
    if event.kind == "trump":
        suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}.get(data["suit"])
        return f"Hand {hand}: trumps are {suit}." if suit else f"Hand {hand}: no trumps."
    return None
