"""The custom scoresheet at a table: the table protocol (``companion.games.protocol``).

``score``: target ``{"round": r, "seat": s}``, data ``{"points": n}``. Each cell is its own
versioned slot (``r3s0``). Rulings (ours): a round may be entered once every earlier round has
a score from every seat; a seat's own phone or the host enters it; a finished game takes
corrections of its rounds but no new round.

The host changes the seats: ``add-seat`` (target ``{}``, data ``{"name": "Dee"}``, name
optional) and ``remove-seat`` (target ``{"seat": s}``). Both name the version of one slot,
``seats``, so a form drawn before any seat change is stale. Rulings (ours, what a fair table
expects): a seat added during a game scores 0 in every round already complete (anyone may
correct those cells) and is waited for in the round under way; no seat is added to a
finished game (start the next game first). Only a seat with no score of its own in this game
may be removed, so nobody's points vanish; the seats after it move up one place. A seat keeps
its cells' slots under a number of its own (``ids``), so moving up never mixes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.errors import Forbidden, Unreadable
from companion.games import custom, scoresheet
from companion.games.custom.table.state import (
    SEATS_SLOT,
    State,
    added_name,
    points_value,
)
from companion.games.custom.table.view import view
from companion.games.custom.table.words import describe
from companion.games.protocol import (
    JSON,
    Action,
    Actor,
    Data,
    Event,
    NewEvent,
    Who,
    check,
    target_int,
)
from companion.games.seats import seat_name

SCORES = Who.OWN_OR_HOST  # who enters a seat's score


class CustomTable:
    key = "custom"
    actions = {
        "score": "Enter or correct one seat's points for one round.",
        "add-seat": "The host adds a seat at the end (data: optional name). It scores 0 in the "
        "rounds already complete. Target {}, version of the seats slot.",
        "remove-seat": "The host removes a seat that has no score of its own in this game; the "
        "seats after it move up. Target {seat}, version of the seats slot.",
    }

    def parse_options(self, data: Data) -> custom.Options:
        return custom.parse_options(data)

    def load_options(self, data: Data) -> custom.Options:
        return custom.Options(**data)

    def initial(self, options: custom.Options, players: int) -> State:
        """The state at the game's start: ``options.players`` seats (the table's seats now
        may differ when seats were added or removed during the game)."""
        return State.start(options)

    def fold(self, state: State, event: Event) -> State:
        if event.kind == "add-seat":
            return state.with_seat_added()
        if event.kind == "remove-seat":
            return state.with_seat_removed(int(event.payload["seat"]))
        if event.kind != "score" or not event.round:
            return state
        return state.with_cell(
            event.round, int(event.payload["seat"]), int(event.payload["points"])
        )

    def target(self, state: State, action: Action) -> tuple[int, int]:
        if action.kind != "score":
            raise Unreadable(f"The custom scoresheet has no action '{action.kind[:30]}'.", "action")
        round_ = target_int(action, "round", 1)
        seat = target_int(action, "seat", 0, state.players - 1)
        return round_, seat

    def target_slot(self, state: State, action: Action) -> str:
        if action.kind == "add-seat":
            return SEATS_SLOT
        if action.kind == "remove-seat":
            target_int(action, "seat", 0, state.players - 1)
            return SEATS_SLOT
        return state.cell_slot(*self.target(state, action))

    def current(self, state: State, action: Action) -> JSON:
        if action.kind in ("add-seat", "remove-seat"):
            return {"seats": state.players}
        round_, seat = self.target(state, action)
        return {"points": state.cell(round_, seat)}

    def apply(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        if action.kind == "add-seat":
            return self._add_seat(state, action, actor)
        if action.kind == "remove-seat":
            return self._remove_seat(state, action, actor)
        round_, seat = self.target(state, action)
        refused = f"Only {seat_name(seat, actor.names)}'s phone or the host can enter that score."
        check(actor, SCORES, seat, refused=refused)
        points = points_value(action.data.get("points"))
        sheet = self.sheet(state)
        if sheet.finished and round_ > sheet.complete_rounds:
            raise Forbidden("This game is over. Start a new game to keep playing.")
        if round_ > sheet.current_round:
            raise Forbidden(
                f"Round {round_} cannot be entered yet: finish round {sheet.current_round} first."
            )
        before = state.cell(round_, seat)
        payload = {"seat": seat, "points": points, "before": before}
        return [NewEvent("score", payload, round=round_)]

    def _add_seat(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        check(actor, Who.HOST, refused="Only the host can add a seat.")
        name = added_name(action.data)
        if state.players >= custom.MAX_PLAYERS:
            raise Forbidden(f"A table has at most {custom.MAX_PLAYERS} seats.")
        if state.sheet.finished:
            raise Forbidden("This game is over: start the next game, then add the seat.")
        payload = {"seat": state.players, "name": name}
        return [NewEvent("add-seat", payload, round=state.sheet.current_round)]

    def _remove_seat(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        seat = target_int(action, "seat", 0, state.players - 1)
        check(actor, Who.HOST, refused="Only the host can remove a seat.")
        if state.players <= custom.MIN_PLAYERS:
            raise Forbidden(f"A table needs at least {custom.MIN_PLAYERS} seats.")
        if state.has_scores(seat):
            raise Forbidden(
                f"{seat_name(seat, actor.names)} has scores in this game, so it stays until the "
                "game is over (its points would vanish). Remove it after the next game starts."
            )
        name = seat_name(seat, actor.names)
        return [NewEvent("remove-seat", {"seat": seat, "name": name})]

    def sheet(self, state: State) -> scoresheet.Sheet:
        return state.sheet

    def view(self, state: State, seat: int | None, versions: Mapping[str, int]) -> dict[str, JSON]:
        return view(state, versions)

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return describe(event, names)


GAME = CustomTable()
