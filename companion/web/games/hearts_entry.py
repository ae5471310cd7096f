"""Form helpers Consonants still stores through (a versioned slot, ``Conflict`` when another
phone changed it). Hearts itself reads its forms into ``Action``s (``hearts.py``) and stores
through ``companion.tables.service``; these go once Consonants does too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import Conflict, Unreadable
from companion.tables import store
from companion.web.tableview import TableView


def read_version(form: Mapping[str, Any]) -> int:
    try:
        return int(str(form.get("version", "0")))
    except ValueError:
        raise Unreadable("The form's version is not a number: reload the page.", "form") from None


def read_seat(
    form: Mapping[str, Any], key: str, players: int, blank_ok: bool = False
) -> int | None:
    raw = str(form.get(key, "")).strip()
    if not raw and blank_ok:
        return None
    if not raw.isdigit() or not 0 <= int(raw) < players:
        raise Unreadable(f"'{raw[:20]}' is not a seat at this table.", key)
    return int(raw)


def save(v: TableView, kind: str, hand: int, slot: str, version: int, payload: dict, what: str):
    """Append one change in ``slot`` if nobody changed it since ``version``."""
    if store.slot_version(v.game, slot) != version:
        raise Conflict(
            f"{what} was changed on another phone since you opened this form. Nothing of "
            "yours was saved: check the latest and send again."
        )
    actor, seat = v.actor
    store.append(v.game, kind, actor, seat, payload, hand, (slot, version + 1))
    store.commit_change(what)
