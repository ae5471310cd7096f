"""Reading a posted form into a table action (pure), shared by the games' readers.

A form is anything with ``get`` (and ``getlist`` for repeated fields), as werkzeug's
``MultiDict``; ``companion.web.play`` hands it over and answers the action.
"""

from __future__ import annotations

from typing import Any

from companion.errors import Unreadable


def version(form: Any, field: str = "version") -> int:
    """The version of its target the form saw."""
    raw = str(form.get(field, "0")).strip()[:12]
    if not (raw.isascii() and raw.isdigit()):
        raise Unreadable(f"The form's version '{raw}' is not a number: reload the page.", field)
    return int(raw)


def kept(form: Any) -> dict[str, str]:
    """The phone's input as typed, to fill the form if it is shown again."""
    return {k: str(v)[:300] for k, v in form.items() if k != "csrf_token"}
