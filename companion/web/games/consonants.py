"""Consonants at the table: the game type and its pages (cards taken, words, challenges,
Flying by Night, tricks).

Engine: ``companion.games.consonants`` (rule text ``seeds/000_3ef3c9f2c37e7ff5.txt``,
rulings in RULES.md "Alpha Playing Cards" and "Consonants rulings"). It reuses Hearts'
passing cycles and words for the pass, Hearts' versioned save, the Alpha deck screen
(``deck.py``) and the word judge (``companion.web.judge``). Views read the request, ask the
engine, store one event in a versioned slot, publish, and render the entry box again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, session, url_for

from companion.cards.alpha import DEFAULT_DECK
from companion.errors import CompanionError, Conflict, Forbidden, Unreadable
from companion.extensions import db
from companion.games import consonants as engine
from companion.tables import store
from companion.tables.registry import GameType, register
from companion.web import judge as judge_flow
from companion.web.games import consonants_entry as entry
from companion.web.games import consonants_options as opts
from companion.web.games import consonants_state as state
from companion.web.games.consonants_view import ConsView, cons_view, describe, entry_key
from companion.web.games.deck import table_deck
from companion.web.games.hearts_options import cycle_choices
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView
from companion.words.registry import lexicons

KEY = "consonants"
ENTRY = "consonants/_entry.html"
WAYS = {"cards": "Cards taken", "tricks": "Trick by trick"}

bp = Blueprint("consonants", __name__)
bp.add_app_template_global(cons_view, "cons_view")

GAME = GameType(
    key=KEY,
    name="Consonants",
    min_players=3,
    max_players=6,
    parse_options=opts.parse_options,
    load_options=opts.load_options,
    sheet=state.sheet,
    dealer=opts.dealer,
    descriptions={"players": "3 to 6 players."},
    summary="Hearts with Alpha letter cards, 3 to 6 players: the app passes, counts the "
    "consonants, checks words and challenges, and can referee every trick.",
    options_template="consonants/_options.html",
    entry_template=ENTRY,
    rules_template="consonants/_rules.html",
    entry_key=entry_key,
    replayed=state.KINDS | judge_flow.KINDS | {"alpha-deck", "undo"},
    undoable=state.UNDOABLE,
    assets=("words.css", "words.js", "consonants.css", "consonants.js"),
    describe=describe,
    cell_link=lambda v, r, s: None,
    status_template="consonants/_status.html",
)
register(GAME)


@bp.app_template_global("cons_form")
def cons_form() -> dict[str, Any]:
    return {
        "help": opts.HELP,
        "entry": opts.ENTRY_WAYS,
        "leads": opts.FIRST_LEADS,
        "cycles": cycle_choices(),
        "lexicons": lexicons(),
    }


def _consequence(v: TableView, c: judge_flow.Challenge, valid: bool) -> str:
    """The verdict moves the word's points: the winner -points, the loser +points."""
    ref = c.ref
    try:
        hand, seat, word = int(ref["hand"]), int(ref["seat"]), str(ref["word"])
    except (KeyError, TypeError, ValueError):
        return ""
    points = engine.word_points(word, ConsView(v).game.deck)
    winner, loser = (seat, c.challenger) if valid else (c.challenger, seat)
    payload = {"n": c.n, "hand": hand, "seat": seat, "word": word,
               "challenger": c.challenger, "valid": valid}  # fmt: skip
    actor, actor_seat = v.actor
    store.append(v.game, "cons-challenge", actor, actor_seat, payload, hand, (f"c{hand}ch{c.n}", 1))
    names = v.names
    stands = "stands" if valid else "is not a word: it was never laid"
    return f"{word} {stands}. {names[winner]} −{points}, {names[loser]} +{points}."


judge_flow.on_verdict(KEY, _consequence)


# reading the request


def _view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind != KEY:
        abort(404, "This table is not playing Consonants.")
    if not v.is_host and v.my_seat is None:
        abort(403, "Take a seat first: only players at the table can enter hands.")
    return v


def _hand(cv: ConsView, number: int) -> state.Hand:
    game = cv.game
    if game.finished or not cv.v.is_current:
        raise Forbidden("This game is over. Start a new game to keep playing.")
    if number != game.current.number:
        raise Forbidden(f"Hand {number} cannot be entered now: hand {game.current.number} is open.")
    return game.current


def _seat(cv: ConsView, field: str = "seat") -> int:
    """The seat the form names: never a default such as this phone's own seat (rule 1)."""
    if not request.form.get(field, "").strip():
        raise Unreadable("This form does not say whose entry it is: reload and send again.")
    seat = entry.read_seat(request.form, field, cv.rules.players)
    assert seat is not None
    if not cv.may_act_for(seat):
        raise Forbidden(f"Only {cv.v.names[seat]}'s phone (or the host) enters this.")
    return seat


def _answer(token: str, message: str) -> Any:
    v = view_for(token)
    publish(v.table)
    if htmx():
        return fragment(ENTRY, v=v, values={}, errors={}, saved=message)
    return redirect(url_for("table.page", token=token), 303)


def _again(token: str, err: CompanionError) -> Any:
    db.session.rollback()
    v = view_for(token)
    status = 409 if isinstance(err, Conflict) else 422
    values = {k: str(val)[:300] for k, val in request.form.items() if k != "csrf_token"}
    ctx = {"v": v, "values": values, "errors": {"form": err.message}, "conflict": status == 409}
    if htmx():
        return fragment(ENTRY, status, **ctx)
    return render_template("table.html", **ctx), status


def _carry_deck(v: TableView) -> None:
    """A new game keeps the table's corrected deck: copy it into this game's events once."""
    if any(e.kind == "alpha-deck" for e in v.rows):
        return
    deck = table_deck(v)
    if deck is DEFAULT_DECK:
        return
    actor, seat = v.actor
    store.append(v.game, "alpha-deck", actor, seat, deck.to_dict(), None, ("deck", 1))
    store.commit_change("The deck")
    v.__dict__.pop("rows", None)


def _act(token: str, number: int, action: Callable[[ConsView, state.Hand], str]) -> Any:
    v = _view(token)
    try:
        _carry_deck(v)
        cv = cons_view(v)
        message = action(cv, _hand(cv, number))
    except CompanionError as err:
        return _again(token, err)
    return _answer(token, message)


@bp.get("/t/<token>/cons/way/<way>")
def choose_way(token: str, way: str) -> Any:
    v = view_for(token)
    if way not in WAYS:
        abort(404, "There is no such way to enter a hand.")
    session[f"cons-way:{v.table.token}"] = way
    if htmx():
        return fragment(ENTRY, v=view_for(token), values={}, errors={})
    return redirect(url_for("table.page", token=token), 303)


@bp.get("/t/<token>/cons/<int:number>/seat/<int:seat>")
def pick_seat(token: str, number: int, seat: int) -> Any:
    """The cards-taken form for another seat this phone may enter (the host, a free seat)."""
    v = _view(token)
    if not cons_view(v).may_act_for(seat):
        abort(403, f"This phone cannot enter the cards of seat {seat + 1}.")
    if htmx():
        return fragment(ENTRY, v=v, values={"seat": str(seat)}, errors={})
    return render_template("table.html", v=v, values={"seat": str(seat)}, errors={})


@bp.app_template_global("cons_taken_seat")
def taken_seat(v: TableView, values: dict[str, str]) -> int | None:
    """Whose cards the cards-taken form is for: the seat this phone asked for (picked, sent
    back after a refusal, or shown before a live redraw: ``cons-seat``), else its own seat,
    else the first seat it may enter."""
    cv = cons_view(v)
    seats = cv.entry_seats()
    for raw in (values.get("seat"), request.args.get("cons-seat")):
        if raw and raw.isdigit() and int(raw) in seats:
            return int(raw)
    if cv.seat in seats:
        return cv.seat
    return seats[0] if seats else None


@bp.app_template_global("cons_way")
def cons_way(v: TableView) -> str:
    hand = cons_view(v).hand
    if hand.tricks:
        return "tricks"
    if hand.source == "cards":
        return "cards"
    chosen = session.get(f"cons-way:{v.table.token}")
    return str(chosen) if chosen in WAYS else str(v.options.entry)


@bp.post("/t/<token>/cons/<int:number>/taken")
def taken(token: str, number: int) -> Any:
    def act(cv: ConsView, hand: state.Hand) -> str:
        if hand.tricks:
            raise Forbidden("This hand is entered trick by trick: the tricks give the cards.")
        seat = _seat(cv)
        payload = entry.read_taken(cv.v, cv.game, hand, seat, request.form)
        name = cv.v.names[seat]
        form = {"version": request.form.get(f"version-{seat}", request.form.get("version", "0"))}
        entry.store_change(cv.v, "cons-taken", number, f"c{number}s{seat}", form,
                           payload, f"{name}'s cards")  # fmt: skip
        return f"{name}'s cards are in."

    return _act(token, number, act)


@bp.post("/t/<token>/cons/<int:number>/words")
def words(token: str, number: int) -> Any:
    def act(cv: ConsView, hand: state.Hand) -> str:
        seat = _seat(cv)
        payload = entry.read_words(cv.v, cv.game, hand, seat, request.form)
        name = cv.v.names[seat]
        entry.store_change(cv.v, "cons-words", number, f"c{number}w{seat}", request.form,
                           payload, f"{name}'s words")  # fmt: skip
        laid = ", ".join(payload["words"]) or "no words"
        return f"{name} lays {laid}."

    return _act(token, number, act)


@bp.post("/t/<token>/cons/<int:number>/fly")
def fly(token: str, number: int) -> Any:
    def act(cv: ConsView, hand: state.Hand) -> str:
        if not hand.choice_required:
            raise Forbidden(f"Hand {number} has no Flying by Night waiting for a choice.")
        if not cv.may_choose(hand):
            abort(403, "Only the flyer's phone (or the host) makes this choice.")
        choice = request.form.get("choice", "")
        if choice not in engine.FLYING_CHOICES:
            raise Unreadable("Choose 'subtract' (−50 for you) or 'add' (+50 for the others).")
        entry.store_change(cv.v, "cons-fly", number, f"c{number}fly", request.form,
                           {"choice": choice}, "The choice")  # fmt: skip
        return "The choice is in."

    return _act(token, number, act)


@bp.post("/t/<token>/cons/<int:number>/trick")
def trick(token: str, number: int) -> Any:
    def act(cv: ConsView, hand: state.Hand) -> str:
        payload = entry.read_trick(cv.v, cv.game, hand, request.form)
        k = payload["trick"]
        entry.store_change(cv.v, "cons-trick", number, f"c{number}t{k}", request.form,
                           payload, f"Trick {k + 1}")  # fmt: skip
        return f"Trick {k + 1} is in."

    return _act(token, number, act)


@bp.post("/t/<token>/cons/<int:number>/close")
def close(token: str, number: int) -> Any:
    def act(cv: ConsView, hand: state.Hand) -> str:
        if hand.scores is None:
            raise Forbidden(f"Hand {number} is not complete yet: see what is missing above.")
        if judge_flow.open_one(cv.v.rows) is not None:
            raise Forbidden("A challenge is being judged: wait for the verdict.")
        if problems := cv.word_problems(hand):
            raise Forbidden(problems[0])
        entry.store_change(cv.v, "cons-close", number, f"c{number}end", request.form,
                           {"scores": {str(s): p for s, p in hand.scores.items()}},
                           f"Hand {number}")  # fmt: skip
        return f"Hand {number} is scored."

    return _act(token, number, act)


@bp.post("/t/<token>/cons/<int:number>/challenge")
def challenge(token: str, number: int) -> Any:
    def act(cv: ConsView, hand: state.Hand) -> str:
        seat = entry.read_seat(request.form, "seat", cv.rules.players)
        assert seat is not None
        word = engine.read_word(request.form.get("word", "")[:40], "word")
        if word not in hand.words.get(seat, []):
            raise Unreadable(f"{cv.v.names[seat]} has not laid {word}.", "word")
        raw = request.form.get("challenger", "").strip()[:4]
        challenger = int(raw) if raw.isdigit() else -1
        if challenger not in cv.challengers(seat):
            raise Forbidden("This phone cannot challenge that word.")
        if not cv.may_challenge(hand, seat, word):
            raise Forbidden(f"{word} cannot be challenged now.")
        judge_flow.open_challenge(
            cv.v, [word], seat, challenger, game=KEY, lexicon=cv.options.lexicon,
            min_zipf=cv.options.min_zipf, ref={"hand": number, "seat": seat, "word": word},
        )  # fmt: skip
        return "Challenge opened: both sides confirm on their phones."

    return _act(token, number, act)
