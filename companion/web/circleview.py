"""What a circle's page and its JSON show, from the stored results (``circleread.results``),
worked out once per circle version and filter in this process (``Figures``)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypedDict

from flask import url_for

from companion.extensions import kept_in_app
from companion.games import circlestats
from companion.games.scoresheet import Sheet
from companion.tables import circlerating, circleread, circles
from companion.tables.cache import Kept
from companion.tables.circlemodels import Circle, CircleMember
from companion.tables.models import now
from companion.tables.registry import GAMES
from companion.web import chart
from companion.web.tableview import COLOURS

# each game's own figures, in the order the page shows them
FIGURES: dict[str, tuple[tuple[str, str], ...]] = {
    "hearts": (
        ("hands", "Hands"),
        ("points_per_hand", "Points per hand"),
        ("moons", "Moons shot"),
        ("queens", "Queen of spades taken"),
    ),
    "spades": (
        ("hands", "Hands"),
        ("contracts_made", "Contracts made"),
        ("nils_made", "Nils made"),
        ("bags", "Bags"),
    ),
    "oh-hell": (("hands", "Hands"), ("exact_bids", "Exact bids")),
    "consonants": (
        ("words", "Words laid"),
        ("words_lost", "Words lost to a challenge"),
        ("flying", "Flying by Night"),
        ("longest_word", "Longest word"),
    ),
    "alphagrams": (("words", "Words made"), ("longest_word", "Longest word"), ("steals", "Steals")),
    "follow-the-author": (("rounds_played", "Rounds"), ("categories", "Categories won")),
    "custom": (
        ("rounds", "Rounds"),
        ("points_per_round", "Average per round"),
        ("best_round", "Best round"),
    ),
}
PERIODS = {"all": "All time", "year": "This year", "30days": "Last 30 days"}
CHART_LINES = 8


def since(period: str, today: datetime) -> datetime | None:
    if period == "year":
        return datetime(today.year, 1, 1)
    if period == "30days":
        return (today - timedelta(days=30)).replace(hour=0, minute=0, second=0, microsecond=0)
    return None


class Standing(circlestats.Standing):
    """A member's row of the standings: who, their figures and their rating."""

    id: int
    name: str
    left: bool
    rating: float | None
    mu: float | None
    sigma: float | None


class Pair(circlestats.Meetings):
    """Two members head to head, with their names."""

    a: int
    b: int
    a_name: str
    b_name: str


@dataclass(frozen=True)
class Figures:
    """Everything the page shows for one filter."""

    standings: list[Standing]
    by_game: dict[str, list[dict[str, circlestats.Figure]]]
    head_to_head: list[Pair]
    records: dict[str, dict[str, circlestats.Record]]
    chart: chart.Chart | None
    games: int
    kinds: list[str]


# a circle's id and version (figures) or id (ratings), the game and the period's start
FiguresKey = tuple[int, int, str, datetime | None]
RatingsKey = tuple[int, str, datetime | None]


def _kept_figures() -> Kept[FiguresKey, Figures]:
    """What this process worked out last per circle version and filter."""
    return Kept(256)


def _kept_ratings() -> Kept[RatingsKey, circlerating.Rated]:
    """The ratings of a circle and filter, which the next finished game goes on from."""
    return Kept(256)


def figures(circle: Circle, kind: str = "", period: str = "all") -> Figures:
    """The circle's figures for ``kind`` (empty: every game) and ``period``."""
    start = since(period, now())
    key = (circle.id, circle.version, kind, start)
    cache = kept_in_app("circle_figures", _kept_figures)
    found = cache.get(key)
    if found is None:
        found = _figures(circle, kind, start)
        cache.put(key, found)
    return found


def _figures(circle: Circle, kind: str, start: datetime | None) -> Figures:
    everything = circleread.results(circle)
    kinds = sorted({r.kind for r in everything})
    rows = [
        r
        for r in everything
        if (not kind or r.kind == kind) and (start is None or r.finished_at >= start)
    ]
    names = {m.id: m for m in circles.members(circle, with_removed=True)}
    table = circlestats.standings(rows)
    ratings = kept_in_app("circle_ratings", _kept_ratings)
    state = circlerating.rate(rows, ratings.get((circle.id, kind, start)))
    ratings.put((circle.id, kind, start), state)
    rated, history = state.final(), list(state.history)
    standings: list[Standing] = []
    for member_id, row in table.items():
        m = names.get(member_id)
        rating = rated.get(member_id)
        standings.append(
            {
                "id": member_id,
                "name": m.name if m else "?",
                "left": bool(m and m.removed),
                "played": row["played"],
                "won": row["won"],
                "by_game": row["by_game"],
                "win_rate": row["win_rate"],
                "rating": round(rating.shown, 1) if rating else None,
                "mu": round(rating.mu, 2) if rating else None,
                "sigma": round(rating.sigma, 2) if rating else None,
            }
        )
    standings.sort(key=lambda s: (-s["won"], -s["win_rate"], s["name"].casefold()))
    return Figures(
        standings,
        _by_game(standings),
        _pairs(rows, names),
        _records(rows),
        _chart(standings, history),
        len({r.game_id for r in rows}),
        kinds,
    )


def _by_game(standings: list[Standing]) -> dict[str, list[dict[str, circlestats.Figure]]]:
    out: dict[str, list[dict[str, circlestats.Figure]]] = {}
    for s in standings:
        for kind, game in s["by_game"].items():
            out.setdefault(kind, []).append({"name": s["name"], **game})
    return dict(sorted(out.items()))


def _pairs(rows: list[circlestats.Result], names: dict[int, CircleMember]) -> list[Pair]:
    found: list[Pair] = []
    for (a, b), pair in circlestats.head_to_head(rows).items():
        na, nb = names.get(a), names.get(b)
        found.append(
            {
                "a": a,
                "b": b,
                "a_name": na.name if na else "?",
                "b_name": nb.name if nb else "?",
                "games": pair["games"],
                "first": pair["first"],
                "second": pair["second"],
                "level": pair["level"],
            }
        )
    found.sort(key=lambda p: (-p["games"], p["a_name"], p["b_name"]))
    return found


def _records(rows: list[circlestats.Result]) -> dict[str, dict[str, circlestats.Record]]:
    out = circlestats.records(rows)
    tokens = circleread.tokens_of(r["table"] for found in out.values() for r in found.values())
    for found in out.values():
        for record in found.values():
            record["link"] = url_for("table.page", token=tokens.get(record["table"], "-"))
    return out


def _chart(standings: list[Standing], history: list[dict[int, float]]) -> chart.Chart | None:
    """Each member's shown rating after every game (the members with most games)."""
    shown = sorted(standings, key=lambda s: -s["played"])[:CHART_LINES]
    if not shown or len(history) < 1:
        return None
    running = tuple(tuple(round(h.get(s["id"], 0.0)) for s in shown) for h in history)
    sheet = Sheet(len(shown), (), (), running, (), False, (), 0)
    return chart.build(sheet, [s["name"] for s in shown], list(COLOURS[: len(shown)]))


def game_name(kind: str) -> str:
    found = GAMES.get(kind)
    return found.name if found else kind


def as_json(circle: Circle) -> dict[str, object]:
    """``GET /api/v1/circle`` (TABLE_API.md): members, games, stats and more."""
    f = figures(circle)
    members = [{"id": m.id, "name": m.name} for m in circles.members(circle)]
    games = []
    for g, token in circleread.games(circle):
        seats = list(g.seats)
        games.append(
            {
                "game": g.kind,
                "table": url_for("table.page", token=token),
                "number": g.number,
                "finished": g.finished,
                "seats": seats,
                "totals": {str(m): t for m, t in zip(seats, g.totals, strict=False) if m},
                "winners": [seats[s] for s in g.winners if s < len(seats) and seats[s]],
                "finished_at": g.finished_at.isoformat() if g.finished_at else None,
            }
        )
    stats = {
        str(s["id"]): {
            k: s[k] for k in ("played", "won", "win_rate", "by_game", "rating", "mu", "sigma")
        }
        for s in f.standings
    }
    for m in members:  # a member with no finished game yet: zeros, not missing
        stats.setdefault(
            str(m["id"]),
            {
                "played": 0,
                "won": 0,
                "win_rate": 0.0,
                "by_game": {},
                "rating": None,
                "mu": None,
                "sigma": None,
            },
        )
    pairs = [
        {k: p[k] for k in ("a", "b", "games", "first", "second", "level")} for p in f.head_to_head
    ]
    return {
        "name": circle.name,
        "version": circle.version,
        "members": members,
        "games": games,
        "stats": stats,
        "head_to_head": pairs,
        "records": f.records,
    }


CSV_COLUMNS = (
    "finished_at",
    "game",
    "table",
    "game_number",
    "member_id",
    "member",
    "total",
    "place",
    "won",
    "figures",
)


class ResultRow(TypedDict):
    """A member's result in one finished game, as the export and the CSV give it."""

    finished_at: str
    game: str
    table: str
    game_number: int
    member_id: int
    member: str
    total: int
    place: int
    won: bool
    figures: dict[str, object]


def _rows(circle: Circle) -> list[ResultRow]:
    """One row per member per finished game, oldest first."""
    names = {m.id: m.name for m in circles.members(circle, with_removed=True)}
    out: list[ResultRow] = []
    found = circleread.results(circle)
    tokens = circleread.tokens_of(r.table for r in found)
    for r in sorted(found, key=lambda r: (r.finished_at, r.game_id, r.place)):
        figures = {k: v for k, v in r.facts.items() if k != "high"}
        out.append(
            {
                "finished_at": r.finished_at.isoformat(timespec="seconds"),
                "game": r.kind,
                "table": url_for("table.page", token=tokens.get(r.table, "-")),
                "game_number": r.number,
                "member_id": r.member_id,
                "member": names.get(r.member_id, r.name),
                "total": r.total,
                "place": r.place,
                "won": r.won,
                "figures": figures,
            }
        )
    return out


def as_csv(circle: Circle) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in _rows(circle):
        figures = "; ".join(f"{k}={v}" for k, v in sorted(row["figures"].items()))
        values = [
            row["finished_at"],
            row["game"],
            row["table"],
            row["game_number"],
            row["member_id"],
            row["member"],
            row["total"],
            row["place"],
            row["won"],
            figures,
        ]
        writer.writerow([_cell(v) for v in values])
    return out.getvalue()


def _cell(value: object) -> str:
    """A cell a spreadsheet will not run as a formula."""
    text = str(value) if not isinstance(value, bool) else ("yes" if value else "no")
    return "'" + text if text[:1] in ("=", "+", "-", "@") and not _number(text) else text


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def as_export(circle: Circle) -> dict[str, object]:
    return {"format": "companion-circle", "version": 1, **as_json(circle), "results": _rows(circle)}
