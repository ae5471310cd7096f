"""The entries of one hand as the table made them: the newest event of each slot counts.

Slots (names kept from the stored games): Hearts' ``h3`` a scorer's whole hand, ``h3s1``
seat 1's own claim, ``h3t0`` trick 0, ``h3moon`` the moon-like choice, ``h3rev`` a recorded
revoke. Consonants names its slots ``c3s1`` (seat 1's cards taken: a claim), ``c3t0``,
``c3fly`` (the choice), ``c3w1`` (the words seat 1 laid) and ``c3end`` (the words are done):
a game passes its own ``SlotNames``. A claim of the rest of a hand from trick 9 on (``rest``)
is stored in the slot of the trick it starts at (``h3t9``): the claim and that trick's entry
race on one version, so one of two phones acting on it at once is refused.

A game declares the parts its hands have by its ``SlotNames`` (each part's slot suffix);
every part is one of ``PARTS``, the kinds of entry a trick game's hand can hold. Folding an
entry of a part the game did not declare, or of no known part, is an error
(``UnknownPart``): it never quietly becomes another part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.protocol import Event


@dataclass(frozen=True)
class Entry:
    """The newest event of one slot: what it says and which seat's phone stored it."""

    payload: Mapping[str, Any]
    seat: int | None = None


@dataclass(frozen=True)
class HandEntries:
    taken: Entry | None = None
    claims: Mapping[int, Entry] = field(default_factory=dict)
    tricks: Mapping[int, Entry] = field(default_factory=dict)
    choice: Entry | None = None
    revoke: Entry | None = None
    words: Mapping[int, Entry] = field(default_factory=dict)
    close: Entry | None = None
    rest: Entry | None = None

    def rest_seat(self) -> int | None:
        """The seat that took every trick not entered, when the claim starts right after
        the tricks entered (a claim an entered trick overtook counts for nothing)."""
        e = self.rest
        if e is None or int(e.payload["trick"]) != len(self.trick_list()):
            return None
        return int(e.payload["seat"])

    def trick_list(self) -> list[tuple[int, list[str]]]:
        """The tricks entered from the first on, as (leader, cards in play order)."""
        found: list[tuple[int, list[str]]] = []
        while (e := self.tricks.get(len(found))) is not None:
            found.append((int(e.payload["leader"]), list(e.payload["cards"])))
        return found


EMPTY = HandEntries()


PARTS = ("taken", "claim", "trick", "choice", "revoke", "words", "close", "rest")
"""Every part a trick game's hand may have: a scorer's whole hand (``taken``), a seat's own
``claim``, a ``trick``, the moon-like ``choice``, a recorded ``revoke``, a seat's ``words``,
the ``close`` of the words and the ``rest`` (every trick not entered went to one seat)."""


class UnknownPart(ValueError):
    """An entry of a part the game does not have (a programming error, never a player's)."""


@dataclass(frozen=True)
class SlotNames:
    """How a game names the slots of a hand: a prefix and one suffix per part. The keys are
    the parts the game's hands have (its declaration), each one of ``PARTS``."""

    prefix: str
    suffixes: Mapping[str, str]

    def __post_init__(self) -> None:
        unknown = sorted(set(self.suffixes) - set(PARTS))
        if unknown:
            raise UnknownPart(
                f"no trick game's hand has the part(s) {', '.join(unknown)} "
                f"(known: {', '.join(PARTS)})"
            )

    def need(self, part: str) -> None:
        """``UnknownPart`` unless this game's hands have ``part``."""
        if part not in self.suffixes:
            raise UnknownPart(
                f"a hand of this game ({self.prefix}...) has no part {part!r:.30} "
                f"(its parts: {', '.join(self.suffixes)})"
            )


HEARTS_SLOTS = SlotNames(
    "h", {"taken": "", "claim": "s", "trick": "t", "choice": "moon", "revoke": "rev", "rest": "t"}
)


def hand_slot(
    hand: int, part: str = "", index: int | None = None, names: SlotNames = HEARTS_SLOTS
) -> str:
    """``h3`` (taken), ``h3s1`` (claim), ``h3t0`` (trick), ``h3moon``, ``h3rev``; another
    game's names with ``names``."""
    suffix = names.suffixes[part]
    return f"{names.prefix}{hand}{suffix}{'' if index is None else index}"


def fold_entry(
    entries: HandEntries, part: str, event: Event, names: SlotNames = HEARTS_SLOTS
) -> HandEntries:
    """``entries`` with ``event`` (of the given part) as its slot's newest entry.
    ``UnknownPart`` for a part the game (its slot ``names``) does not declare."""
    names.need(part)
    entry = Entry(dict(event.payload), event.actor_seat)
    p = event.payload
    if part == "claim":
        return replace(entries, claims={**entries.claims, int(p["seat"]): entry})
    if part == "trick":
        return replace(entries, tricks={**entries.tricks, int(p["trick"]): entry})
    if part == "words":
        return replace(entries, words={**entries.words, int(p["seat"]): entry})
    if part == "taken":
        return replace(entries, taken=entry)
    if part == "choice":
        return replace(entries, choice=entry)
    if part == "revoke":
        return replace(entries, revoke=entry)
    if part == "close":
        return replace(entries, close=entry)
    if part == "rest":
        return replace(entries, rest=entry)
    raise UnknownPart(f"no trick game's hand has the part {part!r:.30}")
