"""The entries of one hand as the table made them: the newest event of each slot counts.

Every trick game's hand has ``HandEntries``: each seat's own ``claims`` (the cards it took),
the ``tricks`` and the moon-like ``choice``. A game adds its own fields in a subclass (Hearts:
a scorer's whole hand and a recorded revoke; Consonants: each seat's words and the close) and
declares every part its hands have in its ``SlotNames``: the slot's suffix, the field of its
entries that holds it and, for a part kept per seat or per trick, the payload key that numbers
it. Slots keep the stored games' names: Hearts' ``h3`` (a scorer's whole hand), ``h3s1`` (seat
1's claim), ``h3t0`` (trick 0), ``h3moon``, ``h3rev``; Consonants' ``c3s1``, ``c3t0``,
``c3fly``, ``c3w1``, ``c3end``.

A claim of the rest of a hand from trick 9 on (``rest``, ``REST``) is stored in the slot of
the trick it starts at (``h3t9``): the claim and that trick's entry race on one version, so
one of two phones acting on it at once is refused.

Folding an entry of a part the game did not declare is an error (``UnknownPart``): it never
quietly becomes another part. A part naming a field its game's entries lack is refused when
it is declared.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, TypeVar

from companion.games.protocol import Data, Event


@dataclass(frozen=True)
class Entry:
    """The newest event of one slot: what it says and which seat's phone stored it."""

    payload: Data
    seat: int | None = None


@dataclass(frozen=True)
class HandEntries:
    """What every trick game's hand has; a game's subclass adds its own parts' fields."""

    claims: Mapping[int, Entry] = field(default_factory=dict)
    tricks: Mapping[int, Entry] = field(default_factory=dict)
    choice: Entry | None = None
    rest: Entry | None = None  # "the rest go to <seat>" from its trick on (a claim)

    def rest_seat(self) -> int | None:
        """The seat that took every trick not entered, when the claim starts right after
        the tricks entered (a claim an entered trick overtook counts for nothing)."""
        e = self.rest
        if e is None or int(e.payload["trick"]) != len(self.trick_list()):
            return None
        return int(e.payload["seat"])

    def rest_at(self, index: int) -> Entry | None:
        """The claim of the rest when it covers trick ``index`` (no trick entered there)."""
        if self.rest_seat() is None or self.rest is None:
            return None
        return self.rest if index >= int(self.rest.payload["trick"]) else None

    def trick_list(self) -> list[tuple[int, list[str]]]:
        """The tricks entered from the first on, as (leader, cards in play order)."""
        found: list[tuple[int, list[str]]] = []
        while (e := self.tricks.get(len(found))) is not None:
            found.append((int(e.payload["leader"]), list(e.payload["cards"])))
        return found


E = TypeVar("E", bound=HandEntries)


class UnknownPart(ValueError):
    """An entry of a part the game does not have (a programming error, never a player's)."""


@dataclass(frozen=True)
class Part:
    """One part of a hand: its slot's suffix, the field of the entries holding it and, for a
    part kept per seat or per trick, the payload key that numbers it (None: one entry)."""

    suffix: str
    field: str
    key: str | None = None


CLAIM = Part("s", "claims", "seat")
TRICK = Part("t", "tricks", "trick")
REST = Part("t", "rest")  # in the slot of the trick it starts at: the two race on one version


def choice(suffix: str) -> Part:
    """The moon-like choice, under the game's own suffix (``moon``, ``fly``)."""
    return Part(suffix, "choice")


@dataclass(frozen=True)
class SlotNames:
    """How a game names the slots of a hand (a prefix and each part's ``Part``) and its
    entries with nothing entered (``empty``: its ``HandEntries`` type). The keys of ``parts``
    are the parts the game's hands have: its declaration."""

    prefix: str
    parts: Mapping[str, Part]
    empty: HandEntries = HandEntries()

    def __post_init__(self) -> None:
        have = {f.name for f in fields(self.empty)}
        unknown = sorted(p for p, part in self.parts.items() if part.field not in have)
        if unknown:
            raise UnknownPart(
                f"the part(s) {', '.join(unknown)} name no field of "
                f"{type(self.empty).__name__} (its fields: {', '.join(sorted(have))})"
            )

    def need(self, part: str) -> Part:
        """The declared ``part``; ``UnknownPart`` unless this game's hands have it."""
        found = self.parts.get(part)
        if found is None:
            raise UnknownPart(
                f"a hand of this game ({self.prefix}...) has no part {part!r:.30} "
                f"(its parts: {', '.join(self.parts)})"
            )
        return found

    def slot(self, hand: int, part: str, index: int | None = None) -> str:
        """``h3`` (taken), ``h3s1`` (claim), ``h3t0`` (trick), ``c3w1`` (words), ..."""
        return f"{self.prefix}{hand}{self.need(part).suffix}{'' if index is None else index}"

    def entry(self, entries: HandEntries, part: str, index: int | None = None) -> Entry | None:
        """The newest entry of one slot (None: nothing entered)."""
        found = self.need(part)
        value = getattr(entries, found.field)
        return value.get(index or 0) if found.key is not None else value  # type: ignore[no-any-return]


def fold_entry(entries: E, part: str, event: Event, names: SlotNames) -> E:
    """``entries`` with ``event`` (of the given part) as its slot's newest entry.
    ``UnknownPart`` for a part the game (its slot ``names``) does not declare."""
    found = names.need(part)
    entry = Entry(dict(event.payload), event.actor_seat)
    value: object = entry
    if found.key is not None:
        value = {**getattr(entries, found.field), int(event.payload[found.key]): entry}
    changes: dict[str, Any] = {found.field: value}  # the one field's own type
    return replace(entries, **changes)
