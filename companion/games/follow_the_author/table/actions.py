"""Follow the Author at a table: the table protocol (``companion.games.protocol``).

Rule text ``seeds/004_68dd64b8fef45e09.txt``, rulings in RULES.md and this package's docstring
(the reveal: ``reveal``). Every action names its target; each target is one versioned slot,
with the slot names the stored games already use (``events``):

| action | target | data | slot |
|---|---|---|---|
| ``points`` | round, hand | ``points`` [seat 0, seat 1] | ``r{n}{hand}`` |
| ``play`` | round, hand | ``seat``, ``card`` | ``r{n}{hand}`` |
| ``end`` | round, hand | (none): ends the sequence on the table | ``r{n}{hand}`` |
| ``seal`` | round, seat | ``commitment``, ``lock``?, ``unlock``? | ``r{n}seal{seat}`` |
| ``open`` | round, seat | ``scoring``, ``danger``, ``code`` ("": stated) | ``r{n}open{seat}`` |
| ``ready`` | round, seat | (none): the omega hand is over | ``r{n}ready{seat}`` |
| ``store`` | round, seat | ``cards`` (titles), ``others``? | ``r{n}store{seat}`` |
| ``aside`` | round | ``cards`` (titles) | ``r{n}aside`` |

Rulings (ours): entries go to the round being played only; a seat's sealed choice and its word
that the omega hand is over come from its own phone (the host's, for a seat with no phone);
plays, points and the cards set aside from any phone at the table; a store from its seat's
phone or the host, and never against the recorded plays (a card played into a store is in
that store: ``stores.check_against_play``). Sealing and opening: ``seal`` (the phone
keeps the key; the server stores a commitment only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.cards.decktet import DECK, DecktetCard, parse_card
from companion.errors import Forbidden, Unreadable
from companion.games import agreements, scoresheet
from companion.games import follow_the_author as fta
from companion.games.agreements import fold_agree
from companion.games.follow_the_author.rounds import parse_hand
from companion.games.follow_the_author.table import play, seal, view
from companion.games.follow_the_author.table.data import points as _points
from companion.games.follow_the_author.table.data import read_cards, read_others, seat_value
from companion.games.follow_the_author.table.events import (
    aside_slot,
    hand_slot,
    open_slot,
    ready_slot,
    reveal_slot,
    seal_slot,
    store_slot,
)
from companion.games.follow_the_author.table.options import (
    TableOptions,
    load_options,
    parse_options,
)
from companion.games.follow_the_author.table.seal import SPEAKS, STORES
from companion.games.follow_the_author.table.state import RoundState, State, fold, initial
from companion.games.protocol import (
    JSON,
    Action,
    Actor,
    Data,
    Event,
    NewEvent,
    Payload,
    Who,
    check,
    target_int,
)

HAND_ACTIONS = ("points", "play", "end")
SEAT_ACTIONS = ("seal", "open", "ready", "store")
ACTIONS = {
    "points": "target {round, hand}, data {points: [seat 0, seat 1]}: type one hand's in-play "
    "points (replaces its plays).",
    "play": "target {round, hand}, data {seat, card}: play one card in the open sequence.",
    "end": "target {round, hand}: end the sequence on the table.",
    "seal": "target {round, seat}, data {commitment, lock?, unlock?}: seal a seat's choice "
    "(its scoring suit and the other seat's danger suit) as a SHA-256 commitment; the suits "
    "stay with the client (that seat's own key, or the host's for a seat with no phone).",
    "open": "target {round, seat}, data {scoring, danger, code}: open a sealed choice after "
    "the reveal, checked against the commitment (that seat's own key, or the host's for a seat "
    'with no phone; never the other seat\'s). With code "": the choice is stated, and counts '
    "(unproven) once the other seat agrees (agree); the right code replaces a stated one.",
    "ready": "target {round, seat}: that seat says the omega hand is over (both: the reveal).",
    "store": "target {round, seat}, data {cards, others?}: a seat's store, after the reveal: "
    "every card, or (others: a number) the cards that count for its open suits and the number "
    "of its cards of neither suit.",
    "aside": "target {round}, data {cards}: the cards set aside this round, after the reveal.",
    **agreements.ACTIONS,
}


class FtaTable:
    key = "follow-the-author"
    actions = ACTIONS

    def parse_options(self, data: Data) -> TableOptions:
        return parse_options(data)

    def load_options(self, data: Data) -> TableOptions:
        return load_options(dict(data))

    def initial(self, options: TableOptions, players: int) -> State:
        return initial(options)

    def fold(self, state: State, event: Event) -> State:
        if event.kind in agreements.KINDS:
            return fold_agree(state, event)
        return fold(state, event)

    # targets

    def target(self, state: State, action: Action) -> tuple[int, str, int | None]:
        """(round, hand or "", seat or None) from the action's own target."""
        kind = action.kind
        if kind not in ACTIONS:
            known = ", ".join(ACTIONS)
            raise Unreadable(f"Follow the Author has no action '{kind[:30]}' ({known}).", "action")
        number = target_int(action, "round", 1, 1000)
        if kind in HAND_ACTIONS:
            return number, parse_hand(action.target.get("hand")), None
        if kind in SEAT_ACTIONS:
            return number, "", target_int(action, "seat", 0, 1)
        return number, "", None

    def target_slot(self, state: State, action: Action) -> str:
        if action.kind in agreements.ACTIONS:
            return agreements.slot(action)
        number, hand, seat = self.target(state, action)
        if hand:
            return hand_slot(number, hand)
        if seat is None:
            return aside_slot(number)
        slot = {"seal": seal_slot, "open": open_slot, "ready": ready_slot, "store": store_slot}[
            action.kind
        ]
        return slot(number, seat)

    def current(self, state: State, action: Action) -> JSON:
        if action.kind in agreements.ACTIONS:
            return agreements.current(state, 2)
        number, hand, seat = self.target(state, action)
        return view.current(state.round(number), action.kind, hand, seat)

    # deciding

    def apply(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        if action.kind in agreements.ACTIONS:  # a choice stated without its code: the other seat
            return agreements.act(
                state, action, actor, 2, self._agreed, lambda asked: self.target_slot(state, asked)
            )
        number, hand, seat = self.target(state, action)
        r = self._open_round(state, number, actor)
        if hand:
            return self._hand_action(state, r, hand, action, actor)
        decide = {
            "seal": self._seal,
            "open": self._open,
            "ready": self._ready,
            "store": self._store,
            "aside": self._aside,
        }[action.kind]
        return decide(state, r, seat, action, actor)

    def _open_round(self, state: State, number: int, actor: Actor) -> RoundState:
        """The round being played; entries go to it only."""
        refused = "Take a seat first: only players at the table can enter."
        check(actor, Who.AT_TABLE, refused=refused)
        game = state.game
        if game.standing.over:
            raise Forbidden("This game is over. Start a new game to keep playing.")
        if number != game.current.number:
            raise Forbidden(
                f"Round {number} is not being played: this is round {game.current.number}."
            )
        return game.current

    def _hand_action(
        self, state: State, r: RoundState, hand: str, action: Action, actor: Actor
    ) -> list[NewEvent]:
        # The omega hand waits for the alpha hand and both sealed choices.
        if hand == "omega" and not r.alpha.complete:
            raise Forbidden("Finish the alpha hand first.")
        if hand == "omega" and not r.sealed:
            raise Forbidden("Both players seal their suits before the omega hand is entered.")
        if action.kind == "points":
            given = _points(action.data.get("points"))
            events = [NewEvent("fta-points", {"hand": hand, "points": list(given)}, r.number)]
            if hand == "omega" and actor.seat is not None:
                events += _reveal_if_due(state, r, agreed={actor.seat})
            return events
        return self._play(state, r, hand, action)

    def _play(self, state: State, r: RoundState, hand: str, action: Action) -> list[NewEvent]:
        h = r.hand(hand)
        if h.direct is not None:
            raise Forbidden(f"The {hand} hand's points were typed in; undo them to enter plays.")
        if h.complete:
            raise Forbidden(f"The {hand} hand is over.")
        if action.kind == "end":
            if not h.current:
                raise Forbidden("There is no sequence on the table to end.")
            return [NewEvent("fta-play", {"hand": hand, "end": True}, r.number)]
        seat = seat_value(action.data.get("seat"))
        card = parse_card(str(action.data.get("card") or "")[:40])
        name = state.names[seat]
        refusal = play.why_not(r, hand, seat, card, state.options, name)
        if refusal:
            raise Forbidden(refusal)
        payload = {"hand": hand, "seat": seat, "card": card.title}
        events = [NewEvent("fta-play", payload, r.number)]
        if hand == "omega" and play.goes_out(r, hand, seat):
            events += _reveal_if_due(state, r, out=seat)
        return events

    def _seal(
        self, state: State, r: RoundState, seat: int | None, action: Action, actor: Actor
    ) -> list[NewEvent]:
        assert seat is not None
        return seal.seal(state, r, seat, action, actor)

    def _open(
        self, state: State, r: RoundState, seat: int | None, action: Action, actor: Actor
    ) -> list[NewEvent]:
        assert seat is not None
        return seal.open_seal(state, r, seat, action, actor)

    def _agreed(self, state: State, action: Action, actor: Actor) -> list[NewEvent]:
        """The stated opening the other seat agreed to, checked again and stored."""
        number, _, seat = self.target(state, action)
        r = self._open_round(state, number, actor)
        assert seat is not None
        return seal.open_seal(state, r, seat, action, actor, agreed=True)

    def _ready(
        self, state: State, r: RoundState, seat: int | None, action: Action, actor: Actor
    ) -> list[NewEvent]:
        assert seat is not None
        if r.revealed:
            raise Forbidden("The sealed choices are revealed already.")
        if not r.sealed:
            raise Forbidden("Both players seal their suits before the reveal.")
        name = state.names[seat]
        check(actor, SPEAKS, seat, refused=f"Only {name}'s own phone can say this for them.")
        if seat in r.agreed:
            raise Forbidden(f"{name} has said so already; waiting for the other player.")
        events = [NewEvent("fta-ready", {"seat": seat}, r.number)]
        return events + _reveal_if_due(state, r, agreed={seat})

    def _store(
        self, state: State, r: RoundState, seat: int | None, action: Action, actor: Actor
    ) -> list[NewEvent]:
        assert seat is not None
        _after_reveal(r)
        refused = f"Only {state.names[seat]}'s phone or the host can enter this store."
        check(actor, STORES, seat, refused=refused)
        cards = read_cards(action.data.get("cards"))
        others = read_others(action.data.get("others"))
        _no_overlap(cards, r.stores[1 - seat] or (), f"{state.names[1 - seat]}'s store")
        _no_overlap(cards, r.aside or (), "the cards set aside")
        payload: Payload = {"seat": seat, "cards": [c.title for c in cards]}
        if others is None:
            _refuse(fta.check_against_play(seat, cards, r.known, state.names))
        else:
            _counted(state, r, seat, cards, others)
            payload["others"] = others
        return [NewEvent("fta-store", payload, r.number)]

    def _aside(
        self, state: State, r: RoundState, seat: int | None, action: Action, actor: Actor
    ) -> list[NewEvent]:
        _after_reveal(r)
        cards = read_cards(action.data.get("cards"))
        for s in (0, 1):
            _no_overlap(cards, r.stores[s] or (), f"{state.names[s]}'s store")
        _refuse(fta.check_aside_against_play(cards, r.known, state.names))
        return [NewEvent("fta-aside", {"cards": [c.title for c in cards]}, r.number)]

    # reading

    def sheet(self, state: State) -> scoresheet.Sheet:
        return view.sheet(state)

    def view(self, state: State, seat: int | None, versions: Mapping[str, int]) -> dict[str, JSON]:
        return view.view(state, seat, versions)

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        if event.kind in agreements.KINDS:
            return agreements.describe(event, names)
        return view.describe(event, names)


def _reveal_if_due(
    state: State, r: RoundState, *, out: int | None = None, agreed: set[int] | None = None
) -> list[NewEvent]:
    """The reveal, when the change being made ends the omega hand (``fta.reveal_due``)."""
    if r.revealed or not r.sealed:
        return []
    if not fta.reveal_due(out=out, agreed=r.agreed | (agreed or set())):
        return []
    if out is not None:
        payload: Payload = {"why": f"{state.names[out]} went out", "out": out}
    else:
        payload = {"why": "both players said the hand is over"}
    return [NewEvent("fta-reveal", payload, r.number, slot=reveal_slot(r.number))]


def _counted(
    state: State, r: RoundState, seat: int, cards: tuple[DecktetCard, ...], others: int
) -> None:
    """A store by the cards that count and the number of the others: the seat's suits are
    open, every card listed counts for them, the number fits the deck, and the plays agree
    (a played card of neither suit is in the number)."""
    name, suits = state.names[seat], r.suits(seat)
    if suits is None:
        raise Forbidden(
            f"{name}'s store can be counted once both choices are open; until then tap every card."
        )
    wrong = [c.title for c in cards if not fta.counts_for(c, *suits)]
    if wrong:
        raise Forbidden(
            f"{', '.join(wrong)} {'counts' if len(wrong) == 1 else 'count'} for neither of "
            f"{name}'s suits (or for both): leave {'it' if len(wrong) == 1 else 'them'} in the "
            "number of other cards."
        )
    taken = {c for s in (r.stores[1 - seat], r.aside) for c in s or ()}
    room = sum(1 for c in DECK if _neither(c, *suits) and c not in taken)
    if others > room:
        raise Forbidden(f"{name}'s store can hold at most {room} cards of neither suit.")
    known = {c: k for c, k in r.known.items() if k.seat != seat or fta.counts_for(c, *suits)}
    _refuse(fta.check_against_play(seat, cards, known, state.names))
    played = sum(1 for c, k in r.known.items() if k.seat == seat and c not in known)
    if others < played:
        raise Forbidden(
            f"The plays put {played} cards of neither suit (or of both) into {name}'s store: "
            f"the number of other cards is at least {played}."
        )


def _neither(card: DecktetCard, scoring: str, danger: str | None) -> bool:
    """A card of neither suit (not the Excuse): those a counted store gives as a number."""
    hits = card.has_suit(scoring) or (danger is not None and card.has_suit(danger))
    return not card.is_excuse and not hits


def _after_reveal(r: RoundState) -> None:
    if not r.revealed:
        raise Forbidden("Stores are entered after the omega hand, once the suits are revealed.")


def _refuse(issues: list[fta.StoreIssue]) -> None:
    """A store or the cards set aside that contradict the recorded plays are refused."""
    if issues:
        raise Forbidden(" ".join(i.message for i in issues))


def _no_overlap(cards: tuple[DecktetCard, ...], other: tuple[DecktetCard, ...], where: str) -> None:
    both = [c.title for c in cards if c in other]
    if both:
        raise Forbidden(
            f"{', '.join(both)} {'is' if len(both) == 1 else 'are'} already in {where}: "
            "a card can be in one place only."
        )


GAME = FtaTable()
