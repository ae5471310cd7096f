"""What every phone is told once the table has answered a question (``agreements.settled``),
from event lists: no app, no database."""

from __future__ import annotations

from datetime import datetime, timedelta

from companion.games.agreements import settled
from companion.games.protocol import Event

NAMES = ["Ann", "Ben", "Cy"]
T0 = datetime(2026, 11, 26, 20, 0, 0)
WHAT = "allow Ann's word QAZ (not in the list)"


def _at(n: int) -> datetime:
    return T0 + timedelta(seconds=n)


def _asked() -> list[Event]:
    return [
        Event(1, "ag-start", created_at=_at(0)),
        Event(2, "agree-open", payload={"k": 1, "about": "word", "what": WHAT}, created_at=_at(1)),
        Event(3, "agree-yes", payload={"k": 1, "seat": 0}, created_at=_at(1)),
        Event(4, "agree-yes", payload={"k": 1, "seat": 1}, created_at=_at(2)),
    ]


def test_the_last_yes_tells_every_phone_the_word_was_allowed() -> None:
    events = [*_asked(), Event(5, "agree-yes", payload={"k": 1, "seat": 2}, created_at=_at(3)),
              Event(6, "agree-done", payload={"k": 1}, created_at=_at(3)),
              Event(7, "ag-word", payload={"text": "qaz"}, created_at=_at(3))]  # fmt: skip
    assert settled(events, NAMES) == f"The whole table agreed to {WHAT}: done."


def test_a_no_says_who_and_that_nothing_changed() -> None:
    events = [*_asked(), Event(5, "agree-no", payload={"k": 1, "seat": 2}, created_at=_at(3))]
    assert settled(events, NAMES) == f"Cy did not agree to {WHAT}, so nothing changed."


def test_the_answer_is_no_longer_news_after_the_next_move() -> None:
    events = [*_asked(), Event(5, "agree-no", payload={"k": 1, "seat": 2}, created_at=_at(3)),
              Event(6, "ag-pass", created_at=_at(9))]  # fmt: skip
    assert settled(events, NAMES) is None


def test_nothing_is_said_while_the_question_is_open_or_never_asked() -> None:
    assert settled(_asked(), NAMES) is None
    assert settled([Event(1, "ag-start", created_at=_at(0))], NAMES) is None
    assert settled([], NAMES) is None
