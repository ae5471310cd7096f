"""AlphaGrams at the table: turns, words as tiles, steals, challenges through the judge, the end.

Engine: ``companion.games.alphagrams`` (rule text ``seeds/003_e8cba11fc1d7cffd.txt``, rulings in
RULES.md "AlphaGrams rulings"). Every move is an appended event in the versioned slot ``ag``
(see ``alphagrams_state``); the game is the events replayed through the engine. Refusals say
why; an inflection (and, with word checking on, a word not in the list) can be allowed by the
table, and that is logged. A challenge goes to the word judge (``companion.web.judge``); its
verdict appends ``ag-challenge``, which the engine applies: an invalid word goes back and its
player loses that turn, a valid one costs the challenger their next turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from companion.cards.alpha import AlphaCard, PlayedAlpha
from companion.errors import CompanionError, Conflict, Forbidden, Unreadable
from companion.extensions import db
from companion.games.alphagrams.moves import Move
from companion.tables import store
from companion.tables.registry import GameType, register
from companion.web import judge as judge_flow
from companion.web.games import alphagrams_options as ag_options
from companion.web.games.alphagrams_state import KINDS, SLOT, UNDOABLE, State, sheet
from companion.web.games.alphagrams_view import (
    AgView,
    LetterRow,
    choices_for,
    describe,
    word_payload,
    word_problems,
)
from companion.web.games.deck import table_deck
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView

KEY = "alphagrams"
ENTRY = "alphagrams/_entry.html"

bp = Blueprint("alphagrams", __name__)


def ag_view(v: TableView) -> AgView:
    """One ``AgView`` per table view (templates call ``ag(v)``)."""
    cached = v.__dict__.get("_ag")
    if cached is None:
        cached = v.__dict__["_ag"] = AgView(v)
    return cached  # type: ignore[no-any-return]


bp.add_app_template_global(ag_view, "ag")

GAME = GameType(
    key=KEY,
    name="AlphaGrams",
    min_players=2,
    max_players=5,
    parse_options=ag_options.parse_options,
    load_options=ag_options.load_options,
    sheet=sheet,
    dealer=ag_options.dealer,
    descriptions={},
    summary="Anagrams with Alpha cards, 2 to 5 players: words as tiles, steals checked, a judge.",
    options_template="alphagrams/_options.html",
    entry_template=ENTRY,
    rules_template="alphagrams/_rules.html",
    entry_key=lambda v: ag_view(v).key(),
    replayed=KINDS | judge_flow.KINDS | {"alpha-deck", "undo"},
    undoable=UNDOABLE,
    assets=("words.css", "words.js"),
    describe=describe,
    cell_link=lambda v, r, s: None,  # scores come from the words, not typed numbers
)
register(GAME)


def _consequence(v: TableView, c: judge_flow.Challenge, valid: bool) -> str:
    """The verdict's effect on the game: the engine's challenge, as an ``ag-challenge``."""
    state = AgView(v).state
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
    store.append(v.game, "ag-challenge", actor, seat, payload)
    return outcome


judge_flow.on_verdict(KEY, _consequence)


# reading the request


def _view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind != KEY:
        abort(404, "This table does not play AlphaGrams.")
    return v


def _ready(v: TableView) -> AgView:
    """A move may be made: a current game, not over, no challenge being judged."""
    if not (v.is_host or v.my_seat is not None):
        abort(403, "Take a seat first: only players at the table make moves.")
    ag = ag_view(v)
    if not v.is_current or ag.r.over:
        raise Forbidden("This game is over. Start a new game to keep playing.")
    if ag.challenge is not None:
        raise Forbidden("A challenge is being judged: wait for the verdict.")
    given = request.form.get("version", "").strip()[:10]
    if given and given != str(ag.version):
        raise Conflict(
            "The game moved on another phone since you opened this page. Nothing of yours "
            "was saved: check the table and send again."
        )
    return ag


def _turn(ag: AgView) -> State:
    state = ag.state
    if state is None:
        raise Forbidden("Turn the first card into the pool first.")
    if not ag.may_act(state.turn):
        raise Forbidden(f"It is {ag.v.names[state.turn]}'s turn: their phone (or the host) moves.")
    return state


def _card(field: str = "card") -> AlphaCard:
    raw = request.form.get(field, "").strip()[:10]
    if not raw:
        raise Unreadable("Choose the card.", field)
    try:
        return AlphaCard.parse(raw)
    except Unreadable:
        raise Unreadable(f"'{raw}' is not an Alpha card (a consonant, A/E, or ?).", field) from None


def _append(v: TableView, kind: str, payload: dict[str, Any]) -> None:
    actor, seat = v.actor
    store.append(v.game, kind, actor, seat, payload, None, (SLOT, ag_view(v).version + 1))


def _respond(token: str, action: Callable[[TableView], str], values: dict[str, Any]) -> Any:
    v = _view(token)
    try:
        saved = action(v)
        store.commit_change("The game")
    except CompanionError as err:
        db.session.rollback()
        status = 409 if isinstance(err, Conflict) else 422
        return _again(token, values, {"ag": err.message}, status)
    publish(v.table)
    if htmx():
        return fragment(ENTRY, v=_view(token), values={}, errors={}, saved=saved)
    return redirect(url_for("table.page", token=token), 303)


def _again(token: str, values: dict[str, Any], errors: dict[str, str], status: int) -> Any:
    fresh = _view(token)
    compose = values.pop("_rows", None)
    ctx = dict(v=fresh, values=values, errors=errors, rows=compose)
    if htmx():
        return fragment(ENTRY, status, **ctx)
    return render_template("table.html", **ctx), status


# the first card, turning cards, passing, the end


@bp.post("/t/<token>/ag/flip")
def flip(token: str) -> Any:
    def act(v: TableView) -> str:
        ag = _ready(v)
        card = _card()
        if ag.state is None:
            _append(v, "ag-start", {"card": str(card), "deck": table_deck(v).to_dict()})
            return f"{card} starts the pool."
        state = _turn(ag)
        if state.phase != "flip":
            raise Forbidden("No card to turn now: the stock is empty or this turn's card is out.")
        _append(v, "ag-flip", {"seat": state.turn, "card": str(card)})
        return f"{card} turned into the pool."

    return _respond(token, act, {})


@bp.post("/t/<token>/ag/pass")
def pass_turn(token: str) -> Any:
    def act(v: TableView) -> str:
        state = _turn(_ready(v))
        if state.phase == "flip":
            raise Forbidden("Turn this turn's card into the pool first.")
        _append(v, "ag-pass", {"seat": state.turn})
        return f"{v.names[state.turn]} passed."

    return _respond(token, act, {})


@bp.post("/t/<token>/ag/end")
def end(token: str) -> Any:
    def act(v: TableView) -> str:
        ag = _ready(v)
        if ag.state is None:
            raise Forbidden("The game has not started.")
        if not request.form.get("agree"):
            raise Unreadable("Tick that the whole table agrees the game is over.", "agree")
        _append(v, "ag-end", {})
        return "The game is over."

    return _respond(token, act, {})


# words


def _steal() -> int | None:
    raw = request.form.get("steal", "").strip()[:4]
    if not raw:
        return None
    if not raw.isdigit():
        raise Unreadable(f"'{raw}' is not a word on the table.", "steal")
    return int(raw)


def _played(rows: list[LetterRow]) -> tuple[list[str], list[str]]:
    """The cards as played and their sources, from the form (defaults: the suggestions)."""
    cards, sources = [], []
    for row in rows:
        if row.fixed is not None:
            cards.append(str(row.fixed))
            sources.append("word")
            continue
        card = _card(f"card-{row.index}") if request.form.get(f"card-{row.index}") else row.card
        if card not in choices_for(row.letter):
            raise Unreadable(f"{card} cannot be played as {row.letter}.", f"card-{row.index}")
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

    def act(v: TableView) -> str:
        ag = _ready(v)
        state = _turn(ag)
        if state.phase == "flip":
            raise Forbidden("Turn this turn's card into the pool first.")
        steal = _steal()
        rows = ag.compose(request.form.get("word", ""), steal)
        values["_rows"] = rows
        if request.form.get("step") == "compose":
            raise _Compose()
        cards, sources = _played(rows)
        discard = request.form.get("discard", "").strip()[:10] or None
        move = Move.parse(state.turn, cards, sources, steal, discard)
        problems = word_problems(v, state, move)
        overrule = bool(problems) and bool(request.form.get("overrule"))
        if problems and not overrule:
            values["_overrule"] = True
            raise Forbidden("; ".join(problems) + ". The table may allow it (it is logged).")
        payload = word_payload(state, move, cards, sources, steal, discard, problems)
        _append(v, "ag-word", payload)
        return f"{v.names[state.turn]} made {move.text.upper()}."

    try:
        return _respond(token, act, values)
    except _Compose:
        return _again(token, values, {}, 200)


class _Compose(Exception):
    """Show the letters of the word to set their cards and sources (nothing is stored)."""


# challenges


@bp.post("/t/<token>/ag/challenge")
def challenge(token: str) -> Any:
    def act(v: TableView) -> str:
        ag = _ready(v)
        raw = request.form.get("challenger", "").strip()[:4]
        if not raw.isdigit() or int(raw) not in ag.challengers():
            raise Forbidden("There is no word this phone can challenge now.")
        last = ag.state.last if ag.state else None
        assert last is not None
        judge_flow.open_challenge(
            v, [last.text], last.seat, int(raw), game=KEY, lexicon=v.options.lexicon,
            min_zipf=v.options.min_zipf, ref={"moves": ag.r.moves},
        )  # fmt: skip
        return "Challenge opened: both sides confirm on their phones."

    return _respond(token, act, {})
