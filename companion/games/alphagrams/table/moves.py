"""AlphaGrams at a table: ``apply``, an action checked against the turn or word it names and
turned into the events to store (see ``table``), pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from companion.cards.alpha import AlphaCard, Deck
from companion.errors import CompanionError, Conflict, Forbidden, Unreadable
from companion.games import agreements, challenges
from companion.games.alphagrams import state as engine
from companion.games.alphagrams.moves import Move
from companion.games.alphagrams.table.options import TableOptions
from companion.games.alphagrams.table.state import MOVES, SLOT, State
from companion.games.alphagrams.validate import check_move
from companion.games.challenges import Challenge
from companion.games.protocol import Action, Actor, Data, Entered, NewEvent, Who, check, target_int
from companion.games.seats import seat_name
from companion.words.judge import house_rule
from companion.words.lexicon import Lexicon

OVERRULABLE = ("inflection", "not-a-word")
MAX_CARDS = 30


def card(data: Data, name: str = "card") -> AlphaCard:
    raw = data.get(name)
    if not isinstance(raw, str) or not raw.strip():
        raise Unreadable("Choose the card.", name)
    try:
        return AlphaCard.parse(raw[:10])
    except Unreadable:
        shown = raw.strip()[:10]
        message = f"'{shown}' is not an Alpha card (a consonant, A/E, or ?)."
        raise Unreadable(message, name) from None


def word_problems(
    game: engine.AlphaGramsState,
    move: Move,
    options: TableOptions,
    lexicon: Callable[[str], Lexicon] | None,
) -> list[str]:
    """What the table may overrule; hard refusals raise ``Forbidden``."""
    check = check_move(game, move)
    problems = []
    if not check.valid and check.rule not in OVERRULABLE:
        raise Forbidden(check.message, check.rule)
    if not check.valid:
        problems.append(check.message)
    if options.check_words and lexicon is not None:
        found = lexicon(options.lexicon)
        if not found.is_word(move.text, options.min_zipf):
            problems.append(_refused(move.text.upper(), found.info.name, options.min_zipf))
    return problems


def _refused(word: str, list_name: str, min_zipf: float | None) -> str:
    if min_zipf is None:
        return f"{word} is not in the table's word list ({list_name})"
    rule = house_rule(min_zipf)
    return f"{word} is not in the table's word list ({list_name}) or not common enough: {rule}"


def _strings(data: Data, name: str) -> list[str]:
    value = data.get(name)
    if not isinstance(value, list) or not value or len(value) > MAX_CARDS:
        raise Unreadable(f"'{name}' must be a list of 1 to {MAX_CARDS} texts.", name)
    if not all(isinstance(x, str) and len(x) <= 10 for x in value):
        raise Unreadable(f"Every one of '{name}' must be a short text.", name)
    return list(value)


def _deck(raw: Entered, default: Deck) -> Deck:
    """The deck the table plays with: as given (the page sends the table's), else the state's."""
    if raw is None:
        return default
    if not isinstance(raw, dict):
        raise Unreadable("'deck' must be a deck as the table stores it.", "deck")
    try:
        return Deck.from_dict(raw)
    except (CompanionError, KeyError, TypeError, ValueError):
        raise Unreadable("'deck' is not a deck the app can read.", "deck") from None


def on_table(game: engine.AlphaGramsState) -> Counter[AlphaCard]:
    """Every card face up: the pool and the words' cards."""
    return Counter(game.pool) + Counter(c.card for w in game.words for c in w.cards)


def check_copies(deck: Deck, game: engine.AlphaGramsState, new: Sequence[AlphaCard]) -> None:
    """``new`` cards turned face up must not make more of a card than the deck has (a third
    K where the deck has one, a third A/E where it has two)."""
    count = on_table(game) + Counter(new)
    for c in sorted(set(new)):
        have = deck.copies.get(c, 0)
        if count[c] > have:
            shown = "wild" if c.kind == "wild" else str(c)
            copies = f"only {have}" if have else "no"
            raise Forbidden(
                f"The deck has {copies} {shown} card{'' if have == 1 else 's'}, and the table "
                f"would show {count[c]}: check the cards in play against the ones you entered.",
                "deck-copies",
            )


class Moves:
    """``apply`` and its checks; ``lexicon`` (the word lists) is set by ``AlphaGramsTable``."""

    lexicon: Callable[[str], Lexicon] | None

    def apply(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        if action.kind in agreements.ACTIONS:
            return agreements.act(
                state, action, actor, state.options.players, self._agreed, lambda _: SLOT
            )
        return self._apply(state, action, actor, False)

    def _agreed(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        """The action the whole table agreed to, applied as asked."""
        return self._apply(state, action, actor, True)

    def _apply(
        self, state: State, action: Action, actor: Actor, agreed: bool
    ) -> Sequence[NewEvent]:
        if action.kind == "start":
            return self._start(state, action, actor)
        if action.kind in challenges.ACTIONS:
            return challenges.judge_action(
                state, action, actor, self.lexicon, consequence, "alphagrams"
            )
        game = self._ready(state, action)
        if action.kind == "end":
            check(actor, Who.AT_TABLE, refused="Only players at the table end the game.")
            if not agreed:
                return agreements.ask(state, "end", "end the game and score it", action, actor)
            return [NewEvent("ag-end", {})]
        if action.kind == "challenge":
            return self._challenge(state, game, action, actor)
        seat = self._on_turn(game, action, actor)
        if action.kind == "flip":
            if game.phase != "flip":
                raise Forbidden("No card to turn now: the stock is empty or the card is out.")
            turned = card(action.data)
            check_copies(state.deck, game, [turned])
            return [NewEvent("ag-flip", {"seat": seat, "card": str(turned)})]
        if game.phase == "flip":
            raise Forbidden("Turn this turn's card into the pool first.")
        if action.kind == "pass":
            return [NewEvent("ag-pass", {"seat": seat})]
        return self._word(state, game, action, seat, actor, agreed)

    def _start(self, state: State, action: Action, actor: Actor) -> list[NewEvent]:
        target_int(action, "turn", 0, 0)
        if state.game is not None:
            raise Conflict("The first card is turned already: the game has started.")
        refused = "Take a seat first: only players at the table make moves."
        check(actor, Who.AT_TABLE, refused=refused)
        deck = _deck(action.data.get("deck"), state.deck)
        payload = {"card": str(card(action.data)), "deck": deck.to_dict()}
        return [NewEvent("ag-start", payload)]

    def _ready(self, state: State, action: Action) -> engine.AlphaGramsState:
        """A move may be made on the turn named: started, not over, nothing being judged."""
        turn = target_int(action, "turn", 0)
        game = state.game
        if game is None:
            raise Forbidden("Turn the first card into the pool first.")
        if game.phase == "over":
            raise Forbidden("This game is over. Start a new game to keep playing.")
        if turn != state.turn:
            raise Conflict(f"Turn {turn} is over: the table is on turn {state.turn} now.")
        if state.judging is not None:
            raise Forbidden("A challenge is being judged: wait for the verdict.")
        agreements.need_none(state)
        return game

    def _on_turn(self, game: engine.AlphaGramsState, action: Action, actor: Actor) -> int:
        seat = target_int(action, "seat", 0, game.options.players - 1)
        if seat != game.turn:
            raise Forbidden(f"It is {seat_name(game.turn)}'s turn, not {seat_name(seat)}'s.")
        refused = f"It is {seat_name(seat)}'s turn: their phone (or the host) moves."
        check(actor, MOVES, seat, refused=refused)
        return seat

    def _stolen(self, state: State, action: Action) -> int | None:
        if action.target.get("word") is None:
            return None
        word_id = target_int(action, "word", 1)
        index = state.word_index(word_id)
        if index is None:
            raise Conflict(f"Word {word_id} is no longer on the table.")
        return index

    def _word(
        self,
        state: State,
        game: engine.AlphaGramsState,
        action: Action,
        seat: int,
        actor: Actor,
        agreed: bool,
    ) -> list[NewEvent]:
        steal = self._stolen(state, action)
        cards, sources = _strings(action.data, "cards"), _strings(action.data, "sources")
        discard = action.data.get("discard") or None
        if discard is not None and not isinstance(discard, str):
            raise Unreadable("'discard' must be a card, like T or A/E.", "discard")
        move = Move.parse(seat, cards, sources, steal, discard[:10] if discard else None)
        new = [c.card for c in move.from_("hand")] + ([move.discard] if move.discard else [])
        check_copies(state.deck, game, new)
        problems = word_problems(game, move, state.options, self.lexicon)
        if problems and action.data.get("overrule") not in (True, "1", "on", "true"):
            raise Forbidden(
                "; ".join(problems) + ". The table may allow it (it is logged).", "overrule"
            )
        if problems and not agreed:
            who = actor.names[seat] if seat < len(actor.names) else seat_name(seat)
            what = f"allow {who}'s word {move.text.upper()} ({'; '.join(problems)})"
            return agreements.ask(state, "word", what, action, actor)
        old = game.words[steal] if steal is not None else None
        payload = {
            "seat": seat,
            "cards": [str(c) for c in move.cards],
            "sources": sources,
            "steal": steal,
            "discard": str(move.discard) if move.discard else None,
            "overrule": bool(problems),
            "overruled": problems,
            "text": move.text,
            "stolen": old.text if old else None,
            "from_seat": old.seat if old else None,
        }
        return [NewEvent("ag-word", payload)]

    def _challenge(
        self, state: State, game: engine.AlphaGramsState, action: Action, actor: Actor
    ) -> list[NewEvent]:
        word_id = target_int(action, "word", 1)
        last = game.last
        if last is None or not state.ids or state.ids[-1] != word_id:
            raise Conflict(f"Word {word_id} can no longer be challenged: the play moved on.")
        raw = action.data.get("challenger")
        challenger = int(raw) if isinstance(raw, int | str) and str(raw).isdigit() else -1
        if not 0 <= challenger < game.options.players or challenger == last.seat:
            raise Forbidden("A word is challenged by another player at the table.", "challenger")
        refused = f"Only {seat_name(challenger)}'s phone (or the host) challenges."
        check(actor, MOVES, challenger, refused=refused)
        n = state.challenges + 1
        options = state.options
        payload = {
            "n": n,
            "game": "alphagrams",
            "words": [last.text.upper()],
            "lexicon": options.lexicon,
            "min_zipf": options.min_zipf,
            "player": last.seat,
            "challenger": challenger,
            "ref": {"moves": state.moves},
        }
        return [NewEvent("judge-open", payload, slot=f"judge{n}")]


def outcome(
    state: State, challenger: int, player: int, valid: bool, names: Sequence[str]
) -> str | None:
    """A verdict's effect on the game, in words (None: the play had moved on)."""
    g = state.game
    if g is None or g.last is None or g.last.seat != player:
        return None
    if valid and g.turn == challenger:  # the engine takes the turn in hand
        return f"{names[challenger]} loses this turn."
    if valid:
        return f"{names[challenger]} misses their next turn."
    drawn = g.last.before.stock - g.stock  # the cards drawn after the word, none since
    back = (
        (
            f" {names[player]}: put the {drawn} card{'' if drawn == 1 else 's'} you drew back "
            "on the stock."
        )
        if drawn > 0
        else ""
    )
    return f"The word goes back; {names[player]} loses that turn.{back}"


def consequence(
    state: State, j: Challenge, valid: bool, names: Sequence[str]
) -> tuple[list[NewEvent], str]:
    """The verdict's effect: an ``ag-challenge`` at the next version of the slot ``ag`` (so
    every phone's open move form is stale after it)."""
    names = names or [seat_name(s) for s in range(state.options.players)]
    said = outcome(state, j.challenger, j.player, valid, names)
    if said is None:
        return [], "The play had moved on, so the game is unchanged."
    payload = {
        "n": j.n,
        "challenger": j.challenger,
        "player": j.player,
        "valid": valid,
        "outcome": said,
    }
    return [NewEvent("ag-challenge", payload, slot=SLOT, bump=True)], said
