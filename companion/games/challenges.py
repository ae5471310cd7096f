"""What the word games (AlphaGrams, Consonants) share about a challenge at a table, pure: the
one being judged now, folded from the word judge's events, and the judge's steps as table
protocol actions.

Events: ``judge-open`` (slot ``judge{n}``, version 1; made by each game's ``challenge``),
``judge-confirm`` (slot ``judge{n}{role}``, version 1), and the end in the challenge's own
slot (``judge{n}``, version 2): ``judge-verdict`` or ``judge-cancel``. Games stored before
this kept the end in ``judge{n}end``; the fold reads both.

Actions (target ``{"challenge": n}``, version: that of slot ``judge{n}`` the phone saw, 1
while the challenge is open):

- ``confirm`` (data ``roles``: ``["player"]``, ``["challenger"]`` or both): the last
  confirmation needed judges the play with the table's list and appends the verdict and the
  game's own consequence, in the same batch;
- ``withdraw``: the challenger takes the challenge back before the verdict.

Who: a side's own phone; for a side whose seat has no phone, the host or any seated phone.
The host does not settle a challenge alone for seats that have phones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games.protocol import Action, Actor, Event, NewEvent, target_int
from companion.words.judge import judge, judged_under
from companion.words.lexicon import Lexicon

S = TypeVar("S", bound=Any)  # a frozen state with ``challenges`` and ``judging`` fields
ROLES = ("player", "challenger")
# the word judge's events at a table (``companion.web.judge``): kept, exported and replayed
JUDGE_KINDS = frozenset({"judge-open", "judge-confirm", "judge-verdict", "judge-cancel"})
ACTIONS = {
    "confirm": "Confirm the open challenge (target challenge; data roles: player and/or "
    "challenger); the last confirmation gives the verdict.",
    "withdraw": "The challenger withdraws the open challenge (target challenge).",
}


@dataclass(frozen=True)
class Judging:
    """A challenge the word judge is judging now: its number, the word's player, the
    challenger, the play and the list it is judged by, and the sides confirmed so far."""

    n: int
    player: int
    challenger: int
    words: tuple[str, ...] = ()
    lexicon: str = ""
    min_zipf: float | None = None
    ref: Mapping[str, Any] | None = None
    confirmed: frozenset[str] = frozenset()

    def seat(self, role: str) -> int:
        return self.player if role == "player" else self.challenger


# the outcome of a verdict, game by game: (state, judging, valid, names) -> (events, words)
Consequence = Callable[[Any, Judging, bool, Sequence[str]], tuple[list[NewEvent], str]]


def fold_judge(state: S, event: Event) -> S:
    """Open a challenge (``judge-open``), count a confirmation, or close the one being judged
    (a verdict or a cancel of that number); a payload that does not read changes nothing."""
    p = event.payload
    try:
        n = int(p.get("n", 0))
        if event.kind == "judge-open":
            return replace(state, challenges=max(state.challenges, n), judging=_opened(p, n))
    except (KeyError, TypeError, ValueError):
        return state
    j = state.judging
    if j is None or j.n != n:
        return state
    if event.kind == "judge-confirm" and p.get("role") in ROLES:
        return replace(state, judging=replace(j, confirmed=j.confirmed | {str(p["role"])}))
    if event.kind in ("judge-verdict", "judge-cancel"):
        return replace(state, judging=None)
    return state


def _opened(p: Mapping[str, Any], n: int) -> Judging:
    zipf = p.get("min_zipf")
    return Judging(n, int(p["player"]), int(p["challenger"]), tuple(p.get("words") or ()),
                   str(p.get("lexicon", "")), float(zipf) if zipf is not None else None,
                   dict(p.get("ref") or {}))  # fmt: skip


def slot(action: Action) -> str:
    return f"judge{target_int(action, 'challenge', 1)}"


def current(state: Any) -> dict[str, Any]:
    j = state.judging
    if j is None:
        return {"challenge": None}
    return {"challenge": j.n, "confirmed": sorted(j.confirmed)}


def may_confirm(actor: Actor, seat: int) -> bool:
    """The seat's own phone; for a seat without a phone, the host or any seated phone."""
    if actor.seat == seat:
        return True
    return seat not in actor.phones and (actor.host or actor.seat is not None)


def _open(state: Any, action: Action) -> Judging:
    n = target_int(action, "challenge", 1)
    j: Judging | None = state.judging
    if j is None or j.n != n:
        raise Conflict(f"Challenge {n} has been decided already.")
    return j


def _who(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _roles(data: Mapping[str, Any]) -> list[str]:
    raw = data.get("roles")
    if isinstance(raw, str):
        raw = list(ROLES) if raw == "both" else [raw]
    if not isinstance(raw, list) or not raw or not all(r in ROLES for r in raw):
        raise Unreadable("Say who confirms: the player, the challenger, or both.", "roles")
    return [r for r in ROLES if r in raw]


def confirm(state: Any, action: Action, actor: Actor, lexicon: Callable[[str], Lexicon] | None,
            consequence: Consequence) -> list[NewEvent]:  # fmt: skip
    """This phone's confirmations; with both sides in, the verdict and its consequence."""
    j = _open(state, action)
    roles = _roles(action.data)
    names = actor.names
    for role in roles:
        if role in j.confirmed:
            raise Conflict(f"{_who(names, j.seat(role))} has confirmed already.")
        if not may_confirm(actor, j.seat(role)):
            raise NotAllowed(f"Only {_who(names, j.seat(role))}'s phone confirms as the {role}.")
    out = [NewEvent("judge-confirm", {"n": j.n, "role": r}, slot=f"judge{j.n}{r}") for r in roles]
    if j.confirmed | set(roles) != set(ROLES):
        return out
    if lexicon is None:
        raise Forbidden("No word lists are loaded here: the play cannot be judged.")
    words = lexicon(j.lexicon)
    verdict = judge(words, j.words, j.min_zipf)
    effects, outcome = consequence(state, j, verdict.valid, names)
    payload = {"n": j.n, "valid": verdict.valid, "outcome": outcome,
               "under": judged_under(words.info.name, j.min_zipf),
               "zipf": list(verdict.zipf) if verdict.zipf is not None else None}  # fmt: skip
    return [*out, NewEvent("judge-verdict", payload), *effects]


def withdraw(state: Any, action: Action, actor: Actor) -> list[NewEvent]:
    j = _open(state, action)
    if not may_confirm(actor, j.challenger):
        raise NotAllowed(f"Only {_who(actor.names, j.challenger)}'s phone withdraws it.")
    return [NewEvent("judge-cancel", {"n": j.n})]


def judge_action(state: Any, action: Action, actor: Actor,
                 lexicon: Callable[[str], Lexicon] | None,
                 consequence: Consequence) -> list[NewEvent]:  # fmt: skip
    if action.kind == "confirm":
        return confirm(state, action, actor, lexicon, consequence)
    return withdraw(state, action, actor)
