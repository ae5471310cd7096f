"""Each stored event kind of each game, back to the action live play made it from, pure.

An import (``companion.tables.importing``) replays a file's events through the game's own
``apply``: for the event at ``events[i]`` it asks ``steps(game, state, events, i)`` for the
actions that could have made it (with the state to apply them to), applies them, and keeps
the event only if one of them makes exactly the events the file has next.

``KINDS[game][kind]`` is a function ``(state, events, i) -> list[Step]``, or None for a kind
live play only makes as part of another change (a verdict comes with the last confirmation,
a reveal with the play that ends the omega hand): such an event on its own is refused. A game
at a table lists every event kind its export carries here (``tests`` check it), undo aside.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from companion.cards.alpha import AlphaCard
from companion.errors import CompanionError
from companion.games.alphagrams import table as alphagrams
from companion.games.follow_the_author import table as fta
from companion.games.hearts import table as hearts
from companion.games.protocol import Action, Data, Entered, Event, Opaque


@dataclass(frozen=True)
class Step:
    """An action that may have made an event, and the state to apply it to (None: the
    state as folded so far)."""

    action: Action
    state: Opaque = None


Inverse = Callable[[Opaque, Sequence[Event], int], list[Step]]  # over that game's State


def _do(kind: str, target: Data, data: Data | None = None) -> Step:
    return Step(Action(kind, dict(target), 0, dict(data or {})))


def _same(p: Data, *keys: str) -> dict[str, Entered]:
    return {k: p.get(k) for k in keys}


def _run(events: Sequence[Event], i: int, kind: str, key: str, field: str) -> list[Entered]:
    """``field`` of the events of ``kind`` from ``i`` on, one after another, while they are
    about the same ``key`` and by the same phone (one tap may confirm or agree for several)."""
    first, out = events[i], []
    for e in events[i : i + 12]:
        if (
            e.kind != kind
            or e.payload.get(key) != first.payload.get(key)
            or (e.actor, e.actor_seat) != (first.actor, first.actor_seat)
        ):
            break
        out.append(e.payload.get(field))
    return out


def _several(kind: str, target: Data, name: str, run: list[Entered]) -> list[Step]:
    """The longest tap first, then each shorter one (two taps from one phone read alike)."""
    return [_do(kind, target, {name: run[:n]}) for n in range(len(run), 0, -1)]


# shared by the word games: the word judge's steps and the table's agreements


def _confirm(state: object, events: Sequence[Event], i: int) -> list[Step]:
    p = events[i].payload
    roles = _run(events, i, "judge-confirm", "n", "role")
    return _several("confirm", {"challenge": p.get("n")}, "roles", roles)


def _opened(state: object, events: Sequence[Event], i: int) -> list[Step]:
    """A play typed in and challenged (the judge's own ``open``)."""
    p = events[i].payload
    data = _same(p, "words", "player", "challenger")
    return [_do("open", {"challenge": p.get("n")}, data)]


def _open_or(own: Inverse) -> Inverse:
    """A ``judge-open``: the game's own ``challenge`` first, then a play typed in."""
    return lambda state, events, i: [*own(state, events, i), *_opened(state, events, i)]


def _withdraw(state: object, events: Sequence[Event], i: int) -> list[Step]:
    return [_do("withdraw", {"challenge": events[i].payload.get("n")})]


def _asked(state: object, events: Sequence[Event], i: int) -> list[Step]:
    """An ``agree-open`` keeps the action it asks about: that action, asked again."""
    asked = events[i].payload.get("action")
    if not isinstance(asked, Mapping):
        return []
    target, data = asked.get("target"), asked.get("data")
    if not isinstance(target, Mapping) or not isinstance(data, Mapping):
        return []
    return [_do(str(asked.get("kind"))[:30], target, data)]


def _agree(state: object, events: Sequence[Event], i: int) -> list[Step]:
    seats = _run(events, i, "agree-yes", "k", "seat")
    return _several("agree", {"agreement": events[i].payload.get("k")}, "seats", seats)


def _disagree(state: object, events: Sequence[Event], i: int) -> list[Step]:
    return [_do("disagree", {"agreement": events[i].payload.get("k")})]


def _deck(state: object, events: Sequence[Event], i: int) -> list[Step]:
    return []  # the host's deck form: not an action (``importing`` checks it as the form does)


WORD_GAMES: dict[str, Inverse | None] = {
    "judge-open": _opened,  # and each game's own ``challenge`` (``_open_or``)
    "judge-confirm": _confirm,
    "judge-cancel": _withdraw,
    "judge-verdict": None,
    "agree-open": _asked,
    "agree-yes": _agree,
    "agree-no": _disagree,
    "agree-done": None,
    "agree-off": None,  # made only with another change
    "alpha-deck": _deck,
}


# the custom scoresheet


def _score(state: object, events: Sequence[Event], i: int) -> list[Step]:
    e = events[i]
    p = e.payload
    return [_do("score", {"round": e.round, "seat": p.get("seat")}, _same(p, "points"))]


CUSTOM: dict[str, Inverse | None] = {
    "score": _score,
    "add-seat": lambda s, ev, i: [_do("add-seat", {}, _same(ev[i].payload, "name"))],
    "remove-seat": lambda s, ev, i: [_do("remove-seat", {"seat": ev[i].payload.get("seat")})],
}


# Hearts


def _hand(e: Event, **more: Entered) -> dict[str, Entered]:
    return {"hand": e.round, **more}


def _hearts_points(state: hearts.State, events: Sequence[Event], i: int) -> list[Step]:
    e = events[i]
    p = e.payload
    if p.get("sun") is not None:
        return [_do("points", _hand(e), {"sun": p["sun"]})]
    if p.get("moon") is None:
        return [_do("points", _hand(e), _same(p, "points"))]
    bonuses = [None, *range(state.options.players)]  # the moon's bonus seat is not kept
    return [_do("points", _hand(e), {"moon": p["moon"], "bonus": b}) for b in bonuses]


HEARTS: dict[str, Inverse | None] = {
    "hearts-taken": lambda s, ev, i: [
        _do("taken", _hand(ev[i]), _same(ev[i].payload, "taken", "sun"))
    ],
    "hearts-points": _hearts_points,
    "hearts-claim": lambda s, ev, i: [
        _do(
            "claim",
            _hand(ev[i], seat=ev[i].payload.get("seat")),
            _same(ev[i].payload, "cards", "sun"),
        )
    ],
    "hearts-trick": lambda s, ev, i: [
        _do(
            "trick",
            _hand(ev[i], trick=ev[i].payload.get("trick")),
            _same(ev[i].payload, "leader", "cards"),
        )
    ],
    "hearts-rest": lambda s, ev, i: [
        _do("rest", _hand(ev[i], trick=ev[i].payload.get("trick")), _same(ev[i].payload, "seat"))
    ],
    "hearts-moon": lambda s, ev, i: [_do("moon", _hand(ev[i]), _same(ev[i].payload, "choice"))],
    "hearts-revoke": lambda s, ev, i: [_do("revoke", _hand(ev[i]), _same(ev[i].payload, "seat"))],
}


# Consonants


def _cons_challenge(state: object, events: Sequence[Event], i: int) -> list[Step]:
    p = events[i].payload
    ref = p.get("ref")
    if not isinstance(ref, Mapping):
        return []
    target = {"hand": ref.get("hand"), "seat": ref.get("seat")}
    return [_do("challenge", target, {"word": ref.get("word"), "challenger": p.get("challenger")})]


def _cons_taken(state: object, events: Sequence[Event], i: int) -> list[Step]:
    """The cards as listed; or, when more than a form reads, those typed and "the rest"
    (the rest is added in deck order, so it is the longest run in order at the end)."""
    e = events[i]
    target, cards = _hand(e, seat=e.payload.get("seat")), e.payload.get("cards")
    out = [_do("taken", target, {"cards": cards})]
    if not isinstance(cards, list):
        return out
    try:
        parsed = [AlphaCard.parse(str(c)[:10]) for c in cards]
    except CompanionError:
        return out
    start = len(parsed)
    while start > 0 and (start == len(parsed) or parsed[start - 1] <= parsed[start]):
        start -= 1
    return [*out, _do("taken", target, {"cards": cards[:start], "rest": True})]


CONSONANTS: dict[str, Inverse | None] = {
    **WORD_GAMES,
    "judge-open": _open_or(_cons_challenge),
    "cons-taken": _cons_taken,
    "cons-trick": lambda s, ev, i: [
        _do(
            "trick",
            _hand(ev[i], trick=ev[i].payload.get("trick")),
            _same(ev[i].payload, "leader", "cards"),
        )
    ],
    "cons-rest": lambda s, ev, i: [
        _do("rest", _hand(ev[i], trick=ev[i].payload.get("trick")), _same(ev[i].payload, "seat"))
    ],
    "cons-fly": lambda s, ev, i: [_do("fly", _hand(ev[i]), _same(ev[i].payload, "choice"))],
    "cons-words": lambda s, ev, i: [
        _do("words", _hand(ev[i], seat=ev[i].payload.get("seat")), _same(ev[i].payload, "words"))
    ],
    "cons-close": None,  # the table's agreement closes a hand
    "cons-challenge": None,  # with the verdict
}


# AlphaGrams


def _turn(state: alphagrams.State, p: Data) -> dict[str, Entered]:
    return {"turn": state.turn, "seat": p.get("seat")}


def _ag_word(state: alphagrams.State, events: Sequence[Event], i: int) -> list[Step]:
    p = events[i].payload
    target = _turn(state, p)
    steal = p.get("steal")
    if steal is not None:
        ids = state.ids
        target["word"] = ids[steal] if isinstance(steal, int) and 0 <= steal < len(ids) else 0
    data = _same(p, "cards", "sources", "discard", "overrule")
    return [_do("word", target, data)]


def _ag_challenge(state: alphagrams.State, events: Sequence[Event], i: int) -> list[Step]:
    last = state.ids[-1] if state.ids else 0
    target = {"turn": state.turn, "word": last}
    return [_do("challenge", target, _same(events[i].payload, "challenger"))]


ALPHAGRAMS: dict[str, Inverse | None] = {
    **WORD_GAMES,
    "judge-open": _open_or(_ag_challenge),
    "ag-start": lambda s, ev, i: [_do("start", {"turn": 0}, _same(ev[i].payload, "card", "deck"))],
    "ag-flip": lambda s, ev, i: [
        _do("flip", _turn(s, ev[i].payload), _same(ev[i].payload, "card"))
    ],
    "ag-pass": lambda s, ev, i: [_do("pass", _turn(s, ev[i].payload))],
    "ag-word": _ag_word,
    "ag-end": None,  # the table's agreement ends the game
    "ag-challenge": None,  # with the verdict
}


# Follow the Author


def _fta(kind: str, *keys: str, seat: bool = True) -> Inverse:
    def inverse(state: object, events: Sequence[Event], i: int) -> list[Step]:
        e = events[i]
        target: dict[str, Entered] = {"round": e.round}
        if seat:
            target["seat"] = e.payload.get("seat")
        return [_do(kind, target, _same(e.payload, *keys))]

    return inverse


def _fta_hand(state: object, events: Sequence[Event], i: int) -> list[Step]:
    e = events[i]
    p = e.payload
    target = {"round": e.round, "hand": p.get("hand")}
    if e.kind == "fta-points":
        return [_do("points", target, _same(p, "points"))]
    if p.get("end"):
        return [_do("end", target)]
    return [_do("play", target, _same(p, "seat", "card"))]


def _fta_seal(state: fta.State, events: Sequence[Event], i: int) -> list[Step]:
    """A seal again over an earlier one: live play asks for the earlier one's key, which only
    the sealing phone ever had (an export never holds it), so it is checked as a first seal;
    what counts is checked at the opening, against the newest commitment."""
    (step,) = _fta("seal", "commitment", "lock")(state, events, i)
    number, seat = events[i].round, events[i].payload.get("seat")
    r = state.round(number) if isinstance(number, int) else None
    if number is None or r is None or seat not in (0, 1) or r.seals[seat] is None:
        return [step]
    seals = (None if seat == 0 else r.seals[0], None if seat == 1 else r.seals[1])
    built = {**state.built, number: replace(r, seals=seals)}
    return [Step(step.action, replace(state, built=built))]


FOLLOW_THE_AUTHOR: dict[str, Inverse | None] = {
    "fta-points": _fta_hand,
    "fta-play": _fta_hand,
    "fta-seal": None,  # the older seal in plain text: no longer made
    "fta-commit": _fta_seal,
    "fta-open": _fta("open", "scoring", "danger", "code"),
    "fta-ready": _fta("ready"),
    "fta-reveal": None,  # with the play, the points or the word that ends the omega hand
    "fta-store": _fta("store", "cards", "others"),
    "fta-aside": _fta("aside", "cards", seat=False),
    # a stated opening (no code) asks the table; the other seat agrees
    "agree-open": _asked,
    "agree-yes": _agree,
    "agree-no": _disagree,
    "agree-done": None,
    "agree-off": None,  # with the opening by code that replaces a stated one
}

# Spades and Oh Hell: each event is its action's data, with the target's seat or trick in it


def _bidding(kind: str, index: str | None, *keys: str) -> Inverse:
    def inverse(state: object, events: Sequence[Event], i: int) -> list[Step]:
        e = events[i]
        target: dict[str, Entered] = {"hand": e.round}
        if index is not None:
            target[index] = e.payload.get(index)
        return [_do(kind, target, _same(e.payload, *keys))]

    return inverse


BIDDING: dict[str, Inverse | None] = {
    "bid": _bidding("bid", "seat", "bid"),
    "tricks": _bidding("tricks", None, "taken"),
    "took": _bidding("took", "seat", "tricks"),
    "trick": _bidding("trick", "trick", "leader", "cards"),
    "trump": _bidding("trump", None, "suit"),
}

KINDS: dict[str, dict[str, Inverse | None]] = {
    "spades": BIDDING,
    "oh-hell": BIDDING,
    "custom": CUSTOM,
    "hearts": HEARTS,
    "consonants": CONSONANTS,
    "alphagrams": ALPHAGRAMS,
    "follow-the-author": FOLLOW_THE_AUTHOR,
}


def steps(game: str, state: Opaque, events: Sequence[Event], i: int) -> list[Step] | None:
    """The actions that may have made ``events[i]`` (None: live play makes that kind only as
    part of another change, or this game has no such kind)."""
    inverse = KINDS.get(game, {}).get(events[i].kind)
    return None if inverse is None else inverse(state, events, i)
