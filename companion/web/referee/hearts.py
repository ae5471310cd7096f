"""Hearts referee API (REFEREE_API.md): ``/referee/hearts/check`` and ``/score``.

Optional fields beyond the contract (allowed: fields may be added): ``dealer`` (seat; checks
who leads first when the player left of the dealer leads) and ``names`` (seat -> player
name, used in messages).
"""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.cards.standard import Card, parse_cards
from companion.errors import Unreadable
from companion.games.hearts import check_hand, kitty_size, options_from, score_taken
from companion.games.protocol import Entered
from companion.web.referee._common import (
    body,
    choice,
    dealer,
    get_object,
    kitty,
    names,
    need,
    seat_key,
    tricks,
)

bp = Blueprint("referee_hearts", __name__, url_prefix="/api/v1")


@bp.post("/referee/hearts/check")
def check() -> ResponseReturnValue:
    data = body()
    options = options_from(get_object(data, "options", {}))
    args = (
        tricks(data, options.players, parse_cards),
        kitty(data, kitty_size(options), parse_cards),
        _totals(data, options.players),
        choice(data, "moon_choice"),
        dealer(data, options.players),
        names(data, options.players),
    )
    need(data, "tricks")
    report = check_hand(options, *args)
    return jsonify(report.as_dict())


@bp.post("/referee/hearts/score")
def score() -> ResponseReturnValue:
    data = body()
    options = options_from(get_object(data, "options", {}))
    args = (
        _seat_cards(data, "taken", options.players),
        _seat_ints(data, "tricks_taken", options.players) or None,
        _totals(data, options.players),
        choice(data, "moon_choice"),
        names(data, options.players),
    )
    need(data, "taken")
    report = score_taken(options, *args).as_dict()
    keep = ("points", "shooter", "choice_required", "hand_scores", "violations")
    return jsonify({key: report[key] for key in keep})


def _seat_ints(data: dict[str, Entered], name: str, players: int) -> dict[int, int]:
    result = {}
    for key, value in get_object(data, name, {}).items():
        seat = seat_key(key, players, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise Unreadable(f"field '{name}': seat {key} needs a whole number, not {value!r:.40}")
        result[seat] = value
    return result


def _totals(data: dict[str, Entered], players: int) -> dict[int, int]:
    return _seat_ints(data, "totals_before", players)


def _seat_cards(data: dict[str, Entered], name: str, players: int) -> dict[int, list[Card]]:
    return {
        seat_key(key, players, name): parse_cards(value, f"{name}.{key}")
        for key, value in get_object(data, name, {}).items()
    }
