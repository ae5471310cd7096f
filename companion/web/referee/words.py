"""Referee API for words (REFEREE_API.md, "Words"): the lexicons and the word judge."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.errors import Unreadable
from companion.games.protocol import Entered
from companion.web.referee._common import body, get_list, get_str
from companion.words.judge import check_text, judge
from companion.words.registry import get_lexicon, lexicons

bp = Blueprint("referee_words", __name__, url_prefix="/api/v1")


@bp.get("/lexicons")
def lexicon_list() -> ResponseReturnValue:
    return jsonify([summary.to_json() for summary in lexicons()])


@bp.post("/words/judge")
def judge_words() -> ResponseReturnValue:
    data = body()
    lexicon = get_lexicon(get_str(data, "lexicon") or _missing("lexicon"))
    words = [_word(w, i) for i, w in enumerate(get_list(data, "words"))]
    verdict = judge(lexicon, words, min_zipf=_min_zipf(data))
    return jsonify({"valid": verdict.valid})


def _word(value: object, i: int) -> str:
    """A word of letters A to Z, checked before any verdict (an accent or a digit is a typing
    slip to fix, not a NOT VALID)."""
    if not isinstance(value, str) or not value.strip():
        raise Unreadable(f"field 'words': item {i} must be a word, not {value!r:.40}", "words")
    try:
        return check_text(value.strip())
    except Unreadable as err:
        raise Unreadable(f"field 'words': item {i}: {err.message}", "words") from None


def _min_zipf(data: dict[str, Entered]) -> float | None:
    value = data.get("min_zipf")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 8:
        raise Unreadable(f"field 'min_zipf' must be a number 0 to 8, not {value!r:.40}", "min_zipf")
    return float(value)


def _missing(name: str) -> str:
    raise Unreadable(f"field '{name}' is required", name)
