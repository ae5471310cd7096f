"""Consonants at the table: the game type and its pages (cards taken, words, challenges,
Flying by Night, tricks).

Engine: ``companion.games.consonants``; at a table: ``companion.games.consonants.table``
(``actions``: every action names its hand, and its seat or trick). Its forms are read into
actions by the pure ``table.forms`` and answered by ``companion.web.play`` (on 409/422 the
same form again, the input kept and the value now beside it); what the pages show and say is
worked out by the pure ``table.panels`` and ``table.words``. The word judge
(``companion.games.challenges``, drawn by ``companion.web.judge``) takes a challenge's steps as
table actions; its verdict appends ``cons-challenge`` (``table.actions.consequence``).
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError, Conflict
from companion.games import challenges
from companion.games.consonants.table import forms, options, summary, words
from companion.games.consonants.table.panels import WAYS, Display
from companion.games.forms import Kept
from companion.games.protocol import Event
from companion.games.seats import seat_name
from companion.games.trickgame.words import named
from companion.tables.registry import game_type
from companion.web import judge as judge_flow
from companion.web.games import shared
from companion.web.games.deck import carry as carry_deck
from companion.web.games.deck import describe as deck_describe
from companion.web.kinds import WebGame, plain
from companion.web.play import Forms
from companion.web.table import fragment, htmx
from companion.web.tableview import TableView
from companion.words.registry import lexicons

KEY = "consonants"
ENTRY = "consonants/_entry.html"
TABLE = game_type(KEY).table
bp = Blueprint("consonants", __name__)


@bp.app_template_global("cons_view")
def cons_view(v: TableView) -> Display:
    """The entry box's pure view of ``v`` (``table.panels.Display``), made once per view."""
    if "_cons" not in v.__dict__:
        way, asked = shared.chosen_way(v, "cons"), request.args.get("cons-seat")
        v.__dict__["_cons"] = Display(
            v.state, v.names, v.who, v.snapshot.versions, v.is_current, way, asked
        )
    return v.__dict__["_cons"]  # type: ignore[no-any-return]


@bp.app_template_global("cons_form")
def cons_form() -> dict[str, object]:
    return {**options.form(), "lexicons": lexicons()}


def entry_key(v: TableView) -> str:
    """Changes with any stored change, and when a verdict appears or clears."""
    showing = int(judge_flow.shown(v) is not None)
    return f"{v.snapshot.table_version}:{showing}:{v.my_seat.position if v.my_seat else '-'}"


def describe(event: Event, names: list[str]) -> str | None:
    """History lines: the judge's, the deck's and the game's own (``table.words``)."""
    return challenges.describe(event, names) or deck_describe(event) or TABLE.describe(event, names)


PAGES = WebGame(
    **plain(KEY),
    options_template="consonants/_options.html",
    entry_template=ENTRY,
    rules_template="consonants/_rules.html",
    entry_key=entry_key,
    assets=(
        "trickpanel.css",
        "words.css",
        "words.js",
        "consonants.css",
        "consonants.js",
        "handsummary.js",
    ),
    describe=describe,
    cell_link=lambda v, r, s: None,
    status_template="consonants/_status.html",
    row_marks=lambda v: summary.row_marks(v.state),
    row_legend=lambda v: summary.LEGEND,
)


def _again(v: TableView, values: Kept, err: CompanionError, *_: object) -> dict[str, object]:
    """The same form again, the value now beside it."""
    return {"errors": {"form": named(err.message, v.names)}, "conflict": isinstance(err, Conflict)}


FORMS = Forms(
    PAGES,
    forms.FORMS,
    saved=lambda after, action, done: words.saved(action, after.state, after.names),
    again=_again,
    prepare=carry_deck,
)
FORMS.routes(bp)


@bp.get("/t/<token>/cons/way/<way>")
def choose_way(token: str, way: str) -> ResponseReturnValue:
    return shared.choose_way(token, way, WAYS, "cons", ENTRY)


@bp.get("/t/<token>/cons/<int:number>/seat/<int:seat>")
def pick_seat(token: str, number: int, seat: int) -> ResponseReturnValue:
    """The cards-taken form for another seat this phone may enter (the host, a free seat)."""
    v = FORMS.seated(token)
    if not cons_view(v).may_act_for(seat):
        abort(403, f"This phone cannot enter the cards of {seat_name(seat, v.names)}.")
    if htmx():
        return fragment(ENTRY, v=v, values={"seat": str(seat)}, errors={})
    return render_template("table.html", v=v, values={"seat": str(seat)}, errors={})
