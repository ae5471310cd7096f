"""Two phones (two threads with the same key) send the same action on the same target at the
same version, for each game and action kind: exactly one is stored, the other is told (409),
on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from typing import Any

import pytest

HEARTS_ALL = [f"{r}H" for r in "23456789TJQKA"] + ["QS"]
CASES: list[tuple[str, list[str], dict[str, Any], dict[str, Any], dict[str, Any]]] = [
    ("custom", ["Ann", "Bob"], {}, {"round": 1, "seat": 0}, {"points": 5}),
    ("hearts", ["A", "B", "C", "D"], {}, {"hand": 1}, {"taken": {"0": HEARTS_ALL}}),
    ("hearts", ["A", "B", "C", "D"], {}, {"hand": 1, "seat": 0}, {"cards": ["2H"]}),
    ("hearts", ["A", "B", "C", "D"], {}, {"hand": 1},
     {"points": {"0": 15, "1": 4, "2": 7, "3": 0}}),
    ("hearts", ["A", "B", "C", "D"], {}, {"hand": 1, "trick": 0},
     {"leader": 0, "cards": ["2C", "3C", "4C", "5C"]}),
    ("alphagrams", ["A", "B"], {}, {"turn": 0}, {"card": "T"}),
    ("follow-the-author", ["A", "B"], {}, {"round": 1, "hand": "alpha"}, {"points": [2, 1]}),
    ("consonants", ["A", "B", "C", "D"], {}, {"hand": 1, "seat": 0}, {"cards": ["B"]}),
    ("consonants", ["A", "B", "C", "D"], {}, {"hand": 1, "trick": 0},
     {"leader": 0, "cards": ["B", "C", "D", "F"]}),
]  # fmt: skip


def _kind(game: str, target: dict[str, Any], data: dict[str, Any]) -> str:
    if game == "hearts":
        if "points" in data:
            return "points"
        return "claim" if "seat" in target else "trick" if "trick" in target else "taken"
    if game == "consonants":
        return "trick" if "trick" in target else "taken"
    return {"custom": "score", "alphagrams": "start", "follow-the-author": "points"}[game]


@pytest.mark.parametrize(("game", "names", "options", "target", "data"), CASES,
                         ids=lambda v: v if isinstance(v, str) else None)  # fmt: skip
def test_one_of_two_identical_actions_is_stored(app, client, game, names, options, target, data):
    created = client.post("/api/v1/tables", json={"game": game, "names": names,
                                                  "options": options})  # fmt: skip
    assert created.status_code == 201, created.json
    key = {"Authorization": f"Bearer {created.json['host_key']}"}
    body = {"action": _kind(game, target, data), "target": target, "version": 0, "data": data}
    gate = threading.Barrier(2)
    answers: list[tuple[int, Any]] = []

    def send() -> None:
        phone = app.test_client()
        gate.wait()
        answer = phone.post("/api/v1/table/actions", json=body, headers=key)
        answers.append((answer.status_code, answer.json))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(code for code, _ in answers) == [200, 409], answers
    stale = next(body for code, body in answers if code == 409)
    assert stale["target"] == target and stale["target_version"] == 1
