"""The custom scoresheet's round form on ``play.Forms``, as every game's forms: the pure reader
(``companion.games.custom.table.forms``) names each changed cell's round, seat and version; the
service stores them together or refuses them with nothing stored; refused, the same form comes
back with the phone's input kept and, where a cell changed elsewhere, the value now beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Blueprint, request
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError, Conflict
from companion.games.custom.table.forms import FORMS as READERS
from companion.games.custom.table.forms import Seen
from companion.games.forms import Fields
from companion.games.protocol import Action, Data, Entered
from companion.tables import service
from companion.web.kinds import WebGame, plain
from companion.web.play import Forms
from companion.web.table import fragment
from companion.web.tableview import TableView

bp = Blueprint("custom", __name__)
PAGES = WebGame(**plain("custom"))


def _seen(v: TableView) -> Seen:
    may = frozenset(seat for seat in range(len(v.seats)) if v.may_change(seat))
    return Seen(tuple(v.names), may, v.snapshot.version("seats"))


def _again(
    v: TableView, values: dict[str, Entered], err: CompanionError, endpoint: str, url: Data
) -> dict[str, object]:
    """The same round's form again: the correction box for a correction or an earlier round,
    else the entry box; each box's value now beside a box that changed elsewhere."""
    number = int(url["number"])
    edit = bool(request.form.get("edit")) or number != v.current_round
    errors = err.errors if isinstance(err, Fields) else {"form": err.message}
    return {
        "errors": errors,
        "round_number": number,
        "seat": None,
        "cell_editor": edit,  # table.html's switch to the correction box (the page)
        "template": "_edit.html" if edit else "_entry.html",
        "status": 409 if isinstance(err, Conflict) else 422,
    }


def _answered(
    after: TableView, actions: Sequence[Action], done: service.Done
) -> ResponseReturnValue | None:
    """A correction answers with a notice (the sheet's live update shows the totals)."""
    if not request.form.get("edit"):
        return None
    number = actions[0].target["round"]
    return fragment("_notice.html", message=f"Round {number} changed; totals updated.")


FORMS = Forms(
    PAGES,
    READERS,
    saved=lambda after, action, done: str(action.target["round"]),
    again=_again,
    seen=_seen,
    answered=_answered,
)
FORMS.routes(bp)
