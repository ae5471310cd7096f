"""The Table API's ``state`` for Hearts (TABLE_API.md): every hand as entered and scored,
and the versions a client names when it acts. Nothing in Hearts is secret from a seat."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games import hearts, scoresheet
from companion.games.hearts.table import state as ts
from companion.games.hearts.table.state import Hand, State
from companion.games.protocol import JSON


def _keyed(values: Mapping[int, JSON] | None) -> dict[str, JSON] | None:
    return None if values is None else {str(k): v for k, v in sorted(values.items())}


def _versions(hand: Hand, players: int, versions: Mapping[str, int]) -> dict[str, JSON]:
    def at(part: str, index: int | None = None) -> int:
        return versions.get(ts.SLOTS.slot(hand.number, part, index), 0)

    return {
        "taken": at("taken"),
        "claims": {str(s): at("claim", s) for s in range(players)},
        "tricks": [at("trick", i) for i in range(len(hand.tricks))],
        "next_trick": len(hand.tricks),
        "moon": at("choice"),
        "revoke": at("revoke"),
    }


def hand_view(hand: Hand, players: int, versions: Mapping[str, int]) -> dict[str, JSON]:
    report, shooter = hand.report, hand.shooter
    return {
        "hand": hand.number,
        "source": hand.source,
        "taken": _keyed({s: [str(c) for c in cards] for s, cards in hand.taken.items()}),
        "claims": _keyed({s: [str(c) for c in cards] for s, cards in hand.claims.items()}),
        "tricks": [
            {"leader": lead, "cards": [str(c) for c in cards]} for lead, cards in hand.tricks
        ],
        "violations": [v.as_dict() for v in report.violations] if report else [],
        "points": _keyed(report.points if report else None),
        "scores": _keyed(hand.scores),
        "shooter": shooter.as_dict() if shooter else None,
        "choice_required": hand.choice_required,
        "choice": hand.moon,
        "revoke": hand.revoke,
        "rest": hand.rest,
        "versions": _versions(hand, players, versions),
    }


def view(state: State, versions: Mapping[str, int]) -> dict[str, JSON]:
    options = state.options
    number = state.open_number
    passing = hearts.pass_for_hand(options.rules, number) if number else None
    return {
        "hand": number,
        "dealer": ts.dealer(options, number) if number else None,
        "pass": None if passing is None else ("hold" if passing.is_hold else passing.direction),
        "finished": state.finished,
        "totals": _keyed(state.totals),
        "hands": [hand_view(h, options.players, versions) for h in state.hands],
    }


def sheet(state: State) -> scoresheet.Sheet:
    """The scoresheet from the engine's hand scores and totals (an exact-target reset means
    totals are not plain sums)."""
    rules, n = state.options.rules, state.options.players
    scores = [h.scores for h in state.done if h.scores is not None]
    running = [tuple(t[s] for s in range(n)) for t in hearts.running_totals(scores, rules)]
    totals = running[-1] if running else tuple(0 for _ in range(n))
    return scoresheet.Sheet(
        players=n,
        rows=tuple(tuple(s[seat] for seat in range(n)) for s in scores),
        totals=totals,
        running=tuple(running),
        leaders=tuple(hearts.leaders(state.totals, rules)) if scores else (),
        finished=state.finished,
        winners=tuple(hearts.winners(state.totals, rules)) if state.finished else (),
        complete_rounds=len(scores),
        reason=_reason(state),
    )


def _reason(state: State) -> str:
    rules = state.options.rules
    if state.finished:
        return scoresheet.reached(state.totals, rules.target)
    if state.done and max(state.totals.values()) >= rules.target:
        return "tied for lowest: play another hand"
    return ""
