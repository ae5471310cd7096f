"""Follow the Author's forms read into table actions (pure): each names its round, and its
hand or seat, and the version the form saw. A reader returns the action and the input to
keep if it is refused (``companion.web.play`` answers the form).

A seal arrives as the commitment made by the phone's script: no suit is ever in a form before
the choice is opened.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import Unreadable
from companion.games.forms import version
from companion.games.protocol import Action

Read = tuple[Action, dict[str, Any]]
HAND = "<int:number>/<any(alpha, omega):hand>"


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


def points(form: Any, url: Mapping[str, Any], me: int | None) -> Read:
    values = {**fields(form, "points-0", "points-1"), "hand": url["hand"]}
    data = {"points": [values["points-0"], values["points-1"]]}
    target = {"round": url["number"], "hand": url["hand"]}
    return Action("points", target, version(form), data), values


def play(form: Any, url: Mapping[str, Any], me: int | None) -> Read:
    target = {"round": url["number"], "hand": url["hand"]}
    if form.get("action") == "end":
        return Action("end", target, version(form)), {}
    data = {**fields(form, "seat"), "card": str(form.get("card", ""))}
    return Action("play", target, version(form), data), {}


def seal(form: Any, url: Mapping[str, Any], me: int | None) -> Read:
    data = fields(form, "commitment", "lock", "unlock", size=128)
    target = seat_target(form, url["number"], me, "choice")
    return Action("seal", target, version(form), data), {}


def open_seal(form: Any, url: Mapping[str, Any], me: int | None) -> Read:
    """After the reveal: the phone's script, or the player typing the choice and the recovery
    code (or, with no code, the other player entering their word)."""
    values = fields(form, "scoring", "danger", "code", "seat", size=40)
    data = {k: values[k] for k in ("scoring", "danger", "code")}
    target = seat_target(form, url["number"], me, "choice")
    return Action("open", target, version(form), data), values


def ready(form: Any, url: Mapping[str, Any], me: int | None) -> Read:
    return Action("ready", seat_target(form, url["number"], me, "word"), version(form)), {}


def store(form: Any, url: Mapping[str, Any], me: int | None) -> Read:
    cards = form.getlist("cards")[:61]
    target = {"round": url["number"], "seat": url["seat"]}
    values = {"cards": cards[:60], "seat": url["seat"]}
    return Action("store", target, version(form), {"cards": cards}), values


def aside(form: Any, url: Mapping[str, Any], me: int | None) -> Read:
    cards = form.getlist("cards")[:61]
    action = Action("aside", {"round": url["number"]}, version(form), {"cards": cards})
    return action, {"aside": cards[:60]}


# endpoint -> (URL rule after the table's, reader)
FORMS = {
    "points": (f"/fta/{HAND}/points", points),
    "play": (f"/fta/{HAND}/play", play),
    "seal": ("/fta/<int:number>/seal", seal),
    "open_seal": ("/fta/<int:number>/open", open_seal),
    "ready": ("/fta/<int:number>/ready", ready),
    "store_cards": ("/fta/<int:number>/store/<int(max=1):seat>", store),
    "aside": ("/fta/<int:number>/aside", aside),
}
