"""Spades and Oh Hell referee API: ``/referee/spades/check`` and ``/score``,
``/referee/oh-hell/check`` and ``/score``. The same engines the tables use
(``games.trickgame.trumps``, ``games.spades.scoring``, ``games.oh_hell.scoring``).

Bounded before any work by ``companion.web.bounds`` (13 tricks of 4 cards in Spades, at most
17 tricks of 7 in Oh Hell, one entry per seat); more tricks than the hand has cards are
answered as a fault (``wrong-card-count``), as in the other trick games.
"""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.cards.standard import parse_cards
from companion.errors import Unreadable
from companion.games.oh_hell import options as oo
from companion.games.oh_hell import scoring as oh_scoring
from companion.games.protocol import JSON, Entered
from companion.games.seats import seat_name
from companion.games.spades import options as so
from companion.games.spades import scoring as spades_scoring
from companion.games.trickgame.bids import hooked
from companion.games.trickgame.trumps import Rules, check, winner_with
from companion.games.tricks import Hand, keyed
from companion.web.referee._common import body, dealer, get_int, get_object, seat_key
from companion.web.referee._common import tricks as read_tricks

bp = Blueprint("referee_bidding", __name__, url_prefix="/api/v1")


def _checked(
    data: dict[str, Entered], players: int, cards: int, trump: str | None, broken: bool
) -> dict[str, JSON]:
    first = dealer(data, players)
    tricks = read_tricks(data, players, parse_cards)
    hand = Hand.of(players, tricks)
    leader = (first + 1) % players if first is not None else (tricks[0][0] if tricks else 0)
    winner = winner_with(trump)
    found = check(hand, Rules(trump, broken, cards, leader))
    complete = len(tricks) == cards and all(len(c) == players for _, c in tricks)
    return {
        "complete": complete,
        "violations": [v.as_dict() for v in found],
        "winners": hand.winners(winner),
        "taken": keyed(hand.tricks_taken(winner)),
    }


def _counts(data: dict[str, Entered], name: str, players: int) -> dict[int, Entered]:
    found = {seat_key(k, players, name): v for k, v in get_object(data, name, {}).items()}
    if sorted(found) != list(range(players)):
        raise Unreadable(f"field '{name}' needs every seat from 0 to {players - 1}.", name)
    return found


def _taken(data: dict[str, Entered], players: int, cards: int) -> dict[int, int]:
    taken = _counts(data, "taken", players)
    if any(
        isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= cards for n in taken.values()
    ):
        raise Unreadable(f"field 'taken': tricks are whole numbers from 0 to {cards}.", "taken")
    return taken


def _total_problem(taken: dict[int, int], cards: int) -> list[dict[str, JSON]]:
    """``tricks-total`` when the tricks taken do not add up to the hand (nothing is scored)."""
    if sum(taken.values()) == cards:
        return []
    message = f"The tricks taken add up to {sum(taken.values())}, not {cards}."
    return [{"trick": None, "seat": None, "card": None, "rule": "tricks-total", "message": message}]


@bp.post("/referee/spades/check")
def spades_check() -> ResponseReturnValue:
    data = body()
    so.options_from(get_object(data, "options", {}))
    return jsonify(_checked(data, so.PLAYERS, so.TRICKS, "S", True))


@bp.post("/referee/spades/score")
def spades_score() -> ResponseReturnValue:
    data = body()
    options = so.options_from(get_object(data, "options", {}))
    bids = {s: spades_scoring.read_bid(b) for s, b in _counts(data, "bids", so.PLAYERS).items()}
    taken = _taken(data, so.PLAYERS, so.TRICKS)
    before = get_object(data, "bags_before", {})
    bags = [_whole(before.get(str(t), 0), "bags_before") for t in so.TEAMS]
    if problem := _total_problem(taken, so.TRICKS):
        return jsonify({"scores": None, "bags": None, "points": None, "violations": problem})
    result = spades_scoring.score_hand(bids, taken, bags, options)
    return jsonify(
        {
            "scores": keyed(dict(enumerate(result.points))),
            "bags": keyed(dict(enumerate(result.bags))),
            "made": keyed(dict(enumerate(t.made for t in result.teams))),
            "nils": keyed({s: ok for t in result.teams for s, ok in t.nils}),
            "points": keyed({s: result.points[so.team_of(s)] for s in range(so.PLAYERS)}),
            "violations": [],
        }
    )


def _oh_hell(data: dict[str, Entered]) -> tuple[oo.OhHellOptions, int]:
    options = oo.options_from(get_object(data, "options", {}))
    cards = get_int(data, "cards")
    most = 52 // options.players
    if cards is None or not 1 <= cards <= most:
        raise Unreadable(f"field 'cards' is the hand size, from 1 to {most}.", "cards")
    return options, cards


@bp.post("/referee/oh-hell/check")
def oh_hell_check() -> ResponseReturnValue:
    data = body()
    options, cards = _oh_hell(data)
    trump = data.get("trump", "none")
    if trump not in ("S", "H", "D", "C", "none"):
        raise Unreadable("field 'trump' is S, H, D, C or none.", "trump")
    suit = None if trump == "none" else str(trump)
    return jsonify(_checked(data, options.players, cards, suit, False))


@bp.post("/referee/oh-hell/score")
def oh_hell_score() -> ResponseReturnValue:
    data = body()
    options, cards = _oh_hell(data)
    bids = {
        s: oh_scoring.read_bid(b, cards) for s, b in _counts(data, "bids", options.players).items()
    }
    taken = _taken(data, options.players, cards)
    first = dealer(data, options.players)
    violations = _total_problem(taken, cards)
    if first is not None and options.hook:
        others = {s: b for s, b in bids.items() if s != first}
        if hooked(cards, others, bids[first]):
            message = f"{seat_name(first)} dealt and bid {bids[first]}: the bids add up to {cards}."
            violations.append(
                {"trick": None, "seat": first, "card": None, "rule": "hook", "message": message}
            )
    points = None if violations else keyed(oh_scoring.score_hand(bids, taken, options))
    return jsonify({"points": points, "violations": violations})


def _whole(value: Entered, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 100:
        raise Unreadable(f"field '{field}': bags are whole numbers from 0 to 99.", field)
    return value
