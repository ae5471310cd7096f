"""The custom scoresheet in words (pure). Its events are the shell's own (a score, an undo,
a seat added or removed), so the shell writes their history lines; nothing here adds to them."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.protocol import Event


def describe(event: Event, names: Sequence[str]) -> str | None:
    """None: the shell's words serve for every custom event."""
    return None
