"""Agreements by the table, not by one phone, pure: what the whole table must agree to (allow
a word the rules only question, end the game, close a hand's words) waits for a tap from
every seat. A seat with a phone agrees on its own phone; the host agrees for seats without a
phone, and the history says so. One seat that does not agree drops it.

Events (the agreement numbered ``k``):

- ``agree-open`` (slot ``agree{k}``, version 1): ``k``, ``about`` (``word``, ``end``,
  ``close``), ``what`` (in words), ``action`` (the action to apply once all agree: ``kind``,
  ``target``, ``data``); the seat that asks agrees at once (``agree-yes`` beside it);
- ``agree-yes`` (slot ``agree{k}s{seat}``, its next version): ``k``, ``seat``, ``host`` (the
  host agreed for a seat without a phone), ``basis`` where the game gives one: what the seat
  agreed to (the hand's words and scores, say), so a seat whose agreement no longer counts
  (``recheck``) agrees again at the slot's next version, ``again`` then;
- ``agree-done`` or ``agree-no`` (``seat``) in the agreement's own slot (version 2): the last
  tap needed applies the action, in the same batch; a seat that does not agree drops it;
- ``agree-off`` (``why``) in the same slot: what was asked is no longer needed (a game's own
  action settled it another way: a sealed choice opened with its code, say).

What was agreed to can change under an open question where the game's own refusals do not
reach: an undo takes back an entry made before the question, say. A game that gives a
``basis`` calls ``recheck`` after each event it folds: every seat that agreed to another basis
than the one now no longer counts as agreeing (``again``), and the table is told what changed
(``changed``, in words); that seat agrees again, or does not.

Actions (target ``{"agreement": k}``, version: that of slot ``agree{k}`` seen, 1 while
open): ``agree`` (data ``seats``: the seats this tap agrees for; default this phone's seat)
and ``disagree``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

from companion.errors import Conflict, Forbidden, Unreadable
from companion.games.protocol import (
    JSON,
    Action,
    Actor,
    Data,
    Entered,
    Event,
    Frozen,
    NewEvent,
    Who,
    check,
    target_int,
)
from companion.games.seats import seat_name


class Asking(Frozen, Protocol):
    """A game's state as the agreements read it: a frozen dataclass with these fields."""

    @property
    def agreements(self) -> int: ...  # the agreements asked so far
    @property
    def agreement(self) -> Agreement | None: ...  # the one open now


S = TypeVar("S", bound=Asking)
KINDS = frozenset({"agree-open", "agree-yes", "agree-done", "agree-no", "agree-off"})
ACTIONS = {
    "agree": "Agree to what the table was asked (target agreement; data seats: the seats "
    "this tap agrees for, the host's for seats without a phone); the last tap applies it.",
    "disagree": "Do not agree (target agreement): what was asked is dropped.",
}
Finish = Callable[[S, Action, Actor], Sequence[NewEvent]]  # the game's own apply


@dataclass(frozen=True)
class Agreement:
    """What the table is asked (``what``), the action it applies, and who agreed so far
    (``hosted``: seats the host agreed for)."""

    k: int
    about: str
    what: str
    action: Data
    agreed: frozenset[int] = frozenset()
    hosted: frozenset[int] = frozenset()
    bases: Mapping[int, str] = field(default_factory=dict)  # what each seat agreed to
    again: frozenset[int] = frozenset()  # seats that agreed to what has changed since
    changed: str = ""  # what changed since they agreed, in words (the game's)

    def waiting(self, players: int) -> list[int]:
        return [s for s in range(players) if s not in self.agreed]


def fold_agree(state: S, event: Event) -> S:
    """One agreement event folded in; a payload that does not read changes nothing."""
    p = event.payload
    try:
        k = int(p.get("k", 0))
        if event.kind == "agree-open":
            opened = Agreement(k, str(p["about"]), str(p.get("what", "")), dict(p["action"]))
            return replace(state, agreements=max(state.agreements, k), agreement=opened)
        a = state.agreement
        if a is None or a.k != k:
            return state
        if event.kind == "agree-yes":
            seat, basis = int(p["seat"]), p.get("basis")
            hosted = a.hosted - {seat} | ({seat} if p.get("host") else set())
            bases = {**a.bases, seat: str(basis)} if basis is not None else a.bases
            again = a.again - {seat}
            agreed = replace(a, agreed=a.agreed | {seat}, hosted=hosted, bases=bases, again=again)
            return replace(state, agreement=agreed)
    except (KeyError, TypeError, ValueError):
        return state
    if event.kind in ("agree-done", "agree-no", "agree-off"):
        return replace(state, agreement=None)
    return state


def recheck(state: S, basis: str, changed: Callable[[str], str]) -> S:
    """``state`` with every seat that agreed to another basis than ``basis`` (what is asked,
    as it is now) no longer agreeing: that seat agrees again. ``changed(old)``: what changed
    since ``old``, in words, for the phones."""
    a = state.agreement
    if a is None:
        return state
    stale = {s for s in a.agreed if s in a.bases and a.bases[s] != basis}
    if not stale:
        return state
    first = a.bases[min(stale)]
    moved = replace(
        a,
        agreed=a.agreed - stale,
        hosted=a.hosted - stale,
        again=a.again | stale,
        changed=changed(first),
    )
    return replace(state, agreement=moved)


def slot(action: Action) -> str:
    return f"agree{target_int(action, 'agreement', 1)}"


def current(state: Asking, players: int) -> dict[str, JSON]:
    a = state.agreement
    if a is None:
        return {"agreement": None}
    return {"agreement": a.k, "what": a.what, "waiting": a.waiting(players)}


def view(state: Asking, players: int) -> dict[str, JSON] | None:
    a = state.agreement
    if a is None:
        return None
    return {
        "agreement": a.k,
        "about": a.about,
        "what": a.what,
        "agreed": sorted(a.agreed),
        "waiting": a.waiting(players),
        "host_for": sorted(a.hosted),
        "again": sorted(a.again),
        "changed": a.changed,
    }


def need_none(state: Asking) -> None:
    """Nothing else is done while the table is asked something."""
    a = state.agreement
    if a is not None:
        raise Forbidden(f"The table is asked to {a.what}: agree or not first.", "agreement")


def ask(
    state: Asking,
    about: str,
    what: str,
    action: Action,
    actor: Actor,
    hosted: Sequence[int] = (),
    basis: str | None = None,
) -> list[NewEvent]:
    """Ask the table; the asking seat agrees at once, and so do ``hosted``: the seats without
    a phone the host asks for. ``basis``: what they agree to (see ``recheck``)."""
    need_none(state)
    check(actor, Who.AT_TABLE, refused="Only players at the table ask it something.")
    k = state.agreements + 1
    asked = {"kind": action.kind, "target": dict(action.target), "data": dict(action.data)}
    payload = {"k": k, "about": about, "what": what, "action": asked}
    out = [NewEvent("agree-open", payload, slot=f"agree{k}")]
    if actor.seat is not None:
        out.append(_yes(k, actor.seat, False, basis))
    out += [_yes(k, seat, True, basis) for seat in hosted if seat != actor.seat]
    return out


def withdraw(state: Asking, why: str) -> NewEvent:
    """What the table is asked is no longer needed (``why``, in words): closed, in its own
    slot at its next version, so a tap racing it loses."""
    a = state.agreement
    assert a is not None
    return NewEvent("agree-off", {"k": a.k, "why": why}, slot=f"agree{a.k}", bump=True)


def _yes(k: int, seat: int, host: bool, basis: str | None, again: bool = False) -> NewEvent:
    """A seat's agreement, at its slot's next version: a seat agrees again once what it
    agreed to changed."""
    payload: dict[str, object] = {"k": k, "seat": seat, "host": host}
    if basis is not None:
        payload["basis"] = basis
    if again:
        payload["again"] = True
    return NewEvent("agree-yes", payload, slot=f"agree{k}s{seat}", bump=True)


def _open(state: Asking, action: Action) -> Agreement:
    k = target_int(action, "agreement", 1)
    a: Agreement | None = state.agreement
    if a is None or a.k != k:
        raise Conflict("That question to the table has been settled already.")
    return a


def _seats(action: Action, actor: Actor, a: Agreement, players: int) -> list[int]:
    raw = action.data.get("seats")
    if raw is None:
        if actor.seat is None:
            raise Unreadable("Say which seats without a phone you agree for.", "seats")
        raw = [actor.seat]
    if not isinstance(raw, list) or not raw or len(raw) > players:
        raise Unreadable("'seats' must list the seats this tap agrees for.", "seats")
    seats = []
    for seat in raw:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise Unreadable(f"There is no seat {str(seat)[:10]} at this table.", "seats")
        who = _name(actor.names, seat)
        refused = f"{who} has a phone: only {who}'s phone agrees for {who}."
        check(actor, Who.OWN_OR_HOST_IF_PHONELESS, seat, refused=refused)
        if seat not in a.agreed and seat not in seats:
            seats.append(seat)
    if not seats:
        raise Conflict("That agreement is in already.")
    return seats


def agree(
    state: S,
    action: Action,
    actor: Actor,
    players: int,
    finish: Finish[S],
    own_slot: Callable[[Action], str],
    basis: str | None = None,
) -> list[NewEvent]:
    """This tap's agreements (to ``basis``, where the game gives one: see ``recheck``); the
    last one needed applies the action asked, in the same batch (its events go to the next
    version of their own slot)."""
    a = _open(state, action)
    seats = _seats(action, actor, a, players)
    out = [_yes(a.k, s, s != actor.seat, basis, s in a.again) for s in seats]
    if a.agreed | set(seats) != set(range(players)):
        return out
    asked = Action(str(a.action["kind"]), dict(a.action["target"]), 0, dict(a.action["data"]))
    table = Actor(actor.name, None, True, frozenset(), actor.names)  # the whole table acts
    events = finish(replace(state, agreement=None), asked, table)
    slot_now = own_slot(asked)
    moved = [
        NewEvent(e.kind, e.payload, e.round, slot_now, True) if e.slot is None else e
        for e in events
    ]
    return [*out, NewEvent("agree-done", {"k": a.k}), *moved]


def disagree(state: Asking, action: Action, actor: Actor) -> list[NewEvent]:
    a = _open(state, action)
    check(actor, Who.AT_TABLE, refused="Only players at the table answer it.")
    return [NewEvent("agree-no", {"k": a.k, "seat": actor.seat})]


def act(
    state: S,
    action: Action,
    actor: Actor,
    players: int,
    finish: Finish[S],
    own_slot: Callable[[Action], str],
    basis: str | None = None,
) -> list[NewEvent]:
    if action.kind == "agree":
        return agree(state, action, actor, players, finish, own_slot, basis)
    return disagree(state, action, actor)


def settled(events: Sequence[Event], names: Sequence[str]) -> str | None:
    """How the table answered its latest question, in words, while that answer is the newest
    change (the events one commit stored share their time): the phone that asked, and every
    other, is told that the word was allowed or the question dropped. None otherwise."""
    if not events:
        return None
    newest = events[-1].created_at
    done = None
    for e in reversed(events):
        if e.created_at != newest:
            break
        if e.kind in ("agree-done", "agree-no"):
            done = e
    if done is None:
        return None
    k = done.payload.get("k")
    opened = next(
        (e for e in reversed(events) if e.kind == "agree-open" and e.payload.get("k") == k), None
    )
    what = str(opened.payload.get("what", "")) if opened is not None else ""
    if done.kind == "agree-done":
        return f"The whole table agreed to {what}: done." if what else "The whole table agreed."
    seat = done.payload.get("seat")
    who = "The host" if seat is None else _name(names, seat)
    return f"{who} did not agree to {what}, so nothing changed." if what else None


def _name(names: Sequence[str], seat: Entered) -> str:
    try:
        return seat_name(int(seat), names)
    except (TypeError, ValueError):
        return "a seat"


def describe(event: Event, names: Sequence[str]) -> str | None:
    """History lines for the agreement events (None for other kinds)."""
    if event.kind not in KINDS:
        return None
    p = event.payload
    when = f"{event.created_at:%H:%M:%S} " if event.created_at is not None else ""
    who = event.actor or "Someone"
    if event.kind == "agree-open":
        return f"{when}{who}: asks the table to {p.get('what', 'agree')}"
    again = " again (what was asked changed since)" if p.get("again") else ""
    if event.kind == "agree-yes" and p.get("host"):
        return f"{when}{who}: agreed{again} for {_name(names, p.get('seat'))} (no phone)"
    if event.kind == "agree-yes":
        return f"{when}{who}: agrees{again}"
    if event.kind == "agree-no":
        return f"{when}{who}: does not agree, so nothing changes"
    if event.kind == "agree-off":
        return f"{when}{who}: {p.get('why') or 'the question to the table is no longer asked'}"
    return f"{when}The whole table agreed"
