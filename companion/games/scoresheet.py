"""The scoresheet every game reduces to: rounds as rows, seats as columns, running totals.

Pure. A game turns what players entered into per-round ``points``; this module adds them up,
marks the leader, decides whether the game is over and who won. Ties are kept, not broken:
the caller gets every seat that shares the best total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.games.seats import seat_name


@dataclass(frozen=True)
class EndRule:
    """When a game ends: at a target total, after a number of rounds, or never by itself.

    ``high_wins``: the highest total wins (else the lowest). ``play_off_ties``: when the end is
    reached with the best total shared, the game goes on until one seat leads alone.
    """

    high_wins: bool = False
    target: int | None = None
    rounds: int | None = None
    play_off_ties: bool = False


@dataclass(frozen=True)
class Sheet:
    players: int
    rows: tuple[tuple[int | None, ...], ...]
    totals: tuple[int, ...]
    running: tuple[tuple[int, ...], ...]
    leaders: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    complete_rounds: int
    missing: tuple[int, ...] = field(default=())
    reason: str = ""

    @property
    def current_round(self) -> int:
        """The round being entered (1-based): the first incomplete one, else the next."""
        return self.complete_rounds + 1


def reached(totals: Mapping[int, int], target: int) -> str:
    """Who ended the game by reaching the target, highest first: ``Seat 2 reached 105``
    (the pages put the players' names in)."""
    over = sorted((-t, s) for s, t in totals.items() if t >= target)
    return "; ".join(f"{seat_name(s)} reached {-t}" for t, s in over) or f"a total reached {target}"


def best(totals: Sequence[int], high_wins: bool) -> tuple[int, ...]:
    """Every seat sharing the best total."""
    if not totals:
        return ()
    target = max(totals) if high_wins else min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == target)


def build(players: int, points: Mapping[int, Mapping[int, int]], rule: EndRule) -> Sheet:
    """``points[round][seat]`` for rounds numbered from 1; a round may lack some seats."""
    last = max(points, default=0)
    rows = tuple(
        tuple(points.get(r, {}).get(s) for s in range(players)) for r in range(1, last + 1)
    )
    return from_rows(players, rows, _running(rows, players), rule)


def from_rows(
    players: int,
    rows: tuple[tuple[int | None, ...], ...],
    running: tuple[tuple[int, ...], ...],
    rule: EndRule,
) -> Sheet:
    """The sheet from its rows and their running totals (kept up to date by the caller,
    so a game that grows by one cell does not add everything up again)."""
    complete = _complete_rounds(rows)
    totals = running[-1] if running else tuple(0 for _ in range(players))
    finished, reason = _finished(running, complete, rule, players)
    if complete < len(rows):
        missing = tuple(s for s, v in enumerate(rows[complete]) if v is None)
    else:
        missing = ()
    return Sheet(
        players=players,
        rows=rows,
        totals=totals,
        running=running,
        leaders=best(totals, rule.high_wins) if rows else (),
        finished=finished,
        winners=best(_totals_at(running, complete, players), rule.high_wins) if finished else (),
        complete_rounds=complete,
        missing=missing,
        reason=reason,
    )


def rerun(
    rows: Sequence[Sequence[int | None]], running: tuple[tuple[int, ...], ...], start: int
) -> tuple[tuple[int, ...], ...]:
    """Running totals again from row ``start`` (0-based) on; the ones before are kept."""
    players = len(rows[0]) if rows else 0
    totals = list(running[start - 1]) if start > 0 else [0] * players
    out = list(running[:start])
    for row in rows[start:]:
        totals = [t + (v or 0) for t, v in zip(totals, row, strict=True)]
        out.append(tuple(totals))
    return tuple(out)


def _complete_rounds(rows: Sequence[Sequence[int | None]]) -> int:
    return next((i for i, row in enumerate(rows) if None in row), len(rows))


def _running(rows: Sequence[Sequence[int | None]], players: int) -> tuple[tuple[int, ...], ...]:
    totals = [0] * players
    out = []
    for row in rows:
        totals = [t + (v or 0) for t, v in zip(totals, row, strict=True)]
        out.append(tuple(totals))
    return tuple(out)


def _totals_at(running: Sequence[tuple[int, ...]], rounds: int, players: int) -> tuple[int, ...]:
    return running[rounds - 1] if rounds else tuple(0 for _ in range(players))


def _finished(
    running: Sequence[tuple[int, ...]], complete: int, rule: EndRule, players: int
) -> tuple[bool, str]:
    """Decided only on complete rounds: a half-entered round never ends a game."""
    if not complete:
        return False, ""
    totals = _totals_at(running, complete, players)
    reached = rule.target is not None and any(t >= rule.target for t in totals)
    reason = ""
    if reached:
        reason = f"a total reached {rule.target}"
    elif rule.rounds is not None and complete >= rule.rounds:
        reason = f"{rule.rounds} round{'' if rule.rounds == 1 else 's'} played"
    if not reason:
        return False, ""
    if rule.play_off_ties and len(best(totals, rule.high_wins)) > 1:
        return False, "tied for the win: play another round"
    return True, reason
