"""Reading a posted form into a table action (pure), shared by the games' readers.

A form is anything with ``get`` (and ``getlist`` for repeated fields), as werkzeug's
``MultiDict``; ``companion.web.play`` hands it over and answers the action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.errors import Unreadable
from companion.games.protocol import Action, Data, Entered


class Fields(Unreadable):
    """Several boxes of one form refused at once, each in its own words (box -> words)."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        super().__init__(next(iter(errors.values())), next(iter(errors)))
        self.errors = dict(errors)


def version(form: Entered, field: str = "version") -> int:
    """The version of its target the form saw."""
    raw = str(form.get(field, "0")).strip()[:12]
    if not (raw.isascii() and raw.isdigit()):
        raise Unreadable(f"The form's version '{raw}' is not a number: reload the page.", field)
    return int(raw)


def kept(form: Entered) -> dict[str, str]:
    """The phone's input as typed, to fill the form if it is shown again."""
    return {k: str(v)[:300] for k, v in form.items() if k != "csrf_token"}


def nothing(form: Entered, url: Data) -> Kept:
    """Keep nothing of a form refused (a button with hidden fields only)."""
    return {}


def everything(form: Entered, url: Data) -> Kept:
    return {**kept(form)}


Kept = dict[str, Entered]  # a form's input as typed (and the reader's notes), to draw it again
Seen = TypeVar("Seen")  # what a game's readers are given of the table


@dataclass(frozen=True)
class Form(Generic[Seen]):
    """A game's form: its URL rule after the table's (``/t/<token>``), ``read(form, url,
    seen, values)`` giving the one action it names (``url``: the rule's values, ``seen``:
    what the game's readers are given of the table, by default the phone's seat or None) and
    ``keep(form, url)`` the input to draw it again with if it is refused (``read`` may add to
    it, e.g. the rows a word was composed with). A form that saves several targets together
    (a round's cells) reads into a sequence of actions, stored all or nothing."""

    rule: str
    read: Callable[[Entered, Data, Seen, Kept], Action | Sequence[Action]]
    keep: Callable[[Entered, Data], Kept] = everything
