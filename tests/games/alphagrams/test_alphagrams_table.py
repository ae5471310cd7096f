"""AlphaGrams at a table (``companion.games.alphagrams.table.actions``): fold and apply from event
lists, no app and no database."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cards.alpha import AlphaCard
from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games.alphagrams.helper import steals
from companion.games.alphagrams.scoring import card_points
from companion.games.alphagrams.table.actions import AlphaGramsTable
from companion.games.alphagrams.table.options import load_options
from companion.games.alphagrams.table.state import SLOT, State
from companion.games.alphagrams.table.words import describe
from companion.games.plan import Row, plan
from companion.games.protocol import Action, Actor, Event
from companion.words.lexicon import Lexicon, LexiconInfo

WORDS = ["meats", "mates", "team", "teams", "steam", "jest", "mate"]
LEXICON = Lexicon(LexiconInfo("t", "Test", "en"), WORDS)
TABLE = AlphaGramsTable(lambda _: LEXICON)
HOST = Actor("Host", None, True)
ANN = Actor("Ann", 0, False, frozenset({0, 1}))
BEN = Actor("Ben", 1, False, frozenset({0, 1}))
NAMES = ["Ann", "Ben", "Cy"]
PHONED_HOST = Actor("Host", None, True, frozenset({0, 1}))  # the host, Ann and Ben have phones


class Game:
    """A game folded from its events; ``act`` applies an action and folds what it stored."""

    def __init__(self, players: int = 2, **options: Any) -> None:
        opts = load_options({"players": players, **options})
        self.state: State = TABLE.initial(opts, players)
        self.events: list[Event] = []
        self.versions: dict[str, int] = {}

    @property
    def version(self) -> int:
        """The version of the game's own slot (every move names it)."""
        return self.versions.get(SLOT, 0)

    def add(self, kind: str, payload: dict[str, Any], slot: str | None = None,
            version: int | None = None) -> Event:  # fmt: skip
        """Store one event (made here, or as ``act`` plans it) and fold it."""
        if slot:
            self.versions[slot] = version or self.versions.get(slot, 0) + 1
        at = self.versions.get(slot, 1) if slot else None
        event = Event(len(self.events) + 1, kind, "Host", None, None, slot, at, payload)
        self.events.append(event)
        self.state = TABLE.fold(self.state, event)
        return event

    def act(self, kind: str, actor: Actor = HOST, target: dict | None = None,
            **data: Any) -> list[Row]:  # fmt: skip
        """The action at the version its target has now, checked and planned as the service
        does (``plan``); the rows stored."""
        target = target if target is not None else self.target()
        slot = TABLE.target_slot(self.state, Action(kind, target, 0, data))
        assert slot == SLOT or kind in ("agree", "disagree", "confirm", "withdraw")
        action = Action(kind, target, self.versions.get(slot, 0), data)
        rows = plan(TABLE, self.state, self.versions, [action], actor).rows
        for r in rows:
            self.add(r.kind, r.payload, r.slot, r.slot_version)
        return list(rows)

    def agree_all(self, actor: Actor = HOST) -> Any:
        """The host answers the table's question for every seat that has not (no phones)."""
        a = self.state.agreement
        assert a is not None
        seats = [s for s in range(self.state.options.players) if s not in a.agreed]
        return self.act("agree", actor, {"agreement": a.k}, seats=seats)

    def target(self) -> dict[str, Any]:
        g = self.state.game
        return {"turn": self.state.turn, "seat": g.turn if g else 0}

    def word(self, cards: list[str], sources: list[str] | None = None, **kw: Any):
        return self.act("word", cards=cards, sources=sources or ["hand"] * len(cards), **kw)

    def texts(self, seat: int) -> list[str]:
        return [w["text"] for w in TABLE.view(self.state, None, {})["words"] if w["seat"] == seat]


@pytest.fixture
def g() -> Game:
    """Two players, pool M and T, Ann (seat 0) on turn to make a word."""
    game = Game()
    game.act("start", target={"turn": 0}, card="M")
    game.act("flip", card="T")
    return game


def test_start_flip_and_a_word_from_hand_and_pool(g: Game) -> None:
    assert g.state.turn == 1 and g.state.game is not None and g.state.game.phase == "play"
    g.word(["M", "A/E=E", "A/E=A", "T", "S"], ["pool", "hand", "hand", "pool", "hand"])
    view = TABLE.view(g.state, 1, {"ag": g.version})
    assert view["words"] == [{"word": 1, "seat": 0, "text": "MEATS",
                              "cards": ["M", "A/E=E", "A/E=A", "T", "S"]}]  # fmt: skip
    assert view["turn"] == 2 and view["seat"] == 1 and view["phase"] == "flip"
    assert view["version"] == 3 and view["last_word"] == 1 and view["pool"] == []


def test_every_seat_sees_the_same_view(g: Game) -> None:
    g.word(["M", "A/E=E", "A/E=A", "T", "S"], ["pool", "hand", "hand", "pool", "hand"])
    assert TABLE.view(g.state, 0, {}) == TABLE.view(g.state, 1, {}) == TABLE.view(g.state, None, {})


def test_steal_names_the_word_and_keeps_ids(g: Game) -> None:
    g.word(["T", "A/E=E", "A/E=A", "M"], ["pool", "hand", "hand", "pool"])
    g.act("flip", card="S")
    target = {**g.target(), "word": 1}
    g.act("word", target=target, cards=["M", "A/E=E", "A/E=A", "T", "S"],
          sources=["word", "word", "word", "word", "pool"])  # fmt: skip
    assert g.texts(0) == [] and g.texts(1) == ["MEATS"]
    assert TABLE.view(g.state, None, {})["words"][0]["word"] == 2
    line = describe(g.events[-1], NAMES)
    assert line == "Host: Ben made MEATS, stealing TEAM from Ann"


def test_a_steal_of_a_word_no_longer_on_the_table_is_a_conflict(g: Game) -> None:
    g.word(["T", "A/E=E", "A/E=A", "M"], ["pool", "hand", "hand", "pool"])
    g.act("flip", card="S")
    with pytest.raises(Conflict, match="Word 7 is no longer"):
        g.act("word", target={**g.target(), "word": 7}, cards=["S"], sources=["pool"])


def test_inflection_needs_the_tables_overrule_and_is_logged(g: Game) -> None:
    g.word(["T", "A/E=E", "A/E=A", "M"], ["pool", "hand", "hand", "pool"])
    g.act("flip", card="S")
    target = {**g.target(), "word": 1}
    cards, sources = ["T", "A/E=E", "A/E=A", "M", "S"], ["word"] * 4 + ["pool"]
    with pytest.raises(Forbidden, match="TEAMS is only a form of TEAM") as refused:
        g.act("word", target=target, cards=cards, sources=sources)
    assert refused.value.field == "overrule" and not isinstance(refused.value, NotAllowed)
    asked = g.act("word", target=target, cards=cards, sources=sources, overrule=True)
    assert [e.kind for e in asked] == ["agree-open"] and g.texts(1) == []
    done = g.agree_all()
    assert [e.kind for e in done][-2:] == ["agree-done", "ag-word"] and done[-1].slot == "ag"
    assert g.texts(1) == ["TEAMS"]
    assert "(allowed by the table over: TEAMS is only a form of TEAM" in describe(
        g.events[-1], NAMES
    )


def test_word_checking_refuses_words_not_in_the_list() -> None:
    game = Game(check_words=True)
    game.act("start", target={"turn": 0}, card="M")
    game.act("flip", card="T")
    with pytest.raises(Forbidden, match="MTE is not in the table's word list"):
        game.word(["M", "T", "A/E=E"], ["pool", "pool", "hand"])
    game.word(["M", "T", "A/E=E"], ["pool", "pool", "hand"], overrule=True)
    game.agree_all()
    assert game.texts(0) == ["MTE"]


def test_pass_and_end(g: Game) -> None:
    g.act("pass")
    assert g.state.turn == 2 and g.state.game is not None and g.state.game.turn == 1
    with pytest.raises(Forbidden, match="Turn this turn's card"):
        g.act("pass")
    g.act("end", target={"turn": 2})
    assert not g.state.over and g.state.agreement is not None
    with pytest.raises(Forbidden, match="agree or not first"):
        g.act("flip", card="S")
    g.agree_all()
    assert g.state.over and TABLE.sheet(g.state).finished
    with pytest.raises(Forbidden, match="over"):
        g.act("pass")


def test_the_sheet_scores_words_with_the_longest_word_tie_break(g: Game) -> None:
    g.word(["M", "A/E=E", "A/E=A", "T", "S"], ["pool", "hand", "hand", "pool", "hand"])
    g.act("flip", card="J")
    g.word(["J", "A/E=E", "S", "T"], ["pool", "hand", "hand", "hand"])
    g.act("end", target={"turn": g.state.turn})
    g.agree_all()
    sheet = TABLE.sheet(g.state)
    assert sheet.totals == (5, 5) and sheet.winners == (0,)
    assert "tie goes to the longest word" in sheet.reason


def test_a_deck_correction_changes_the_score(g: Game) -> None:
    g.word(["J", "A/E=E", "S", "T"], ["hand", "hand", "hand", "pool"])
    deck = g.state.deck.to_dict()
    deck["cards"]["J"][1] = 9
    g.add("alpha-deck", deck, "deck")
    g.act("end", target={"turn": g.state.turn})
    g.agree_all()
    assert TABLE.sheet(g.state).totals == (6, 0)


@pytest.mark.parametrize(
    ("kind", "target", "data", "error", "message"),
    [
        ("flip", {"turn": 1, "seat": 0}, {"card": "S"}, Forbidden, "No card to turn"),
        ("word", {"turn": 1, "seat": 1}, {}, Forbidden, "seat 1's turn, not seat 2's"),
        ("word", {"turn": 1}, {}, Unreadable, "'seat'"),
        ("word", {"seat": 0}, {}, Unreadable, "'turn'"),
        ("word", {"turn": 2, "seat": 0}, {}, Conflict, "Turn 2 is over"),
        ("word", {"turn": 1, "seat": 0}, {"cards": "MEAT"}, Unreadable, "list"),
        ("word", {"turn": 1, "seat": 0}, {"cards": ["T"], "sources": ["moon"]}, Unreadable,
         "source"),
        ("word", {"turn": 1, "seat": 0}, {"cards": ["T4"], "sources": ["hand"]}, Unreadable,
         "T4"),
        ("word", {"turn": 1, "seat": 0}, {"cards": ["T", "A/E=E"], "sources": ["pool", "hand"]},
         Forbidden, "3"),
        ("word", {"turn": 1, "seat": 0},
         {"cards": ["T", "A/E=E", "A/E=A", "M"], "sources": ["pool"] * 4}, Forbidden, "pool"),
        ("word", {"turn": 1, "seat": 0},
         {"cards": ["T", "A/E=E", "M"], "sources": ["pool", "hand", "pool"], "discard": 5},
         Unreadable, "discard"),
        ("start", {"turn": 0}, {"card": "S"}, Conflict, "started"),
        ("challenge", {"turn": 1, "word": 1}, {"challenger": 1}, Conflict, "moved on"),
        ("dance", {"turn": 1}, {}, Unreadable, "no action"),
    ],
)  # fmt: skip
def test_refusals_have_the_right_error(g: Game, kind: str, target: dict, data: dict,
                                       error: type, message: str) -> None:  # fmt: skip
    before = list(g.events)
    with pytest.raises(error, match=message) as refused:
        TABLE.target_slot(g.state, Action(kind, target, 2, data))
        TABLE.apply(g.state, Action(kind, target, 2, data), HOST)
    if error is Forbidden:
        assert not isinstance(refused.value, NotAllowed)
    assert g.events == before


def test_only_the_seats_phone_or_the_host_moves(g: Game) -> None:
    with pytest.raises(NotAllowed, match="their phone"):
        g.act("pass", actor=BEN)
    with pytest.raises(NotAllowed):
        g.act("end", actor=Actor("Someone"), target={"turn": 1}, agree=True)
    g.act("pass", actor=ANN)
    cy = Actor("Cy", 2, False, frozenset({2}))  # a seated phone moves for seats without one
    g.act("flip", actor=cy, card="S")


def test_stale_targets_are_refused_and_nothing_applies_to_another_turn(g: Game) -> None:
    old = {"turn": 1, "seat": 0}
    g.act("pass")
    g.act("flip", card="S")
    with pytest.raises(Conflict, match="Turn 1 is over"):
        TABLE.apply(g.state, Action("pass", old, g.version), HOST)
    current = TABLE.current(g.state, Action("pass", old, 0))
    assert current["turn"] == 2 and current["seat"] == 1 and current["phase"] == "play"


def challenged(g: Game, valid: bool, challenger: int = 1) -> None:
    if valid:
        g.word(["M", "A/E=E", "A/E=A", "T", "S"], ["pool", "hand", "hand", "pool", "hand"])
    else:
        g.word(["M", "T", "A/E=E"], ["pool", "pool", "hand"])
    new = g.act("challenge", target={"turn": g.state.turn, "word": 1}, challenger=challenger)
    assert [e.kind for e in new] == ["judge-open"] and new[0].slot == "judge1"
    assert new[0].payload["player"] == 0 and new[0].payload["words"] == [g.texts(0)[0]]
    assert g.state.judging is not None
    g.add("ag-challenge", {"n": 1, "challenger": challenger, "player": 0, "valid": valid})
    g.add("judge-verdict", {"n": 1, "valid": valid}, "judge1end")


def test_moves_wait_while_a_challenge_is_judged(g: Game) -> None:
    g.word(["M", "T", "A/E=E"], ["pool", "pool", "hand"])
    g.act("challenge", target={"turn": 2, "word": 1}, challenger=1)
    with pytest.raises(Forbidden, match="being judged"):
        g.act("flip", card="S")
    g.add("judge-cancel", {"n": 1}, "judge1end")
    g.act("flip", card="S")
    with pytest.raises(Conflict, match="moved on"):
        g.act("challenge", target={"turn": 2, "word": 1}, challenger=1)


def test_an_invalid_word_goes_back_and_its_player_loses_the_turn(g: Game) -> None:
    challenged(g, valid=False)
    assert g.texts(0) == [] and g.state.game is not None and g.state.game.turn == 1
    assert [str(c) for c in g.state.game.pool] == ["M", "T"]


def test_a_valid_word_costs_the_challenger_the_turn_in_hand(g: Game) -> None:
    challenged(g, valid=True)
    assert g.texts(0) == ["MEATS"] and g.state.skipped == (1,)
    assert g.state.game is not None and g.state.game.turn == 0 and g.state.turn == 3


def test_challenges_name_another_players_word(g: Game) -> None:
    g.word(["M", "T", "A/E=E"], ["pool", "pool", "hand"])
    with pytest.raises(Forbidden, match="another player"):
        g.act("challenge", target={"turn": 2, "word": 1}, challenger=0)
    with pytest.raises(NotAllowed):
        g.act("challenge", actor=ANN, target={"turn": 2, "word": 1}, challenger=1)


def test_a_stored_move_the_engine_refuses_is_skipped_and_reported(g: Game) -> None:
    g.add("ag-flip", {"seat": 0, "card": "S"})
    assert g.state.problems and "flip" in g.state.problems[0]
    assert g.state.turn == 1


def test_undo_events_are_ignored_by_fold(g: Game) -> None:
    before = g.state
    g.add("undo", {"undoes": 2, "what": "ag-flip"})
    assert g.state == before
    assert describe(g.events[-1], NAMES) == "Host: undid a change (a card turned)"


def test_history_lines_are_plain_words(g: Game) -> None:
    g.act("pass")
    lines = [describe(e, NAMES) for e in g.events]
    assert lines == ["Host: turned M to start the pool", "Host: Ann turned T into the pool",
                     "Host: Ann passed"]  # fmt: skip
    assert describe(Event(9, "judge-open", payload={}), NAMES) is None


def test_options_and_actions_are_documented() -> None:
    assert set(TABLE.actions) == {"start", "flip", "word", "pass", "challenge", "end", "confirm",
                                  "withdraw", "agree", "disagree"}  # fmt: skip
    assert TABLE.parse_options({"players": "3", "lexicon": "t"}).players == 3
    with pytest.raises(Unreadable):
        TABLE.parse_options({"players": "9"})


# the word judge's steps and the table's agreements as protocol actions


def test_confirmations_from_each_phone_give_the_verdict_and_its_effect(g: Game) -> None:
    g.word(["M", "T", "A/E=E"], ["pool", "pool", "hand"])  # MTE: not in the list
    g.act("challenge", BEN, {"turn": 2, "word": 1}, challenger=1)
    target = {"challenge": 1}
    assert TABLE.target_slot(g.state, Action("confirm", target, 1)) == "judge1"
    with pytest.raises(NotAllowed, match="Seat 1's phone confirms"):  # not the host alone
        g.act("confirm", PHONED_HOST, target, roles=["player", "challenger"])
    first = g.act("confirm", ANN, target, roles=["player"])
    assert [e.kind for e in first] == ["judge-confirm"] and first[0].slot == "judge1player"
    with pytest.raises(Conflict, match="confirmed already"):
        g.act("confirm", ANN, target, roles=["player"])
    moves = g.version
    last = g.act("confirm", BEN, target, roles=["challenger"])
    assert [e.kind for e in last] == ["judge-confirm", "judge-verdict", "ag-challenge"]
    verdict, effect = last[1], last[2]  # the challenge's own slot; the game's, at its next
    assert (verdict.slot, verdict.slot_version) == ("judge1", 2)
    assert verdict.payload["valid"] is False
    assert (effect.slot, effect.slot_version) == (SLOT, moves + 1) and g.version == moves + 1
    assert verdict.payload["outcome"] == (
        "The word goes back; seat 1 loses that turn. seat 1: put the 1 card you drew back "
        "on the stock."
    )
    assert g.state.judging is None and g.texts(0) == []
    with pytest.raises(Conflict, match="decided already"):
        g.act("withdraw", BEN, target)


def test_only_the_challenger_withdraws(g: Game) -> None:
    g.word(["M", "T", "A/E=E"], ["pool", "pool", "hand"])
    g.act("challenge", BEN, {"turn": 2, "word": 1}, challenger=1)
    with pytest.raises(NotAllowed):
        g.act("withdraw", ANN, {"challenge": 1})
    assert [e.kind for e in g.act("withdraw", BEN, {"challenge": 1})] == ["judge-cancel"]
    assert g.state.judging is None
    g.act("flip", card="S")  # the game goes on


def test_an_overrule_waits_for_every_phone_and_one_no_drops_it() -> None:
    game = Game(check_words=True)
    game.act("start", target={"turn": 0}, card="M")
    game.act("flip", card="T")
    asked = game.word(["M", "T", "A/E=E"], ["pool", "pool", "hand"], overrule=True)
    assert [e.kind for e in asked] == ["agree-open"]  # the host asked: no seat agreed yet
    k = game.state.agreement.k
    game.act("agree", ANN, {"agreement": k})
    with pytest.raises(NotAllowed, match="only Seat 2's phone"):
        game.act("agree", PHONED_HOST, {"agreement": k}, seats=[1])
    game.act("disagree", BEN, {"agreement": k})
    assert game.state.agreement is None and game.texts(0) == []
    lines = [describe(e, NAMES) for e in game.events[-3:]]
    assert lines[-1].endswith(": does not agree, so nothing changes")  # (the harness signs "Host")


def test_card_counts_are_checked_against_the_deck() -> None:
    game = Game()
    game.act("start", target={"turn": 0}, card="K")
    with pytest.raises(Forbidden, match="only 1 K card") as refused:
        game.act("flip", card="K")  # the deck has one K: a second cannot be turned
    assert refused.value.field == "deck-copies"
    game.act("flip", card="T")
    with pytest.raises(Forbidden, match="only 1 K card"):
        game.word(["K", "A/E=E", "K"], ["pool", "hand", "hand"])
    assert game.texts(0) == []


def test_the_helper_lists_steals_of_the_words_on_the_table(g: Game) -> None:
    g.word(["T", "A/E=E", "A/E=A", "M"], ["pool", "hand", "hand", "pool"])
    g.act("flip", card="S")
    game = g.state.game
    assert game is not None
    found = steals(LEXICON, game.words, game.pool, g.state.deck)
    assert {s.shown for s in found} == {"MEATS", "MATES", "TEAMS", "STEAM"}
    assert all(s.taken == "TEAM" and s.seat == 0 for s in found)
    assert [s.shown for s in found] == sorted(s.shown for s in found)  # same length and points
    assert found[0].points == sum(
        card_points(c.card, g.state.deck) for c in game.words[0].cards
    ) + (card_points(AlphaCard("S"), g.state.deck))


def test_a_wild_card_is_said_in_capitals_and_named_as_wild():
    from companion.games.alphagrams.table.words import describe as said
    from companion.games.protocol import Event as Stored

    made = Stored(1, "ag-word", "Ann", 0, payload={"seat": 0, "text": "HIDe", "stolen": "HId",
                                                    "from_seat": 1})  # fmt: skip
    line = said(made, ["Ann", "Cy"])
    assert line == "Ann: Ann made HIDE (wild E), stealing HID (wild D) from Cy", line
