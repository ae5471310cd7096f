"""Imports are checked by the rules of live play (issue 12, finding 1): a 310-byte file with a
score at round 1,000,000,000 is refused in words within a memory ceiling and a time limit
(bounds, not speed claims), and so are a round live play would refuse, 10^400 points, an
undo live play could not make and a repeated change; nothing is half stored; the times of
the original events are kept."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.web.tablehelp import csrf, enter, new_table, totals

ROOT = Path(__file__).resolve().parents[2]
CEILING_MB = 300  # far above a real import, far below what the bomb took (gigabytes)
TIME_LIMIT = 120  # seconds: a bound on a runaway, on a shared two-core machine


def score(ident: int, round_: int, seat: int, points: Any, version: int = 1) -> dict:
    return {"id": ident, "kind": "score", "actor": "Ann", "actor_seat": seat, "round": round_,
            "slot": f"r{round_}s{seat}", "slot_version": version,
            "payload": {"seat": seat, "points": points, "before": None},
            "at": "2026-01-01T10:00:00"}  # fmt: skip


def export(*events: dict) -> dict:
    return {"format": "companion-game", "version": 1,
            "game": {"kind": "custom", "options": {"players": 2}, "number": 1},
            "seats": ["Ann", "Ben"], "events": list(events)}  # fmt: skip


def post(client, content: bytes):
    data = {"csrf_token": csrf(client), "file": (io.BytesIO(content), "g.json")}
    return client.post("/import", data=data, content_type="multipart/form-data")


def table_count(app) -> int:
    from companion.extensions import db
    from companion.tables.models import Table

    with app.app_context():
        return db.session.query(Table).count()


def test_a_310_byte_bomb_is_refused_within_a_memory_and_time_bound(app, tmp_path):
    content = json.dumps(export(score(1, 1_000_000_000, 0, 5)), separators=(",", ":"))
    assert len(content) <= 320
    path = tmp_path / "bomb.json"
    path.write_text(content)
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    child = subprocess.run(
        [sys.executable, "-m", "tests.web.import_bomb", uri, str(CEILING_MB), str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=TIME_LIMIT, check=False,
    )  # fmt: skip
    assert child.returncode == 0, child.stderr[-2000:]
    status, _, page = child.stdout.partition("\n")
    assert status == "422"
    assert "round 1,000,000,000, which the events before it cannot have reached" in page
    assert table_count(app) == 0


@pytest.mark.parametrize(
    ("events", "words"),
    [
        ([score(1, 1, 0, 5), score(2, 100_000, 1, 5)], "round 100,000"),
        # round 2 is within reach of two events, but live play needs round 1 complete first
        ([score(1, 1, 0, 5), score(2, 2, 0, 5)], "Round 2 cannot be entered yet"),
        ([score(1, 1, 0, 10**400)], "larger than 1,000,000,000"),
        ([score(1, 1, 0, 2_000_000)], "A score must be between"),
        ([score(1, 1, 0, "12")], "event 1 (score) is not what live play makes of that change"),
        ([score(1, 1, 2, 5)], "seat must be a whole number from 0 to 1"),
        ([score(1, 1, 0, 5), score(2, 1, 0, 6)], "repeats a change"),
        ([score(2, 1, 0, 5), score(1, 1, 1, 6)], "out of order"),
        ([{**score(1, 1, 0, 5), "kind": "lock"}], "unknown kind"),
        ([{**score(1, 1, 0, 5), "at": "yesterday"}], "time is not readable"),
    ],
    ids=[
        "round-100000",
        "round-skipped",
        "10^400",
        "over-limit",
        "text-points",
        "seat",
        "repeat",
        "order",
        "kind",
        "time",
    ],  # fmt: skip
)
def test_imports_follow_the_rules_of_live_play(client, app, events, words):
    answer = post(client, json.dumps(export(*events)).encode())
    assert answer.status_code == 422
    assert words in answer.get_data(as_text=True).replace("&#39;", "'")
    assert table_count(app) == 0


def undo(ident: int, undoes: int, round_: int, seat: int, version: int) -> dict:
    return {"id": ident, "kind": "undo", "actor": "Ann", "actor_seat": seat, "round": round_,
            "slot": f"r{round_}s{seat}", "slot_version": version,
            "payload": {"undoes": undoes, "what": "score", "seat": seat, "points": None,
                        "before": 5}}  # fmt: skip


def test_an_undo_live_play_could_not_make_is_refused(client, app):
    events = [score(1, 1, 0, 5), score(2, 1, 1, 6), undo(3, 1, 1, 0, 2)]  # not the newest
    answer = post(client, json.dumps(export(*events)).encode())
    assert answer.status_code == 422
    assert "an undo takes back an older change" in answer.get_data(as_text=True)
    assert table_count(app) == 0


def test_too_many_events_are_refused_before_any_is_read(client, app):
    events = [{"id": i} for i in range(1, 5_002)]
    answer = post(client, json.dumps(export(*events)).encode())
    assert answer.status_code == 422
    assert "more than 5,000 events" in answer.get_data(as_text=True)


def test_an_import_keeps_the_original_times_and_the_result(client, app):
    table = new_table(client, players=2)
    enter(client, table, 1, {0: 5, 1: 7})
    enter(client, table, 2, {0: 1, 1: 2})
    client.post(f"{table}/undo", data={"csrf_token": csrf(client)})
    data = json.loads(client.get(f"{table}/games/1/export.json").get_data())
    for number, event in enumerate(data["events"]):
        event["at"] = f"2025-03-0{number + 1}T20:1{number}:00"
    answer = post(client, json.dumps(data).encode())
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    copy = answer.headers["Location"]
    assert totals(client, copy) == totals(client, table)
    again = json.loads(client.get(f"{copy}/games/1/export.json").get_data())
    assert [e["at"] for e in again["events"]] == [e["at"] for e in data["events"]]
    history = client.get(copy).get_data(as_text=True)
    assert "20:10:00" in history


def round_trip(client, table: str) -> str:
    """Export the table's game and import it; returns the new table's path."""
    exported = client.get(f"{table}/games/1/export.json").get_data()
    answer = post(client, exported)
    assert answer.status_code == 303, answer.get_data(as_text=True)[-1500:]
    copy = answer.headers["Location"]
    again = json.loads(client.get(f"{copy}/games/1/export.json").get_data())
    first = json.loads(exported)
    assert same(first["events"]) == same(again["events"])
    return copy


def same(events: list[dict]) -> list[dict]:
    """Events without their ids (new rows, new ids; an undo names its change by position)."""
    position = {e["id"]: n for n, e in enumerate(events)}
    out = []
    for e in events:
        payload = dict(e["payload"])
        if "undoes" in payload:
            payload["undoes"] = position[payload["undoes"]]
        out.append({**{k: v for k, v in e.items() if k != "id"}, "payload": payload})
    return out


def test_a_real_alphagrams_game_with_an_undo_imports_unchanged(client):
    from tests.web.test_alphagrams_table import Table

    t = Table(client)
    t.ok("ag/flip", card="M")
    t.ok("ag/flip", card="T")
    t.ok("ag/word", word="MEATS", step="play")
    assert client.post(f"{t.path}/undo", data={"csrf_token": csrf(client)}).status_code == 303
    t.ok("ag/word", word="MEATS", step="play")
    copy = round_trip(client, t.path)
    assert "MEATS" in client.get(copy).get_data(as_text=True)


def test_a_real_consonants_hand_imports_unchanged(client):
    from tests.web.test_consonants_table import DECK_POINTS, close, cons_table, enter_hand

    table = cons_table(client)
    enter_hand(client, table)
    assert close(client, table).status_code == 303
    copy = round_trip(client, table)
    assert totals(client, copy) == ["42", "41", "40", str(DECK_POINTS - 123)]


def test_nul_bytes_in_names_never_reach_the_database(client, app):
    data = export(score(1, 1, 0, 5))
    data["seats"] = ["An\u0000n", "Ben"]
    data["events"][0]["actor"] = "A\u0000nn"
    answer = post(client, json.dumps(data).encode())
    assert answer.status_code == 303, answer.get_data(as_text=True)[-800:]
    assert "Ann" in client.get(answer.headers["Location"]).get_data(as_text=True)
    bad_slot = export({**score(1, 1, 0, 5), "slot": "r1\u0000s0"})
    refused = post(client, json.dumps(bad_slot).encode())
    assert refused.status_code == 422 and "slot is not readable" in refused.get_data(as_text=True)
