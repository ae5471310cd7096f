"""Who may do what: seats bound to phones, host controls, tokens, CSRF, headers."""

from __future__ import annotations

import re

import pytest

from tests.web.tablehelp import claim, csrf, enter, join_token, new_table, totals


@pytest.fixture
def phones(app):
    return app.test_client(), app.test_client()


def test_phone_claims_an_open_seat_and_keeps_it(phones):
    host, guest = phones
    table = new_table(host, **{"name-2": ""})
    token = join_token(host, table)
    answer = claim(guest, token, 2, "Dee")
    assert answer.status_code == 303 and answer.headers["Location"] == table
    page = guest.get(table).get_data(as_text=True)
    assert "Dee (you)" in page
    # the seat is kept across a reload and across an app restart (same cookie, same key)
    assert "Dee (you)" in guest.get(table).get_data(as_text=True)
    assert guest.get(f"/j/{token}").status_code == 303  # already seated: sent to the table


def test_seat_survives_a_new_app_with_the_same_secret(app):
    from companion import create_app

    host, guest = app.test_client(), app.test_client()
    table = new_table(host, **{"name-1": ""})
    claim(guest, join_token(host, table), 1, "Bo")
    restarted = create_app(
        {"TESTING": True, "SECRET_KEY": "test-secret",
         "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"]}
    )  # fmt: skip
    again = restarted.test_client()
    cookie = guest.get_cookie("session")
    assert cookie is not None
    again.set_cookie("session", cookie.value)
    assert "Bo (you)" in again.get(table).get_data(as_text=True)


def test_seated_phone_enters_only_its_own_seat(phones):
    host, guest = phones
    table = new_table(host)
    claim(guest, join_token(host, table), 1)
    assert enter(guest, table, 1, {1: 4}).status_code == 303
    refused = enter(guest, table, 1, {0: 4})
    assert refused.status_code == 422
    assert "may not enter Ann" in refused.get_data(as_text=True)
    assert totals(host, table) == ["0", "4", "0"]


def test_spectator_cannot_enter_or_undo(phones):
    host, watcher = phones
    table = new_table(host)
    enter(host, table, 1, {0: 1, 1: 2, 2: 3})
    assert enter(watcher, table, 2, {0: 9}).status_code == 403
    undo = watcher.post(f"{table}/undo", data={"csrf_token": csrf(watcher, table)})
    assert undo.status_code == 403
    assert totals(host, table) == ["1", "2", "3"]
    assert "You are watching" in watcher.get(table).get_data(as_text=True)


def test_taken_seat_and_second_seat_are_refused(phones, app):
    host, guest = phones
    third = app.test_client()
    table = new_table(host, **{"name-1": "", "name-2": ""})
    token = join_token(host, table)
    assert claim(guest, token, 1, "Bo").status_code == 303
    taken = claim(third, token, 1, "Cy")
    assert taken.status_code == 422 and "already taken" in taken.get_data(as_text=True)
    again = claim(guest, token, 2, "Bo")
    assert again.status_code == 422 and "already sits at Bo" in again.get_data(as_text=True)
    nameless = claim(third, token, 2, "")
    assert nameless.status_code == 422 and "Type your name" in nameless.get_data(as_text=True)


def test_host_locks_frees_and_rotates(phones, app):
    host, guest = phones
    table = new_table(host, **{"name-1": ""})
    token = join_token(host, table)
    page = host.get(table).get_data(as_text=True)
    old_code = re.search(r"Code <strong>(\w+)</strong>", page).group(1)
    form = {"csrf_token": csrf(host, table)}
    host.post(f"{table}/lock", data={**form, "locked": "1"})
    locked = claim(guest, token, 1, "Bo")
    assert locked.status_code == 422 and "locked" in locked.get_data(as_text=True)
    host.post(f"{table}/lock", data={**form, "locked": "0"})
    assert claim(guest, token, 1, "Bo").status_code == 303
    host.post(f"{table}/free/1", data=form)
    assert "Bo (you)" not in guest.get(table).get_data(as_text=True)
    host.post(f"{table}/rotate", data=form)
    assert guest.get(f"/j/{token}").status_code == 404  # the old link stops working
    code_try = guest.post("/code", data={"csrf_token": csrf(guest, "/code"), "code": old_code})
    assert code_try.status_code == 422
    moved = host.get(table)  # the host is sent on to the new table link
    assert moved.status_code == 303 and moved.headers["Location"] != table
    assert join_token(host, moved.headers["Location"]) != token


def test_only_the_host_has_host_controls(phones):
    host, guest = phones
    table = new_table(host)
    form = {"csrf_token": csrf(guest, table)}
    for url in (f"{table}/lock", f"{table}/free/0", f"{table}/rotate"):
        assert guest.post(url, data={**form, "locked": "1"}).status_code == 403


def test_join_by_code_case_and_spaces_forgiven(phones):
    host, guest = phones
    table = new_table(host)
    code = re.search(r"Code <strong>(\w+)</strong>", host.get(table).get_data(as_text=True))[1]
    assert len(code) == 6 and not set(code) & set("O0I1L")
    typed = " ".join(code.lower())
    answer = guest.post("/code", data={"csrf_token": csrf(guest, "/code"), "code": typed})
    assert answer.status_code == 303 and answer.headers["Location"].startswith("/j/")


def test_code_guessing_is_rate_limited(phones):
    _, guesser = phones
    token = csrf(guesser, "/code")
    answers = [
        guesser.post("/code", data={"csrf_token": token, "code": f"ZZZZZ{i}"}).status_code
        for i in range(12)
    ]
    assert answers[:10] == [422] * 10
    assert answers[10:] == [429, 429]


def test_table_a_links_do_not_open_table_b(phones):
    a_phone, b_phone = phones
    table_a = new_table(a_phone)
    table_b = new_table(b_phone)
    enter(b_phone, table_b, 1, {0: 42, 1: 0, 2: 0})
    # A's host is not B's host and holds no seat there: B's sheet cannot be changed by A
    refused = enter(a_phone, table_b, 2, {0: 1})
    assert refused.status_code == 403
    changed = table_a[:-1] + ("y" if table_a.endswith("x") else "x")  # one character off
    for url in ("/t/" + "A" * 22, changed, "/j/nope", "/s/nope", "/tv/nope"):
        assert a_phone.get(url).status_code == 404


def test_ids_in_urls_are_random_tokens(client):
    tables = {new_table(client) for _ in range(3)}
    tokens = [t.rsplit("/", 1)[1] for t in tables]
    assert len(set(tokens)) == 3 and all(len(t) >= 22 for t in tokens)


def test_forms_without_csrf_token_are_refused(client):
    table = new_table(client)
    answer = client.post(f"{table}/round/1", data={"points-0": "5", "version-0": "0"})
    assert answer.status_code == 400
    assert totals(client, table) == ["0", "0", "0"]


def test_cross_site_form_post_is_refused(client):
    table = new_table(client)
    data = {"csrf_token": csrf(client, table), "points-0": "5", "version-0": "0"}
    answer = client.post(f"{table}/round/1", data=data, headers={"Origin": "https://evil.example"})
    assert answer.status_code == 403


def test_security_headers_and_no_inline_script(client):
    table = new_table(client)
    answer = client.get(table)
    csp = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    body = answer.get_data(as_text=True)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", body)
    assert not re.search(r"\son(click|load|submit|input)=", body)


def test_each_security_header_is_sent_once_and_a_views_own_is_kept(client):
    """The security headers go on every answer (a page, a fragment, a Table API answer) once
    each; a header the view set itself (a table's fragment sets ``Cache-Control``) is kept
    as it is, never doubled."""
    table = new_table(client)
    created = client.post("/api/v1/tables", json={"game": "custom", "names": ["A", "B"]}).json
    target = {"round": 1, "seat": 0}
    body = {"action": "score", "target": target, "version": 0, "data": {"points": 3}}
    key = {"Authorization": f"Bearer {created['host_key']}"}
    api = client.post("/api/v1/table/actions", json=body, headers=key)
    assert api.status_code == 200 and api.json == {"version": 2, "target_version": 1}
    answers = {"page": client.get(table), "fragment": client.get(f"{table}/live"), "api": api}
    wanted = ["Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options",
              "Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy"]  # fmt: skip
    for what, answer in answers.items():
        for name in wanted:
            assert len(answer.headers.getlist(name)) == 1, (what, name)
        assert answer.headers["X-Frame-Options"] == "DENY"
    for what in ("page", "fragment"):  # a table's answers are never stored
        assert answers[what].headers.getlist("Cache-Control") == ["no-store"], what
    assert "Cache-Control" not in api.headers


def test_pages_load_nothing_from_elsewhere(client):
    table = new_table(client)
    for url in ("/", table, "/code"):
        body = client.get(url).get_data(as_text=True)
        for ref in re.findall(r'(?:src|href)="([^"]+)"', body):
            assert ref.startswith("/") or ref.startswith("#"), ref


def test_share_and_tv_are_read_only(client):
    table = new_table(client)
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    share = re.search(r'href="/s/([\w-]+)"', client.get(table).get_data(as_text=True))[1]
    for url in (f"/s/{share}", f"/tv/{share}", f"/s/{share}/live"):
        body = client.get(url).get_data(as_text=True)
        assert ">7<" in body
        assert "<form" not in body and "/j/" not in body and table not in body


def test_qr_code_encodes_the_join_link(client):
    table = new_table(client)
    token = join_token(client, table)
    svg = client.get(f"{table}/qr.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert b"<svg" in svg.data and b"<path" in svg.data
    from companion.web.views import qr_svg

    # the very same drawing as the join link's QR code, and not another table's or an old one
    assert svg.get_data(as_text=True) == qr_svg(f"http://localhost/j/{token}")
    assert svg.get_data(as_text=True) != qr_svg(f"http://localhost/j/{token}x")


def test_live_stream_sends_an_update_after_a_change(app):
    from companion.tables.live import InProcessBroker, sse_stream

    broker = InProcessBroker()
    versions = iter([5])
    stream = sse_stream(lambda seen, t: broker.wait("t", seen, t), lambda: next(versions), 3, 5.0)
    assert next(stream).startswith("retry:")
    assert "event: update" in next(stream)  # the phone missed version 4 and 5
    broker.publish("t", 6)
    assert "id: 6" in next(stream)


def test_stream_endpoint_is_an_event_stream(client, app):
    app.config["STREAM_SECONDS"] = 0.2
    table = new_table(client)
    answer = client.get(f"{table}/stream", headers={"Last-Event-ID": "0"})
    assert answer.mimetype == "text/event-stream"
    body = answer.get_data(as_text=True)
    assert "retry: 1000" in body and "event: update" in body


def test_a_player_undoes_only_their_own_change(phones):
    host, guest = phones
    table = new_table(host)
    claim(guest, join_token(host, table), 1)
    enter(host, table, 1, {0: 4})
    refused = guest.post(f"{table}/undo", data={"csrf_token": csrf(guest, table)})
    assert refused.status_code == 403
    enter(guest, table, 1, {1: 6})
    assert guest.post(f"{table}/undo", data={"csrf_token": csrf(guest)}).status_code == 303
    assert totals(host, table) == ["4", "0", "0"]


def test_joining_keeps_the_name_the_host_gave_the_seat(phones):
    host, guest = phones
    table = new_table(host)
    claim(guest, join_token(host, table), 1, "Benjamin")
    assert "Ben (you)" in guest.get(table).get_data(as_text=True)


def _race(calls) -> list[int]:
    import threading

    gate = threading.Barrier(len(calls))
    answers: list[int] = []

    def run(call) -> None:
        gate.wait()
        answers.append(call().status_code)

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(answers)


def test_two_phones_claiming_one_seat_at_once_one_wins_every_time(app, client):
    from companion.extensions import db
    from companion.tables.models import Seat

    for _ in range(10):
        table = new_table(client, **{"name-2": ""})
        token = join_token(client, table)
        phones = [app.test_client() for _ in range(2)]
        tokens = [csrf(p) for p in phones]
        calls = [
            lambda p=p, t=t, n=n, j=token: p.post(f"/j/{j}/seat",
                                                  data={"csrf_token": t, "seat": "2", "name": n})
            for p, t, n in zip(phones, tokens, ("Di", "Ed"), strict=True)
        ]  # fmt: skip
        assert _race(calls) == [303, 422]
    with app.app_context():
        taken = [s for s in db.session.scalars(db.select(Seat)) if s.position == 2 and s.phone]
        assert len(taken) == 10  # one phone per contested seat, every time


def test_one_phone_claiming_two_seats_at_once_gets_one(app, client):
    from companion.extensions import db
    from companion.tables.models import Seat

    table = new_table(client, **{"name-1": "", "name-2": ""})
    token = join_token(client, table)
    guest = app.test_client()
    t = csrf(guest)
    assert guest.get(f"/j/{token}").status_code == 200  # the phone has its id from here on
    calls = [
        lambda s=s: guest.post(f"/j/{token}/seat", data={"csrf_token": t, "seat": s, "name": "Di"})
        for s in ("1", "2")
    ]
    assert _race(calls) == [303, 422]
    with app.app_context():
        assert len([s for s in db.session.scalars(db.select(Seat)) if s.phone]) == 1
