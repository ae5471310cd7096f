"""Follow the Author's forms read into table actions (pure): each names its round, and its
hand or seat, and the version the form saw (``companion.web.play`` answers them).

A seal arrives as the commitment made by the phone's script: no suit is ever in a form before
the choice is opened.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import Unreadable
from companion.games.forms import Form, nothing, version
from companion.games.protocol import Action

Url = Mapping[str, Any]
HAND = "/fta/<int:number>/<any(alpha, omega):hand>"
ROUND = "/fta/<int:number>"


def fields(form: Any, *keys: str, size: int = 12) -> dict[str, Any]:
    return {k: str(form.get(k, ""))[:size] for k in keys}


def seat_target(form: Any, number: int, me: int | None, what: str) -> dict[str, int]:
    """The round and the seat the form names (a seated phone's own seat when it names none)."""
    raw = str(form.get("seat", "")).strip()[:12]
    if not raw and me is not None:
        return {"round": number, "seat": me}
    if raw not in ("0", "1"):
        raise Unreadable(f"Say whose {what} this is (seat 1 or 2).", "seat")
    return {"round": number, "seat": int(raw)}


def _hand(url: Url) -> dict[str, Any]:
    return {"round": url["number"], "hand": url["hand"]}


def points(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    data = {"points": [values["points-0"], values["points-1"]]}
    return Action("points", _hand(url), version(form), data)


def play(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    if form.get("action") == "end":
        return Action("end", _hand(url), version(form))
    data = {**fields(form, "seat"), "card": str(form.get("card", ""))}
    return Action("play", _hand(url), version(form), data)


def seal(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    data = fields(form, "commitment", "lock", "unlock", size=128)
    return Action("seal", seat_target(form, url["number"], me, "choice"), version(form), data)


def opened(form: Any, url: Url) -> dict[str, Any]:
    return fields(form, "scoring", "danger", "code", "seat", size=40)


def open_seal(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    """After the reveal: the phone's script, or the player typing the choice and the recovery
    code (or, with no code, the other player entering their word)."""
    data = {k: values[k] for k in ("scoring", "danger", "code")}
    return Action("open", seat_target(form, url["number"], me, "choice"), version(form), data)


def ready(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    return Action("ready", seat_target(form, url["number"], me, "word"), version(form))


def store(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    cards = form.getlist("cards")[:61]
    target = {"round": url["number"], "seat": url["seat"]}
    others = str(form.get("others", ""))[:12]
    return Action("store", target, version(form), {"cards": cards, "others": others or None})


def aside(form: Any, url: Url, me: int | None, values: dict[str, Any]) -> Action:
    cards = form.getlist("cards")[:61]
    return Action("aside", {"round": url["number"]}, version(form), {"cards": cards})


# endpoint -> form
FORMS = {
    "points": Form(
        f"{HAND}/points",
        points,
        lambda f, u: {**fields(f, "points-0", "points-1"), "hand": u["hand"]},
    ),
    "play": Form(f"{HAND}/play", play, nothing),
    "seal": Form(f"{ROUND}/seal", seal, nothing),
    "open_seal": Form(f"{ROUND}/open", open_seal, opened),
    "ready": Form(f"{ROUND}/ready", ready, nothing),
    "store_cards": Form(
        f"{ROUND}/store/<int(max=1):seat>",
        store,
        lambda f, u: {
            "cards": f.getlist("cards")[:60],
            "seat": u["seat"],
            "counted": bool(str(f.get("others", "")).strip()),
        },
    ),
    "aside": Form(f"{ROUND}/aside", aside, lambda f, u: {"aside": f.getlist("cards")[:60]}),
}
