"""The word judge at a table: a challenge, two confirmations, one verdict, its consequence.

The word games with a table protocol (AlphaGrams, Consonants) open, confirm and withdraw a
challenge as protocol actions (``companion.games.challenges``): the verdict and its
consequence are decided in ``apply``. Any other game calls ``open_challenge`` (table view,
words, player seat, challenger seat, the game's key and a reference of its own) and
registers a consequence with ``on_verdict(game_key, callback)``; the judge pages
(``companion.web.judge_pages``) collect the two confirmations and record the verdict. The
callback runs in the same transaction as the verdict, exactly once, and appends the game's
own events; the text it returns is shown under the verdict and kept in the history.

Events (each in a versioned slot, so two phones never record the same step twice):

- ``judge-open`` (slot ``judge{n}``): ``n``, ``game``, ``words``, ``lexicon``, ``min_zipf``,
  ``player``, ``challenger``, ``ref``;
- ``judge-confirm`` (slot ``judge{n}{role}``): ``n``, ``role`` (``player`` or ``challenger``);
- ``judge-verdict`` (slot ``judge{n}end``): ``n``, ``valid``, ``zipf`` (valid plays only),
  ``outcome``; ``judge-cancel`` takes the same slot, so a challenge ends exactly once.

Nothing stored or shown ever says which word of an invalid play failed: the verdict holds one
boolean for the whole play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from flask import current_app
from sqlalchemy.exc import IntegrityError

from companion.errors import Forbidden, Unreadable
from companion.extensions import db
from companion.games import challenges as challenge_rules
from companion.games.protocol import Event
from companion.tables import store
from companion.tables.models import now
from companion.web.tableview import TableView
from companion.words.judge import MAX_WORDS, check_text, judge, judged_under
from companion.words.registry import get_lexicon, lexicon_name

ROLES = ("player", "challenger")
KINDS = challenge_rules.JUDGE_KINDS
VERDICT_SECONDS = 10.0

Consequence = Callable[[TableView, "Challenge", bool], str]
_CONSEQUENCES: dict[str, Consequence] = {}


def on_verdict(game: str, callback: Consequence) -> None:
    """Register what a verdict does to ``game`` (called once, in the verdict's transaction)."""
    _CONSEQUENCES[game] = callback


@dataclass
class Challenge:
    """One challenge as the stored events tell it."""

    n: int
    game: str
    words: tuple[str, ...]
    lexicon: str
    min_zipf: float | None
    player: int
    challenger: int
    ref: dict[str, Any]
    opened_at: datetime
    confirmed: set[str] = field(default_factory=set)
    valid: bool | None = None
    zipf: tuple[float, ...] | None = None
    outcome: str = ""
    ended_at: datetime | None = None
    cancelled: bool = False

    @property
    def open(self) -> bool:
        return self.ended_at is None

    @property
    def zipf_words(self) -> list[tuple[str, float]]:
        """Each word with its commonness, for a valid play only."""
        if not self.valid or self.zipf is None:
            return []
        return list(zip(self.words, self.zipf, strict=False))

    @property
    def under(self) -> str:
        """The house rule in force and the word list, by name (never which word failed)."""
        return judged_under(lexicon_name(self.lexicon), self.min_zipf)

    def seat(self, role: str) -> int:
        return self.player if role == "player" else self.challenger

    def showing(self, at: datetime | None = None) -> bool:
        """The verdict is on screen for ``VERDICT_SECONDS`` after it was given, then clears."""
        if self.valid is None or self.ended_at is None:
            return False
        return (at or clock()) - self.ended_at < timedelta(seconds=verdict_seconds())

    def seconds_left(self, at: datetime | None = None) -> int:
        if self.ended_at is None:
            return 0
        left = timedelta(seconds=verdict_seconds()) - ((at or clock()) - self.ended_at)
        return max(0, int(left.total_seconds() + 0.999))


def clock() -> datetime:
    """The server's time, naive UTC like the stored events (tests replace it)."""
    return now()


def verdict_seconds() -> float:
    return float(current_app.config.get("JUDGE_VERDICT_SECONDS", VERDICT_SECONDS))


def challenges(rows: Sequence[Event]) -> list[Challenge]:
    """Every challenge of a game, oldest first."""
    found: dict[int, Challenge] = {}
    for e in rows:
        p = e.payload
        if e.kind == "judge-open":
            found[int(p["n"])] = Challenge(
                int(p["n"]), str(p.get("game", "")), tuple(p.get("words") or ()),
                str(p.get("lexicon", "")), p.get("min_zipf"), int(p["player"]),
                int(p["challenger"]), dict(p.get("ref") or {}), e.created_at,
            )  # fmt: skip
            continue
        c = found.get(int(p.get("n", 0))) if e.kind in KINDS else None
        if c is None:
            continue
        if e.kind == "judge-confirm":
            c.confirmed.add(str(p.get("role")))
        elif e.kind in ("judge-verdict", "judge-cancel") and c.ended_at is None:
            c.ended_at, c.cancelled = e.created_at, e.kind == "judge-cancel"
            c.valid = bool(p["valid"]) if e.kind == "judge-verdict" else None
            c.zipf = tuple(p["zipf"]) if p.get("zipf") is not None else None
            c.outcome = str(p.get("outcome", ""))
    return list(found.values())


def current(rows: Sequence[Event]) -> Challenge | None:
    """The open challenge, or the last one (its verdict may still be showing)."""
    all_ = challenges(rows)
    return all_[-1] if all_ else None


def open_one(rows: Sequence[Event]) -> Challenge | None:
    c = current(rows)
    return c if c is not None and c.open else None


def clean_words(raw: Sequence[str] | str) -> list[str]:
    """A play's words: letters A to Z, one to ``MAX_WORDS`` of them (spaces or commas apart)."""
    parts = raw.replace(",", " ").split() if isinstance(raw, str) else list(raw)
    if not parts:
        raise Unreadable("Enter the word or words of the play.", "words")
    if len(parts) > MAX_WORDS:
        raise Unreadable(f"A play has at most {MAX_WORDS} words, not {len(parts)}.", "words")
    return [check_text(w) for w in parts]


def open_challenge(
    v: TableView,
    words: Sequence[str],
    player: int,
    challenger: int,
    *,
    game: str,
    lexicon: str,
    min_zipf: float | None = None,
    ref: dict[str, Any] | None = None,
) -> Challenge:
    """Record a challenge of ``words`` (by ``player``) by ``challenger``; commits.

    ``Forbidden`` when a challenge is already open or the seats are wrong; ``Conflict`` when
    another phone opened one a moment ago."""
    seats = len(v.seats)
    if not (0 <= player < seats and 0 <= challenger < seats) or player == challenger:
        raise Forbidden("A play is challenged by another player at the table.")
    if open_one(v.rows) is not None:
        raise Forbidden("A challenge is already being judged: finish it first.")
    get_lexicon(lexicon)  # an unknown list is refused before anything is stored
    n = len(challenges(v.rows)) + 1
    payload = {"n": n, "game": game, "words": clean_words(words), "lexicon": lexicon,
               "list": lexicon_name(lexicon), "min_zipf": min_zipf, "player": player,
               "challenger": challenger, "ref": ref or {}}  # fmt: skip
    actor, actor_seat = v.actor
    store.append(v.game, "judge-open", actor, actor_seat, payload, None, (f"judge{n}", 1))
    store.commit_change("The challenge")
    found = challenges(store.events(v.game))
    return next(c for c in found if c.n == n)


def may_confirm(v: TableView, c: Challenge, role: str) -> bool:
    """The seat's own phone; for a seat no phone holds, the host or any seated phone."""
    return challenge_rules.may_confirm(v.who, c.seat(role))


def confirm(v: TableView, c: Challenge, roles: Sequence[str]) -> Challenge:
    """Record this phone's confirmations; the last one needed gives the verdict. Commits."""
    if not c.open:
        raise Forbidden("This challenge has been decided already.")
    wanted = [r for r in ROLES if r in roles and r not in c.confirmed]
    for role in wanted:
        if not may_confirm(v, c, role):
            raise Forbidden(f"Only {v.names[c.seat(role)]}'s phone (or the host) confirms here.")
    actor, actor_seat = v.actor
    for role in wanted:
        payload = {"n": c.n, "role": role}
        store.append(v.game, "judge-confirm", actor, actor_seat, payload, None,
                     (f"judge{c.n}{role}", 1))  # fmt: skip
    _commit_quietly()
    return _decide(v, c.n)


def cancel(v: TableView, c: Challenge) -> None:
    """The challenger (or the host) withdraws a challenge before the verdict."""
    if not c.open:
        raise Forbidden("This challenge has been decided already.")
    if not may_confirm(v, c, "challenger"):
        raise Forbidden(f"Only {v.names[c.challenger]}'s phone withdraws it.")
    actor, actor_seat = v.actor
    store.append(v.game, "judge-cancel", actor, actor_seat, {"n": c.n}, None,
                 (f"judge{c.n}end", 1))  # fmt: skip
    store.commit_change("The challenge")


def _commit_quietly() -> None:
    """A confirmation another phone already stored is no loss: keep going."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()


def _decide(v: TableView, n: int) -> Challenge:
    """With both confirmations in, judge, store the verdict and apply the consequence once."""
    rows = store.events(v.game)
    c = next(x for x in challenges(rows) if x.n == n)
    if not c.open or set(ROLES) - c.confirmed:
        return c
    verdict = judge(get_lexicon(c.lexicon), c.words, c.min_zipf)
    v.__dict__["rows"] = rows
    callback = _CONSEQUENCES.get(c.game)
    outcome = callback(v, c, verdict.valid) if callback is not None else ""
    payload = {"n": n, "valid": verdict.valid, "outcome": outcome, "under": c.under,
               "zipf": list(verdict.zipf) if verdict.zipf is not None else None}  # fmt: skip
    actor, actor_seat = v.actor
    store.append(v.game, "judge-verdict", actor, actor_seat, payload, None, (f"judge{n}end", 1))
    try:
        db.session.commit()
    except IntegrityError:  # another phone gave this verdict a moment ago: it stands
        db.session.rollback()
    return next(x for x in challenges(store.events(v.game)) if x.n == n)


def describe(event: Event, names: list[str]) -> str | None:
    """History lines for the judge's events (None for other kinds)."""
    if event.kind not in KINDS:
        return None
    when = event.created_at.strftime("%H:%M:%S")
    who = event.actor or "Someone"
    p = event.payload
    if event.kind == "judge-open":
        words = " ".join(p.get("words") or ())
        return (
            f"{when} {who}: {_name(names, p.get('challenger'))} challenged "
            f"{_name(names, p.get('player'))}'s play {words} "
            f"(word list {p.get('list') or p.get('lexicon')})"
        )
    if event.kind == "judge-confirm":
        return f"{when} {who}: confirmed challenge {p.get('n')} as the {p.get('role')}"
    if event.kind == "judge-cancel":
        return f"{when} {who}: withdrew challenge {p.get('n')}"
    verdict = "VALID" if p.get("valid") else "NOT VALID"
    if p.get("under"):
        verdict += f" - {p['under']}"
    outcome = f" {p['outcome']}" if p.get("outcome") else ""
    return f"{when} Judge: challenge {p.get('n')}: {verdict}.{outcome}"


def _name(names: list[str], seat: Any) -> str:
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "a seat"
