"""What the AlphaGrams pages show and how their forms become actions (``table.panels``,
``compose``, ``table.forms``, ``helper.typed_rack``): pure, from event lists, no app."""

from __future__ import annotations

import pytest

from companion.cards.alpha import AlphaCard, PlayedAlpha
from companion.errors import Forbidden, NotAllowed, Unreadable
from companion.games.alphagrams.compose import choices_for, clean_word, compose, played, steal_index
from companion.games.alphagrams.helper import typed_rack
from companion.games.alphagrams.table import forms
from companion.games.alphagrams.table.panels import Board
from companion.games.protocol import Actor, Event

from .test_alphagrams_table import ANN, BEN, HOST, NAMES, Game

FORM = {"turn": "2", "seat": "1", "version": "3"}


@pytest.fixture
def g() -> Game:
    """Ann made MEATS (word 1, M and T from the pool); Ben on turn to turn a card."""
    game = Game()
    game.act("start", target={"turn": 0}, card="M")
    game.act("flip", card="T")
    game.word(["M", "A/E=E", "A/E=A", "T", "S"], ["pool", "hand", "hand", "pool", "hand"])
    return game


def board(g: Game, actor: Actor = HOST, **kw) -> Board:
    return Board(g.state, actor, tuple(NAMES[:2]), **{"version": 3, **kw})  # FORM's version


@pytest.mark.parametrize("typed, shown", [(" team ", "TEAM"), ("x" * 20, "X" * 20)])
def test_clean_word(typed: str, shown: str) -> None:
    assert clean_word(typed) == shown


@pytest.mark.parametrize("typed", ["", "te am", "tëam", "x" * 21])
def test_clean_word_refuses(typed: str) -> None:
    with pytest.raises(Unreadable):
        clean_word(typed)


@pytest.mark.parametrize(
    "letter, cards", [("T", ["T", "?"]), ("A", ["A/E", "A/I", "A/O", "A/U", "?"])]
)
def test_choices_for(letter: str, cards: list[str]) -> None:
    assert [str(c) for c in choices_for(letter)] == cards


def test_compose_suggests_pool_then_hand_and_keeps_the_stolen_cards(g: Game) -> None:
    g.act("flip", target={"turn": 2, "seat": 1}, card="T")
    rows = compose(g.state.game, "tteams", steal_index(g.state, "1"))
    assert [r.source for r in rows] == ["word", "pool", "word", "word", "word", "word"]
    assert rows[0].fixed == PlayedAlpha(AlphaCard("T"), "T") and rows[1].card == AlphaCard("T")
    fresh = compose(g.state.game, "AXE", None)
    # MEATS shows two of the three A/E: A and E from hand are asked, the kind with most
    # copies still face down suggested (never the A/E a fourth time); X is its own card
    assert [(str(r.card), r.source, r.ask) for r in fresh] == [
        ("A/I", "hand", True),
        ("X", "hand", False),
        ("E/I", "hand", True),
    ]


def test_steal_index(g: Game) -> None:
    assert steal_index(g.state, " ") is None and steal_index(g.state, "1") == 0
    for raw in ("2", "x"):
        with pytest.raises(Unreadable):
            steal_index(g.state, raw)


def test_played_reads_cards_and_sources_with_the_suggestions_as_defaults(g: Game) -> None:
    rows = compose(g.state.game, "AT", None)
    assert played(rows, {}) == (["A/I=A", "T"], ["hand", "hand"])
    assert played(rows, {"card-0": "a/i", "src-1": "pool"}) == (["A/I=A", "T"], ["hand", "pool"])
    with pytest.raises(Unreadable, match="cannot be played as A"):
        played(rows, {"card-0": "T"})
    with pytest.raises(Unreadable, match="hand or pool"):
        played(rows, {"src-0": "stock"})


def test_board_tiles_words_and_who_may_act(g: Game) -> None:
    b = board(g, ANN)
    assert [i for i, _ in b.words_of(0)] == [1] and b.words_of(1) == [] and b.last_word == 1
    tile = b.tile(PlayedAlpha(AlphaCard("AE"), "E"))
    assert (tile.letter, tile.kind, tile.other) == ("E", "vowel", "A")
    assert b.card_tile(AlphaCard("")).letter == "?"
    assert b.may_act(0) and not b.may_act(1) and not b.may_act(5)
    assert not board(g, ANN, current=False).may_act(0)
    assert board(g, HOST).challengers() == [1] and board(g, ANN).challengers() == []
    assert board(g, HOST, challenge=True).challengers() == []
    assert not b.helper_open and len(b.all_cards()) > 20


def test_form_actions_name_their_target(g: Game) -> None:
    b = board(g, BEN)
    flip = forms.flip(b, {**FORM, "card": " r "})
    assert (flip.kind, dict(flip.target), flip.version, flip.data) == (
        "flip",
        {"turn": 2, "seat": 1},
        3,
        {"card": "r"},
    )
    assert forms.end(b, {**FORM, "agree": "1"}).data == {"agree": True}
    with pytest.raises(NotAllowed, match="Ann's turn"):
        forms.action(b, {**FORM, "seat": "0"}, "pass", {})
    with pytest.raises(Unreadable, match="'version'"):
        forms.action(b, {"turn": "2", "seat": "1"}, "pass", {})
    start = forms.flip(board(Game()), {"turn": "0", "version": "0", "card": "M"})
    assert start.kind == "start" and "deck" in start.data and start.target == {"turn": 0}


def test_challenge_form(g: Game) -> None:
    action = forms.challenge(board(g, BEN), {**FORM, "challenger": "1", "word": "1"})
    assert action.target == {"turn": 2, "word": 1} and action.data == {"challenger": 1}
    with pytest.raises(Forbidden):
        forms.challenge(board(g, ANN), {**FORM, "challenger": "0", "word": "1"})


def test_word_form_composes_first_then_plays(g: Game) -> None:
    g.act("flip", target={"turn": 2, "seat": 1}, card="R")
    form = {**FORM, "word": "steamr", "steal": "1", "step": "compose"}
    stale = forms.word_values({**form, "card-5": "R", "rows-for": "STEAM|1", "other": "x"})
    assert "card-5" not in stale  # rows of another word are dropped
    with pytest.raises(forms.Compose):  # "Cards…": every row is shown, nothing stored
        forms.word(board(g, BEN), form, stale)
    assert stale["_all"]
    shown = {**form, "card-5": "R", "rows-for": "STEAMR|1", "other": "x"}
    values = forms.word_values(shown)
    with pytest.raises(forms.Compose):
        forms.word(board(g, BEN), form, values)
    assert values["_rows"] and "other" not in values and values["card-5"] == "R"
    assert [r.letter for r in forms.rows_again(board(g, BEN), values) or []] == list("STEAMR")
    action = forms.word(board(g, BEN), {**shown, "step": "play"}, values)
    assert action.target == {"turn": 2, "seat": 1, "word": 1}
    assert action.data["sources"] == ["word"] * 5 + ["pool"] and action.data["cards"][-1] == "R"
    assert forms.rows_again(board(g, BEN), {"word": "x1", "_rows": True}) is None


def test_lines_for_the_pages(g: Game) -> None:
    event = Event(9, "ag-pass", "Ann", 0, None, "ag", 4, {"seat": 0})
    assert forms.saved_line(event, NAMES) == "Ann passed."
    assert forms.saved_line(Event(9, "judge-open", "Ann", 0, None, None, 1, {}), NAMES).startswith(
        "Challenge opened"
    )
    assert (
        forms.now_line({"turn": 3, "seat": 1, "phase": "flip"}, NAMES)
        == "turn 3, Ben to turn a card."
    )
    assert forms.now_line({"turn": 3, "seat": 9, "phase": "over"}, NAMES) == "the game is over."
    assert forms.outcome(g.state, 1, 0, True, NAMES) == "Ben loses this turn."
    assert (
        forms.outcome(g.state, 1, 0, False, NAMES)
        == "The word goes back; Ann loses that turn. Ann: put the 3 cards you drew back "
        "on the stock."
    )
    assert forms.outcome(g.state, 0, 1, True, NAMES) is None


@pytest.mark.parametrize(
    "raw, rack", [("T E A/E ? team", ("TETEAM", ["AE"], 1)), ("", ("", [], 0))]
)
def test_typed_rack(raw: str, rack: tuple) -> None:
    assert typed_rack(raw) == rack


@pytest.mark.parametrize("raw", ["T3", "? ? ? ? ?", "A/A"])
def test_typed_rack_refuses(raw: str) -> None:
    with pytest.raises(Unreadable):
        typed_rack(raw)
