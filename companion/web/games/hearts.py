"""Hearts at the table: the game type and its pages (cards taken, claims, moon, tricks).

Engine: ``companion.games.hearts``; at a table: ``companion.games.hearts.table`` (``actions``:
every action names its hand, and its seat or trick). Its forms are read into actions by the
pure ``table.forms`` and answered by ``companion.web.play``; on 409/422 the same hand's form
comes back with the input kept and the value now beside it (``hearts/_again.html``). What the
pages show is worked out by the pure ``table.panels``, ``table.words`` and ``table.setup``.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Blueprint, abort, g, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError
from companion.games.forms import Kept
from companion.games.hearts.table import forms, setup, summary
from companion.games.hearts.table.actions import GAME
from companion.games.hearts.table.panels import WAYS, Display
from companion.games.hearts.table.state import Hand
from companion.games.hearts.table.words import said
from companion.games.plan import StaleTarget
from companion.games.protocol import Action, Data
from companion.tables import service
from companion.web.games import shared
from companion.web.kinds import WebGame, plain
from companion.web.play import Forms
from companion.web.table import fragment, htmx
from companion.web.tableview import TableView

bp = Blueprint("hearts", __name__)

WAY_OF = {"taken": "all", "claim": "mine", "trick": "tricks", "points": "numbers", "rest": "tricks"}

bp.add_app_template_global(setup.form, "hearts_form")


@bp.app_template_global("hearts_view")
def hearts_view(v: TableView) -> Display:
    """The entry box's pure view of ``v`` (``table.panels.Display``), made once per request."""
    cache = g.setdefault("hearts_views", {})
    if id(v) not in cache:  # keeps ``v`` too, so its id is not reused in this request
        chosen = shared.chosen_way(v, "hearts")
        shown = Display(v.state, v.names, v.who, v.snapshot.versions, v.is_current, chosen)
        cache[id(v)] = (v, shown)
    return cache[id(v)][1]  # type: ignore[no-any-return]


def entry_key(v: TableView) -> str:
    """Re-render the entry box on any change to the game (pending taps are kept by JS)."""
    return f"{v.snapshot.table_version}:{hearts_view(v).way}"


PAGES = WebGame(
    **plain("hearts"),
    options_template="hearts/_options.html",
    entry_template="hearts/_entry.html",
    rules_template="hearts/_rules.html",
    entry_key=entry_key,
    assets=("trickpanel.css", "hearts.css", "hearts.js", "handsummary.js"),
    describe=GAME.describe,
    cell_link=lambda v, hand, seat: url_for(
        "hearts.edit", token=v.table.token, number=hand, game=v.game.number
    ),
    status_template="hearts/_status.html",
    row_marks=lambda v: summary.row_marks(v.state),
    row_legend=lambda v: summary.legend(v.options),
)


def _seen(v: TableView) -> forms.Seen:
    return forms.Seen(v.names, v.options.rules, v.my_seat.position if v.my_seat else None)


def _saved(after: TableView, action: Action, done: service.Done) -> str:
    hand = after.state.hand(action.target["hand"])
    return forms.saved(action, hand, bool(request.form.get("edit")), after.names)


def _again(
    v: TableView, values: Kept, err: CompanionError, kind: str, url: Data
) -> dict[str, object] | None:
    """Hand ``number``'s form of ``kind`` drawn again, the value now beside the input kept:
    its own form when it is being changed or is not the open hand, else the open hand's
    entry box on that way (None: no form of this hand to show again, the refusal notice)."""
    number, asked = url["number"], isinstance(err, forms.AskMoon)
    if not asked and (kind not in WAY_OF or v.state.hand(number) is None):
        return None
    edit = bool(request.form.get("edit"))
    errors = {} if asked else {"form": said(err.message, v.names)}
    ctx: dict[str, object] = dict(errors=errors, number=number, kind=kind, edit=edit)
    if asked:
        ctx["status"] = 422
    if kind == "rest":  # the open hand's next trick, fresh; the trick now in the words
        index = _kept_trick(values) or 0
        now = err.current if isinstance(err, StaleTarget) else None
        words = forms.rest_refused(err.message, now, index, number, v.names)
        errors = {"form": said(words, v.names)}
        # a claim is never a correction (``edit``, Hearts' own word: the table page's switch
        # to the custom sheet's cell editor is ``cell_editor``, so the two cannot meet)
        return {**ctx, "edit": False, "errors": errors, "values": {}, "force_way": "tricks"}
    if edit or number != v.state.open_number:
        return {**ctx, "template": "hearts/_again.html", "page": "hearts/again.html"}
    if kind == "trick" and _ahead(v.state.hand(number), values):
        # a trick past the next one (an earlier one was taken back meanwhile): the form for
        # the trick open now, fresh; the refused trick said as not saved beside it
        cards = str(values.get("cards", "")).strip()
        note = f" Your trick {int(values['trick']) + 1} was not saved" + (
            f": {cards}." if cards else "."
        )
        ctx.update(errors={"form": said(err.message + note, v.names)}, values={})
    return {**ctx, "force_way": WAY_OF[kind]}


def _kept_trick(values: Mapping[str, object]) -> int | None:
    """The trick (0-based) a kept trick or claim form named, if it named one."""
    raw = str(values.get("trick", ""))
    return int(raw) if raw.isdigit() else None


def _ahead(hand: Hand | None, values: Mapping[str, object]) -> bool:
    """Does a kept trick form name a trick past the next one of ``hand``?"""
    index = _kept_trick(values)
    return hand is not None and index is not None and index > len(hand.tricks)


def _same(v: TableView, action: Action) -> str | None:
    return forms.same_trick(action, v.state.hand(action.target.get("hand", 0)))


FORMS = Forms(PAGES, forms.FORMS, saved=_saved, again=_again, seen=_seen, same=_same)
FORMS.routes(bp)


@bp.get("/t/<token>/hearts/way/<way>")
def choose_way(token: str, way: str) -> ResponseReturnValue:
    return shared.choose_way(token, way, WAYS, "hearts", PAGES.entry_template)


@bp.get("/t/<token>/hearts/<int:number>/edit")
def edit(token: str, number: int) -> ResponseReturnValue:
    v = FORMS.seated(token)
    if v.state.hand(number) is None:
        abort(404, f"Hand {number} has not been played yet.")
    ctx: dict[str, object] = dict(v=v, values={}, errors={}, number=number)
    if htmx():
        return fragment("hearts/_edit.html", 200, **ctx)
    return render_template("hearts/edit.html", **ctx)
