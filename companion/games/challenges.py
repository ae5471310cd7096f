"""The word judge at a table, pure: one challenge after another, each folded one event at a
time, its steps as table protocol actions, and its lines for the history. Every game that has
words (AlphaGrams, Consonants) folds the judge's events with ``fold_judge``, routes the
actions in ``ACTIONS`` to ``judge_action`` and names their slots with ``slot``; its own
``challenge`` action (a word on its table) opens a challenge too, with a ``ref`` its verdict's
consequence reads. The web layer only draws what is folded here (``companion.web.judge``).

A game's state keeps three fields for the judge: ``challenges`` (how many were opened),
``judging`` (the one being judged now, or None) and ``judged`` (the newest one that ended, with
its verdict, or withdrawn).

Events:

- ``judge-open`` (slot ``judge{n}``, version 1): ``n``, ``game``, ``words``, ``lexicon``,
  ``list`` (the list's name), ``min_zipf``, ``player``, ``challenger``, ``ref``;
- ``judge-confirm`` (slot ``judge{n}{role}``, version 1): ``n``, ``role`` (``player`` or
  ``challenger``);
- the end, in the challenge's own slot (``judge{n}``, version 2): ``judge-verdict`` (``n``,
  ``valid``, ``zipf`` for a valid play, ``outcome``, ``under``) or ``judge-cancel`` (``n``).
  Games stored before the judge was one module kept the end in ``judge{n}end`` at version 1;
  the fold reads both.

Actions (target ``{"challenge": n}``; version: that of slot ``judge{n}`` the phone saw):

- ``open`` (version 0, ``n`` the next number; data ``words``, ``player``, ``challenger``): a
  play typed in, judged by the table's word list; its verdict's consequence is the game's;
- ``confirm`` (version 1; data ``roles``: ``["player"]``, ``["challenger"]`` or both): the
  last confirmation needed judges the play and appends the verdict and the game's own
  consequence, in the same batch;
- ``withdraw`` (version 1): the challenger takes the challenge back before the verdict.

Who: a side's own phone; for a side whose seat has no phone, the host or any seated phone.
The host does not settle a challenge alone for seats that have phones.

Time: a verdict shows for a while on the table's phones. The fold keeps the time the shell
stored with the verdict's event (``Event.created_at``, data); ``showing`` and ``seconds_left``
compare it with a time the shell passes in. Nothing here reads a clock.

Nothing stored or shown ever says which word of an invalid play failed: the verdict holds one
boolean for the whole play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol, TypeVar

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
    may,
    target_int,
)
from companion.games.seats import seat_name
from companion.words.judge import MAX_WORDS, check_text, judge, judged_under
from companion.words.lexicon import Lexicon

if TYPE_CHECKING:
    from datetime import datetime


class JudgedBy(Protocol):
    """A word game's options as the judge reads them."""

    @property
    def players(self) -> int: ...
    @property
    def lexicon(self) -> str: ...  # the word list's id
    @property
    def min_zipf(self) -> float | None: ...


class Judging(Frozen, Protocol):
    """A word game's state as the judge reads it: a frozen dataclass with these fields."""

    @property
    def challenges(self) -> int: ...  # the challenges opened so far
    @property
    def judging(self) -> Challenge | None: ...  # the one being judged
    @property
    def judged(self) -> Challenge | None: ...  # the newest that ended
    @property
    def options(self) -> JudgedBy: ...


S = TypeVar("S", bound=Judging)
ROLES = ("player", "challenger")
JUDGE_KINDS = frozenset({"judge-open", "judge-confirm", "judge-verdict", "judge-cancel"})
ACTIONS = {
    "open": "Challenge a play typed in (target challenge: the next number, version 0; data "
    "words, player, challenger): the word judge takes it from there.",
    "confirm": "Confirm the open challenge (target challenge; data roles: player and/or "
    "challenger); the last confirmation gives the verdict.",
    "withdraw": "The challenger withdraws the open challenge (target challenge).",
}
VERDICT_SECONDS = 10.0  # how long a verdict shows on the table's phones, by default
Lexicons = Callable[[str], Lexicon]


@dataclass(frozen=True)
class Challenge:
    """One challenge as its events tell it: its number, the play's player, the challenger,
    the play and the list it is judged by (``list_name``: the list's name when it was
    opened), what the game's own challenge noted (``ref``) and the sides confirmed so far;
    once it ended, the verdict (``valid``, each word's commonness for a valid play, the
    game's ``outcome`` and the rule it was judged ``under``) or ``cancelled``, and when
    (``ended_at``: the time the shell stored with the event)."""

    n: int
    player: int
    challenger: int
    words: tuple[str, ...] = ()
    lexicon: str = ""
    min_zipf: float | None = None
    ref: Data | None = None
    confirmed: frozenset[str] = frozenset()
    game: str = ""
    list_name: str = ""
    valid: bool | None = None
    zipf: tuple[float, ...] | None = None
    outcome: str = ""
    under: str = ""
    cancelled: bool = False
    ended: bool = False
    ended_at: datetime | None = None  # the shell's time, never read here

    @property
    def open(self) -> bool:
        return not self.ended

    def seat(self, role: str) -> int:
        return self.player if role == "player" else self.challenger

    @property
    def zipf_words(self) -> list[tuple[str, float]]:
        """Each word with its commonness, for a valid play only."""
        if not self.valid or self.zipf is None:
            return []
        return list(zip(self.words, self.zipf, strict=False))


# the state


def fold_judge(state: S, event: Event) -> S:
    """Open a challenge (``judge-open``), count a confirmation, or end the one being judged
    (a verdict or a cancel of that number, in either slot); a payload that does not read
    changes nothing."""
    p = event.payload
    try:
        n = int(p.get("n", 0))
        if event.kind == "judge-open":
            return replace(state, challenges=max(state.challenges, n), judging=_opened(p, n))
        j: Challenge | None = state.judging
        if j is None or j.n != n:
            return state
        if event.kind == "judge-confirm" and p.get("role") in ROLES:
            return replace(state, judging=replace(j, confirmed=j.confirmed | {str(p["role"])}))
        if event.kind in ("judge-verdict", "judge-cancel"):
            return replace(state, judging=None, judged=_ended(j, event))
    except (KeyError, TypeError, ValueError):
        return state
    return state


def _opened(p: Data, n: int) -> Challenge:
    zipf = p.get("min_zipf")
    return Challenge(
        n,
        int(p["player"]),
        int(p["challenger"]),
        tuple(str(w) for w in p.get("words") or ()),
        str(p.get("lexicon", "")),
        float(zipf) if zipf is not None else None,
        dict(p.get("ref") or {}),
        game=str(p.get("game", "")),
        list_name=str(p.get("list") or p.get("lexicon") or ""),
    )


def _ended(j: Challenge, event: Event) -> Challenge:
    p = event.payload
    at = event.created_at
    if event.kind == "judge-cancel":
        return replace(j, cancelled=True, ended=True, ended_at=at)
    zipf = p.get("zipf")
    under = str(p.get("under") or "") or judged_under(j.list_name, j.min_zipf)
    return replace(
        j,
        valid=bool(p.get("valid")),
        ended=True,
        ended_at=at,
        under=under,
        zipf=tuple(float(z) for z in zipf) if isinstance(zipf, list) else None,
        outcome=str(p.get("outcome") or ""),
    )


def shown(state: object, at: datetime, seconds: float = VERDICT_SECONDS) -> Challenge | None:
    """What a table's phones show of the judge at ``at`` (the shell's time): the challenge
    being judged, or the newest verdict for ``seconds`` after it was given; a withdrawn one
    shows nothing."""
    j: Challenge | None = getattr(state, "judging", None)
    if j is not None:
        return j
    done: Challenge | None = getattr(state, "judged", None)
    if done is None or done.cancelled or not showing(done, at, seconds):
        return None
    return done


def showing(c: Challenge, at: datetime, seconds: float = VERDICT_SECONDS) -> bool:
    """Is ``c``'s verdict still on screen at ``at`` (a datetime the shell passes in)?"""
    if c.valid is None or c.ended_at is None:
        return False
    return bool((at - c.ended_at).total_seconds() < seconds)


def seconds_left(c: Challenge, at: datetime, seconds: float = VERDICT_SECONDS) -> int:
    """Whole seconds (rounded up) the verdict still shows at ``at``."""
    if c.ended_at is None:
        return 0
    left = seconds - float((at - c.ended_at).total_seconds())
    return max(0, int(left + 0.999))


def view(state: Judging) -> dict[str, JSON]:
    """The judge in a game's Table API view: the challenge being judged (or None) and the
    number the next one takes."""
    j: Challenge | None = state.judging
    challenge: dict[str, JSON] | None = (
        None
        if j is None
        else {
            "n": j.n,
            "player": j.player,
            "challenger": j.challenger,
            "words": list(j.words),
            "confirmed": sorted(j.confirmed),
        }
    )
    return {"challenge": challenge, "next_challenge": state.challenges + 1}


# the actions


def slot(action: Action) -> str:
    return f"judge{target_int(action, 'challenge', 1)}"


def current(state: Judging) -> dict[str, JSON]:
    """What a stale phone is shown beside its input: the challenge being judged now."""
    j: Challenge | None = state.judging
    if j is None:
        return {"challenge": None, "next": state.challenges + 1}
    return {"challenge": j.n, "confirmed": sorted(j.confirmed), "next": state.challenges + 1}


WHO = Who.OWN_OR_TABLE_IF_PHONELESS  # who opens, confirms for and withdraws a seat's challenge


def may_confirm(actor: Actor, seat: int) -> bool:
    """The seat's own phone; for a seat without a phone, the host or any seated phone."""
    return may(actor, WHO, seat)


def clean_words(raw: Entered) -> list[str]:
    """A play's words: letters A to Z, one to ``MAX_WORDS`` of them (a list, or a text with
    spaces or commas between them)."""
    if isinstance(raw, str):
        parts = raw[:2000].replace(",", " ").split()
    elif isinstance(raw, list | tuple):
        parts = [str(w) for w in raw[: MAX_WORDS + 1]]
    else:
        parts = []
    if not parts:
        raise Unreadable("Enter the word or words of the play.", "words")
    if len(parts) > MAX_WORDS:
        raise Unreadable(f"A play has at most {MAX_WORDS} words, not {len(parts)}.", "words")
    return [check_text(w) for w in parts]


def _who(names: Sequence[str], seat: int) -> str:
    return seat_name(seat, names)


def _seat(data: Data, name: str, players: int) -> int:
    raw = data.get(name)
    if isinstance(raw, str) and raw.strip().isascii() and raw.strip().isdigit():
        raw = int(raw.strip()[:4])
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < players:
        raise Unreadable(f"Choose the {name} among the seats.", name)
    return raw


def open_play(
    state: Judging, action: Action, actor: Actor, lexicon: Lexicons | None, game: str
) -> list[NewEvent]:
    """A play typed in, challenged: the next challenge, judged by the table's list."""
    n = target_int(action, "challenge", 1)
    if n != state.challenges + 1:
        raise Conflict(
            f"Challenge {n} was opened already: the next one is challenge {state.challenges + 1}."
        )
    players = state.options.players
    words = clean_words(action.data.get("words"))
    player = _seat(action.data, "player", players)
    challenger = _seat(action.data, "challenger", players)
    if player == challenger:
        raise Forbidden("A play is challenged by another player at the table.", "challenger")
    refused = f"Only {_who(actor.names, challenger)}'s phone opens this challenge."
    check(actor, WHO, challenger, refused=refused)
    if state.judging is not None:
        raise Forbidden("A challenge is already being judged: finish it first.", "judging")
    if lexicon is None:
        raise Forbidden("No word lists are loaded here: the play cannot be judged.")
    options = state.options
    listed = lexicon(str(options.lexicon))  # an unknown list is refused before anything is stored
    payload = {
        "n": n,
        "game": game,
        "words": words,
        "lexicon": str(options.lexicon),
        "list": listed.info.name,
        "min_zipf": options.min_zipf,
        "player": player,
        "challenger": challenger,
        "ref": {},
    }
    return [NewEvent("judge-open", payload)]


def _open(state: Judging, action: Action) -> Challenge:
    n = target_int(action, "challenge", 1)
    j: Challenge | None = state.judging
    if j is None or j.n != n:
        raise Conflict(f"Challenge {n} has been decided already.")
    return j


def _roles(data: Data) -> list[str]:
    raw = data.get("roles")
    if isinstance(raw, str):
        raw = list(ROLES) if raw == "both" else [raw]
    if not isinstance(raw, list) or not raw or not all(r in ROLES for r in raw):
        raise Unreadable("Say who confirms: the player, the challenger, or both.", "roles")
    return [r for r in ROLES if r in raw]


# the outcome of a verdict, game by game: (state, challenge, valid, names) -> (events, words)
Consequence = Callable[[S, Challenge, bool, Sequence[str]], tuple[list[NewEvent], str]]


def confirm(
    state: S, action: Action, actor: Actor, lexicon: Lexicons | None, consequence: Consequence[S]
) -> list[NewEvent]:
    """This phone's confirmations; with both sides in, the verdict and its consequence."""
    j = _open(state, action)
    roles = _roles(action.data)
    names = actor.names
    for role in roles:
        if role in j.confirmed:
            raise Conflict(f"{_who(names, j.seat(role))} has confirmed already.")
        refused = f"Only {_who(names, j.seat(role))}'s phone confirms as the {role}."
        check(actor, WHO, j.seat(role), refused=refused)
    out = [NewEvent("judge-confirm", {"n": j.n, "role": r}, slot=f"judge{j.n}{r}") for r in roles]
    if j.confirmed | set(roles) != set(ROLES):
        return out
    if lexicon is None:
        raise Forbidden("No word lists are loaded here: the play cannot be judged.")
    words = lexicon(j.lexicon)
    verdict = judge(words, j.words, j.min_zipf)
    effects, outcome = consequence(state, j, verdict.valid, names)
    payload = {
        "n": j.n,
        "valid": verdict.valid,
        "outcome": outcome,
        "under": judged_under(words.info.name, j.min_zipf),
        "zipf": list(verdict.zipf) if verdict.zipf is not None else None,
    }
    return [*out, NewEvent("judge-verdict", payload), *effects]


def withdraw(state: Judging, action: Action, actor: Actor) -> list[NewEvent]:
    j = _open(state, action)
    refused = f"Only {_who(actor.names, j.challenger)}'s phone withdraws it."
    check(actor, WHO, j.challenger, refused=refused)
    return [NewEvent("judge-cancel", {"n": j.n})]


def judge_action(
    state: S,
    action: Action,
    actor: Actor,
    lexicon: Lexicons | None,
    consequence: Consequence[S],
    game: str = "",
) -> list[NewEvent]:
    """Any of the judge's ``ACTIONS`` for the game ``game`` (its key, kept with a challenge)."""
    if action.kind == "open":
        return open_play(state, action, actor, lexicon, game)
    if action.kind == "confirm":
        return confirm(state, action, actor, lexicon, consequence)
    if action.kind == "withdraw":
        return withdraw(state, action, actor)
    raise Unreadable(f"The word judge has no action {action.kind[:30]!r}.", "kind")


# the history


def describe(event: Event, names: Sequence[str]) -> str | None:
    """History lines for the judge's events (None for other kinds); never which word of an
    invalid play failed."""
    if event.kind not in JUDGE_KINDS:
        return None
    when = f"{event.created_at:%H:%M:%S} " if event.created_at is not None else ""
    who = event.actor or "Someone"
    p = event.payload
    if event.kind == "judge-open":
        words = " ".join(str(w) for w in p.get("words") or ())
        return (
            f"{when}{who}: {_name(names, p.get('challenger'))} challenged "
            f"{_name(names, p.get('player'))}'s play {words} "
            f"(word list {p.get('list') or p.get('lexicon')})"
        )
    if event.kind == "judge-confirm":
        return f"{when}{who}: confirmed challenge {p.get('n')} as the {p.get('role')}"
    if event.kind == "judge-cancel":
        return f"{when}{who}: withdrew challenge {p.get('n')}"
    verdict = "VALID" if p.get("valid") else "NOT VALID"
    if p.get("under"):
        verdict += f" - {p['under']}"
    outcome = f" {p['outcome']}" if p.get("outcome") else ""
    return f"{when}Judge: challenge {p.get('n')}: {verdict}.{outcome}"


def _name(names: Sequence[str], seat: Entered) -> str:
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "a seat"
