"""Follow the Author at a table, read back: the scoresheet, what one seat may see, a target's
value now, history lines, and what an export may show (pure).

A commitment's suits are not known here until the choice is opened (after the reveal); an
older seal's suits appear only in its own seat's view until the reveal, never in the host's,
another seat's, a history line or an export.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.cards.decktet import DecktetCard
from companion.games import agreements, scoresheet
from companion.games import follow_the_author as fta
from companion.games.follow_the_author.table import play
from companion.games.follow_the_author.table.events import HANDS, KINDS, ready_slot
from companion.games.follow_the_author.table.options import TableOptions
from companion.games.follow_the_author.table.state import (
    HandState,
    RoundState,
    Seal,
    State,
    with_versions,
)
from companion.games.protocol import JSON, Data, Entered, Event


def sheet(state: State) -> scoresheet.Sheet:
    """Rows are rounds: in-play points of both hands plus the round-end categories."""
    g = state.game
    played = [r for r in g.rounds if r.alpha.started or r.omega.started or r.score is not None]
    points = {r.number: {0: r.points[0], 1: r.points[1]} for r in played}
    built = scoresheet.build(2, points, scoresheet.EndRule(high_wins=True))
    standing = g.standing
    winners: tuple[int, ...] = ()
    reason = ""
    if standing.over:
        winners = (standing.winner,) if standing.winner is not None else (0, 1)
        reason = _reason(state.options, standing)
    return scoresheet.Sheet(
        players=2,
        rows=built.rows,
        totals=built.totals,
        running=built.running,
        leaders=built.leaders,
        finished=standing.over,
        winners=winners,
        complete_rounds=g.scored,
        missing=(),
        reason=reason,
    )


def _reason(options: TableOptions, standing: fta.Standing) -> str:
    step = standing.decided_by
    if step is not None:
        return (
            f"first to {options.game.target}, in round {step.round_index + 1} "
            f"({step.label}); Cribbage Finish"
        )
    played = f"{options.game.rounds} round{'' if options.game.rounds == 1 else 's'} played"
    if standing.winner is None:
        return f"{played}: equal totals"
    return played


# a target's value now (shown beside a stale phone's input; never a sealed choice)


def _hand(h: HandState) -> dict[str, JSON]:
    sequences: list[list[dict[str, JSON]]] = [
        [{"seat": p.seat, "card": p.card.title} for p in s.plays] for s in h.sequences
    ]
    return {
        "sequences": sequences,
        "open": bool(h.current),
        "typed": list(h.direct) if h.direct is not None else None,
        "complete": h.complete,
        "points": list(h.points),
    }


def _seal(s: Seal | None, shown: bool) -> dict[str, JSON]:
    """A seal as the API shows it: a commitment's suits exist here only once opened; an older
    seal's only when ``shown`` (after the reveal, or to its own seat)."""
    if s is None:
        return {"sealed": False}
    found: dict[str, JSON] = {
        "sealed": True,
        "fingerprint": s.fingerprint,
        "label": s.label,
        "kind": s.kind,
        "opened": s.kind == "commit" and s.opened,
    }
    if s.kind == "commit":
        found.update(commitment=s.fingerprint, by=s.by)
        if s.opened:
            found.update(scoring=s.scoring, danger=s.danger, code=s.nonce, proven=s.proven)
    elif shown:
        found.update(scoring=s.scoring, danger=s.danger, nonce=s.nonce)
    return found


def _cards(cards: Sequence[DecktetCard] | None) -> list[str] | None:
    return None if cards is None else [c.title for c in cards]


def current(r: RoundState, kind: str, hand: str, seat: int | None) -> dict[str, JSON]:
    if hand:
        return _hand(r.hand(hand))
    if seat is None:
        return {"cards": _cards(r.aside)}
    if kind in ("seal", "open"):
        return _seal(r.seals[seat], shown=r.revealed)
    if kind == "ready":
        return {"said": seat in r.agreed, "revealed": r.revealed}
    return {"cards": _cards(r.stores[seat]), "others": r.others[seat]}


# what one seat (None: the host or a watcher) may see


def view(state: State, seat: int | None, versions: Mapping[str, int]) -> dict[str, JSON]:
    g = state.game
    r = with_versions(g.current, versions)
    n = r.number
    hands: dict[str, JSON] = {}
    for hand in HANDS:
        h = r.hand(hand)
        next_seat = play.next_seat(r, hand, state.options)
        hands[hand] = {
            **_hand(h),
            "version": h.version,
            "next": next_seat,
            "leader": play.leader(r, hand, state.options),
        }
    seals = [
        {
            "seat": s,
            "version": r.seal_versions[s],
            **_seal(r.seals[s], shown=r.revealed or seat == s),
        }
        for s in (0, 1)
    ]
    ready = [
        {"seat": s, "said": s in r.agreed, "version": versions.get(ready_slot(n, s), 0)}
        for s in (0, 1)
    ]
    stores: list[dict[str, JSON]] = [
        {"seat": s, "cards": _cards(r.stores[s]), "version": r.store_versions[s]} for s in (0, 1)
    ]
    scored: list[dict[str, JSON]] = [
        {"round": x.number, "points": list(x.points)} for x in g.rounds if x.score
    ]
    return {
        "round": n,
        "rounds": state.options.game.rounds,
        "phase": r.phase,
        "finished": g.standing.over,
        "hands": hands,
        "seals": seals,
        "ready": ready,
        "revealed": r.revealed,
        "opened": r.opened,
        "stores": stores,
        "aside": {"cards": _cards(r.aside), "version": r.aside_version},
        "scored": scored,
        "agreement": agreements.view(state, 2),
    }


# history and export


def _name(names: Sequence[str], seat: Entered) -> str:
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "a seat"


def _points(payload: Data, seat: int) -> str:
    try:
        return str(int(payload["points"][seat]))
    except (KeyError, IndexError, TypeError, ValueError):
        return "?"


def _why(p: Data, names: Sequence[str]) -> str:
    why = f"{_name(names, p['out'])} went out" if "out" in p else p.get("why")
    return f" ({why})" if why else ""


def _committed(p: Data, r: int | None, names: Sequence[str], event: Event) -> str:
    """Who sealed: the seat's own phone, or the host for a seat with no phone."""
    name = _name(names, p.get("seat"))
    what = "a new choice" if (event.slot_version or 0) > 1 else "a choice"
    short = str(p.get("commitment", ""))[:16]
    if p.get("by") == "host":
        return f"round {r}: the host sealed {what} for {name} (commitment {short})"
    return f"round {r}: {name}'s phone sealed {what} (commitment {short})"


def _opened(p: Data, r: int | None, names: Sequence[str]) -> str:
    seat = p.get("seat")
    name, other = _name(names, seat), _name(names, 1 - int(seat in (1, "1")))
    choice = f"scores {p.get('scoring')}, {other}'s danger suit {p.get('danger')}"
    if p.get("proven", True):
        return f"round {r}: opened {name}'s sealed choice: {choice} (matches the seal)"
    return (
        f"round {r}: {name}'s choice taken on {name}'s word, as {other} agreed: "
        f"{choice} (unproven: the recovery code was lost)"
    )


_UNDONE = {
    "fta-points": "a hand's points",
    "fta-play": "a card played",
    "fta-store": "a store",
    "fta-seal": "a sealed choice",
    "fta-commit": "a sealed choice",
    "fta-open": "an opened seal",
    "fta-ready": "a call for the reveal",
    "fta-aside": "the cards set aside",
}


def describe(event: Event, names: Sequence[str]) -> str | None:
    """A history line for this game's events ("12:03:04 Ann: round 1 ...", the time when the
    event has one); a sealed choice is never named. None: the shell's words."""
    if event.kind not in KINDS and not (event.kind == "undo" and "seat" not in event.payload):
        return None
    p, r = event.payload, event.round
    text = {
        "fta-points": lambda: (
            f"round {r} {p.get('hand')} hand: in-play points "
            f"{_name(names, 0)} {_points(p, 0)}, {_name(names, 1)} {_points(p, 1)}"
        ),
        "fta-play": lambda: (
            f"round {r} {p.get('hand')} hand: ended the sequence"
            if p.get("end")
            else f"round {r} {p.get('hand')} hand: {_name(names, p.get('seat'))} played "
            f"{p.get('card')}"
        ),
        "fta-seal": lambda: (
            f"round {r}: sealed {_name(names, p.get('seat'))}'s suits "
            f"(fingerprint {p.get('fingerprint')})"
        ),
        "fta-commit": lambda: _committed(p, r, names, event),
        "fta-open": lambda: _opened(p, r, names),
        "fta-ready": lambda: (
            f"round {r}: {_name(names, p.get('seat'))} says the omega hand is over "
            "(asks for the reveal)"
        ),
        "fta-reveal": lambda: (
            f"round {r}: the omega hand is over{_why(p, names)}: the sealed choices are "
            "revealed; a reveal is final"
        ),
        "fta-store": lambda: (
            f"round {r}: entered {_name(names, p.get('seat'))}'s store "
            f"({store_size(len(p.get('cards') or ()), p.get('others'))})"
        ),
        "fta-aside": lambda: (
            f"round {r}: entered the cards set aside ({len(p.get('cards') or ())})"
        ),
        "undo": lambda: f"undid a change ({_UNDONE.get(str(p.get('what')), 'an entry')})",
    }[event.kind]()
    when = f"{event.created_at:%H:%M:%S} " if event.created_at is not None else ""
    return f"{when}{event.actor or 'Someone'}: {text}"


def exportable(rows: list[Event]) -> list[Event]:
    """Leave out sealed choices whose round has not been revealed yet (they hold the secret)."""
    revealed = {e.round for e in rows if e.kind == "fta-reveal"}
    return [e for e in rows if e.kind != "fta-seal" or e.round in revealed]


def store_size(listed: int, others: object) -> str:
    """A store's size in words: ``7 cards``, or ``6 cards that count and 13 others``."""
    if others is None:
        return count_cards(listed)
    return f"{count_cards(listed)} that count and {others} other{'' if others == 1 else 's'}"


def count_cards(n: int) -> str:
    """``1 card``, ``2 cards``."""
    return "1 card" if n == 1 else f"{n} cards"
