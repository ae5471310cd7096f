"""Checks for live updates: the update a phone fetches, applied to the sheet it shows (row by
row, part by part, as htmx's out-of-band swaps would), must equal the whole sheet drawn now."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

ROW = re.compile(r'<tr id="(sheet-[a-z0-9-]+)"( hx-swap-oob="(?:true|delete)")?>.*?</tr>', re.S)
ADDED = re.compile(r'<tbody id="sheet-rows" hx-swap-oob="beforeend">(.*?)</tbody>', re.S)
LINES = re.compile(r'<ol[^>]*id="history-lines"[^>]*>(.*?)</ol>', re.S)
PARTS = {  # each part up to what follows it in the whole sheet or in an update
    "game-status": r'id="game-status"[^>]*>(.*?)</div>\s*<div class="status"',
    "status": r'id="status"[^>]*>(.*?)</div>\s*(?:<div class="sheet-box"|<template>)',
    "chart-lines": r'<svg id="chart-lines"[^>]*>(.*?)</svg>',
    "chart-legend": r"<figcaption>(.*?)</figcaption>",
    "history-count": r'id="history-count"[^>]*>(\d+)</span>',
}
VERSION = re.compile(r'id="table-version" name="seen" value="(\d+)"')


def whole_sheet(client: FlaskClient, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200 and "HX-Reswap" not in answer.headers
    return answer.get_data(as_text=True)


def seen(html: str) -> int:
    found = VERSION.search(html)
    assert found
    return int(found.group(1))


def sheet_rows(html: str) -> dict[str, str]:
    return {m.group(1): m.group(0) for m in ROW.finditer(html)}


def part(html: str, element_id: str) -> str | None:
    found = re.search(PARTS[element_id], html.strip(), re.S)
    return found.group(1).strip() if found else None


def apply(old: str, delta: str) -> dict[str, Any]:
    """The old whole sheet with the update's out-of-band parts put in, as rows and parts."""
    rows = sheet_rows(old)
    added = ADDED.search(delta)
    for key, html in sheet_rows(delta.replace(added.group(0), "") if added else delta).items():
        if 'hx-swap-oob="delete"' in html:
            del rows[key]
        else:
            rows[key] = html.replace(' hx-swap-oob="true"', "")
    if added:  # at the end of the body, before the totals in the foot
        totals = rows.pop("sheet-totals")
        rows.update(sheet_rows(added.group(1)))
        rows["sheet-totals"] = totals
    old_lines = LINES.search(old)
    new_lines = LINES.search(delta)
    lines = (new_lines.group(1) if new_lines else "") + (old_lines.group(1) if old_lines else "")
    parts = {p: part(delta, p) for p in PARTS}
    for p in PARTS:  # absent: as it was, unless the whole chart came (perhaps none now)
        if parts[p] is None and not (p.startswith("chart-") and 'id="sheet-chart"' in delta):
            parts[p] = part(old, p)
    return {"rows": list(rows.items()), "parts": parts, "lines": lines, "seen": seen(delta)}


def as_shown(whole: str) -> dict[str, Any]:
    lines = LINES.search(whole)
    parts = {p: part(whole, p) for p in PARTS}
    return {"rows": list(sheet_rows(whole).items()), "parts": parts,
            "lines": lines.group(1) if lines else "", "seen": seen(whole)}  # fmt: skip


def update(client: FlaskClient, url: str, old: str) -> tuple[str, str]:
    """The update a phone showing ``old`` fetches, and the whole sheet now (checked equal)."""
    sep = "&" if "?" in url else "?"
    answer = client.get(f"{url}{sep}seen={seen(old)}")
    assert answer.status_code == 200
    assert answer.headers.get("HX-Reswap") == "none", "the whole sheet came, not an update"
    delta = answer.get_data(as_text=True)
    whole = whole_sheet(client, url)
    if delta == "":  # nothing changed
        assert seen(whole) == seen(old)
        return delta, whole
    assert apply(old, delta) == as_shown(whole)
    return delta, whole
