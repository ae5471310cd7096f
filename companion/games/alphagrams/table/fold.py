"""AlphaGrams at a table: one stored event folded into the state (see ``table``), pure.

A stored move the engine refuses (an import, an undo below it) is skipped and reported in
``State.problems``, so the page always shows. The word judge's events only tell whether a
challenge is being judged; its verdict's effect arrives as ``ag-challenge``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.cards.alpha import AlphaCard, Deck
from companion.errors import CompanionError
from companion.games.agreements import fold_agree
from companion.games.alphagrams import state as engine
from companion.games.alphagrams.moves import Move
from companion.games.alphagrams.table.options import first_player
from companion.games.alphagrams.table.state import KINDS, State
from companion.games.challenges import fold_judge
from companion.games.protocol import Data, Event

Engine = engine.AlphaGramsState
Payload = Data


def fold_event(state: State, e: Event) -> State:
    if e.kind == "alpha-deck":
        return _deck(state, e.payload)
    if e.kind.startswith("judge-"):
        return fold_judge(state, e)
    if e.kind.startswith("agree-"):
        return fold_agree(state, e)
    if e.kind not in KINDS:
        return state
    try:
        after = _start(state, e.payload) if e.kind == "ag-start" else _step(state, e)
    except (CompanionError, KeyError, TypeError, ValueError, IndexError) as err:
        when = f" at {e.created_at:%H:%M:%S}" if e.created_at is not None else ""
        problem = f"{e.kind.removeprefix('ag-')}{when}: {err}"
        return replace(state, problems=state.problems + (problem,))
    return replace(after, moves=state.moves + 1, skipped=_skipped(state.game, after.game, e))


def _deck(state: State, payload: Payload) -> State:
    try:
        return replace(state, deck=Deck.from_dict(dict(payload)))
    except CompanionError:
        return state


def _start(state: State, p: Payload) -> State:
    if state.game is not None:
        raise CompanionError("the game has started already")
    deck = Deck.from_dict(p["deck"]) if isinstance(p.get("deck"), dict) else state.deck
    game = engine.new_game(state.options.game, AlphaCard.parse(str(p["card"])), deck)
    game = replace(game, turn=first_player(state.options))
    return replace(state, game=game, deck=deck, turn=1)


def _step(state: State, e: Event) -> State:
    g = state.game
    if g is None:
        raise CompanionError("the first pool card has not been turned")
    return STEPS[e.kind](state, g, e.payload)


def _word(state: State, g: Engine, p: Payload) -> State:
    steal = p.get("steal")
    move = Move.parse(
        int(p["seat"]),
        [str(c) for c in p["cards"]],
        [str(s) for s in p["sources"]],
        int(steal) if steal is not None else None,
        str(p["discard"]) if p.get("discard") else None,
        bool(p.get("overrule")),
    )
    after = engine.play(g, move)
    ids = tuple(i for k, i in enumerate(state.ids) if k != move.steal) + (state.made + 1,)
    return replace(
        state, game=after, ids=ids, last_ids=state.ids, made=state.made + 1, turn=state.turn + 1
    )


def _challenge(state: State, g: Engine, p: Payload) -> State:
    valid = bool(p["valid"])
    after = engine.challenge(g, int(p["challenger"]), lambda _: valid)[0]
    ids = state.ids if valid else state.last_ids
    turn = state.turn + (1 if after.turn != g.turn else 0)
    return replace(state, game=after, ids=ids, turn=turn)


def _plain(
    change: Callable[[Engine, Payload], Engine], next_turn: bool = False
) -> Callable[[State, Engine, Payload], State]:
    def step(state: State, g: Engine, p: Payload) -> State:
        return replace(state, game=change(g, p), turn=state.turn + int(next_turn))

    return step


STEPS: dict[str, Callable[[State, Engine, Payload], State]] = {
    "ag-flip": _plain(lambda g, p: engine.flip(g, AlphaCard.parse(str(p["card"])))),
    "ag-word": _word,
    "ag-pass": _plain(lambda g, p: engine.pass_turn(g, int(p["seat"])), next_turn=True),
    "ag-end": _plain(lambda g, p: engine.end_game(g)),
    "ag-challenge": _challenge,
}


def _skipped(before: Engine | None, after: Engine | None, e: Event) -> tuple[int, ...]:
    """Seats whose missed turn was used up by this move (the app says so)."""
    if before is None or after is None or e.kind not in ("ag-word", "ag-pass", "ag-challenge"):
        return ()
    base, p = before, e.payload
    if e.kind == "ag-challenge" and p.get("valid"):
        challenger = int(p.get("challenger", -1))
        if before.turn == challenger and after.turn != challenger:  # the turn in hand is lost
            return (challenger,)
    if e.kind == "ag-challenge" and not p.get("valid") and before.last is not None:
        base = before.last.before
    if not base.lose_turns or not after.lose_turns:
        return ()
    return tuple(s for s, n in enumerate(after.lose_turns) if n < base.lose_turns[s])
