"""``bench.bench_notify`` runs: writers with the NOTIFY inside the insert and without it."""

from __future__ import annotations

from bench import bench_notify


def test_bench_notify_measures_both_inserts_on_postgresql() -> None:
    rows = bench_notify.main(["--writers", "2", "--actions", "5", "--rounds", "1"])
    assert [(r[0], r[1]) for r in rows] == [("NOTIFY inside", 2), ("NOTIFY after (now)", 2)]
    assert all(float(str(r[2])) > 0 for r in rows), rows  # actions were stored, at some rate
