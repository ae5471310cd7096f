"""Consonants at a table: the table protocol (``companion.games.protocol``), pure.

Rule text ``seeds/000_3ef3c9f2c37e7ff5.txt``; rulings in RULES.md ("Consonants rulings") and
the engine's docstring (``companion.games.consonants``). It shares the hand entries of
``companion.games.trickgame`` with Hearts. Actions, each naming its target (never "what is
open now"), all for the open hand only:

- ``taken`` ``{"hand": h, "seat": s}``: the cards seat s took, kitty included (``{"cards",
  "rest"?}``; ``rest`` adds every card of the deck nobody else entered);
- ``trick`` ``{"hand": h, "trick": i}`` (0-based): ``{"leader", "cards"}`` with declarations
  (``A/E=E``, ``?=R``); the next trick or a correction of an entered one;
- ``rest`` ``{"hand": h, "trick": i}``: ``{"seat"}``; "the rest go to seat": every trick not
  entered, from trick i (the next one) on, went to that seat, so the last trick and the kitty
  did too: it takes every card not played (``engine.rest_report``), whatever the kitty holds;
- ``fly`` ``{"hand": h}``: ``{"choice": "add" | "subtract"}``, Flying by Night's choice;
- ``words`` ``{"hand": h, "seat": s}``: ``{"words"}``, the words seat s lays;
- ``challenge`` ``{"hand": h, "seat": s}`` (the version of seat s's words seen): ``{"word",
  "challenger"}``; opens the word judge (``judge-open`` in slot ``judge{n}``), whose verdict
  appends ``cons-challenge``;
- ``done`` ``{"hand": h}``: asks the table to close the hand's words
  (``companion.games.agreements``); when every seat agreed, the hand is scored;
- ``confirm``, ``withdraw`` (``companion.games.challenges``), ``agree``, ``disagree``.

Who: a seat's own phone, the host, or any seated phone for a seat no phone holds enters a
seat's cards and words; the flyer chooses (the host when the flyer has no phone); a
challenge is made by the challenger's phone or the host. Rulings (ours): every refusal is a
``Forbidden`` naming its rule; nothing is entered while a challenge is judged except words
elsewhere; a challenged word stays laid. Event kinds and slots are those of the stored
games (``cons-taken`` ``c3s1``, ``cons-trick`` ``c3t0``, ``cons-fly`` ``c3fly``,
``cons-words`` ``c3w1``, ``cons-close`` ``c3end``, ``cons-challenge`` ``c3ch<n>``,
``cons-rest`` ``c3t9``: the slot of the trick it starts at).
Secrets: none (cards taken and words are shown to the whole table).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from companion.cards.alpha import AlphaCard, Deck, PlayedAlpha
from companion.errors import CompanionError, Forbidden, Unreadable
from companion.games import agreements, challenges, scoresheet
from companion.games import consonants as engine
from companion.games.agreements import fold_agree
from companion.games.challenges import Challenge, fold_judge
from companion.games.consonants.table import state as ts
from companion.games.consonants.table import view
from companion.games.consonants.table.options import TableOptions, parse_options
from companion.games.consonants.table.state import Hand, State, Verdict
from companion.games.consonants.table.words import describe
from companion.games.consonants.table.words import verdict as verdict_of
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
    may,
)
from companion.games.seats import seat_labels, seat_name
from companion.games.trickgame import read
from companion.games.trickgame.hands import choice_payload
from companion.games.trickgame.table import TrickTable, rest_payload, trick_payload
from companion.games.trickgame.table import hand_open as _hand_open
from companion.games.trickgame.table import need_player as _need_player
from companion.words.lexicon import Lexicon

PARTS = {
    "taken": "claim",
    "trick": "trick",
    "rest": "rest",
    "fly": "choice",
    "words": "words",
    "challenge": "words",
    "done": "close",
}
KINDS = {
    "claim": "cons-taken",
    "trick": "cons-trick",
    "rest": "cons-rest",
    "choice": "cons-fly",
    "words": "cons-words",
    "close": "cons-close",
}
EVENT_PARTS = {kind: part for part, kind in KINDS.items()}
ALL_KINDS = frozenset(KINDS.values()) | {"cons-challenge"}


ENTERS = Who.OWN_HOST_OR_TABLE_IF_PHONELESS  # who enters a seat's cards and words
CHALLENGES = Who.OWN_OR_HOST  # who challenges for a seat


def may_act_for(actor: Actor, seat: int) -> bool:
    """The seat's own phone, the host, or any seated phone for a seat no phone holds."""
    return may(actor, ENTERS, seat)


def _need_seat(actor: Actor, seat: int) -> None:
    _need_player(actor)
    refused = f"Only {seat_name(seat, actor.names)}'s phone (or the host) enters this."
    check(actor, ENTERS, seat, refused=refused)


def _copies_problem(deck: Deck, mine: list[AlphaCard], who: str) -> str | None:
    for card, count in sorted(Counter(mine).items()):
        copies = deck.copies.get(card, 0)
        if count > copies:
            have = f"the deck has {copies}" if copies else "that card is not in this deck"
            return (
                f"{who} listed the {card} {count} times, but {have} (rule: no more copies "
                "than the deck has)."
            )
    return None


class ConsonantsTable(TrickTable[State]):
    key = "consonants"
    name, parts, event_parts, slots = "Consonants", PARTS, EVENT_PARTS, ts.SLOTS
    seat_parts = ("claim", "words")
    actions = {
        "taken": "Enter the cards one seat took in the open hand (the kitty too, for the "
        "last trick's taker).",
        "trick": "Enter the next trick of the open hand with declarations, or correct one.",
        "rest": "Give every trick not yet entered to one seat (a claim): that seat takes the "
        "last trick, so the kitty too, and every card not played.",
        "fly": "Flying by Night: the flyer's choice, -50 for themselves or +50 for the others.",
        "words": "Lay one seat's words (4+ letters, from its own taken cards).",
        "challenge": "Challenge a word a seat laid (data word, challenger): the word judge "
        "takes it from there.",
        "done": "Ask the table to close the open hand's words: every seat agrees (agree), "
        "then the hand is scored.",
        **challenges.ACTIONS,
        **agreements.ACTIONS,
    }

    def __init__(self, lexicon: Callable[[str], Lexicon] | None = None) -> None:
        self.lexicon = lexicon  # id -> Lexicon (the shell's registry), for parse_options

    def parse_options(self, data: Data) -> TableOptions:
        if self.lexicon is None:
            raise Unreadable("No word lists are loaded here.", "lexicon")
        return parse_options(data, self.lexicon)

    def load_options(self, data: Data) -> TableOptions:
        return self.parse_options(data)

    def initial(self, options: TableOptions, players: int) -> State:
        return ts.initial(options)

    def fold(self, state: State, event: Event) -> State:
        return _recheck(self._fold(state, event))

    def _fold(self, state: State, event: Event) -> State:
        if event.kind == "alpha-deck":
            return _deck(state, event)
        if event.kind.startswith("judge-"):
            return fold_judge(state, event)
        if event.kind.startswith("agree-"):
            return fold_agree(state, event)
        if event.kind == "cons-challenge" and event.round:
            return _verdict(state, event)
        folded: State = super().fold(state, event)
        return folded

    def target_slot(self, state: State, action: Action) -> str:
        if action.kind in challenges.ACTIONS:
            return challenges.slot(action)
        if action.kind in agreements.ACTIONS:
            return agreements.slot(action)
        return super().target_slot(state, action)

    def current(self, state: State, action: Action) -> JSON:
        if action.kind in challenges.ACTIONS:
            return challenges.current(state)
        if action.kind in agreements.ACTIONS:
            return agreements.current(state, state.options.players)
        now: JSON = super().current(state, action)  # the slot's payload, as stored
        return now

    def rebuild(self, state: State, number: int) -> State:
        return ts.rebuild(state, number)

    def tricks_per_hand(self, state: State) -> int:
        return engine.cards_per_seat(state.rules)

    # actions

    def apply(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        if action.kind in challenges.ACTIONS:
            return challenges.judge_action(
                state, action, actor, self.lexicon, consequence, "consonants"
            )
        if action.kind in agreements.ACTIONS:
            return agreements.act(
                state,
                action,
                actor,
                state.options.players,
                self._agreed,
                lambda asked: self.target_slot(state, asked),
                _asked_basis(state),
            )
        return self._apply(state, action, actor, False)

    def _agreed(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        """The close the whole table agreed to, checked again and applied."""
        return self._apply(state, action, actor, True)

    def _apply(
        self, state: State, action: Action, actor: Actor, agreed: bool
    ) -> Sequence[NewEvent]:
        part, number, index = self.target(state, action)
        hand = _hand_open(state, number)
        asked = state.agreement
        if not agreed and part != "close" and asked is not None and asked.about == "close":
            # what the table is agreeing to must not change under it: one "I do not agree"
            # drops the question, then the hand can change
            raise Forbidden(
                f"The table is asked to {asked.what}: agree or not first (one 'do "
                "not agree' drops it), then change the hand.",
                "asked",
            )
        if action.kind == "challenge":
            return [_challenge(state, hand, index or 0, action.data, actor)]
        decide = {
            "claim": _taken,
            "trick": _trick,
            "rest": _rest,
            "choice": _fly,
            "words": _words,
            "close": _close,
        }[part]
        payload = decide(state, hand, index, action.data, actor)
        if part == "close" and not agreed:
            what = f"close hand {number}'s words and score the hand"
            return agreements.ask(state, "close", what, action, actor, basis=basis(hand))
        return [NewEvent(KINDS[part], payload, round=number)]

    # what the table shows

    def sheet(self, state: State) -> scoresheet.Sheet:
        return view.sheet(state)

    def view(self, state: State, seat: int | None, versions: Mapping[str, int]) -> dict[str, JSON]:
        return view.view(state, versions)

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        if event.kind in agreements.KINDS:
            return agreements.describe(event, names)
        return describe(event, names)


def _taken(state: State, hand: Hand, index: int | None, data: Data, actor: Actor) -> Payload:
    seat = index or 0  # a seat part: its target names the seat (``target``)
    _need_seat(actor, seat)
    if hand.tricks:
        raise Forbidden(
            "This hand is entered trick by trick: the tricks give the cards.", "entered-by-tricks"
        )
    who = seat_labels(state.options.players)[seat]
    mine = read.read_cards(data.get("cards"), who, AlphaCard.parse)
    if (problem := _copies_problem(state.deck, mine, who)) is not None:
        raise Forbidden(problem, "deck-copies")
    if data.get("rest"):
        others = Counter(c for s, got in hand.taken.items() if s != seat for c in got)
        rest = Counter(state.deck.copies) - others - Counter(mine)
        mine += sorted(rest.elements())
    return {"seat": seat, "cards": [str(c) for c in mine]}


def _trick(state: State, hand: Hand, index: int | None, data: Data, actor: Actor) -> Payload:
    _need_player(actor)
    players = state.options.players
    names = seat_labels(players)
    return trick_payload(
        hand.tricks,
        index or 0,  # a trick's target names its index (``target``)
        data,
        players,
        PlayedAlpha.parse,
        lambda tricks: engine.check_hand(state.rules, tricks, names=names).violations,
        ts.BLOCKING,
    )


def _rest(state: State, hand: Hand, index: int | None, data: Data, actor: Actor) -> Payload:
    """The rest go to one seat: allowed with the kitty, which goes to the last trick's taker
    (the claimer), so every card not played is that seat's whatever the kitty holds."""
    _need_player(actor)
    return rest_payload(len(hand.tricks), index or 0, data, state.options.players)


def _fly(state: State, hand: Hand, _: int | None, data: Data, actor: Actor) -> Payload:
    flyer = hand.flyer
    seats = (flyer,) if hand.choice_required and flyer is not None else None
    return choice_payload(ts.MOON, hand.number, seats, actor, data)


def _word_list(value: object) -> list[str]:
    if isinstance(value, list | tuple):
        return [engine.read_word(w, "words") for w in value[:40]]
    return [engine.read_word(w, "words") for w in read.card_words(value, "words")]


def _words(state: State, hand: Hand, index: int | None, data: Data, actor: Actor) -> Payload:
    seat = index or 0  # a seat part: its target names the seat (``target``)
    _need_seat(actor, seat)
    who = seat_labels(state.options.players)[seat]
    if not hand.seat_cards_known(seat):
        raise Forbidden(
            f"Enter {who}'s taken cards first: words are made from them.", "cards-first"
        )
    words = _word_list(data.get("words"))
    for word in words:
        if len(word) < engine.MIN_WORD:
            raise Forbidden(f"{word} is too short: a word needs 4 letters or more.", "word-length")
    laid, refused = engine.lay_words(words, hand.taken.get(seat, []))
    if refused:
        raise Forbidden(
            f"{refused[0]} cannot be spelt from {who}'s own taken cards, beside "
            "the other words (each card once; a vowel card gives one of its "
            "letters; no wilds).",
            "own-cards",
        )
    if kept := hand.challenged(seat) - set(laid):
        raise Forbidden(f"{sorted(kept)[0]} has been challenged: it stays laid.", "challenged")
    return {"seat": seat, "words": laid}


def _close(state: State, hand: Hand, _: int | None, data: Data, actor: Actor) -> Payload:
    _need_player(actor)
    if hand.scores is None:
        raise Forbidden(
            f"Hand {hand.number} is not complete yet: see what is missing above.", "hand-incomplete"
        )
    if state.judging is not None:
        raise Forbidden("A challenge is being judged: wait for the verdict.", "judging")
    if problems := hand.word_problems():
        raise Forbidden(problems[0], "words")
    return {"scores": {str(s): p for s, p in hand.scores.items()}}


def _challenge(state: State, hand: Hand, seat: int, data: Data, actor: Actor) -> NewEvent:
    word = engine.read_word(str(data.get("word", ""))[:40], "word")
    names = seat_labels(state.options.players)
    if word not in hand.words.get(seat, []):
        raise Forbidden(f"{names[seat]} has not laid {word}.", "not-laid")
    challenger = read.seat_value(data.get("challenger"), state.options.players, "challenger")
    if challenger == seat:
        raise Forbidden("A word is challenged by another player at the table.", "challenger")
    refused = f"Only {names[challenger]}'s phone (or the host) challenges."
    check(actor, CHALLENGES, challenger, refused=refused)
    if state.judging is not None:
        raise Forbidden("A challenge is already being judged: finish it first.", "judging")
    if word in hand.challenged(seat):
        raise Forbidden(f"{word} has been challenged already.", "challenged")
    n, options = state.challenges + 1, state.options
    payload = {
        "n": n,
        "game": "consonants",
        "words": [word],
        "lexicon": options.lexicon,
        "min_zipf": options.min_zipf,
        "player": seat,
        "challenger": challenger,
        "ref": {"hand": hand.number, "seat": seat, "word": word},
    }
    return NewEvent("judge-open", payload, slot=f"judge{n}")


def consequence(
    state: State, j: Challenge, valid: bool, names: Sequence[str]
) -> tuple[list[NewEvent], str]:
    """The verdict moves the word's points (``words.verdict``) as a ``cons-challenge``
    in its own slot ``c{hand}ch{n}``."""
    names = names or seat_labels(state.options.players)
    found = verdict_of(j.ref or {}, j.n, j.challenger, valid, state.deck, names)
    if found is None:
        return [], ""
    payload, outcome = found
    hand = payload["hand"]
    return [NewEvent("cons-challenge", payload, round=hand, slot=f"c{hand}ch{j.n}")], outcome


# what a seat agrees to when it agrees to close a hand's words


def basis(hand: Hand) -> str:
    """What a seat agrees to when it agrees to close ``hand``'s words: every seat's words and
    the scores they come to (an undo of a word or of a card changes it)."""
    scores = hand.scores or {}
    words = {str(s): w for s, w in sorted(hand.words.items()) if w}
    return json.dumps({"words": words, "scores": {str(s): p for s, p in sorted(scores.items())}})


def _asked_hand(state: State) -> Hand | None:
    a = state.agreement
    if a is None or a.about != "close":
        return None
    target = a.action.get("target")
    number = target.get("hand") if isinstance(target, dict) else None
    return state.hand(number) if isinstance(number, int) else None


def _asked_basis(state: State) -> str | None:
    hand = _asked_hand(state)
    return basis(hand) if hand is not None else None


def _recheck(state: State) -> State:
    """While the table is asked to close a hand's words, a seat that agreed to the hand as it
    was before a change (an undo: the game's own actions are refused meanwhile) no longer
    counts as agreeing (``agreements.recheck``)."""
    a = state.agreement
    if a is None or not a.bases:
        return state
    hand = _asked_hand(state)
    if hand is None:
        return state
    now = basis(hand)
    return agreements.recheck(state, now, lambda old: _what_changed(hand.number, old, now))


def _what_changed(number: int, old: str, now: str) -> str:
    """What changed in hand ``number`` between two bases, in words (``Seat 2``'s words, or the
    cards taken when no words did)."""
    try:
        before, after = json.loads(old), json.loads(now)
        was, are = dict(before["words"]), dict(after["words"])
    except (KeyError, TypeError, ValueError):
        return f"Hand {number} changed"
    seats = sorted({s for s in {*was, *are} if was.get(s) != are.get(s)}, key=int)
    if not seats:
        return f"The cards taken in hand {number} changed"
    who = [seat_name(int(s)) for s in seats]
    if len(who) == 1:
        return f"{who[0]}'s words in hand {number} changed"
    return f"The words of {', '.join(who[:-1])} and {who[-1]} in hand {number} changed"


# folding what is not a hand entry


def _deck(state: State, event: Event) -> State:
    try:
        deck = Deck.from_dict(dict(event.payload))
    except CompanionError:  # a stored deck that no longer reads is skipped
        return state
    return ts.rebuild(replace(state, rules=replace(state.rules, deck=deck), hands=()), 1)


def _verdict(state: State, event: Event) -> State:
    p, number = event.payload, event.round or 0
    try:
        verdict = Verdict(
            int(p["n"]), int(p["seat"]), str(p["word"]), int(p["challenger"]), bool(p["valid"])
        )
    except (KeyError, TypeError, ValueError):
        return state
    verdicts = {**state.verdicts, number: state.verdicts.get(number, ()) + (verdict,)}
    return ts.rebuild(replace(state, verdicts=verdicts), number)


GAME = ConsonantsTable()
