"""Hearts at the table: the game type and its pages (cards taken, claims, moon, tricks).

Engine and table protocol: ``companion.games.hearts`` (``table``: every action names its hand,
and its seat or trick). A page reads the form into one ``Action`` (the hand from the URL, the
trick and the version from the form), calls ``service.act``, publishes and renders the entry
box again; on 409/422 it renders the same hand's form with the input kept and the value now
beside it (``hearts/_again.html``). What the pages show is worked out by the pure
``table_display``, ``table_words`` and ``table_form``; this module only reads the request.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, g, render_template, request, url_for

from companion.errors import CompanionError, Unreadable
from companion.games.hearts import numbers, table_form, table_state, table_summary
from companion.games.hearts.table import ACTION_KINDS, GAME
from companion.games.hearts.table_display import WAYS, Display
from companion.games.hearts.table_words import named
from companion.games.protocol import Action
from companion.tables import service
from companion.tables.registry import GameType, register
from companion.web.games import shared
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView

bp = Blueprint("hearts", __name__)

EVENT_KINDS = frozenset(ACTION_KINDS.values())
WAY_OF = {"taken": "all", "claim": "mine", "trick": "tricks", "points": "numbers"}

bp.add_app_template_global(table_form.form, "hearts_form")


@bp.app_template_global("hearts_view")
def hearts_view(v: TableView) -> Display:
    """The entry box's pure view of ``v`` (``table_display``), made once per request."""
    cache = g.setdefault("hearts_views", {})
    if id(v) not in cache:  # keeps ``v`` too, so its id is not reused in this request
        chosen = shared.chosen_way(v, "hearts")
        shown = Display(v.state, v.names, v.who, v.snapshot.versions, v.is_current, chosen)
        cache[id(v)] = (v, shown)
    return cache[id(v)][1]  # type: ignore[no-any-return]


def entry_key(v: TableView) -> str:
    """Re-render the entry box on any change to the game (pending taps are kept by JS)."""
    return f"{v.snapshot.last_id}:{hearts_view(v).way}"


HEARTS = GameType(
    key="hearts",
    name="Hearts",
    min_players=3,
    max_players=6,
    dealer=table_state.dealer,
    descriptions=table_form.DESCRIPTIONS,
    summary="3 to 6 players. Tap the cards each player took, or enter every trick; "
    "the app passes, scores moons and checks the rules.",
    options_template="hearts/_options.html",
    entry_template="hearts/_entry.html",
    rules_template="hearts/_rules.html",
    entry_key=entry_key,
    replayed=EVENT_KINDS | {"undo"},
    undoable=EVENT_KINDS,
    assets=("trickpanel.css", "hearts.css", "hearts.js", "handsummary.js"),
    describe=GAME.describe,
    cell_link=lambda v, hand, seat: url_for(
        "hearts.edit", token=v.table.token, number=hand, game=v.game.number
    ),  # fmt: skip
    status_template="hearts/_status.html",
    row_marks=lambda v: table_summary.row_marks(v.state),
    row_legend=lambda v: table_summary.legend(v.options),
    table=GAME,
)
register(HEARTS)


def _view(token: str) -> TableView:
    return shared.seated_view(token, HEARTS.key, "Hearts")


def _act(token: str, kind: str, number: int, read: Any, saved: str) -> Any:
    """Read the form into one action for hand ``number``, act, answer (or the form again)."""
    v = _view(token)
    target: dict[str, Any] = {"hand": number}
    try:
        version = shared.form_version()
        data = read(v, target)  # may add the seat or the trick to the target
        service.act(v.table, v.game, [Action(kind, target, version, data)], v.who)
    except CompanionError as err:
        return _again(token, kind, number, err)
    publish(v.table)
    hand = view_for(token).state.hand(number)
    if kind in ("taken", "points", "claim", "trick") and hand is not None and hand.choice_required:
        kind = hand.shooter.kind if hand.shooter is not None else "moon"
        saved = f"Hand {number} saved: the totals wait for the {kind}'s choice."
    if request.form.get("edit"):  # back to the open hand's entry, where the change was made
        saved = f"Hand {number} changed; totals updated."
    return shared.entry_box(token, HEARTS.entry_template, saved=saved)


def _again(token: str, kind: str, number: int, err: CompanionError) -> Any:
    """The same hand's form again, with the phone's input kept and the value now beside it
    (the open hand's entry box, or this hand's own form when it is not the open one)."""
    v = view_for(token)
    if kind not in WAY_OF or v.state.hand(number) is None:
        raise err  # no form of this hand to show again: a refusal notice in words
    errors = {"form": named(err.message, v.names)}
    return _hand_form(v, number, kind, shared.kept_input(), errors, shared.again_status(err))


def _hand_form(v: TableView, number: int, kind: str, values: dict[str, str],
               errors: dict[str, str], status: int) -> Any:  # fmt: skip
    """Hand ``number``'s form of ``kind`` drawn again: its own form when it is being changed
    or is not the open hand, else the open hand's entry box on that way."""
    edit = bool(request.form.get("edit"))
    ctx: dict[str, Any] = dict(v=v, values=values, errors=errors, number=number, kind=kind,
                               edit=edit)  # fmt: skip
    own_form = edit or number != v.state.open_number
    template = "hearts/_again.html" if own_form else HEARTS.entry_template
    if not own_form:
        ctx["force_way"] = WAY_OF[kind]
    if htmx():
        return fragment(template, status, **ctx)
    return render_template("hearts/again.html" if own_form else "table.html", **ctx), status


@bp.get("/t/<token>/hearts/way/<way>")
def choose_way(token: str, way: str) -> Any:
    return shared.choose_way(token, way, WAYS, "hearts", HEARTS.entry_template)


@bp.get("/t/<token>/hearts/<int:number>/edit")
def edit(token: str, number: int) -> Any:
    v = _view(token)
    if v.state.hand(number) is None:
        abort(404, f"Hand {number} has not been played yet.")
    ctx: dict[str, Any] = dict(v=v, values={}, errors={}, number=number)
    if htmx():
        return fragment("hearts/_edit.html", **ctx)
    return render_template("hearts/edit.html", **ctx)


def _taken_data(v: TableView, target: dict[str, Any]) -> dict[str, Any]:
    form = request.form
    taken = {str(s): form.get(f"taken-{s}", "") for s in range(len(v.seats))}
    return {"taken": taken, "rest": form.get("rest") or None, "sun": form.get("sun") or None}


@bp.post("/t/<token>/hearts/<int:number>/taken")
def taken(token: str, number: int) -> Any:
    return _act(token, "taken", number, _taken_data, f"Hand {number} saved; totals updated.")


def _points_data(v: TableView, target: dict[str, Any]) -> dict[str, Any]:
    form = request.form
    return {"points": {str(s): form.get(f"points-{s}", "") for s in range(len(v.seats))},
            "moon": form.get("moon") or None, "sun": form.get("sun") or None,
            "bonus": form.get("bonus") or None}  # fmt: skip


@bp.post("/t/<token>/hearts/<int:number>/points")
def points(token: str, number: int) -> Any:
    asked = _moon_first(token, number)
    if asked is not None:
        return asked
    return _act(token, "points", number, _points_data, f"Hand {number} saved; totals updated.")


def _moon_first(token: str, number: int) -> Any:
    """Numbers that only a moon gives (one player with all 26) ask first, as the moon button
    does: the form again, the numbers kept, with "Record it" sending that moon."""
    form = request.form
    if form.get("moon") or form.get("sun"):
        return None
    v = _view(token)
    try:
        typed = numbers.read_points(_points_data(v, {})["points"], v.names)
    except CompanionError:
        return None  # the action says why
    moon = numbers.implied_moon(v.options.rules, typed)
    if moon is None:
        return None
    values = {**shared.kept_input(), "ask-moon": str(moon[0])}
    if moon[1] is not None:
        values["bonus"] = str(moon[1])
    return _hand_form(v, number, "points", values, {}, 422)


def _claim_data(v: TableView, target: dict[str, Any]) -> dict[str, Any]:
    if v.my_seat is None:
        abort(403, "Only a seated phone can claim its own cards: use 'Score for all'.")
    target["seat"] = v.my_seat.position
    form = request.form
    data = {"cards": form.get("cards", ""), "rest": bool(form.get("rest")),
            "sun": bool(form.get("sun"))}  # fmt: skip
    if data["rest"] and form.get("rest-seen") is not None:
        data["rest_seen"] = form.get("rest-seen", "")[:200]  # the rest this phone was shown
    return data


@bp.post("/t/<token>/hearts/<int:number>/claim")
def claim(token: str, number: int) -> Any:
    return _act(token, "claim", number, _claim_data, "Your cards are in.")


@bp.post("/t/<token>/hearts/<int:number>/moon")
def moon(token: str, number: int) -> Any:
    read = lambda v, target: {"choice": request.form.get("choice", "")}  # noqa: E731
    return _act(token, "moon", number, read, "The choice is in.")


def _trick_data(v: TableView, target: dict[str, Any]) -> dict[str, Any]:
    raw = str(request.form.get("trick", "")).strip()
    if not raw.isdigit():
        raise Unreadable("The form does not say which trick it is: reload the page.", "trick")
    target["trick"] = int(raw)
    return {"leader": request.form.get("leader", ""), "cards": request.form.get("cards", "")}


@bp.post("/t/<token>/hearts/<int:number>/trick")
def trick(token: str, number: int) -> Any:
    raw = str(request.form.get("trick", ""))
    saved = f"Trick {int(raw) + 1 if raw.isdigit() else '?'} of hand {number} is in."
    return _act(token, "trick", number, _trick_data, saved)


@bp.post("/t/<token>/hearts/<int:number>/revoke")
def revoke(token: str, number: int) -> Any:
    read = lambda v, target: {"seat": request.form.get("seat", "")}  # noqa: E731
    return _act(token, "revoke", number, read, "The revoke is recorded.")
