"""The benchmarks run end to end with tiny sizes (figures are printed, never judged here)."""

from __future__ import annotations

import pytest

from bench import bench_bounded, bench_cpu, bench_live, bench_table, bench_updates
from bench._common import percentile


def test_bench_table_runs_every_phase_without_errors(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--clients", "2", "--requests", "3", "--warmup", "1", "--backends", "sqlite"]
    phases = bench_table.main([*args, "--threads", "8"])
    names = [(p.backend, p.name) for p in phases]
    assert names == [
        ("sqlite", "bare GET"),
        ("sqlite", "bare POST"),
        ("sqlite", "enter round"),
        ("sqlite", "read sheet"),
        ("sqlite", "API action"),
    ]
    for p in phases:
        assert (p.errors, len(p.latencies)) == (0, 6), p.first_error
    out = capsys.readouterr().out
    assert "enter round" in out and "read sheet" in out and "API action" in out
    assert "p99 ms" in out
    assert "phones per worker, app [2], bare [2]" in out


def test_bench_table_runs_only_the_phases_named(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--clients", "2", "--requests", "3", "--warmup", "1", "--backends", "sqlite"]
    phases = bench_table.main([*args, "--threads", "8", "--only", "enter round,API action"])
    assert [p.name for p in phases] == ["enter round", "API action"]
    assert all((p.errors, len(p.latencies)) == (0, 6) for p in phases)
    out = capsys.readouterr().out
    assert "API action" in out and "enter round" in out and "read sheet" not in out
    assert "bare GET" not in out and "bare POST" not in out
    # no bare phase ran: no phones were counted on a bare server
    assert "phones per worker, app [2], bare None" in out
    with pytest.raises(SystemExit):
        bench_table.main([*args, "--only", "API actoin"])


def test_bench_live_every_phone_hears_every_entry(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the server's streams end (and the phones reconnect) within the run, so its stop at the
    # end waits on no open stream
    monkeypatch.setenv("COMPANION_STREAM_SECONDS", "1.5")
    args = ["--tables", "2", "--phones", "2", "--rate", "4", "--seconds", "1", "--grace", "30"]
    (result,) = bench_live.main([*args, "--threads", "16"])
    assert (result.posts, result.post_errors, result.missed) == (4, 0, 0), result.first_error
    assert len(result.event) == 4 * 2 and len(result.sheet) == 4 * 2
    assert result.reader_errors == 0 and result.rss_connected > 0
    out = capsys.readouterr().out
    assert "missed updates" in out and "event" in out


def test_bench_updates_prints_bytes_before_and_after(capsys: pytest.CaptureFixture[str]) -> None:
    results = bench_updates.main(["--sizes", "3", "--entries", "2"])
    for r in results.values():
        assert len(r["watcher"]) == 2 and max(r["watcher"]) < min(r["whole"])
        assert max(r["watcher gz"]) < max(r["watcher"])  # as sent compressed
    out = capsys.readouterr().out
    assert "watcher p50" in out and "gzip level 6" in out


def test_bench_cpu_counts_a_workers_cpu_per_action_and_bare_post() -> None:
    rows = bench_cpu.main(["--actions", "100", "--batches", "1", "--backends", "sqlite"])
    assert [(r[0], r[1], str(r[2]), str(r[3])) for r in rows] == [
        ("sqlite", "bare POST", "100", "0"),
        ("sqlite", "API action", "100", "0"),
    ]
    assert all(float(r[4]) > 0 for r in rows), rows  # 100 requests take ticks of the worker's CPU


def test_bench_bounded_sends_every_route_its_limits(capsys: pytest.CaptureFixture[str]) -> None:
    rows = bench_bounded.main(["--seconds", "0.05", "--cpu-requests", "1"])
    names = [r.name for r in rows]
    assert "referee/hearts/check" in names and "helper page, cards at limit" in names
    for r in rows[1:]:
        assert r.sent > 0 and r.errors == 0 and r.cpu_ms is not None, r
    out = capsys.readouterr().out
    assert "wait p50 ms" in out and "first word judged after the start" in out


@pytest.mark.parametrize(
    ("sent", "arrived", "delays", "missed"),
    [
        ([1.0, 5.0], [1.5, 5.25], [0.5, 0.25], 0),
        ([1.0, 5.0], [5.5], [0.5], 1),  # the first entry was never announced
        ([1.0, 5.0], [1.5, 1.75, 5.5], [0.5, 0.5], 0),  # a repeated event counts once
        ([1.0], [], [], 1),
    ],
)
def test_match_pairs_each_arrival_with_the_entry_before_it(
    sent: list[float], arrived: list[float], delays: list[float], missed: int
) -> None:
    assert bench_live.match(sent, arrived) == (delays, missed)


@pytest.mark.parametrize(
    ("values", "p", "expected"),
    [([], 50, 0.0), ([3.0, 1.0, 2.0], 50, 2.0), (list(range(1, 101)), 99, 99), ([5.0], 99, 5.0)],
)
def test_percentile_is_nearest_rank(values: list[float], p: float, expected: float) -> None:
    assert percentile(values, p) == expected
