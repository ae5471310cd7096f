"""Hearts at a table: the table protocol (``companion.games.protocol``, TABLE_API.md Hearts).

Actions, each naming its target (never "what is open now"):

- ``taken`` ``{"hand": h}``: the cards every seat took (a scorer for everyone); data
  ``{"taken": {"0": ["QS"]}, "tricks_taken"?, "rest"?: seat, "sun"?: seat}``. The open hand,
  or a correction of a finished one.
- ``claim`` ``{"hand": h, "seat": s}``: seat s's own cards, ``{"cards", "rest"?, "sun"?}``;
  seat s's phone, or the host for a seat with no phone. The open hand only.
- ``trick`` ``{"hand": h, "trick": i}`` (0-based): ``{"leader", "cards"}``; the next trick of
  the open hand or a correction of one entered.
- ``points`` ``{"hand": h}``: each seat's points for the hand, for tables that do not track
  cards: ``{"points": {"0": 15, ...}}`` adding up to the hand's total, or ``{"moon": seat,
  "bonus"?: seat}`` (the moon button), or ``{"sun": seat}``. It shares the scorer's slot
  (``h3``) with ``taken``: the newest of the two counts (``numbers``).
- ``moon`` ``{"hand": h}``: ``{"choice": "add" | "subtract"}``; the shooter, or the host when
  the shooter has no phone, while the open hand waits for it.
- ``revoke`` ``{"hand": h}``: ``{"seat"}``; records a revoke the trick entry shows.
- ``rest`` ``{"hand": h, "trick": i}``: ``{"seat"}``; "the rest go to seat": every card not
  played in the tricks entered (0..i-1) goes to that seat as tricks i.. of the open hand,
  which it finishes (a claim at the table). Its version is trick i's: a trick entered there
  meanwhile makes the claim stale. Not at tables with a kitty (whose winner the unplayed
  tricks would decide).

Rulings (ours): every refusal is a ``Forbidden`` naming its rule (``penalty-cards``,
``hand-not-open``, ...); a hand for which nothing is open is refused, never applied to
another hand. Event kinds and slots are those of the stored games (``hearts-taken`` ``h3``,
``hearts-claim`` ``h3s1``, ``hearts-trick`` ``h3t0``, ``hearts-moon`` ``h3moon``,
``hearts-revoke`` ``h3rev``, ``hearts-rest`` ``h3t9``: the slot of the trick it starts at).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.cards.standard import Card
from companion.errors import Conflict, Forbidden, Unreadable
from companion.games import hearts, scoresheet
from companion.games.hearts import numbers
from companion.games.hearts.table import state as ts
from companion.games.hearts.table import view, words
from companion.games.hearts.table.options import TableOptions, parse_options
from companion.games.hearts.table.state import Hand, State
from companion.games.protocol import (
    JSON,
    Action,
    Actor,
    Data,
    Event,
    NewEvent,
    Payload,
    need_seat_phone,
)
from companion.games.seats import seat_labels
from companion.games.trickgame import read
from companion.games.trickgame.hands import choice_payload
from companion.games.trickgame.table import TrickTable, rest_payload, trick_payload
from companion.games.trickgame.table import hand_open as _hand_open
from companion.games.trickgame.table import need_player as _need_player
from companion.games.tricks import Violation

PARTS = {
    "taken": "taken",
    "claim": "claim",
    "trick": "trick",
    "moon": "choice",
    "revoke": "revoke",
    "points": "taken",
    "rest": "rest",
}
KINDS = {
    part: f"hearts-{'moon' if kind == 'moon' else kind}"
    for kind, part in PARTS.items()
    if kind != "points"
}
EVENT_PARTS = {kind: part for part, kind in KINDS.items()} | {"hearts-points": "taken"}
ACTION_KINDS = {**KINDS, "points": "hearts-points"}  # an action kind's event kind


def _problems(report: hearts.HandReport) -> str:
    """Cards listed twice, each in a sentence; missing cards in one sentence."""
    twice = [x.message for x in report.violations if x.seat >= 0][:3]
    missing = [str(x.card) for x in report.violations if x.seat < 0]
    if missing:
        twice.append(f"Nobody is listed with the {', '.join(missing)}: every card is taken once.")
    return " ".join(twice)


def _sun_from_tricks(data: Data, players: int) -> int | None:
    counts = data.get("tricks_taken")
    if counts is None:
        return read.optional_seat(data.get("sun"), players, "sun")
    if not isinstance(counts, Mapping):
        raise Unreadable("'tricks_taken' must map seats to numbers of tricks.", "tricks_taken")
    every = [s for s, n in counts.items() if n and all(not m for k, m in counts.items() if k != s)]
    return read.seat_value(every[0], players, "tricks_taken") if every else None


def _read_taken(state: State, data: Data) -> tuple[dict[int, list[Card]], int | None]:
    """The cards each seat took, with the form's "rest" and "sun" worked in, and the sun."""
    players, wanted = state.options.players, ts.penalty_cards(state.options)
    names = seat_labels(players)
    raw = data.get("taken", {})
    if not isinstance(raw, Mapping):
        raise Unreadable("'taken' must map seats to lists of cards.", "taken")
    taken: dict[int, list[Card]] = {seat: [] for seat in range(players)}
    for key, value in raw.items():
        seat = read.seat_value(key, players, "taken")
        taken[seat] = read.read_cards(value, names[seat], Card.parse, wanted, "penalty-cards")
    sun = _sun_from_tricks(data, players)
    if sun is not None:
        if any(taken[s] for s in taken if s != sun):
            raise Forbidden(
                f"{names[sun]} took every trick, so nobody else took cards.", "penalty-cards"
            )
        taken[sun] = list(wanted)
    rest = read.optional_seat(data.get("rest"), players, "rest")
    if rest is not None:
        listed = {c for cards in taken.values() for c in cards}
        taken[rest] += [c for c in wanted if c not in listed]
    return taken, sun


class HeartsTable(TrickTable[State]):
    key = "hearts"
    name, parts, event_parts, slots = "Hearts", PARTS, EVENT_PARTS, ts.SLOTS
    actions = {
        "taken": "Enter or correct the cards every seat took in one hand (a scorer for all).",
        "claim": "Enter one seat's own cards for the open hand.",
        "trick": "Enter the next trick of the open hand, or correct an entered one.",
        "moon": "The shooter's choice: add 26 to the others or subtract 26 from themselves.",
        "revoke": "Record a revoke the entered tricks show.",
        "points": "Enter or correct a hand as each seat's points (no cards), or its moon.",
        "rest": "Give every trick not yet entered to one seat (a claim), finishing the hand.",
    }

    def parse_options(self, data: Data) -> TableOptions:
        return parse_options(data)

    def load_options(self, data: Data) -> TableOptions:
        return parse_options(data)

    def initial(self, options: TableOptions, players: int) -> State:
        return ts.initial(options)

    def rebuild(self, state: State, number: int) -> State:
        return ts.rebuild(state, number)

    def tricks_per_hand(self, state: State) -> int:
        return hearts.cards_per_seat(state.options.rules)

    def current(self, state: State, action: Action) -> JSON:
        part, number, index = self.target(state, action)
        hand = state.hand(number)
        entries = state.entries.get(number, ts.EMPTY)
        if part == "taken":
            return _taken_now(hand)
        if part == "claim":
            claim = entries.claims.get(index or 0)
            return {"cards": list(claim.payload["cards"])} if claim else None
        if part in ("trick", "rest"):
            trick = entries.tricks.get(index or 0)
            if trick is None:
                rest = entries.rest_at(index or 0)
                return {"rest": rest.payload["seat"]} if rest else None
            return {"leader": trick.payload["leader"], "cards": list(trick.payload["cards"])}
        entry = entries.choice if part == "choice" else entries.revoke
        return dict(entry.payload) if entry else None

    # actions

    def apply(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        part, number, index = self.target(state, action)
        decide = {
            "taken": self._taken,
            "claim": self._claim,
            "trick": self._trick,
            "choice": self._moon,
            "revoke": self._revoke,
            "rest": self._rest,
        }[part]
        if action.kind == "points":
            decide = self._points
        payload = decide(state, number, index, action.data, actor)
        kind = ACTION_KINDS.get(action.kind, KINDS[part])
        return [NewEvent(kind, payload, round=number)]

    def _taken(self, state: State, number: int, _: int | None, data: Data, actor: Actor) -> Payload:
        _need_player(actor)
        hand = _hand_open(state, number, correction_ok=True)
        options, names = state.options, seat_labels(state.options.players)
        taken, sun = _read_taken(state, data)
        report = hearts.score_taken(
            options.rules, taken, ts.sun_tricks(options, sun), hand.totals_before, None, names
        )
        if report.violations:
            raise Forbidden(_problems(report), "penalty-cards")
        return {
            "taken": {str(s): [str(c) for c in cards] for s, cards in taken.items()},
            "sun": sun,
        }

    def _points(
        self, state: State, number: int, _: int | None, data: Data, actor: Actor
    ) -> Payload:
        _need_player(actor)
        hand = _hand_open(state, number, correction_ok=True)
        options, names = state.options, seat_labels(state.options.players)
        rules, players = options.rules, options.players
        moon = read.optional_seat(data.get("moon"), players, "moon")
        sun = read.optional_seat(data.get("sun"), players, "sun")
        points: dict[int, int] = {}
        if sun is not None:
            taken = {s: list(ts.penalty_cards(options)) if s == sun else [] for s in range(players)}
        elif moon is not None:
            bonus = read.optional_seat(data.get("bonus"), players, "bonus")
            taken = numbers.cards_for_moon(rules, moon, bonus, names)
        else:
            points = numbers.read_points(data.get("points", {}), names)
            taken = numbers.cards_for_points(rules, points)
        report = hearts.score_taken(
            rules, taken, ts.sun_tricks(options, sun), hand.totals_before, None, names
        )
        if report.violations:  # never: the deal is made to fit
            raise Forbidden(_problems(report), "penalty-cards")
        return {
            "points": {str(s): p for s, p in (points or report.points).items()},
            "moon": moon,
            "sun": sun,
            "taken": {str(s): [str(c) for c in cards] for s, cards in taken.items()},
        }

    def _claim(
        self, state: State, number: int, index: int | None, data: Data, actor: Actor
    ) -> Payload:
        seat = index or 0  # a claim's target names its seat (``target``)
        names = seat_labels(state.options.players)
        need_seat_phone(actor, seat, names)
        hand = _hand_open(state, number)
        wanted = ts.penalty_cards(state.options)
        mine = read.read_cards(data.get("cards"), names[seat], Card.parse, wanted, "penalty-cards")
        double = read.twice(mine)
        if double is not None:
            raise Forbidden(
                f"The {double} is listed twice: each card is taken once.", "penalty-cards"
            )
        if data.get("rest"):
            others = {c for s, cards in hand.claims.items() if s != seat for c in cards}
            _rest_as_seen(data.get("rest_seen"), [c for c in wanted if c not in others])
            mine += [c for c in wanted if c not in others and c not in mine]
        sun = bool(data.get("sun"))
        if sun:
            mine = list(wanted)
        return {"seat": seat, "cards": [str(c) for c in mine], "sun": sun}

    def _trick(
        self, state: State, number: int, index: int | None, data: Data, actor: Actor
    ) -> Payload:
        _need_player(actor)
        hand, players = _hand_open(state, number), state.options.players
        return trick_payload(
            hand.tricks,
            index or 0,  # a trick's target names its index (``target``)
            data,
            players,
            Card.parse,
            lambda tricks: (
                ts.trick_report(
                    state.options, number, tricks, hand.totals_before, hand.moon
                ).violations
            ),
            ts.BLOCKING,
        )

    def _rest(
        self, state: State, number: int, index: int | None, data: Data, actor: Actor
    ) -> Payload:
        _need_player(actor)
        hand = _hand_open(state, number)
        if state.options.rules.uses_kitty:
            raise Forbidden(
                "With a kitty, enter the tricks to the end: the kitty goes by who wins them.",
                "rest-kitty",
            )
        return rest_payload(len(hand.tricks), index or 0, data, state.options.players)

    def _moon(self, state: State, number: int, _: int | None, data: Data, actor: Actor) -> Payload:
        hand = _hand_open(state, number)
        shooter = hand.shooter
        seats = shooter.seats if hand.choice_required and shooter is not None else None
        return choice_payload(ts.MOON, number, seats, actor, data)

    def _revoke(
        self, state: State, number: int, _: int | None, data: Data, actor: Actor
    ) -> Payload:
        _need_player(actor)
        hand = _hand_open(state, number)
        seat = read.seat_value(data.get("seat"), state.options.players, "seat")
        found = [x for x in revokes(hand) if x.seat == seat]
        if not found:
            raise Forbidden("No revoke by that player is shown for this hand.", "no-revoke")
        x = found[0]
        return {"seat": seat, "trick": x.trick, "card": str(x.card), "message": x.message}

    # what the table shows

    def sheet(self, state: State) -> scoresheet.Sheet:
        return view.sheet(state)

    def view(self, state: State, seat: int | None, versions: Mapping[str, int]) -> dict[str, JSON]:
        return view.view(state, versions)

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return words.describe(event, names)


def revokes(hand: Hand) -> list[Violation[Card]]:
    """The first revoke (not following suit when able) of each seat that made one: the revoke
    a table records is a seat's, however many tricks show it."""
    report = hand.report
    first: dict[int, Violation[Card]] = {}
    for x in report.violations if report else ():
        if x.rule == "follow-suit":
            first.setdefault(x.seat, x)
    return list(first.values())


def _taken_now(hand: Hand | None) -> dict[str, JSON] | None:
    if hand is None or not hand.source:
        return None
    taken = {str(s): [str(c) for c in cards] for s, cards in sorted(hand.taken.items())}
    scores = {str(s): p for s, p in hand.scores.items()} if hand.scores is not None else None
    return {"source": hand.source, "taken": taken, "scores": scores}


GAME = HeartsTable()


def _rest_as_seen(seen: object, rest: list[Card]) -> None:
    """The "all the rest are mine" claim takes the cards nobody else has claimed *now*; a phone that
    names the rest it was shown (``rest_seen``: the cards, as text) is refused (409) when
    another phone claimed some meanwhile, instead of its claim meaning something else."""
    if seen is None:
        return
    shown = {str(word).upper() for word in str(seen).split()}
    now = {str(c) for c in rest}
    if shown != now:
        left = " ".join(str(c) for c in rest) or "none"
        raise Conflict(
            f"Cards were claimed on another phone meanwhile: the rest is now {left}. "
            "Nothing of yours was saved: look again, then send."
        )
