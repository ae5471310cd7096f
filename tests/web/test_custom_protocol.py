"""The custom sheet through the one service path: explicit targets, untouched boxes not sent
again, a round saved together undone together, a stale box told with the value now."""

from __future__ import annotations

from flask import Flask

from companion.extensions import db
from companion.tables.models import Event
from tests.sent import recording
from tests.web.tablehelp import claim, csrf, enter, join_token, new_table, totals


def score_events(app: Flask) -> list[Event]:
    with app.app_context():
        return list(db.session.scalars(db.select(Event).where(Event.kind == "score")))


def post_round(client, table, round_, boxes, **extra):
    """``boxes``: seat -> (typed, version, shown)."""
    data = {"csrf_token": csrf(client, table)}
    for seat, (typed, version, shown) in boxes.items():
        data.update({f"points-{seat}": str(typed), f"version-{seat}": str(version),
                     f"was-{seat}": shown})  # fmt: skip
    data.update(extra)
    return client.post(f"{table}/round/{round_}", data=data)


def test_the_hosts_save_does_not_store_again_a_box_it_did_not_change(app, client):
    table = new_table(client)
    guest = app.test_client()
    claim(guest, join_token(client, table), 1)
    assert enter(guest, table, 1, {1: 7}).status_code == 303
    answer = post_round(client, table, 1, {0: (5, 0, ""), 1: (7, 1, "7"), 2: (1, 0, "")})
    assert answer.status_code == 303
    events = score_events(app)
    assert [(e.payload["seat"], e.actor) for e in events] == [(1, "Ben"), (0, "Host"), (2, "Host")]
    assert totals(client, table) == ["5", "7", "1"]


def test_the_hosts_undo_takes_back_the_whole_round_it_saved(app, client):
    table = new_table(client)
    assert enter(client, table, 1, {0: 5, 1: 7, 2: 1}).status_code == 303
    assert enter(client, table, 2, {0: 2, 1: 2, 2: 2}).status_code == 303
    answer = client.post(f"{table}/undo", data={"csrf_token": csrf(client, table)},
                         headers={"HX-Request": "true"})  # fmt: skip
    assert answer.status_code == 200
    assert "The last 3 entries, saved together, were undone." in answer.get_data(as_text=True)
    assert totals(client, table) == ["5", "7", "1"]


def test_a_stale_box_is_told_with_the_value_now_and_nothing_is_stored(app, client):
    table = new_table(client)
    assert enter(client, table, 1, {0: 5, 1: 7, 2: 1}).status_code == 303
    other = app.test_client()
    claim(other, join_token(client, table), 0)
    assert post_round(other, table, 1, {0: (9, 1, "5")}, edit="1").status_code == 303
    answer = post_round(client, table, 1, {0: (4, 1, "5")}, edit="1")
    body = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "now 9" in body and 'value="4"' in body
    assert len(score_events(app)) == 4
    assert totals(client, table) == ["9", "7", "1"]


def test_a_form_for_a_round_that_moved_on_still_names_its_own_round(app, client):
    """The phone's round 1 form is sent after round 1 was completed elsewhere: it is checked
    against round 1 (a conflict), never stored as round 2."""
    table = new_table(client)
    assert enter(client, table, 1, {0: 5, 1: 7, 2: 1}).status_code == 303
    answer = post_round(client, table, 1, {0: (3, 0, ""), 1: (3, 0, ""), 2: (3, 0, "")})
    assert answer.status_code == 409
    assert all((e.round or 0) == 1 for e in score_events(app))
    assert len(score_events(app)) == 3


def _statements(app: Flask, send) -> int:
    """The statements ``send`` makes the app send, counted at the driver (``tests.sent``)."""
    sent = recording(app)
    send()
    count = len(sent)
    sent.clear()  # what comes after is not this send's
    return count


def test_an_entry_costs_a_handful_of_queries_however_long_the_game(app, client):
    """One fold per request from the snapshot: the statements an entry sends do not grow
    with the rounds already played."""
    created = client.post("/api/v1/tables", json={"game": "custom", "names": ["A", "B"]}).json
    key = {"Authorization": f"Bearer {created['host_key']}"}

    def entry(round_: int, seat: int) -> None:
        body = {"action": "score", "target": {"round": round_, "seat": seat}, "version": 0,
                "data": {"points": 1}}  # fmt: skip
        assert client.post("/api/v1/table/actions", json=body, headers=key).status_code == 200

    entry(1, 0)
    early = _statements(app, lambda: entry(1, 1))
    for r in range(2, 31):
        entry(r, 0)
        entry(r, 1)
    late = _statements(app, lambda: entry(31, 0))
    assert early == late
    # SQLite: BEGIN IMMEDIATE, the key (with its game's newest event), the insert, COMMIT;
    # PostgreSQL: the insert, on the key this process kept
    assert 1 <= late <= 4


def test_an_undo_naming_a_version_too_long_to_read_is_taken_as_unnamed(app, client):
    table = new_table(client)
    assert enter(client, table, 1, {0: 5}).status_code == 303
    data = {"csrf_token": csrf(client, table), "seen": "9" * 5000}
    answer = client.post(f"{table}/undo", data=data, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert totals(client, table) == ["0", "0", "0"]


def test_an_undo_naming_an_old_version_is_refused_and_undoes_nothing(app, client):
    table = new_table(client)
    assert enter(client, table, 1, {0: 5}).status_code == 303
    assert enter(client, table, 1, {1: 7}).status_code == 303
    data = {"csrf_token": csrf(client, table), "seen": "1"}
    answer = client.post(f"{table}/undo", data=data, headers={"HX-Request": "true"})
    assert answer.status_code == 409
    assert totals(client, table) == ["5", "7", "0"]


def test_two_undos_from_the_same_sheet_undo_one_change_not_two(app, client):
    """Both taps name the table version their sheet shows (#table-version): the second is
    told the table changed, and only the newest change is taken back."""
    import re
    import threading

    table = new_table(client)
    assert enter(client, table, 1, {0: 5}).status_code == 303
    assert enter(client, table, 1, {1: 7}).status_code == 303
    live = client.get(f"{table}/live").get_data(as_text=True)
    seen = re.search(r'id="table-version" name="seen" value="(\d+)"', live)
    assert seen, "the live sheet carries the version it shows"
    token = csrf(client, table)
    gate = threading.Barrier(2)
    codes: list[int] = []

    def tap() -> None:
        gate.wait()
        data = {"csrf_token": token, "seen": seen.group(1)}
        codes.append(client.post(f"{table}/undo", data=data, headers={"HX-Request": "true"})
                     .status_code)  # fmt: skip

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409]
    assert totals(client, table) == ["5", "0", "0"]


def test_an_undo_racing_another_phones_entry_never_takes_back_that_entry(app, client):
    """Ben may undo only his own change. His undo and Ann's new entry land at the same
    moment, ten times over: the permission is checked on the very change the undo takes back
    (one locked transaction), so Ann's entry is never undone; Ben's undo either takes back
    his own change or is refused."""
    table = new_table(client, **{"name-0": "", "name-1": ""})
    ann, ben = app.test_client(), app.test_client()
    claim(ann, join_token(client, table), 0, "Ann")
    claim(ben, join_token(client, table), 1, "Ben")
    ann_token, ben_token = csrf(ann, table), csrf(ben, table)
    for round_ in range(1, 11):
        assert enter(client, table, round_, {2: 1}).status_code == 303
        assert enter(ben, table, round_, {1: 7}).status_code == 303  # the newest change
        codes = race(
            lambda: ben.post(f"{table}/undo", data={"csrf_token": ben_token}).status_code,
            lambda r=round_: ann.post(f"{table}/round/{r}", data={
                "csrf_token": ann_token, "points-0": "5", "version-0": "0"}).status_code,
        )  # fmt: skip
        assert codes[1] == 303  # Ann's entry (Ben's undo names no version: the newest now)
        assert codes[0] in (303, 403)
        with app.app_context():
            rows = list(db.session.scalars(db.select(Event).order_by(Event.id)))
        undone = {int(e.payload["undoes"]) for e in rows if e.kind == "undo"}
        anns = [e.id for e in rows if e.kind == "score" and e.actor == "Ann"]
        assert not undone & set(anns), f"round {round_}: Ann's entry was undone"
        if codes[0] == 403:  # Ann's entry came first: Ben's change stays
            continue
        assert enter(ben, table, round_, {1: 7}, **{"version-1": 2}).status_code == 303


def race(*calls):
    """Run ``calls`` at the same moment, one thread each; their answers in order."""
    import threading

    gate = threading.Barrier(len(calls))
    codes = [0] * len(calls)

    def run(number: int) -> None:
        gate.wait()
        codes[number] = calls[number]()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes
