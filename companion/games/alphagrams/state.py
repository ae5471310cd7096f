"""AlphaGrams table state and its pure transitions, for the table UI.

``new_game`` -> (``flip`` while the stock lasts) -> ``play`` or ``pass_turn`` -> ... ;
``challenge`` judges the last word before the next card is turned or the next play is made;
``end_game`` when the table agrees. Every function returns a new state or raises
``Forbidden`` (a play the rules forbid, with a message the table understands).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from companion.cards.alpha import DEFAULT_DECK, AlphaCard, Deck
from companion.errors import Forbidden
from companion.games.alphagrams.moves import Move, TableWord, remove
from companion.games.alphagrams.options import AlphaGramsOptions
from companion.games.alphagrams.rules import Check
from companion.games.alphagrams.scoring import card_points, ranking
from companion.games.alphagrams.validate import check_move
from companion.games.seats import seat_name

Phase = Literal["flip", "play", "over"]


@dataclass(frozen=True)
class LastPlay:
    """The last word made, open to a challenge: who made it and the state before it."""

    seat: int
    text: str
    before: AlphaGramsState


@dataclass(frozen=True)
class AlphaGramsState:
    """``hands``: number of cards in each hand (the cards are secret); ``lose_turns``: turns
    each seat must still miss; ``passed``: seats that passed since the last word."""

    options: AlphaGramsOptions
    stock: int
    pool: tuple[AlphaCard, ...]
    hands: tuple[int, ...]
    words: tuple[TableWord, ...] = ()
    turn: int = 0
    phase: Phase = "flip"
    lose_turns: tuple[int, ...] = ()
    passed: frozenset[int] = frozenset()
    last: LastPlay | None = None


@dataclass(frozen=True)
class ChallengeResult:
    """``valid``: the word stood (the challenger loses their next turn)."""

    word: str
    seat: int
    challenger: int
    valid: bool


def new_game(
    options: AlphaGramsOptions, first_pool_card: AlphaCard, deck: Deck = DEFAULT_DECK
) -> AlphaGramsState:
    """Deal: ``hand_size`` cards each, one card face up in the pool, the rest is the stock."""
    n = options.players
    stock = deck.size - n * options.hand_size - 1
    if stock < 0:
        raise Forbidden(f"the deck has {deck.size} cards, too few to deal {n} hands")
    return AlphaGramsState(
        options,
        stock,
        (first_pool_card,),
        (options.hand_size,) * n,
        lose_turns=(0,) * n,
        phase=_start_phase(stock),
    )


def _start_phase(stock: int) -> Phase:
    return "flip" if stock > 0 else "play"


def flip(state: AlphaGramsState, card: AlphaCard) -> AlphaGramsState:
    """The player on turn turns the top card of the stock into the pool."""
    if state.phase != "flip":
        raise Forbidden("no card to turn now: the stock is empty or the card is turned")
    pool = state.pool + (card,)
    return replace(state, stock=state.stock - 1, pool=pool, phase="play", last=None)


def play(state: AlphaGramsState, move: Move) -> AlphaGramsState:
    """Make a word (new, steal or protect); ``Forbidden`` with the rule's message if refused."""
    check = check_move(state, move)
    if not check.valid:
        raise Forbidden(check.message, check.rule)
    words = [w for i, w in enumerate(state.words) if i != move.steal]
    words.append(TableWord(move.seat, move.cards))
    pool = remove(state.pool, [c.card for c in move.from_("pool")])
    hand = state.hands[move.seat] - len(move.from_("hand")) - (1 if move.discard else 0)
    pool += (move.discard,) if move.discard else ()
    draw = min(state.stock, state.options.hand_size - hand) if hand < state.hands[move.seat] else 0
    hands = _set(state.hands, move.seat, hand + max(draw, 0))
    after = replace(
        state,
        stock=state.stock - max(draw, 0),
        pool=pool,
        hands=hands,
        words=tuple(words),
        passed=frozenset(),
    )
    # a word the table agreed to allow is settled: it is not open to a challenge
    last = None if move.overrule else LastPlay(move.seat, move.text, state)
    return replace(_next_turn(after), last=last)


def pass_turn(state: AlphaGramsState, seat: int) -> AlphaGramsState:
    """The player on turn makes no word. The game ends once all pass with the stock empty."""
    _require_turn(state, seat)
    passed = state.passed | {seat}
    after = replace(state, passed=passed, last=None)
    if state.stock == 0 and len(passed) == state.options.players:
        return replace(after, phase="over")
    return _next_turn(after)


def challenge(
    state: AlphaGramsState, challenger: int, is_word: Callable[[str], bool]
) -> tuple[AlphaGramsState, ChallengeResult]:
    """Judge the last word. Invalid: the play is undone and its player loses that turn.
    Valid: the challenger misses their next turn."""
    last = state.last
    if last is None:
        raise Forbidden("there is no word to challenge now")
    if challenger == last.seat or not 0 <= challenger < state.options.players:
        raise Forbidden("a word is challenged by another player")
    valid = is_word(last.text)
    result = ChallengeResult(last.text, last.seat, challenger, valid)
    if not valid:
        return _next_turn(replace(last.before, last=None)), result
    if challenger == state.turn:  # on turn and not started yet: this is the turn lost
        return _next_turn(replace(state, last=None)), result
    lose = _set(state.lose_turns, challenger, state.lose_turns[challenger] + 1)
    return replace(state, lose_turns=lose, last=None), result


def end_game(state: AlphaGramsState) -> AlphaGramsState:
    """The table agrees no more words can be made."""
    return replace(state, phase="over", last=None)


def words_by_seat(state: AlphaGramsState) -> dict[int, list[str]]:
    return {s: [w.text for w in state.words if w.seat == s] for s in range(state.options.players)}


def final_points(state: AlphaGramsState, deck: Deck = DEFAULT_DECK) -> dict[int, int]:
    """Points per seat from the cards in its words (exact cards: vowel sides, wilds)."""
    points = dict.fromkeys(range(state.options.players), 0)
    for word in state.words:
        points[word.seat] += sum(card_points(c.card, deck) for c in word.cards)
    return points


def final_ranking(state: AlphaGramsState, deck: Deck = DEFAULT_DECK) -> list[int]:
    return ranking(words_by_seat(state), final_points(state, deck))


def _require_turn(state: AlphaGramsState, seat: int) -> None:
    if state.phase == "over":
        raise Forbidden("the game is over")
    if seat != state.turn:
        raise Forbidden(f"it is {seat_name(state.turn)}'s turn, not {seat_name(seat)}'s")


def _next_turn(state: AlphaGramsState) -> AlphaGramsState:
    """Clockwise to the next seat that does not have to miss a turn."""
    lose = list(state.lose_turns)
    seat = (state.turn + 1) % state.options.players
    while lose[seat] > 0:
        lose[seat] -= 1
        seat = (seat + 1) % state.options.players
    return replace(state, turn=seat, lose_turns=tuple(lose), phase=_start_phase(state.stock))


def _set(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return values[:i] + (value,) + values[i + 1 :]


__all__ = ["AlphaGramsState", "ChallengeResult", "Check", "LastPlay", "Move", "TableWord"]
