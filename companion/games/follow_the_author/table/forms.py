"""Follow the Author's forms read into table actions (pure): each names its round, and its
hand or seat, and the version the form saw (``companion.web.play`` answers them).

A seal arrives as the commitment made by the phone's script: no suit is ever in a form before
the choice is opened.
"""

from __future__ import annotations

from companion.errors import Unreadable
from companion.games.forms import Form, Kept, nothing, version
from companion.games.protocol import Action, Data, Entered, Payload

Url = Data
HAND = "/fta/<int:number>/<any(alpha, omega):hand>"
ROUND = "/fta/<int:number>"


def fields(form: Entered, *keys: str, size: int = 12) -> dict[str, str]:
    return {k: str(form.get(k, ""))[:size] for k in keys}


def seat_target(form: Entered, number: int, me: int | None, what: str) -> dict[str, int]:
    """The round and the seat the form names (a seated phone's own seat when it names none)."""
    raw = str(form.get("seat", "")).strip()[:12]
    if not raw and me is not None:
        return {"round": number, "seat": me}
    if raw not in ("0", "1"):
        raise Unreadable(f"Say whose {what} this is (seat 1 or 2).", "seat")
    return {"round": number, "seat": int(raw)}


def _hand(url: Url) -> dict[str, object]:
    return {"round": url["number"], "hand": url["hand"]}


def points(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    data = {"points": [values["points-0"], values["points-1"]]}
    return Action("points", _hand(url), version(form), data)


def play(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    if form.get("action") == "end":
        return Action("end", _hand(url), version(form))
    data = {**fields(form, "seat"), "card": str(form.get("card", ""))}
    return Action("play", _hand(url), version(form), data)


def seal(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    data = fields(form, "commitment", "lock", "unlock", size=128)
    return Action("seal", seat_target(form, url["number"], me, "choice"), version(form), data)


def opened(form: Entered, url: Url) -> Kept:
    return fields(form, "scoring", "danger", "code", "seat", size=40)


def open_seal(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    """After the reveal: the phone's script, or the player typing the choice and the recovery
    code (or, with no code, the other player entering their word)."""
    data = {k: values[k] for k in ("scoring", "danger", "code")}
    return Action("open", seat_target(form, url["number"], me, "choice"), version(form), data)


def ready(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    return Action("ready", seat_target(form, url["number"], me, "word"), version(form))


def store(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
    cards = form.getlist("cards")[:61]
    target = {"round": url["number"], "seat": url["seat"]}
    others = str(form.get("others", ""))[:12]
    data: Payload = {"cards": cards}
    if others:  # a counted store: the cards that count, and how many others
        data["others"] = others
    return Action("store", target, version(form), data)


def aside(form: Entered, url: Url, me: int | None, values: Kept) -> Action:
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
