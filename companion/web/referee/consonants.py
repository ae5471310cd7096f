"""Consonants referee API (REFEREE_API.md): ``/referee/consonants/check`` and ``/score``.

Optional fields beyond the contract (allowed: fields may be added): ``dealer`` (seat; checks
the first lead when the player left of the dealer leads) and ``names`` (seat -> player name,
used in messages). ``/score`` also answers ``words`` (the words standing) and ``violations``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.cards.alpha import AlphaCard, PlayedAlpha
from companion.errors import Unreadable
from companion.games.consonants import (
    Challenge,
    check_hand,
    kitty_size,
    options_from,
    read_word,
    score_taken,
)
from companion.games.protocol import Entered
from companion.web.referee._common import (
    body,
    choice,
    dealer,
    get_int,
    get_list,
    get_object,
    get_str,
    kitty,
    names,
    need,
    seat_key,
    tricks,
)
from companion.words.registry import get_lexicon

bp = Blueprint("referee_consonants", __name__, url_prefix="/api/v1")


@bp.post("/referee/consonants/check")
def check() -> ResponseReturnValue:
    data = body()
    options = options_from(get_object(data, "options", {}))
    args = (
        tricks(data, options.players, _played),
        kitty(data, kitty_size(options), _physical),
        choice(data, "flying_choice"),
        dealer(data, options.players),
        names(data, options.players),
    )
    need(data, "tricks")
    report = check_hand(options, *args)
    return jsonify(report.as_dict())


@bp.post("/referee/consonants/score")
def score() -> ResponseReturnValue:
    data = body()
    options = options_from(get_object(data, "options", {}))
    players = options.players
    challenges = _challenges(data, players)
    judge = _judge(data, bool(challenges))
    args = (
        _taken(data, players),
        _words(data, players),
        challenges,
        judge,
        choice(data, "flying_choice"),
        names(data, players),
    )
    need(data, "taken")
    report = score_taken(options, *args)
    return jsonify(report.as_dict())


C = TypeVar("C")


def _cards(value: Entered, field: str, read: Callable[[str], C]) -> list[C]:
    if not isinstance(value, list):
        raise Unreadable(f"field '{field}' must be a list of cards, not {value!r:.80}", field)
    cards: list[C] = []
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise Unreadable(f"field '{field}[{i}]' must be a card such as T, not {text!r:.40}")
        try:
            cards.append(read(text))
        except Unreadable as exc:
            raise Unreadable(f"field '{field}[{i}]': {exc.message}", field) from None
    return cards


def _played(value: Entered, field: str) -> list[PlayedAlpha]:
    return _cards(value, field, PlayedAlpha.parse)


def _physical(value: Entered, field: str) -> list[AlphaCard]:
    return _cards(value, field, AlphaCard.parse)


def _taken(data: dict[str, Entered], players: int) -> dict[int, list[AlphaCard]]:
    """Cards taken per seat; the played form (``A/E=E``) is accepted and read as the card."""
    return {
        seat_key(key, players, "taken"): [
            p.card for p in _cards(value, f"taken.{key}", PlayedAlpha.parse)
        ]
        for key, value in get_object(data, "taken", {}).items()
    }


def _words(data: dict[str, Entered], players: int) -> dict[int, list[str]]:
    result = {}
    for key, value in get_object(data, "words", {}).items():
        seat = seat_key(key, players, "words")
        if not isinstance(value, list):
            raise Unreadable(f"field 'words.{key}' must be a list of words, not {value!r:.60}")
        result[seat] = [read_word(w, f"words.{key}") for w in value]
    return result


def _challenges(data: dict[str, Entered], players: int) -> list[Challenge]:
    found = []
    for i, item in enumerate(get_list(data, "challenges", [])):
        field = f"challenges[{i}]"
        if not isinstance(item, dict):
            raise Unreadable(f"field '{field}' must be an object with seat, word, challenger")
        seat, challenger = get_int(item, "seat"), get_int(item, "challenger")
        if seat is None or challenger is None:
            raise Unreadable(f"field '{field}' needs both 'seat' and 'challenger'", field)
        word = read_word(item.get("word"), f"{field}.word")
        found.append(
            Challenge(
                seat_key(seat, players, f"{field}.seat"),
                word,
                seat_key(challenger, players, f"{field}.challenger"),
            )
        )
    return found


def _judge(data: dict[str, Entered], needed: bool) -> Callable[[str], bool] | None:
    """The table's lexicon as ``is_word``; an unknown lexicon is a 400 even when unused."""
    name = get_str(data, "lexicon")
    if name is None and not needed:
        return None
    return cast(Callable[[str], bool], get_lexicon(name or "en").is_word)
