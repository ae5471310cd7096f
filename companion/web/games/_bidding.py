"""A bidding trick game's pages (Spades, Oh Hell), Flask glue only: the game type, its forms
(read by the pure ``trickgame.bidforms``, answered by ``companion.web.play``) and how a
refusal is drawn again. Everything a page shows comes from ``bidforms.Panel``."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint

from companion.errors import CompanionError, NotAllowed
from companion.games.protocol import Action, Entered
from companion.games.trickgame import bidforms
from companion.games.trickgame.bidstate import BidOptions
from companion.games.trickgame.words import named
from companion.tables import service
from companion.tables.registry import game_type
from companion.web.kinds import WebGame, plain
from companion.web.play import Forms
from companion.web.tableview import TableView

ENTRY = "bidding/_entry.html"


def panel(v: TableView) -> bidforms.Panel[BidOptions]:
    """One panel per table view (templates call ``bidding(v)``)."""
    if "_bidding" not in v.__dict__:
        who = v.who
        v.__dict__["_bidding"] = bidforms.Panel(
            v.state, tuple(v.names), who.seat, who.host, who.phones, v.snapshot.versions
        )
    return v.__dict__["_bidding"]  # type: ignore[no-any-return]


def _saved(after: TableView, action: Action, done: service.Done) -> str:
    return bidforms.saved(action, after.state, after.names)


def _again(
    v: TableView, values: dict[str, Entered], err: CompanionError, *_: object
) -> dict[str, object] | None:
    if isinstance(err, NotAllowed):
        return None
    errors = {"bidding": named(err.message, v.names)}
    if isinstance(err, service.StaleTarget):
        errors["bidding"] = "Changed on another phone meanwhile: look at it now, then send again."
    return {"errors": errors}


def game(key: str, options: str, rules: str) -> tuple[WebGame, Blueprint]:
    """The pages and blueprint of one bidding game (``companion.games.registry`` has it)."""
    kind = WebGame(
        **plain(key),
        options_template=options,
        entry_template=ENTRY,
        rules_template=rules,
        entry_key=lambda v: f"{v.snapshot.last_id}",
        assets=("bidding.css", "bidding.js"),
        describe=game_type(key).table.describe,
        cell_link=lambda v, round_, seat: None,
        status_template="bidding/_status.html",
    )
    table = kind.table
    bp = Blueprint(table.key.replace("-", "_"), __name__)
    forms = {k: replace(f, rule=f"/{table.key}{f.rule}") for k, f in bidforms.FORMS.items()}
    Forms(kind, forms, _saved, _again).routes(bp)
    bp.add_app_template_global(panel, "bidding")
    return kind, bp
