"""Referee API for Follow the Author (REFEREE_API.md): ``check`` one hand, ``score-round``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.cards.decktet import DecktetCard, parse_card, parse_suit
from companion.errors import Unreadable
from companion.games.follow_the_author import (
    CATEGORIES,
    Play,
    PlayedSequence,
    check_hand,
    descending,
    hand_events,
    options_from,
    points_by_seat,
    score_round,
)
from companion.games.follow_the_author.rounds import SEATS, parse_hand
from companion.games.protocol import Entered
from companion.web.referee._common import body, get_int, get_list, get_object, need, seat_key

bp = Blueprint("referee_follow_the_author", __name__, url_prefix="/api/v1")


@bp.post("/referee/follow-the-author/check")
def check() -> ResponseReturnValue:
    data = body()
    options = options_from(get_object(data, "options", {}))
    hand = parse_hand(data.get("hand", "alpha"))
    sequences = [_sequence(s, i) for i, s in enumerate(get_list(data, "sequences", []))]
    first_out = get_int(data, "first_out")
    if first_out is not None:
        seat_key(first_out, SEATS, "first_out")
    need(data, "sequences")
    violations = check_hand(sequences, descending=descending(hand, options))
    events = hand_events(sequences, first_out)
    return jsonify(
        violations=[
            {
                "play": v.play,
                "seat": v.seat,
                "card": str(v.card),
                "rule": v.rule,
                "message": v.message,
            }
            for v in violations
        ],
        in_play_points=_per_seat(points_by_seat(events)),
        events=[
            {"play": e.play, "seat": e.seat, "kind": e.kind, "points": e.points} for e in events
        ],
    )


@bp.post("/referee/follow-the-author/score-round")
def score() -> ResponseReturnValue:
    data = body()
    no_cards: list[DecktetCard] = []
    stores = _per_seat_field(get_object(data, "stores", {}), "stores", _cards, no_cards)
    scoring = _per_seat_field(get_object(data, "scoring_suits"), "scoring_suits", _suit, None)
    danger = _per_seat_field(get_object(data, "danger_suits"), "danger_suits", _suit, None)
    seat_key(get_int(data, "alpha_dealer", 0), SEATS, "alpha_dealer")
    result = score_round(
        stores, _required(scoring, "scoring_suits"), _required(danger, "danger_suits")
    )
    return jsonify(
        points=_per_seat(dict(enumerate(result.points))),
        breakdown={str(s): {c: result.breakdown(s)[c] for c in CATEGORIES} for s in range(SEATS)},
    )


def _sequence(raw: Entered, i: int) -> PlayedSequence:
    field = f"sequences[{i}]"
    if not isinstance(raw, dict):
        raise Unreadable(f"field '{field}' must be an object, not {raw!r:.80}", field)
    plays = [_play(p, f"{field}.plays[{j}]") for j, p in enumerate(get_list(raw, "plays", []))]
    ended = raw.get("ended_by_ace", False)
    if not isinstance(ended, bool):
        raise Unreadable(f"field '{field}.ended_by_ace' must be true or false, not {ended!r:.40}")
    return PlayedSequence(tuple(plays), ended)


def _play(raw: Entered, field: str) -> Play:
    if not isinstance(raw, dict):
        raise Unreadable(f"field '{field}' must be an object, not {raw!r:.80}", field)
    seat = raw.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise Unreadable(f"field '{field}.seat' must be a seat number, not {seat!r:.40}", field)
    return Play(seat_key(seat, SEATS, f"{field}.seat"), _card(raw.get("card"), f"{field}.card"))


def _card(raw: Entered, field: str) -> DecktetCard:
    try:
        return parse_card(raw)
    except Unreadable as err:
        raise Unreadable(f"field '{field}': {err.message}", field) from None


def _cards(raw: Entered, field: str) -> list[DecktetCard]:
    if not isinstance(raw, list):
        raise Unreadable(f"field '{field}' must be a list of cards, not {raw!r:.80}", field)
    return [_card(c, f"{field}[{i}]") for i, c in enumerate(raw)]


def _suit(raw: Entered, field: str) -> str:
    try:
        return parse_suit(raw)
    except Unreadable as err:
        raise Unreadable(f"field '{field}': {err.message}", field) from None


T = TypeVar("T")
M = TypeVar("M")


def _per_seat_field(
    raw: dict[str, Entered], field: str, read: Callable[[Entered, str], T], missing: M
) -> list[T | M]:
    """An object keyed by seat ("0", "1") -> a list by seat; absent seats get ``missing``."""
    values: list[T | M] = [missing] * SEATS
    for key, value in raw.items():
        seat = seat_key(key, SEATS, field)
        values[seat] = read(value, f"{field}.{seat}")
    return values


def _required(values: list[T | None], field: str) -> list[T]:
    for seat, value in enumerate(values):
        if value is None:
            raise Unreadable(f"field '{field}' has no suit for seat {seat}", field)
    return [v for v in values if v is not None]  # every seat has one, checked above


def _per_seat(points: dict[int, int]) -> dict[str, int]:
    return {str(seat): points.get(seat, 0) for seat in range(SEATS)}
