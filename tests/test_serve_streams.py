"""``companion serve`` (gevent worker) with many event streams, vanished phones and slow clients:
a real server on a real port, raw sockets as phones."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

import pytest

from bench._common import HOST, Phone, Server, round_form, running, start_table
from bench.bench_streams import SlowClients, open_count, open_stream
from companion.tables.live import hung_up, sse_stream


def streams_reach(port: int, count: int) -> bool:
    """Whether the server's count of open streams reaches ``count``: the server answers once it
    does (``/live/streams?until=``, up to 30 s), so the test waits on that, not on a clock."""
    return open_count(port, timeout=40, until=count) == count


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    # streams last longer than the tests, so only a hang-up ends them; a client has 1 s (not
    # 5) to send its headers, so the tests of slow and silent clients wait 1 s for it
    env = {"COMPANION_STREAM_SECONDS": "600", "COMPANION_HEADER_SECONDS": "1"}
    srv = Server("companion", 1, 8, env=env)
    with running(srv):
        yield srv


def test_streams_of_phones_that_hang_up_are_closed_by_the_server(server: Server) -> None:
    host = Phone(server.port)
    table = start_table(host)
    assert streams_reach(server.port, 0)
    phones = [open_stream(server.port, table.token) for _ in range(20)]
    assert streams_reach(server.port, 20), open_count(server.port)
    for sock in phones:
        sock.close()
    # not one keep-alive needs to fail: the server sees the hang-up and ends the stream
    assert streams_reach(server.port, 0), open_count(server.port)
    assert host.get(f"/t/{table.token}").status == 200
    host.close()


def test_a_page_and_an_entry_answer_with_300_streams_open(server: Server) -> None:
    host = Phone(server.port, timeout=60)
    table = start_table(host)
    phones = [open_stream(server.port, table.token) for _ in range(300)]
    try:
        assert streams_reach(server.port, 300), open_count(server.port)
        assert host.get(f"/t/{table.token}").status == 200
        entry = host.post(f"/t/{table.token}/round/1", round_form(table, 1), htmx=True)
        assert entry.status == 200
        # every open stream hears of the entry
        for sock in phones[::30]:
            assert b"event: update" in read_until(sock, b"event: update")
    finally:
        for sock in phones:
            sock.close()
        host.close()
    assert streams_reach(server.port, 0)


def read_until(sock: socket.socket, marker: bytes) -> bytes:
    sock.settimeout(30)
    seen = b""
    while marker not in seen:
        chunk = sock.recv(4096)
        if not chunk:
            break
        seen += chunk
    return seen


def test_slow_clients_neither_block_a_request_nor_keep_their_sockets(server: Server) -> None:
    with SlowClients(server.port, 100) as slow:
        phone = Phone(server.port, timeout=60)
        assert phone.get("/").status == 200
        phone.close()
        # the server closes a client that has not sent its headers in time; it reconnects
        assert slow.wait_dropped(100, 60), slow.dropped


def test_a_silent_connection_is_closed_by_the_server(server: Server) -> None:
    sock = socket.create_connection((HOST, server.port), timeout=60)
    try:
        assert sock.recv(1) == b""  # the server hung up on a client that said nothing
    finally:
        sock.close()


def test_hung_up_sees_the_peer_close_and_ignores_a_live_peer() -> None:
    ours, theirs = socket.socketpair()
    assert hung_up(ours) is False
    assert hung_up(None) is False
    theirs.close()
    assert hung_up(ours) is True
    ours.close()


def test_hung_up_works_on_descriptors_above_1023() -> None:
    ours, theirs = socket.socketpair()
    high = socket.socket(fileno=os.dup2(ours.fileno(), 1500))  # a server with 1,000+ streams
    try:
        assert hung_up(high) is False
        theirs.close()
        assert hung_up(high) is True
    finally:
        high.close()
        ours.close()


def test_a_stream_ends_when_its_phone_is_gone() -> None:
    gone = iter([False, True])
    events = sse_stream(
        lambda seen, t: None, lambda: 1, None, duration=600, check=0.001, gone=lambda: next(gone)
    )
    assert next(events).startswith("retry:")
    assert list(events) == []  # two quiet checks, then the phone was gone: the stream ended


def test_bench_streams_runs_every_phase_without_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bench import bench_streams

    monkeypatch.setenv("COMPANION_HEADER_SECONDS", "1")  # slow clients are dropped after 1 s

    args = ["--levels", "0,3", "--slow", "2", "--tables", "2", "--clients", "1"]
    args += ["--requests", "2", "--vanish", "2", "--settle", "0", "--worker-classes", "gevent"]
    phases = bench_streams.main(args)
    assert [(p.streams, p.slow) for p in phases] == [(0, 0), (0, 2), (3, 0), (3, 2)]
    for p in phases:
        assert (p.errors, len(p.page), len(p.entry)) == (0, 2, 2), p.first_error
    assert phases[2].open_seen == 3
    out = capsys.readouterr().out
    assert "entry p95 ms" in out and "2 streams hung up, server count back after" in out
