"""Hearts referee API (REFEREE_API.md): ``/referee/hearts/check`` and ``/score``.

Optional fields beyond the contract (allowed: fields may be added): ``dealer`` (seat; checks
who leads first when the player left of the dealer leads) and ``names`` (seat -> player
name, used in messages).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from companion.cards.standard import Card, parse_cards
from companion.errors import Unreadable
from companion.games.hearts import HeartsOptions, check_hand, kitty_size, options_from, score_taken
from companion.web.referee._common import (
    body,
    choice,
    dealer,
    get_int,
    get_list,
    get_object,
    names,
    seat_key,
)

bp = Blueprint("referee_hearts", __name__, url_prefix="/api/v1")


@bp.post("/referee/hearts/check")
def check() -> Any:
    data = body()
    options = options_from(get_object(data, "options", {}))
    report = check_hand(
        options,
        _tricks(data, options.players),
        _kitty(data, options),
        _totals(data, options.players),
        choice(data, "moon_choice"),
        dealer(data, options.players),
        names(data, options.players),
    )
    return jsonify(report.as_dict())


@bp.post("/referee/hearts/score")
def score() -> Any:
    data = body()
    options = options_from(get_object(data, "options", {}))
    report = score_taken(
        options,
        _seat_cards(data, "taken", options.players),
        _seat_ints(data, "tricks_taken", options.players) or None,
        _totals(data, options.players),
        choice(data, "moon_choice"),
        names(data, options.players),
    ).as_dict()
    keep = ("points", "shooter", "choice_required", "hand_scores", "violations")
    return jsonify({key: report[key] for key in keep})


def _tricks(data: dict[str, Any], players: int) -> list[tuple[int, list[Card]]]:
    tricks = []
    for i, item in enumerate(get_list(data, "tricks", [])):
        field = f"tricks[{i}]"
        if not isinstance(item, dict):
            raise Unreadable(f"field '{field}' must be an object with leader and cards", field)
        leader = get_int(item, "leader")
        if leader is None:
            raise Unreadable(f"field '{field}.leader' is missing", field)
        seat = seat_key(leader, players, f"{field}.leader")
        tricks.append((seat, parse_cards(item.get("cards", []), f"{field}.cards")))
    return tricks


def _kitty(data: dict[str, Any], options: HeartsOptions) -> list[Card]:
    kitty = parse_cards(get_list(data, "kitty", []), "kitty")
    size = kitty_size(options)
    if kitty and len(kitty) != size:
        raise Unreadable(
            f"field 'kitty' has {len(kitty)} cards; this table's kitty has {size}", "kitty"
        )
    return kitty


def _seat_ints(data: dict[str, Any], name: str, players: int) -> dict[int, int]:
    result = {}
    for key, value in get_object(data, name, {}).items():
        seat = seat_key(key, players, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise Unreadable(f"field '{name}': seat {key} needs a whole number, not {value!r:.40}")
        result[seat] = value
    return result


def _totals(data: dict[str, Any], players: int) -> dict[int, int]:
    return _seat_ints(data, "totals_before", players)


def _seat_cards(data: dict[str, Any], name: str, players: int) -> dict[int, list[Card]]:
    return {
        seat_key(key, players, name): parse_cards(value, f"{name}.{key}")
        for key, value in get_object(data, name, {}).items()
    }
