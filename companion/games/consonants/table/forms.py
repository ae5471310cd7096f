"""Consonants' forms read into table actions (pure). Each form names its action in ``ACTIONS``:
the hand from the URL, the seat or trick and the version from the form, never a default
(rule 1 of the table protocol). ``companion.web.play`` answers the action.
"""

from __future__ import annotations

from companion.errors import Unreadable
from companion.games.forms import Form, Kept, version
from companion.games.protocol import Action, Data, Entered

# a form -> (its action, the field naming the seat or trick it is for, the data it sends)
ACTIONS: dict[str, tuple[str, str | None, tuple[str, ...]]] = {
    "taken": ("taken", "seat", ("cards", "rest")),
    "words": ("words", "seat", ("words",)),
    "fly": ("fly", None, ("choice",)),
    "trick": ("trick", "trick", ("leader", "cards")),
    "rest": ("rest", "trick", ("seat",)),
    "close": ("done", None, ()),
    "challenge": ("challenge", "seat", ("word", "challenger")),
}
FLAGS = frozenset({"rest"})
MISSING = {
    "seat": "This form does not say whose entry it is: reload and send again.",
    "trick": "The form does not say which trick it is: reload.",
}
RULE = f"/cons/<int:number>/<any({', '.join(ACTIONS)}):form>"


def number(form: Entered, field: str) -> int | str:
    """A whole number the form names (a seat, a trick); anything else is left for the
    target check to word."""
    raw = str(form.get(field, "")).strip()[:10]
    if not raw:
        raise Unreadable(MISSING[field], field)
    return int(raw) if raw.isdigit() else raw


def read(form: Entered, url: Data, me: int | None, values: Kept) -> Action:
    """The form ``url["form"]`` read into the one action it names, for hand ``url["number"]``
    (the cards-taken form names its version per seat)."""
    kind, field, fields = ACTIONS[url["form"]]
    target: dict[str, object] = {"hand": url["number"]}
    if field is not None:
        target[field] = number(form, field)
    data = {f: bool(form.get(f)) if f in FLAGS else form.get(f, "") for f in fields}
    seat_field = f"version-{target.get('seat')}"
    seen = version(form, seat_field if seat_field in form else "version")
    return Action(kind, target, seen, data)


FORMS = {"act": Form(RULE, read)}
