"""Referee API for AlphaGrams (REFEREE_API.md, "AlphaGrams"): judge a play, score a game."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.cards.alpha import DEFAULT_DECK, Deck
from companion.errors import Unreadable
from companion.games.alphagrams.options import options_from
from companion.games.alphagrams.rules import check_word
from companion.games.alphagrams.scoring import score
from companion.games.protocol import Entered
from companion.web.referee._common import body, get_object, get_str, seat_key
from companion.words.registry import get_lexicon

bp = Blueprint("referee_alphagrams", __name__, url_prefix="/api/v1")
MAX_SEATS = 5


@bp.post("/referee/alphagrams/play")
def alphagrams_play() -> ResponseReturnValue:
    data = body()
    options = options_from(get_object(data, "options", {}))
    lexicon = get_lexicon(get_str(data, "lexicon") or "en")
    word = _word(get_str(data, "word"), "word", required=True) or ""
    steal = _word(get_str(data, "steal"), "steal", required=False)
    if options.min_zipf is not None and not lexicon.has_commonness:
        raise Unreadable(f"options: lexicon {lexicon.id!r} has no commonness data", "options")
    check = check_word(word, steal, lambda w: lexicon.is_word(w, options.min_zipf), options)
    if check.valid:
        return jsonify({"valid": True, "rule": None})
    return jsonify({"valid": False, "rule": check.rule, "message": check.message})


@bp.post("/referee/alphagrams/score")
def alphagrams_score() -> ResponseReturnValue:
    data = body()
    options_from(get_object(data, "options", {}))
    deck = (
        Deck.from_dict(get_object(data, "deck")) if data.get("deck") is not None else DEFAULT_DECK
    )
    words = {
        seat_key(key, MAX_SEATS, "words"): _laid_words(value, key)
        for key, value in get_object(data, "words").items()
    }
    points, ranking = score(words, deck)
    return jsonify({"points": {str(s): p for s, p in sorted(points.items())}, "ranking": ranking})


def _word(value: str | None, name: str, required: bool) -> str | None:
    if value is None:
        if required:
            raise Unreadable(f"field '{name}' is required", name)
        return None
    if not value.isascii() or not value.isalpha():
        raise Unreadable(f"field '{name}': {value!r:.40} is not a word of letters A-Z", name)
    return value


def _laid_words(value: Entered, key: str) -> list[str]:
    if not isinstance(value, list):
        raise Unreadable(f"field 'words': seat {key} must have a list of words", "words")
    for word in value:
        if not isinstance(word, str) or not word.isascii() or not word.isalpha():
            raise Unreadable(f"field 'words': seat {key}: {word!r:.40} is not a word", "words")
    return value
