"""bench_pages runs end to end on a tiny table (figures are printed, never judged here)."""

from __future__ import annotations

import pytest

from bench import bench_pages

pytestmark = pytest.mark.e2e


def test_bench_pages_measures_both_pages_and_both_visits(
    capsys: pytest.CaptureFixture[str], browser
):
    visits = bench_pages.main(["--rounds", "1", "--players", "2"], browser=browser)
    assert [(v.page, v.visit) for v in visits] == [
        ("table", "first"),
        ("table", "repeat"),
        ("share", "first"),
        ("share", "repeat"),
    ]
    first = {v.page: v for v in visits if v.visit == "first"}
    assert all(v.static_fetched >= 4 and v.transferred > 0 for v in first.values())
    out = capsys.readouterr().out
    assert "KB sent" in out and "service worker install" in out
