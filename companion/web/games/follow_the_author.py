"""Follow the Author's pages, Flask glue only. The game is ``companion.games.follow_the_author``:
``table.actions`` (the protocol), ``table.forms`` (its forms read into actions, answered by
``companion.web.play``), ``table.panels`` (what its panels show), ``table.words`` (in words).

Here: the ``WebGame``, how a refusal is drawn (409 with the value now beside the input, 422;
"not this phone's to do" is the refusal notice, 403), the round in detail and the fingerprint
check.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError, Conflict, NotAllowed
from companion.games import follow_the_author as fta
from companion.games.follow_the_author.table import forms, words
from companion.games.follow_the_author.table.panels import Panels
from companion.games.forms import Kept
from companion.games.protocol import Action
from companion.tables import service
from companion.tables.registry import game_type
from companion.web.kinds import WebGame, plain
from companion.web.play import Forms
from companion.web.table import view_for
from companion.web.tableview import TableView

KEY = "follow-the-author"
ENTRY = "follow_the_author/_entry.html"
TABLE = game_type(KEY).table

bp = Blueprint("follow_the_author", __name__)


@bp.app_template_global("fta")
def panels(v: TableView) -> Panels:
    """One ``Panels`` per table view (templates call ``fta(v)``)."""
    if "_fta" not in v.__dict__:
        versions = v.snapshot.versions
        v.__dict__["_fta"] = Panels(v.state, versions, tuple(v.names), v.who, v.is_current)
    return v.__dict__["_fta"]  # type: ignore[no-any-return]


PAGES = WebGame(
    **plain(KEY),
    options_template="follow_the_author/_options.html",
    entry_template=ENTRY,
    rules_template="follow_the_author/_rules.html",
    entry_key=lambda v: panels(v).key(),
    assets=("follow_the_author.css", "follow_the_author.js", "follow_the_author_seal.js"),
    describe=TABLE.describe,
    cell_link=lambda v, round_, seat: None,  # rounds are changed through their own forms
)


def _saved(after: TableView, action: Action, done: service.Done) -> str:
    kinds = {e.kind for e in done.stored}
    seat = after.my_seat.position if after.my_seat is not None else None
    return words.saved(action, after.state, kinds, after.names, seat)


def _again(v: TableView, values: Kept, err: CompanionError, *_: object) -> dict[str, object] | None:
    if isinstance(err, NotAllowed):
        return None  # not this phone's to do: the refusal notice
    errors = {"fta": err.message}
    if isinstance(err, service.StaleTarget):
        errors["now"] = words.now_words(err.current, v.names)
    return {"errors": errors, "status": 409 if isinstance(err, Conflict) else 422}


def _same(v: TableView, action: Action) -> str | None:
    return words.same_cards(action, v.state, v.names)


FORMS = Forms(PAGES, forms.FORMS, _saved, _again, same=_same)
FORMS.routes(bp)
view = FORMS.view


# a round at a glance, and checking a fingerprint


@bp.get("/t/<token>/fta/round/<int:number>")
def round_page(token: str, number: int) -> ResponseReturnValue:
    """A round in detail; ``of``: the game it belongs to (a link names it, so a finished
    game's rounds stay readable after "Play again"), else the current game."""
    of = request.args.get("of")
    if of is not None and not (of.isascii() and of.isdigit() and len(of) < 6):
        abort(404, "This table has no game with that number.")
    v = view_for(token, int(of)) if of is not None else view(token)
    if v.game.kind != KEY:
        abort(404, "That game is not Follow the Author.")
    f = panels(v)
    r = f.round_number(number)
    if r is None:
        abort(404, "That round has not been played yet.")
    return render_template("follow_the_author/round.html", v=v, f=f, r=r)


@bp.get("/t/<token>/fta/verify")
def verify(token: str) -> ResponseReturnValue:
    v = view(token)
    args = {k: request.args.get(k, "")[:100] for k in ("choice", "nonce", "fingerprint", "label")}
    result = None
    if all(args.values()):
        result = fta.verify_seal(args["choice"], args["nonce"], args["fingerprint"], args["label"])
    return render_template("follow_the_author/verify.html", v=v, args=args, result=result)
