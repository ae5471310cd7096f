"""Pictures for the README, taken from a real game in Chromium.

Always taken (into the test's temp folder) and checked; copied over ``docs/screenshots/`` only
when ``COMPANION_SCREENSHOTS=1`` is set, so an ordinary run never changes tracked files.
"""

from __future__ import annotations

import os
import shutil
import struct
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import cell, enter_all, join_link, sit, start_table

pytestmark = pytest.mark.e2e
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE = {"device_scale_factor": 1, "color_scheme": "light"}  # small files, the same every run
TV = {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": 1, "is_mobile": False}
TV.update(has_touch=False, color_scheme="light")


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _shoot(page: Page, folder: Path, name: str) -> Path:
    path = folder / name
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(path), animations="disabled", caret="hide")
    return path


def test_readme_screenshots(phone, tmp_path: Path):
    a = phone(**PHONE)
    start_table(a, ["Ann", "", "Cy", "Dev"], target="100")
    b = phone(**PHONE)
    b.goto(join_link(a))
    expect(b.get_by_role("button", name="Take seat 2")).to_be_visible()
    b.locator("input[name=name]").fill("Bea")
    join = _shoot(b, tmp_path, "join.png")
    sit(b, join_link(a), "Bea", "Seat 2")
    for number, points in enumerate([[12, 5, 20, 8], [3, 14, 0, 9], [7, 2, 11, 4]], start=1):
        enter_all(a, number, points)
    expect(cell(b, 3, 3)).to_have_text("4")
    a.locator("#points-1").fill("6")  # round 4 under way: one score typed, not saved yet
    table = _shoot(a, tmp_path, "table.png")

    tv_page = phone(**TV)
    tv_page.goto(a.get_by_role("link", name="TV view (large type)").get_attribute("href") or "")
    expect(tv_page.locator("body.tv #sheet tfoot td.total")).to_have_text(["22", "21", "31", "21"])
    tv = _shoot(tv_page, tmp_path, "tv.png")

    screen = a.viewport_size or {}
    assert _png_size(table) == (screen["width"], screen["height"])
    assert _png_size(join) == (screen["width"], screen["height"])
    assert _png_size(tv) == (1280, 720)
    for shot in (table, join, tv):
        assert 5_000 < shot.stat().st_size < 400_000, f"{shot.name}: {shot.stat().st_size} bytes"
    if os.environ.get("COMPANION_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        for shot in (table, join, tv):
            shutil.copyfile(shot, DOCS / shot.name)
