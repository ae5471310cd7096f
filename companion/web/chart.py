"""An SVG line chart of each seat's total after every round, drawn on the server."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.scoresheet import Sheet

WIDTH, HEIGHT, PAD = 360, 200, 28
# at most this many points per line: a long game's chart stays a few KB (it is sent again with
# every update) and 304 px show no more detail anyway
MAX_POINTS = 32


@dataclass(frozen=True)
class Line:
    colour: str
    name: str
    points: str
    last: tuple[float, float]


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: tuple[Line, ...]
    zero_y: float
    low: int
    high: int
    rounds: int


def build(sheet: Sheet, names: list[str], colours: list[str]) -> Chart | None:
    running = [(0,) * sheet.players, *sheet.running]
    if len(running) < 2:
        return None
    low = min(min(r) for r in running)
    high = max(max(r) for r in running)
    span = (high - low) or 1
    step = (WIDTH - 2 * PAD) / (len(running) - 1)
    shown = _sample(len(running))

    def y(total: int) -> float:
        return round(HEIGHT - PAD - (total - low) * (HEIGHT - 2 * PAD) / span, 1)

    lines = []
    for seat in range(sheet.players):
        coords = [(round(PAD + i * step, 1), y(running[i][seat])) for i in shown]
        text = " ".join(f"{x:.0f},{yy:.0f}" for x, yy in coords)  # 1 px is fine enough
        lines.append(Line(colours[seat], names[seat], text, coords[-1]))
    return Chart(WIDTH, HEIGHT, tuple(lines), y(0), low, high, len(running) - 1)


def _sample(count: int) -> list[int]:
    """Which of ``count`` points to draw: all, or ``MAX_POINTS`` spread evenly, ends kept."""
    if count <= MAX_POINTS:
        return list(range(count))
    step = (count - 1) / (MAX_POINTS - 1)
    return sorted({round(i * step) for i in range(MAX_POINTS)})
