"""The Table API's ``state`` for Consonants: every hand as entered and scored, and the
versions a client names when it acts. Nothing in Consonants is secret from a seat."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games import agreements, challenges, scoresheet
from companion.games import consonants as engine
from companion.games.consonants.table import state as ts
from companion.games.consonants.table.state import Hand, State
from companion.games.protocol import JSON


def _keyed(values: Mapping[int, JSON] | None) -> dict[str, JSON] | None:
    return None if values is None else {str(k): v for k, v in sorted(values.items())}


def _versions(hand: Hand, players: int, versions: Mapping[str, int]) -> dict[str, JSON]:
    def at(part: str, index: int | None = None) -> int:
        return versions.get(ts.SLOTS.slot(hand.number, part, index), 0)

    return {
        "taken": {str(s): at("claim", s) for s in range(players)},
        "tricks": [at("trick", i) for i in range(len(hand.tricks))],
        "next_trick": len(hand.tricks),
        "words": {str(s): at("words", s) for s in range(players)},
        "fly": at("choice"),
        "done": at("close"),
    }


def hand_view(hand: Hand, players: int, versions: Mapping[str, int]) -> dict[str, JSON]:
    report, tricks = hand.report, hand.trick_report
    return {
        "hand": hand.number,
        "source": hand.source,
        "taken": _keyed({s: [str(c) for c in cards] for s, cards in hand.taken.items()}),
        "entered": sorted(hand.entered),
        "missing": [str(c) for c in hand.missing],
        "tricks": [
            {"leader": lead, "cards": [str(p) for p in plays]} for lead, plays in hand.tricks
        ],
        "winners": list(tricks.winners) if tricks else [],
        "violations": [v.as_dict() for v in tricks.violations] if tricks else [],
        "words": _keyed(hand.words),
        "verdicts": [
            {"seat": x.seat, "word": x.word, "challenger": x.challenger, "valid": x.valid}
            for x in hand.verdicts
        ],
        "word_problems": hand.word_problems(),
        "points": _keyed(report.points if report else None),
        "cards_in": hand.cards_in,
        "flyer": hand.flyer,
        "choice_required": hand.choice_required,
        "choice": hand.fly,
        "scores": _keyed(hand.scores),
        "closed": hand.closed,
        "rest": hand.rest,
        "versions": _versions(hand, players, versions),
    }


def view(state: State, versions: Mapping[str, int]) -> dict[str, JSON]:
    options, number = state.options, state.open_number
    return {
        "hand": number,
        "dealer": ts.dealer(options, number) if number else None,
        "finished": state.finished,
        "target": state.rules.target,
        "totals": _keyed(state.totals),
        **challenges.view(state),
        "hands": [hand_view(h, options.players, versions) for h in state.hands],
        "agreement": agreements.view(state, options.players),
    }


def sheet(state: State) -> scoresheet.Sheet:
    """The scoresheet from each closed hand's scores; lowest wins at the target."""
    n = state.options.players
    scores = [h.scores for h in state.done if h.scores is not None]
    running = [tuple(t[s] for s in range(n)) for t in engine.running_totals(scores, n)]
    totals = running[-1] if running else tuple(0 for _ in range(n))
    low = tuple(engine.winners(state.totals)) if scores else ()
    return scoresheet.Sheet(
        players=n,
        rows=tuple(tuple(s.get(seat, 0) for seat in range(n)) for s in scores),
        totals=totals,
        running=tuple(running),
        leaders=low,
        finished=state.finished,
        winners=low if state.finished else (),
        complete_rounds=len(scores),
        reason=scoresheet.reached(state.totals, state.rules.target) if state.finished else "",
    )
