"""AlphaGrams: "what could we have made?" (after the game, or during it by house option),
and the template helpers for the end of the game and the options form."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request

from companion.cards.alpha import AlphaCard
from companion.errors import Unreadable
from companion.games.alphagrams.table import ranking_lines
from companion.web.games.alphagrams import _view, ag_view
from companion.web.tableview import TableView
from companion.words.helper import anagrams
from companion.words.registry import get_lexicon, lexicons

bp = Blueprint("alphagrams_helper", __name__)


@bp.get("/t/<token>/ag/helper")
def helper(token: str) -> Any:
    """What could we have made? After the game, or during it with the house option."""
    v = _view(token)
    ag = ag_view(v)
    if not ag.helper_open:
        abort(403, "The helper opens when the game is over (the table can allow it earlier).")
    raw = request.args.get("cards", "")[:60]
    if not raw and ag.state is not None:
        raw = " ".join(str(c) for c in ag.state.pool)
    hits, error = [], ""
    try:
        letters, choices, wilds = helper_rack(raw)
        if letters or choices or wilds:
            lexicon = get_lexicon(v.options.lexicon)
            hits = anagrams(lexicon, letters, wilds, choices, min_zipf=v.options.min_zipf, limit=40)
    except Unreadable as err:
        error = err.message
    return render_template("alphagrams/helper.html", v=v, cards=raw, hits=hits, error=error)


def helper_rack(raw: str) -> tuple[str, list[str], int]:
    """Cards typed for the helper: ``A/E``, ``?``, or runs of letters (``TEAMS``)."""
    letters, choices, wilds = [], [], 0
    for token in raw.replace(",", " ").split()[:20]:
        if token == "?":
            wilds += 1
        elif "/" in token:
            choices.append(AlphaCard.parse(token).letters)
        elif token.isascii() and token.isalpha():
            letters.append(token.upper())
        else:
            raise Unreadable(f"'{token[:12]}' is not a card: type letters, A/E or ?.", "cards")
    if wilds > 4:
        raise Unreadable("At most 4 wilds.", "cards")
    return "".join(letters), choices, wilds


def ranking(v: TableView) -> list[str]:
    return ranking_lines(ag_view(v).r, v.names)


bp.add_app_template_global(ranking, "ag_ranking")
bp.add_app_template_global(lexicons, "ag_lexicons")
