"""The table protocol's pieces Hearts and Consonants share: folding a hand entry, reading an
action's target, the checks every action makes (a seated phone, the open hand) and a trick
entered or corrected. A game names its parts, its slots and which parts take a seat."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Generic, Protocol, TypeVar

from companion.errors import Forbidden, Unreadable
from companion.games.protocol import (
    JSON,
    Action,
    Actor,
    Data,
    Event,
    Frozen,
    Payload,
    Who,
    check,
    target_int,
)
from companion.games.trickgame import read
from companion.games.trickgame.entries import HandEntries, SlotNames, fold_entry


class Violation(Protocol):
    @property
    def rule(self) -> str: ...
    @property
    def trick(self) -> int | None: ...
    @property
    def message(self) -> str: ...


class Scored(Protocol):
    @property
    def scores(self) -> Mapping[int, int] | None: ...


H = TypeVar("H", bound=Scored)
H_co = TypeVar("H_co", bound=Scored, covariant=True)


class Hands(Protocol[H_co]):
    """A state's hands as ``hand_open`` reads them (``trickgame.state.HandLookup``)."""

    @property
    def finished(self) -> bool: ...
    @property
    def open_number(self) -> int | None: ...
    def hand(self, number: int) -> H_co | None: ...


class Seated(Protocol):
    @property
    def players(self) -> int: ...


class TrickState(Frozen, Protocol):
    """A trick game's state as the base reads it: its hands' entries and its players."""

    @property
    def entries(self) -> Mapping[int, HandEntries]: ...
    @property
    def options(self) -> Seated: ...


S = TypeVar("S", bound=TrickState)


def need_player(actor: Actor) -> None:
    refused = "Take a seat first: only players at the table can enter hands."
    check(actor, Who.AT_TABLE, refused=refused)


def hand_open(state: Hands[H], number: int, correction_ok: bool = False) -> H:
    """Hand ``number`` if it may take this action now (a scored hand too with
    ``correction_ok``), else ``Forbidden`` saying why."""
    hand = state.hand(number)
    if correction_ok and hand is not None and hand.scores is not None:
        return hand
    if state.finished:
        raise Forbidden("This game is over. Start a new game to keep playing.", "game-over")
    if hand is None or number != state.open_number:
        done = "is finished" if hand is not None else "is not open yet"
        raise Forbidden(f"Hand {number} {done}: hand {state.open_number} is open.", "hand-not-open")
    return hand


# a played card as the game enters it: a card, a letter card, or its text as entered
Played = TypeVar("Played")


def trick_payload(
    done: Sequence[tuple[int, Sequence[Played]]],  # the open hand's tricks: leader, cards
    index: int,
    data: Data,
    players: int,
    parse: Callable[[str], Played],
    check: Callable[[list[tuple[int, list[Played]]]], Sequence[Violation]],
    blocking: Sequence[str],
) -> Payload:
    """Trick ``index`` of the open hand, entered or corrected: its leader and one card from
    each player, refused when ``check`` (the engine on the hand's tricks with it) finds a
    ``blocking`` fault in it, or a new one in another trick (a correction's card that a later
    trick holds)."""
    if index > len(done):
        raise Forbidden(
            f"Trick {index + 1} cannot be entered yet: trick {len(done) + 1} is next.",
            "trick-not-next",
        )
    leader = read.seat_value(data.get("leader"), players, "leader")
    cards = read.read_cards(data.get("cards"), f"Trick {index + 1}", parse)
    if len(cards) != players:
        raise Forbidden(
            f"Trick {index + 1} needs one card from each of the {players} "
            f"players, not {len(cards)}.",
            "wrong-card-count",
        )
    tricks = [(leader_, list(played)) for leader_, played in done]
    before = {(x.rule, x.trick) for x in check(tricks) if x.rule in blocking} if tricks else set()
    tricks[index : index + 1] = [(leader, cards)]
    # a fault in this trick, or one a correction makes in a later trick (a card of this
    # trick that a later trick already holds is reported on the later one)
    bad = [
        x
        for x in check(tricks)
        if x.rule in blocking and (x.trick == index or (x.rule, x.trick) not in before)
    ]
    if bad:
        fault = bad[0]
        message = fault.message
        if fault.trick is not None and fault.trick != index:  # said on the later trick
            message = (
                f"This change to trick {index + 1} would repeat a card of trick "
                f"{fault.trick + 1}: {message}"
            )
        raise Forbidden(message, fault.rule)
    return {"trick": index, "leader": leader, "cards": [str(c) for c in cards]}


def rest_payload(done: int, index: int, data: Data, players: int) -> Payload:
    """ "The rest go to <seat>" from trick ``index`` on: the claim a table makes when one
    player shows they take every trick left. It starts right after the tricks entered, and
    only once one is (who holds which card is known only from the tricks played); ``done``:
    the tricks entered."""
    if not done:
        raise Forbidden("Enter the first trick before giving the rest to a player.", "rest-early")
    if index != done:
        raise Forbidden(
            f"The rest start at trick {done + 1}, the next one, not trick {index + 1}.",
            "trick-not-next",
        )
    seat = read.seat_value(data.get("seat"), players, "seat")
    return {"trick": index, "seat": seat}


class TrickTable(Generic[S]):
    """``fold``, ``target``, ``target_slot`` and ``current`` of a trick game's table: ``name`` in
        messages, ``parts`` (action kind -> part), ``event_parts`` (event kind -> part),
        ``seat_parts`` (the parts whose target names a seat) and the game's ``slots`` (the parts
    its hands have: a part no slot declares is refused when the class is made)."""

    name = ""
    parts: Mapping[str, str] = {}
    event_parts: Mapping[str, str] = {}
    seat_parts: tuple[str, ...] = ("claim",)
    slots: SlotNames

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A game's actions and events name only the parts its slots declare."""
        super().__init_subclass__(**kwargs)
        for part in {*cls.parts.values(), *cls.event_parts.values()}:
            cls.slots.need(part)

    def rebuild(self, state: S, number: int) -> S:
        """The state with its hands built again from hand ``number`` on."""
        raise NotImplementedError

    def tricks_per_hand(self, state: S) -> int:
        raise NotImplementedError

    def fold(self, state: S, event: Event) -> S:
        part = self.event_parts.get(event.kind)
        if part is None or not event.round:
            return state
        entries = dict(state.entries)
        before = entries.get(event.round, self.slots.empty)
        entries[event.round] = fold_entry(before, part, event, self.slots)
        return self.rebuild(replace(state, entries=entries), event.round)

    def target(self, state: S, action: Action) -> tuple[str, int, int | None]:
        """(part, hand, seat or trick) from the action's own target."""
        part = self.parts.get(action.kind)
        if part is None:
            raise Unreadable(f"{self.name} has no action '{action.kind[:30]}'.", "action")
        hand = target_int(action, "hand", 1)
        if part in self.seat_parts:
            return part, hand, target_int(action, "seat", 0, state.options.players - 1)
        if part in ("trick", "rest"):
            return part, hand, target_int(action, "trick", 0, self.tricks_per_hand(state) - 1)
        return part, hand, None

    def target_slot(self, state: S, action: Action) -> str:
        part, hand, index = self.target(state, action)
        return self.slots.slot(hand, part, index)

    def current(self, state: S, action: Action) -> JSON:
        """The payload of the action's slot as it stands (None: nothing entered)."""
        part, number, index = self.target(state, action)
        entries = state.entries.get(number, self.slots.empty)
        if part == "rest":  # its slot is the trick's: what that trick is now
            entry = entries.tricks.get(index or 0) or entries.rest_at(index or 0)
        else:
            entry = self.slots.entry(entries, part, index)
        return dict(entry.payload) if entry is not None else None
