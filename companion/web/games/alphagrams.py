"""AlphaGrams at the table: the pages read the form into an ``Action`` and go through the one
service path (``companion.tables.service``), like the Table API.

The game itself is ``companion.games.alphagrams.table`` (pure: targets, checks, events). Here:
the form's fields, the steps of composing a word (its letters' cards and sources, nothing
stored), and the verdict of a challenge through the word judge (``companion.web.judge``),
which appends ``ag-challenge`` in the versioned slot ``ag``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from companion.cards.alpha import PlayedAlpha
from companion.errors import CompanionError, Conflict, Forbidden, NotAllowed, Unreadable
from companion.games.alphagrams import tableopts
from companion.games.alphagrams.table import AlphaGramsTable
from companion.games.alphagrams.table import describe as ag_describe
from companion.games.alphagrams.tablestate import KINDS, SLOT, UNDOABLE
from companion.games.protocol import Action, Event
from companion.tables import service, snapshot, store
from companion.tables.registry import GameType, folded_sheet, register
from companion.web import judge as judge_flow
from companion.web.games import deck as deck_page
from companion.web.games.alphagrams_view import AgView, LetterRow
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView
from companion.words.registry import get_lexicon

KEY = "alphagrams"
ENTRY = "alphagrams/_entry.html"
TABLE = AlphaGramsTable(get_lexicon)

bp = Blueprint("alphagrams", __name__)


def ag_view(v: TableView) -> AgView:
    """One ``AgView`` per table view (templates call ``ag(v)``)."""
    cached = v.__dict__.get("_ag")
    if cached is None:
        cached = v.__dict__["_ag"] = AgView(v)
    return cached  # type: ignore[no-any-return]


bp.add_app_template_global(ag_view, "ag")


def describe(event: Event, names: list[str]) -> str | None:
    """History lines: the judge's, the deck's and the game's own (``table.describe``)."""
    return (
        judge_flow.describe(event, names) or deck_page.describe(event) or ag_describe(event, names)
    )


GAME = GameType(
    key=KEY,
    name="AlphaGrams",
    min_players=2,
    max_players=5,
    parse_options=TABLE.parse_options,
    load_options=tableopts.load_options,
    sheet=folded_sheet(TABLE),
    dealer=tableopts.dealer,
    descriptions={},
    summary="Anagrams with Alpha cards, 2 to 5 players: words as tiles, steals checked, a judge.",
    options_template="alphagrams/_options.html",
    entry_template=ENTRY,
    rules_template="alphagrams/_rules.html",
    entry_key=lambda v: ag_view(v).key(),
    replayed=KINDS | judge_flow.KINDS | {"alpha-deck", "undo"},
    undoable=UNDOABLE,
    assets=("words.css", "words.js", "alphagrams.js"),
    describe=describe,
    cell_link=lambda v, r, s: None,  # scores come from the words, not typed numbers
    table=TABLE,
)
register(GAME)


def _consequence(v: TableView, c: judge_flow.Challenge, valid: bool) -> str:
    """The verdict's effect on the game: the engine's challenge, as an ``ag-challenge`` in
    the slot ``ag`` (so every phone's open move form is stale after it)."""
    store.lock_game(v.game.id)
    snap = snapshot.load(v.game, len(v.seats))
    state = snap.state.game
    if state is None or state.last is None or state.last.seat != c.player:
        return "The play had moved on, so the game is unchanged."
    if valid and state.turn == c.challenger:  # the engine takes the turn in hand
        outcome = f"{v.names[c.challenger]} loses this turn."
    elif valid:
        outcome = f"{v.names[c.challenger]} misses their next turn."
    else:
        outcome = f"The word goes back; {v.names[c.player]} loses that turn."
    payload = {"n": c.n, "challenger": c.challenger, "player": c.player, "valid": valid,
               "outcome": outcome}  # fmt: skip
    actor, seat = v.actor
    store.append(v.game, "ag-challenge", actor, seat, payload, None, (SLOT, snap.version(SLOT) + 1))
    return outcome


judge_flow.on_verdict(KEY, _consequence)


# reading the form


def _view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind != KEY:
        abort(404, "This table does not play AlphaGrams.")
    if request.method == "POST" and not (v.is_host or v.my_seat is not None):
        abort(403, "Take a seat first: only players at the table make moves.")
    return v


def _number(name: str) -> int:
    raw = request.form.get(name, "").strip()[:10]
    if not (raw.isascii() and raw.isdigit()):
        raise Unreadable(f"The form has no '{name}': reload the page and try again.", name)
    return int(raw)


def _action(v: TableView, kind: str, data: dict[str, Any], seat: bool = True,
            word: int | None = None) -> Action:  # fmt: skip
    """The action with the target and version the form was drawn for (hidden fields)."""
    target: dict[str, Any] = {"turn": _number("turn")}
    if seat:
        target["seat"] = _number("seat")
        if not ag_view(v).may_act(target["seat"]):
            name = v.names[target["seat"]] if target["seat"] < len(v.names) else "that seat"
            raise NotAllowed(f"It is {name}'s turn: their phone (or the host) moves.")
    if word is not None:
        target["word"] = word
    return Action(kind, target, _number("version"), data)


def _card(name: str = "card") -> str:
    return request.form.get(name, "").strip()[:10]


def _act(token: str, values: dict[str, Any], read: Any) -> Any:
    """Read, act through the service, publish; the same form again on a refusal."""
    v = _view(token)
    try:
        action = read(v)
        done = service.act(v.table, v.game, [action], v.who)
    except _Compose:
        return _again(token, values, {}, 200)
    except CompanionError as err:
        return _refused(token, values, err)
    publish(v.table)
    if htmx():
        saved = _saved(v, done.snapshot.events[-1])
        return fragment(ENTRY, v=_view(token), values={}, errors={}, saved=saved)
    return redirect(url_for("table.page", token=token), 303)


def _saved(v: TableView, event: Event) -> str:
    line = ag_describe(event, v.names)
    if line is None:
        return "Challenge opened: both sides confirm on their phones."
    return line.split(": ", 1)[-1] + "."


def _refused(token: str, values: dict[str, Any], err: CompanionError) -> Any:
    status = 409 if isinstance(err, Conflict) else 403 if isinstance(err, NotAllowed) else 422
    message = err.message
    current = getattr(err, "current", None)
    if isinstance(current, dict) and current.get("turn"):
        message += f" Now: {_now(view_for(token), current)}"
    if err.field == "overrule":
        values["_overrule"] = True
    return _again(token, values, {"ag": message}, status)


def _now(v: TableView, current: dict[str, Any]) -> str:
    seat = int(current.get("seat", 0))
    name = v.names[seat] if 0 <= seat < len(v.names) else "a seat"
    if current.get("phase") == "over":
        return "the game is over."
    doing = "turn a card" if current.get("phase") == "flip" else "make a word or pass"
    return f"turn {current['turn']}, {name} to {doing}."


def _again(token: str, values: dict[str, Any], errors: dict[str, str], status: int) -> Any:
    """The entry box again, drawn for the table now, with this phone's input kept."""
    fresh = view_for(token)
    rows = _rows(fresh, values)
    ctx = dict(v=fresh, values=values, errors=errors, rows=rows)
    if htmx():
        return fragment(ENTRY, status, **ctx)
    return render_template("table.html", **ctx), status


def _rows(v: TableView, values: dict[str, Any]) -> list[LetterRow] | None:
    if not values.get("word") or not (values.get("_compose") or values.get("_rows")):
        return None
    ag = ag_view(v)
    try:
        return ag.compose(values["word"], _steal_index(ag, values.get("steal", "")))
    except Unreadable:
        return None


# the first card, turning cards, passing, the end


@bp.post("/t/<token>/ag/flip")
def flip(token: str) -> Any:
    def read(v: TableView) -> Action:
        if ag_view(v).state is None:
            return _action(v, "start", {"card": _card(), **_deck(v)}, seat=False)
        return _action(v, "flip", {"card": _card()})

    return _act(token, {}, read)


def _deck(v: TableView) -> dict[str, Any]:
    return {"deck": deck_page.table_deck(v).to_dict()}


@bp.post("/t/<token>/ag/pass")
def pass_turn(token: str) -> Any:
    return _act(token, {}, lambda v: _action(v, "pass", {}))


@bp.post("/t/<token>/ag/end")
def end(token: str) -> Any:
    agree = bool(request.form.get("agree"))
    return _act(token, {}, lambda v: _action(v, "end", {"agree": agree}, seat=False))


# words


def _steal_index(ag: AgView, raw: str) -> int | None:
    """The word taken (its number in the form) as its place on the table now."""
    raw = raw.strip()[:6]
    if not raw:
        return None
    if not raw.isdigit() or ag.r.word_index(int(raw)) is None:
        raise Unreadable(f"'{raw}' is not a word on the table.", "steal")
    return ag.r.word_index(int(raw))


def _played(rows: list[LetterRow]) -> tuple[list[str], list[str]]:
    """The cards as played and their sources, from the form (defaults: the suggestions)."""
    cards, sources = [], []
    for row in rows:
        if row.fixed is not None:
            cards.append(str(row.fixed))
            sources.append("word")
            continue
        raw = _card(f"card-{row.index}")
        card = next((c for c in row.choices if str(c) == raw.upper()), None) if raw else row.card
        if card is None:
            raise Unreadable(f"{raw} cannot be played as {row.letter}.", f"card-{row.index}")
        source = request.form.get(f"src-{row.index}", row.source)
        if source not in ("hand", "pool"):
            raise Unreadable("Say where each card came from: hand or pool.", f"src-{row.index}")
        cards.append(str(PlayedAlpha(card, row.letter)))
        sources.append(source)
    return cards, sources


@bp.post("/t/<token>/ag/word")
def word(token: str) -> Any:
    keys = ("word", "steal", "discard", "overrule")
    values: dict[str, Any] = {k: request.form.get(k, "")[:40] for k in keys}
    values.update((k, v[:10]) for k, v in request.form.items() if k[:5] in ("card-", "src-"))

    def read(v: TableView) -> Action:
        ag = ag_view(v)
        steal = _steal_index(ag, values["steal"])
        rows = ag.compose(values["word"], steal)
        values["_rows"] = True
        if request.form.get("step") == "compose":
            raise _Compose()
        cards, sources = _played(rows)
        data = {"cards": cards, "sources": sources, "discard": values["discard"].strip() or None,
                "overrule": bool(values["overrule"])}  # fmt: skip
        word_id = int(values["steal"]) if steal is not None else None
        return _action(v, "word", data, word=word_id)

    return _act(token, values, read)


class _Compose(Exception):
    """Show the letters of the word to set their cards and sources (nothing is stored)."""


# challenges


@bp.post("/t/<token>/ag/challenge")
def challenge(token: str) -> Any:
    def read(v: TableView) -> Action:
        raw = request.form.get("challenger", "").strip()[:4]
        if not raw.isdigit() or int(raw) not in ag_view(v).challengers():
            raise Forbidden("There is no word this phone can challenge now.", "challenger")
        data = {"challenger": int(raw)}
        return _action(v, "challenge", data, seat=False, word=_number("word"))

    return _act(token, {}, read)
