"""The word judge's pages: standalone at ``/judge``, and a table's challenges and agreements.

They are the judge's, not one game's: the standalone judge needs no table, and a challenge's
steps and a table's agreements go the same way in every game that has them. So they live
beside the judge's flow (``companion.web.judge``), not among the games' pages.

Standalone: pick a word list, enter the play, both sides confirm on this phone, one big verdict
that clears itself. Nothing is stored; the verdict's address is signed and carries its time,
so after ``VERDICT_SECONDS`` it shows nothing (and the page's timer clears it sooner).

At a table: open (a play typed in), confirm and withdraw, each a table protocol action of the
word judge (``companion.games.challenges``) that the service checks and stores like a score;
only a game that has words takes them. Answers to htmx re-render the game's entry box, which
includes ``words/_challenge.html`` (drawn from the folded state, ``companion.web.judge``).
"""

from __future__ import annotations

from datetime import datetime

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from itsdangerous import BadSignature, URLSafeSerializer

from companion.errors import CompanionError, Forbidden, Unreadable
from companion.games import challenges as rules
from companion.games.protocol import Action, Entered, Who, may
from companion.tables import service
from companion.web import judge as flow
from companion.web.errors import answer, status_for
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView
from companion.words.judge import judge as judge_play
from companion.words.judge import judged_under
from companion.words.registry import get_lexicon, lexicon_name, lexicons

bp = Blueprint("judge", __name__)
DEFAULT_COMMON = 2.5


bp.add_app_template_global(flow.shown, "challenge_for")
bp.add_app_template_global(flow.may_confirm, "may_confirm")
bp.add_app_template_global(flow.seconds_left, "verdict_left")


# standalone


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt="judge-verdict")


def _read_play(form: Entered) -> tuple[str, list[str], float | None]:
    lexicon_id = str(form.get("lexicon", "")).strip()[:40]
    lexicon = get_lexicon(lexicon_id)
    words = rules.clean_words(str(form.get("words", ""))[:2000])
    min_zipf = _min_zipf(form) if form.get("common") else None
    if min_zipf is not None and not lexicon.has_commonness:
        raise Unreadable(f"The list {lexicon.info.name} has no commonness data.", "common")
    return lexicon.id, words, min_zipf


def _min_zipf(form: Entered) -> float:
    raw = str(form.get("min_zipf", DEFAULT_COMMON)).strip()[:10] or str(DEFAULT_COMMON)
    try:
        value = float(raw)
    except ValueError:
        raise Unreadable(f"The commonness threshold '{raw}' is not a number.", "min_zipf") from None
    if not 0 <= value <= 8:
        raise Unreadable(f"The commonness threshold must be 0 to 8, not {raw}.", "min_zipf")
    return value


def _values(form: Entered) -> dict[str, str]:
    keys = ("lexicon", "words", "common", "min_zipf")
    return {k: str(form.get(k, ""))[:2000] for k in keys if form.get(k) is not None}


@bp.get("/judge")
def standalone() -> ResponseReturnValue:
    values = {"lexicon": request.args.get("lexicon", "en")[:40], "min_zipf": str(DEFAULT_COMMON)}
    return render_template("words/judge.html", lists=lexicons(), values=values, errors={})


@bp.post("/judge")
def standalone_check() -> ResponseReturnValue:
    values = _values(request.form)
    try:
        lexicon_id, words, min_zipf = _read_play(request.form)
    except Unreadable as err:
        errors = {err.field or "form": err.message}
        return render_template(
            "words/judge.html", lists=lexicons(), values=values, errors=errors
        ), 422
    confirming = request.form.get("step") == "confirm"
    both = request.form.get("confirm-player") and request.form.get("confirm-challenger")
    if not (confirming and both):
        errors = {"confirm": "Both the player and the challenger confirm."} if confirming else {}
        ctx = dict(values=values, words=words, lexicon=get_lexicon(lexicon_id), errors=errors)
        return render_template("words/judge_confirm.html", **ctx), 422 if errors else 200
    verdict = judge_play(get_lexicon(lexicon_id), words, min_zipf)
    data = {
        "valid": verdict.valid,
        "at": flow.clock().isoformat(),
        "lexicon": lexicon_id,
        "min_zipf": min_zipf,
    }
    if verdict.valid:
        data.update(words=words, zipf=list(verdict.zipf or ()))
    return redirect(url_for("judge.standalone_verdict", sig=_serializer().dumps(data)), 303)


@bp.get("/judge/verdict/<sig>")
def standalone_verdict(sig: str) -> ResponseReturnValue:
    try:
        data = _serializer().loads(sig[:4000])
        given = datetime.fromisoformat(str(data["at"]))
    except (BadSignature, KeyError, TypeError, ValueError):
        abort(404, "There is no verdict at this address.")
    elapsed = (flow.clock() - given).total_seconds()
    left = max(0, int(flow.verdict_seconds() - elapsed + 0.999))
    words = list(zip(data.get("words") or (), data.get("zipf") or (), strict=False))
    lexicon_id = str(data.get("lexicon", ""))
    zipf = data.get("min_zipf")
    under = judged_under(lexicon_name(lexicon_id), float(zipf) if zipf is not None else None)
    ctx = dict(
        valid=bool(data.get("valid")), left=left, words=words, lexicon=lexicon_id, under=under
    )
    return render_template("words/verdict.html", **ctx)


# at a table


def _answer(
    token: str, error: CompanionError | None = None, where: str = "judge"
) -> ResponseReturnValue:
    v = view_for(token)
    if error is None:
        publish(v.table)
    status = 200 if error is None else status_for(error)
    status = 422 if status == 400 else status
    errors = {where: error.message} if error is not None else {}
    if error is not None and where == "judge" and not _has_judge(v):
        return answer(error.message, status)  # no entry box here shows the judge's words
    if htmx():
        return fragment(v.kind.entry_template, status, v=v, values={}, errors=errors)
    if error is not None:
        return render_template("table.html", v=v, values={}, errors=errors), status
    return redirect(url_for("table.page", token=token), 303)


def _seated(v: TableView) -> None:
    if not may(v.who, Who.AT_TABLE):
        abort(403, "Only players at the table take part in a challenge.")


def _has_judge(v: TableView) -> bool:
    """Does this game have words, so the judge's actions?"""
    table = v.kind.table
    return table is not None and all(k in table.actions for k in rules.ACTIONS)


def _act(
    v: TableView, kind: str, n: int, data: dict[str, Entered], seen: int | None = None
) -> None:
    """The step as an action naming the challenge and the version this phone saw (``seen``,
    else the form's ``version``), checked and stored by the service."""
    if not _has_judge(v):
        raise Forbidden(
            "This game has no word judge at its table: the word judge on its own is at /judge.",
            "judge",
        )
    if seen is None:
        raw = request.form.get("version", "").strip()[:10]
        if not (raw.isascii() and raw.isdigit()):
            raise Unreadable("The form has no version: reload the page and try again.", "version")
        seen = int(raw)
    service.act(v.table, v.game, [Action(kind, {"challenge": n}, seen, data)], v.who)


@bp.post("/t/<token>/judge/<int:n>/confirm")
def confirm(token: str, n: int) -> ResponseReturnValue:
    v = view_for(token)
    _seated(v)
    roles = [r for r in request.form.getlist("role")[:4] if r in flow.ROLES]
    if request.form.get("role") == "both":
        roles = list(flow.ROLES)
    try:
        if not roles:
            raise Unreadable("Say who confirms: the player or the challenger.", "role")
        _act(v, "confirm", n, {"roles": roles})
    except CompanionError as err:
        return _answer(token, err)
    return _answer(token)


@bp.post("/t/<token>/judge/<int:n>/cancel")
def cancel(token: str, n: int) -> ResponseReturnValue:
    v = view_for(token)
    _seated(v)
    try:
        _act(v, "withdraw", n, {})
    except CompanionError as err:
        return _answer(token, err)
    return _answer(token)


def _next(v: TableView) -> int:
    """The challenge the form names (``challenge``), else the next one as this page has it."""
    raw = request.form.get("challenge", "").strip()[:6]
    if raw:
        if not (raw.isascii() and raw.isdigit() and int(raw) > 0):
            raise Unreadable("The form names no challenge: reload the page and try again.", "judge")
        return int(raw)
    return int(getattr(v.state, "challenges", 0)) + 1


@bp.post("/t/<token>/judge")
def open_generic(token: str) -> ResponseReturnValue:
    """Challenge a play typed in (the ``open`` action, at version 0 of its new slot); the
    verdict's consequence is the game's."""
    v = view_for(token)
    _seated(v)
    try:
        data = {k: request.form.get(k, "")[:2000] for k in ("words", "player", "challenger")}
        _act(v, "open", _next(v), data, seen=0)
    except CompanionError as err:
        return _answer(token, err)
    return _answer(token)


# the table's agreements (``companion.games.agreements``)


def _for_seats(v: TableView) -> list[int] | None:
    """``for``: ``me`` (this phone's seat) or the seats without a phone the host answers for."""
    raw = request.form.get("for", "me").strip()[:40]
    if raw == "me":
        return None
    parts = raw.split()
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise Unreadable("Say which seats you agree for.", "agreement")
    return [int(p) for p in parts]


def _agreement(token: str, k: int, kind: str) -> ResponseReturnValue:
    v = view_for(token)
    _seated(v)
    try:
        raw = request.form.get("version", "").strip()[:10]
        if not (raw.isascii() and raw.isdigit()):
            raise Unreadable("The form has no version: reload the page and try again.", "agreement")
        seats = _for_seats(v) if kind == "agree" else None
        data = {"seats": seats} if seats is not None else {}
        service.act(v.table, v.game, [Action(kind, {"agreement": k}, int(raw), data)], v.who)
    except CompanionError as err:
        return _answer(token, err, "agreement")
    return _answer(token)


@bp.post("/t/<token>/agree/<int:k>")
def agree(token: str, k: int) -> ResponseReturnValue:
    return _agreement(token, k, "agree")


@bp.post("/t/<token>/agree/<int:k>/no")
def disagree(token: str, k: int) -> ResponseReturnValue:
    return _agreement(token, k, "disagree")
