"""The custom sheet's round form, read into table actions (pure): one ``score`` per seat
whose box the phone changed, each naming the round, the seat and the version it saw, saved
together (``companion.web.play.Forms`` answers it as every game's forms).

Untouched pre-filled boxes are not sent again; a box this phone may not change is refused by
name. The boxes are by place: a form drawn before a seat was added or removed is refused as a
whole (409), its input not put back into the moved boxes but listed in the words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.errors import Conflict, Unreadable
from companion.games.custom import parse_points
from companion.games.forms import Fields, Form, Kept, version
from companion.games.protocol import Action, Data, Entered


@dataclass(frozen=True)
class Seen:
    """What the reader is given of the table: the seats' names, the seats this phone may
    change and the version of the seats (``seats``: a seat added or removed)."""

    names: tuple[str, ...]
    may: frozenset[int]
    seats_version: int


class SeatsMoved(Conflict):
    """The seats changed since the form was drawn: its boxes no longer match their places."""


def read_round(form: Entered, url: Data, seen: Seen, values: Kept) -> Sequence[Action]:
    number = int(url["number"])
    drawn = form.get("seats-version")
    if drawn is not None and str(drawn).strip() != str(seen.seats_version):
        message = (
            "The seats changed since this form was drawn (a seat was added or removed). "
            "Nothing was saved: enter the scores again in the new form."
        )
        typed = [
            str(raw).strip()
            for key, raw in form.items()
            if key.startswith("points-") and str(raw).strip()
        ][:12]
        if typed:
            message += f" You had typed: {', '.join(t[:12] for t in typed)}."
        values.clear()
        raise SeatsMoved(message)
    errors: dict[str, str] = {}
    actions = []
    for seat, name in enumerate(seen.names):
        raw = form.get(f"points-{seat}")
        if raw is None:
            continue
        values[f"points-{seat}"] = str(raw)[:40]
        values[f"version-{seat}"] = str(form.get(f"version-{seat}", "0"))[:12]
        if str(raw).strip() == str(form.get(f"was-{seat}", "")).strip():
            continue  # as shown: not changed by this phone
        if seat not in seen.may:
            errors["form"] = f"This phone may not enter {name}'s score."
            continue
        try:
            points = parse_points(raw)
            seen_version = version(form, f"version-{seat}")
        except Unreadable as err:
            errors[f"points-{seat}"] = err.message
            continue
        actions.append(
            Action("score", {"round": number, "seat": seat}, seen_version, {"points": points})
        )
    if not actions and not errors:
        errors["form"] = "Enter at least one score (nothing was changed)."
    if errors:
        raise Fields(errors)
    return actions


def _kept(form: Entered, url: Data) -> Kept:
    return {}  # the reader keeps each box it read


FORMS = {"enter_round": Form("/round/<int:number>", read_round, _kept)}
