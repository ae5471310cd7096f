"""History lines are plain words: an event kind the shell has no words for is never shown by
its internal name, and an undo the shell describes names no internal kind either."""

from __future__ import annotations

from datetime import datetime

from companion.games.protocol import Event
from companion.web.tableview import describe

AT = datetime(2026, 11, 26, 21, 5, 0)


def test_an_unknown_kind_is_a_change_in_words_not_its_name() -> None:
    line = describe(Event(1, "hearts-trick", "Ann", created_at=AT), ["Ann", "Ben"])
    assert line == "21:05:00 Ann made a change" and "hearts-trick" not in line


def test_an_undo_without_a_cell_names_no_internal_kind() -> None:
    undo = Event(2, "undo", "Ben", payload={"undoes": 1, "what": "fta-store"}, created_at=AT)
    line = describe(undo, ["Ann", "Ben"])
    assert line == "21:05:00 Ben took back an earlier change" and "fta" not in line
