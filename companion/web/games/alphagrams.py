"""AlphaGrams at the table: Flask glue only. The game is ``companion.games.alphagrams``:
``table.actions`` (the protocol), ``table.panels`` (what the pages show), ``table.forms`` (a form
read into an ``Action``), ``compose`` (a word's letters and cards), ``helper`` (what could we
have made?).

Here: the ``WebGame``, the routes (read the form, ``service.act``, publish, the entry box
again with the input kept on a refusal), and the helper page. The word judge's steps are table
actions (``companion.games.challenges``); its verdict appends ``ag-challenge``."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError, Unreadable
from companion.games import challenges
from companion.games.alphagrams.helper import MAX_CARDS, steal_searches, steals, typed_rack
from companion.games.alphagrams.moves import spoken
from companion.games.alphagrams.table import forms
from companion.games.alphagrams.table.panels import Board
from companion.games.alphagrams.table.state import SLOT
from companion.games.alphagrams.table.words import describe as ag_describe
from companion.games.alphagrams.table.words import ranking_lines
from companion.games.protocol import Entered, Event
from companion.web import judge as judge_flow
from companion.web.games import deck as deck_page
from companion.web.kinds import WebGame, plain
from companion.web.play import Forms
from companion.web.tableview import TableView
from companion.words.helper import anagrams
from companion.words.registry import get_lexicon, lexicons

KEY = "alphagrams"
ENTRY = "alphagrams/_entry.html"

bp = Blueprint("alphagrams", __name__)


def ag_view(v: TableView) -> Board:
    """One ``Board`` per table view (templates call ``ag(v)``)."""
    cached = v.__dict__.get("_ag")
    if cached is None:
        open_one = judge_flow.judging(v)
        cached = v.__dict__["_ag"] = Board(
            v.state,
            v.who,
            tuple(v.names),
            v.is_current,
            v.snapshot.version(SLOT),
            open_one,
            lambda: deck_page.table_deck(v),
        )
    return cached


def entry_key(v: TableView) -> str:
    """Changes when the entry box must be drawn again (a move, a verdict shown or cleared)."""
    last = v.rows[-1].id if v.rows else 0
    showing = int(judge_flow.shown(v) is not None)
    return f"{last}:{showing}:{v.my_seat.position if v.my_seat else '-'}"


def describe(event: Event, names: list[str]) -> str | None:
    """History lines: the judge's, the deck's and the game's own (``table.describe``)."""
    return (
        challenges.describe(event, names) or deck_page.describe(event) or ag_describe(event, names)
    )


bp.add_app_template_global(ag_view, "ag")
bp.add_app_template_global(spoken, "ag_spoken")
bp.add_app_template_global(lambda v: ranking_lines(v.state, v.names), "ag_ranking")
bp.add_app_template_global(lexicons, "ag_lexicons")
PAGES = WebGame(
    **plain(KEY),
    options_template="alphagrams/_options.html",
    entry_template=ENTRY,
    rules_template="alphagrams/_rules.html",
    entry_key=entry_key,
    assets=("words.css", "words.js", "alphagrams.js"),
    describe=describe,
    cell_link=lambda v, r, s: None,  # scores come from the words, not typed numbers
    dealt=False,  # one long game of turns: no rounds, no dealer
)


def _again(
    v: TableView, values: dict[str, Entered], err: CompanionError, *_: object
) -> dict[str, object]:
    """The entry box again, drawn for the table now, with this phone's input kept (the
    word's rows first, when it is composed: ``Compose``, nothing refused)."""
    ctx: dict[str, object] = {"errors": {}, "rows": forms.rows_again(ag_view(v), values)}
    if isinstance(err, forms.Compose):
        return {**ctx, "status": 200}
    message, current = err.message, getattr(err, "current", None)
    if isinstance(current, dict) and current.get("turn"):
        message += f" Now: {forms.now_line(current, v.names)}"
    if err.field == "overrule":
        values["_overrule"] = True
    return {**ctx, "errors": {"ag": message}}


FORMS = Forms(
    PAGES,
    forms.FORMS,
    saved=lambda after, action, done: forms.saved_line(after.snapshot.events[-1], after.names),
    again=_again,
    seen=ag_view,
)
FORMS.routes(bp)


@bp.get("/t/<token>/ag/helper")
def helper(token: str) -> ResponseReturnValue:
    """What could we have made? After the game, or during it with the house option."""
    v = FORMS.view(token)
    b = ag_view(v)
    if not b.helper_open:
        abort(403, "The helper opens when the game is over (the table can allow it earlier).")
    raw = request.args.get("cards", "")[:1000]  # longer is refused in words (typed_rack)
    if not raw and b.state is not None:
        raw = " ".join(str(c) for c in list(b.state.pool)[:MAX_CARDS])
    hits, error = [], ""
    try:
        letters, choices, wilds = typed_rack(raw)
        if letters or choices or wilds:
            lexicon = get_lexicon(v.options.lexicon)
            hits = anagrams(lexicon, letters, wilds, choices, min_zipf=v.options.min_zipf, limit=40)
    except Unreadable as err:
        error = err.message
    taken, too_many = [], None
    if b.state is not None and b.state.words:
        lexicon = get_lexicon(v.options.lexicon)
        too_many = steal_searches(b.state.words, b.state.pool)
        if too_many is None:
            taken = steals(
                lexicon, b.state.words, b.state.pool, v.state.deck, min_zipf=v.options.min_zipf
            )
    return render_template(
        "alphagrams/helper.html",
        v=v,
        cards=raw,
        hits=hits,
        error=error,
        steals=taken,
        too_many=too_many,
    )
