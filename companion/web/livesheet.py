"""The live sheet a phone shows, whole or as only what changed since the version it shows.

Every live update used to send each phone the whole sheet (485 KiB at 500 rounds). Now the
phone names the table version its sheet shows (``seen``, from ``#table-version``) and, when
this process remembers what the sheet looked like at that version, gets only the difference
as htmx out-of-band swaps (``_live_delta.html``): the status lines, the rows that differ, new
and removed rows, the totals, the chart and the new history lines. Otherwise (a version this
process never drew, or one so old that many rows changed) it gets the whole sheet.

What a sheet showed is kept as its rows' values (``Shown``): a row is drawn from its values,
its round and the seat names only (``cell_link`` answers by round and seat alone), so two
rows with equal values draw the same. Everything rendered is shared by every phone of the
table and kept in one cache bounded in bytes (``LIVE_CACHE_BYTES``).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from flask import current_app, render_template

from companion.extensions import kept_in_app
from companion.tables import cache as cache_
from companion.web.tableview import TableView

DEFAULT_BYTES = 32 * 1024 * 1024
# more changed or new rows than this and the whole sheet is sent (an import, a long gap)
MAX_ROWS = 24


Cells = tuple[int | None, ...]  # a sheet row's values
# a row as drawn: its values, with its marks when the game has any (``row_marks``)
Row = Cells | tuple[Cells, tuple[str, ...]]


@dataclass(frozen=True)
class Shown:
    """What a game's sheet showed at one version: enough to tell which rows changed."""

    rows: tuple[Row, ...]
    names: tuple[str, ...]
    leaders: tuple[int, ...]
    charted: bool  # a chart was drawn (its legend is not sent again)
    events: int  # history lines (one per stored event)

    def nbytes(self) -> int:
        cells = sum(sys.getsizeof(r) for r in self.rows[:1]) * len(self.rows)
        return sys.getsizeof(self.rows) + cells + 64 * len(self.names) + 200


# what the cache keeps: a sheet as shown, a whole sheet drawn (UTF-8), a delta drawn
Drawn = Shown | bytes | str


def _size(value: Drawn) -> int:
    return value.nbytes() if isinstance(value, Shown) else sys.getsizeof(value)


def cache_limit() -> int:
    """``LIVE_CACHE_BYTES`` in the app's config, else ``COMPANION_LIVE_CACHE_MB`` (MiB), else
    32 MiB per process."""
    configured = current_app.config.get("LIVE_CACHE_BYTES")
    if configured:
        return int(configured)
    mib = os.environ.get("COMPANION_LIVE_CACHE_MB", "").strip()
    return int(float(mib) * 1024 * 1024) if mib.replace(".", "", 1).isdigit() else DEFAULT_BYTES


def cache() -> cache_.Kept[tuple[object, ...], Drawn]:
    """Drawn fragments, limited by their bytes."""
    return kept_in_app("live_cache", lambda: cache_.Kept(cache_limit(), _size))


def _viewer(v: TableView, readonly: bool, tv: bool) -> tuple[object, ...]:
    """Who looks, as far as the drawing differs: a game's own status may depend on the seat."""
    seat = v.my_seat.position if v.my_seat is not None and v.kind.status_template else None
    return (v.table.token, v.game.number, seat, readonly, tv)


def row_marks(v: TableView) -> tuple[tuple[str, ...], ...]:
    """Each row's marks (the game's ``row_marks``: ``moon``, ``fly``...), once per view."""
    if "_row_marks" not in v.__dict__:
        found = v.kind.row_marks(v) if v.kind.row_marks is not None else ()
        v.__dict__["_row_marks"] = tuple(tuple(m) for m in found)
    return v.__dict__["_row_marks"]  # type: ignore[no-any-return]


def marks_of(v: TableView, r: int) -> tuple[str, ...]:
    found = row_marks(v)
    return found[r - 1] if 0 < r <= len(found) else ()


def _rows(v: TableView) -> tuple[Row, ...]:
    """The rows as drawn: their values, with their marks when the game has any."""
    rows = tuple(v.sheet.rows)
    if v.kind.row_marks is None:
        return rows
    return tuple((row, marks_of(v, r)) for r, row in enumerate(rows, 1))


def remember(v: TableView) -> None:
    sheet = v.sheet
    shown = Shown(_rows(v), tuple(v.names), tuple(sheet.leaders), bool(sheet.running), len(v.rows))
    cache().put(("shown", v.game.id, v.snapshot.table_version), shown)


def whole(v: TableView, readonly: bool, tv: bool = False, status: bool = False) -> str:
    """The whole live sheet, drawn once per table version and viewer kind. The game's status
    (its hand panel) sits above the sheet on the page, so it is not in the sheet a page draws;
    with ``status`` (a live answer) it comes along as an out-of-band swap."""
    key = ("whole", v.snapshot.table_version, *_viewer(v, readonly, tv), status)
    kept = cache().get(key)
    if isinstance(kept, bytes):
        html = kept.decode()
    else:
        html = render_template("_live.html", v=v, readonly=readonly, tv=tv, status_oob=status)
        cache().put(key, html.encode())  # kept as UTF-8: half the bytes of "Σ"/"★" text
    if cache().get(("shown", v.game.id, v.snapshot.table_version)) is None:
        remember(v)
    return html


def delta(v: TableView, seen: int, readonly: bool, tv: bool = False) -> str | None:
    """What changed since version ``seen`` as out-of-band swaps ("" when nothing did), or
    None when the whole sheet must go."""
    version = v.snapshot.table_version
    if seen == version:
        return ""
    key = ("delta", seen, version, *_viewer(v, readonly, tv))
    html = cache().get(key)
    if html is None:
        html = _draw_delta(v, seen, readonly, tv)
        if html is None:
            return None
        cache().put(key, html)
    return str(html)


def _draw_delta(v: TableView, seen: int, readonly: bool, tv: bool) -> str | None:
    shown = cache().get(("shown", v.game.id, seen))
    if not isinstance(shown, Shown) or shown.names != tuple(v.names):
        return None
    rows, events = _rows(v), len(v.rows)
    if shown.events > events:
        return None
    both = min(len(rows), len(shown.rows))
    changed = [r for r in range(1, both + 1) if rows[r - 1] != shown.rows[r - 1]]
    added = list(range(both + 1, len(rows) + 1))
    if len(changed) + len(added) > MAX_ROWS:
        return None
    removed = list(range(both + 1, len(shown.rows) + 1))
    lines = [] if readonly else v.history_since(shown.events)
    html = render_template(
        "_live_delta.html",
        v=v,
        readonly=readonly,
        tv=tv,
        changed=changed,
        added=added,
        removed=removed,
        lines=lines,
        leaders=tuple(v.sheet.leaders) != shown.leaders,
        charted=shown.charted and bool(v.sheet.running),
    )
    remember(v)
    return html
