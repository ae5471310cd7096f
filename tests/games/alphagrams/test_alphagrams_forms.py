"""AlphaGrams as the phones play it, pure: each form read as the page reads it
(``table.forms``, with the ``Board`` the phone drew), the action checked and stored by the
shell in memory (``tests.games.shell``), folded from the event list. No app, no database;
the word list is the shipped English one the pages use by default.

These are the game facts the web tests used to check through Flask (``tests/web``): scores,
refusals and their words, turn order, challenges, undo, stale forms, options."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

import pytest

from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games import challenges as judge_lines
from companion.games.alphagrams.compose import compose, steal_index
from companion.games.alphagrams.helper import typed_rack
from companion.games.alphagrams.table import forms
from companion.games.alphagrams.table.actions import AlphaGramsTable
from companion.games.alphagrams.table.options import load_options
from companion.games.alphagrams.table.panels import Board
from companion.games.alphagrams.table.state import SLOT, UNDOABLE
from companion.games.alphagrams.table.words import ranking_lines
from companion.games.protocol import Action, Actor, Event
from companion.words import loader
from companion.words.registry import LexiconRegistry
from tests.games.shell import Shell

LISTS = LexiconRegistry([loader.DEFAULT_DIR])
TABLE = AlphaGramsTable(LISTS.get)
NAMES = ("Ann", "Ben", "Cy")
UNDER = " - word list English for word games."  # what the verdict was given under


def host(players: int = 2) -> Actor:
    return Actor("Host", None, True, frozenset(), NAMES[:players])


def phone(seat: int, players: int = 2) -> Actor:
    return Actor(NAMES[seat], seat, False, frozenset(range(players)), NAMES[:players])


class Play:
    """One table; ``send`` posts a form as a phone does, with the target its page was drawn
    for (the turn, seat and ``ag`` version now, unless ``seen`` is given)."""

    def __init__(self, players: int = 2, **options: Any) -> None:
        self.players = players
        opts = load_options({"players": players, "lexicon": "en", **options})
        self.shell = Shell(TABLE, opts, players, NAMES[:players])

    @property
    def state(self) -> Any:
        return self.shell.state

    def board(self, actor: Actor) -> Board:
        s = self.state
        return Board(s, actor, NAMES[: self.players], True, self.shell.versions.get(SLOT, 0),
                     s.judging is not None)  # fmt: skip

    def seen(self) -> dict[str, str]:
        """The hidden fields of the move forms as drawn now (``_target.html``)."""
        s = self.state
        form = {"version": str(self.shell.versions.get(SLOT, 0)), "turn": str(s.turn)}
        if s.game is not None:
            form["seat"] = str(s.game.turn)
        return form

    def read(self, what: str, actor: Actor, form: dict[str, str]) -> Action:
        b = self.board(actor)
        if what == "flip":
            return forms.flip(b, form)
        if what == "pass":
            return forms.action(b, form, "pass", {})
        if what == "end":
            return forms.end(b, form)
        if what == "challenge":
            return forms.challenge(b, form)
        assert what == "word"
        return forms.word(b, form, forms.word_values(form))

    def send(self, what: str, actor: Actor | None = None, seen: dict[str, str] | None = None,
             **fields: Any) -> list[Event]:  # fmt: skip
        form = {**(seen or self.seen()), **{k: str(v) for k, v in fields.items()}}
        if what == "challenge" and "word" not in form:
            form["word"] = str(self.state.ids[-1] if self.state.ids else 0)
        actor = actor or host(self.players)
        return self.shell.act(self.read(what, actor, form), actor)

    def rows(self, word: str, steal: str = "") -> dict[str, str]:
        """The word's card rows as the page draws them (each row's suggested card and
        source selected), or none when the word cannot be composed."""
        try:
            rows = compose(self.state.game, word, steal_index(self.state, steal))
        except Unreadable:
            return {}
        fields = {"rows-for": forms.rows_key(word, steal)}
        for r in rows:
            if r.fixed is None:
                fields[f"card-{r.index}"], fields[f"src-{r.index}"] = str(r.card), r.source
        return fields

    def word(self, word: str, actor: Actor | None = None, seen: dict[str, str] | None = None,
             **fields: Any) -> list[Event]:  # fmt: skip
        """A word as a phone makes it: its rows are shown first, then sent with the word."""
        rows = self.rows(word, str(fields.get("steal", "")))
        return self.send("word", actor, seen, **{**rows, **fields, "word": word, "step": "play"})

    def words(self, seat: int) -> list[str]:
        return [w["text"].upper() for w in TABLE.view(self.state, None, {})["words"]
                if w["seat"] == seat]  # fmt: skip

    def agree_for_all(self) -> list[Event]:
        """The host answers the table's question for every seat without a phone."""
        a = self.state.agreement
        assert a is not None
        seats = [s for s in range(self.players) if s not in a.agreed]
        action = Action("agree", {"agreement": a.k}, self.shell.version("agree", {"agreement":
                                                                                  a.k}),
                        {"seats": seats})  # fmt: skip
        return self.shell.act(action, host(self.players))

    def challenge(self, challenger: int) -> int:
        """The host opens a challenge and confirms it for both sides (no phones)."""
        self.send("challenge", challenger=challenger)
        n = self.state.judging.n
        seen = self.shell.version("confirm", {"challenge": n})
        confirm = Action("confirm", {"challenge": n}, seen, {"roles": "both"})
        self.shell.act(confirm, host(self.players))
        return n

    def history(self) -> list[str]:
        """The history lines the page lists (the judge's, the game's and the table's)."""
        out = []
        for e in self.shell.events:
            e = replace(e, created_at=datetime(2026, 1, 1, 12, 0, 0))
            line = judge_lines.describe(e, list(NAMES)) or TABLE.describe(e, NAMES)
            if line is not None:
                out.append(line)
        return out


@pytest.fixture
def t() -> Play:
    """Two players; the pool holds M and T; Ann (seat 1) is on turn to make a word."""
    play = Play()
    play.send("flip", card="M")
    play.send("flip", card="T")
    return play


# moves


def test_a_word_from_hand_and_pool_moves_the_turn_and_is_logged(t: Play) -> None:
    g = t.state.game
    assert (g.turn, g.phase) == (0, "play")
    t.word("meats")
    assert t.words(0) == ["MEATS"]
    g = t.state.game
    assert (g.turn, g.phase) == (1, "flip")  # Ben's turn: turn a card into the pool
    assert t.history()[-1].endswith("Host: Ann made MEATS")
    tiles = [t.board(host()).tile(c) for c in g.words[0].cards]
    assert [x.kind for x in tiles] == ["consonant", "vowel", "vowel", "consonant", "consonant"]


def test_compose_suggests_pool_cards_and_stores_nothing(t: Play) -> None:
    before = list(t.shell.events)
    form = {**t.seen(), "word": "TEAM", "step": "compose"}
    with pytest.raises(forms.Compose):
        t.read("word", host(), form)
    rows = {r.letter: r for r in compose(t.state.game, "TEAM", None)}
    assert rows["T"].source == "pool" and rows["M"].source == "pool"
    assert rows["E"].source == "hand" and rows["A"].source == "hand"
    assert t.shell.events == before and t.words(0) == []


def test_wild_and_vowel_sides_are_kept(t: Play) -> None:
    fields = {"card-0": "?", "src-0": "hand", "card-1": "E/I", "card-2": "A/U", "src-3": "pool"}
    [made] = t.word("QEAT", **fields)
    assert made.payload["cards"] == ["?=Q", "E/I=E", "A/U=A", "T"]
    tiles = [t.board(host()).tile(c) for c in t.state.game.words[0].cards]
    assert (tiles[0].letter, tiles[0].kind) == ("Q", "wild")  # in capitals, its look says wild
    assert (tiles[1].letter, tiles[1].other) == ("E", "I")
    assert (tiles[2].letter, tiles[2].other) == ("A", "U")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("TEAM", "TEAMS", "TEAMS is only a form of TEAM"),
        ("TEAM", "MATE", "MATE adds no letter to TEAM"),
        ("TEAM", "MEAT", "MEAT adds no letter to TEAM"),
        ("TEAM", "STEAK", "does not use every"),
    ],
)
def test_steal_checks_say_why(t: Play, old: str, new: str, message: str) -> None:
    t.word(old)
    t.send("flip", card="S")
    before = list(t.shell.events)
    with pytest.raises(Forbidden, match=message) as refused:
        t.word(new, steal="1")
    assert not isinstance(refused.value, NotAllowed)  # a 422 with the reason, not a 403
    assert t.shell.events == before
    assert t.words(0) == [old] and t.words(1) == []


def test_steal_bake_to_baked_is_refused() -> None:
    t = Play()
    t.send("flip", card="B")
    t.send("flip", card="K")
    t.word("BAKE")
    t.send("flip", card="D")
    with pytest.raises(Forbidden, match="BAKED is only a form of BAKE"):
        t.word("BAKED", steal="1")
    assert t.words(0) == ["BAKE"] and t.words(1) == []


def test_steal_team_to_meats_is_allowed(t: Play) -> None:
    t.word("TEAM")
    t.send("flip", card="S")
    t.word("MEATS", steal="1")
    assert t.words(0) == [] and t.words(1) == ["MEATS"]
    assert t.history()[-1].endswith("Host: Ben made MEATS, stealing TEAM from Ann")


def test_protect_own_word(t: Play) -> None:
    t.word("TEAM")
    t.send("flip", card="S")
    t.send("pass")
    t.send("flip", card="S")
    t.word("STEAM", steal="1")
    assert t.words(0) == ["STEAM"]
    assert t.history()[-1].endswith("Host: Ann made STEAM, protecting TEAM")


def test_an_overrule_asks_the_table_and_is_logged(t: Play) -> None:
    t.word("TEAM")
    t.send("flip", card="S")
    with pytest.raises(Forbidden, match="TEAMS is only a form of TEAM") as refused:
        t.word("TEAMS", steal="1")
    assert refused.value.field == "overrule"  # the page offers the overrule box
    t.word("TEAMS", steal="1", overrule="1")
    assert t.words(1) == [] and t.state.agreement is not None  # asked, not made
    assert t.state.agreement.agreed == frozenset()  # Ann: has not agreed yet
    t.agree_for_all()
    assert t.words(1) == ["TEAMS"]
    lines = t.history()
    assert any(line.endswith("Host: agreed for Ann (no phone)") for line in lines)
    line = next(x for x in lines if "Ben made TEAMS" in x)
    assert line.endswith(
        "(allowed by the table over: TEAMS is only a form of TEAM (S, ES, ED, D or ING))"
    )


def test_word_checking_option_refuses_non_words() -> None:
    t = Play(check_words=True)
    t.send("flip", card="M")
    t.send("flip", card="T")
    with pytest.raises(Forbidden, match="MTE is not in the table's word list"):
        t.word("MTE")
    t.word("MTE", overrule="1")
    t.agree_for_all()
    assert t.words(0) == ["MTE"]


def test_pass_moves_the_turn_and_a_card_comes_first(t: Play) -> None:
    t.send("pass")
    g = t.state.game
    assert (g.turn, g.phase) == (1, "flip")  # Ben's turn: turn a card into the pool
    with pytest.raises(Forbidden, match="Turn this turn's card"):
        t.send("pass")


# challenges


def test_invalid_word_goes_back_and_its_player_loses_the_turn(t: Play) -> None:
    t.word("MTE")
    t.challenge(1)
    verdict = next(e for e in t.shell.events if e.kind == "judge-verdict")
    assert verdict.payload["valid"] is False  # NOT VALID
    assert t.words(0) == []
    assert t.state.game.turn == 1  # Ben's turn
    assert [str(c) for c in t.state.game.pool] == ["M", "T"]
    ruling = (
        f"NOT VALID{UNDER} The word goes back; Ann loses that turn. Ann: put the 1 card "
        "you drew back on the stock."
    )
    assert any(line.endswith(ruling) for line in t.history())


def test_valid_word_costs_the_challenger_the_turn_in_hand(t: Play) -> None:
    t.word("MEATS")
    t.challenge(1)
    verdict = next(e for e in t.shell.events if e.kind == "judge-verdict")
    assert verdict.payload["valid"] is True
    assert t.words(0) == ["MEATS"]
    assert t.state.game.turn == 0  # Ann's turn
    assert t.state.skipped == (1,)  # "Ben's turn was skipped: they lost a challenge."
    assert any(line.endswith(f"VALID{UNDER} Ben loses this turn.") for line in t.history())


def test_valid_word_costs_a_waiting_challenger_their_next_turn() -> None:
    t = Play(players=3)
    t.send("flip", card="M")
    t.send("flip", card="T")
    t.word("MEATS")
    t.challenge(2)
    assert list(t.state.game.lose_turns) == [0, 0, 1]  # "Cy will miss the next turn."
    assert any(line.endswith(f"VALID{UNDER} Cy misses their next turn.") for line in t.history())
    t.send("flip", card="S")
    t.send("pass")
    assert t.state.game.turn == 0  # Ann's turn
    assert t.state.skipped == (2,)  # "Cy's turn was skipped: they lost a challenge."


def test_moves_wait_while_a_challenge_is_judged(t: Play) -> None:
    t.word("MEATS")
    seen = t.seen()  # the flip form as Ben's phone drew it before the challenge
    t.send("challenge", challenger=1)
    with pytest.raises(Forbidden, match="being judged"):
        t.send("flip", seen=seen, card="S")


def test_no_challenge_after_the_next_card(t: Play) -> None:
    t.word("MEATS")
    form = {**t.seen(), "word": str(t.state.ids[-1])}
    t.send("flip", card="S")
    assert t.board(host()).challengers() == []  # no challenge button is drawn
    with pytest.raises(Forbidden, match="no word this phone can challenge"):
        t.send("challenge", seen={**form, **t.seen()}, challenger=1)


# the end and scoring


def jest_and_meats(t: Play) -> None:
    t.word("MEATS")
    t.send("flip", card="J")
    t.word("JEST")


def test_a_true_tie_shares_its_place_and_no_words_is_said_so(t: Play) -> None:
    t.send("end")  # nobody made a word: 0 points each, words of the same lengths
    t.agree_for_all()
    sheet = TABLE.sheet(t.state)
    assert sheet.winners == (0, 1) and "words of the same lengths" in sheet.reason
    assert ranking_lines(t.state, NAMES[:2]) == ["1. Ann: 0 points (no words)",
                                                 "1. Ben: 0 points (no words)"]  # fmt: skip


def test_end_scores_with_the_longest_word_tie_break(t: Play) -> None:
    jest_and_meats(t)
    t.send("end")
    t.agree_for_all()
    sheet = TABLE.sheet(t.state)
    assert sheet.totals == (5, 5) and sheet.winners == (0,)  # Ann wins
    assert "tie goes to the longest word" in sheet.reason
    assert ranking_lines(t.state, NAMES[:2])[0] == "1. Ann: 5 points (longest word 5 letters)"
    b = t.board(host())
    assert [(w.text.upper(), b.word_points(w)) for _, w in b.words()] == [("MEATS", 5),
                                                                         ("JEST", 5)]  # fmt: skip


def test_end_needs_the_tables_agreement(t: Play) -> None:
    t.send("end")
    assert not t.state.over and t.state.agreement.what == "end the game and score it"
    with pytest.raises(Forbidden, match="agree or not first"):  # no moves while it is asked
        t.word("MEATS")
    t.agree_for_all()
    assert t.state.over
    assert any(line.endswith("The whole table agreed") for line in t.history())


def test_deck_values_change_the_score(t: Play) -> None:
    jest_and_meats(t)
    deck = t.state.deck.to_dict()
    deck["cards"]["J"][1] = 9  # the host's deck screen stores the table's deck as an event
    t.shell.store("alpha-deck", deck, None, "deck", 1)
    t.send("end")
    t.agree_for_all()
    sheet = TABLE.sheet(t.state)
    assert sheet.totals == (5, 6) and sheet.winners == (1,)  # Ben wins


def test_a_stale_move_form_after_a_question_to_the_table_is_refused(t: Play) -> None:
    seen = t.seen()
    t.send("end")
    with pytest.raises(Forbidden, match="agree or not first"):
        t.send("pass", seen=seen)


def test_undo_takes_back_the_last_move(t: Play) -> None:
    t.word("MEATS")
    [undone] = t.shell.undo(host(), UNDOABLE)
    assert undone.kind == "ag-word"
    assert t.words(0) == [] and (t.state.game.turn, t.state.game.phase) == (0, "play")


# refusals and bad input


@pytest.mark.parametrize(
    ("what", "fields"),
    [
        ("word", {"word": "te4m"}),
        ("word", {"word": ""}),
        ("word", {"word": "T" * 300}),
        ("word", {"word": "TEAM", "steal": "99"}),
        ("word", {"word": "TEAM", "steal": "x"}),
        ("word", {"word": "TEAM", "card-0": "Z"}),
        ("word", {"word": "TEAM", "card-0": "T/T"}),
        ("word", {"word": "TEAM", "src-0": "moon"}),
        ("word", {"word": "TEAM", "discard": "nope"}),
        (
            "word",
            {"word": "TEAM", "src-0": "hand", "src-1": "hand", "src-2": "hand", "src-3": "hand"},
        ),  # fmt: skip
        ("word", {"word": "TEAMSTER"}),
        ("word", {"word": "TE"}),
        ("word", {"word": "TEAM", "version": "7"}),
        ("flip", {"card": "??"}),
        ("flip", {"card": ""}),
        ("challenge", {"challenger": "x"}),
        ("challenge", {"challenger": "5"}),
    ],
)
def test_bad_moves_are_refused_in_words(t: Play, what: str, fields: dict) -> None:
    before = list(t.shell.events)
    with pytest.raises((Conflict, Forbidden, Unreadable)) as refused:  # 409 or 422
        if what == "word":
            t.word(fields.pop("word"), **fields)
        else:
            t.send(what, **fields)
    assert not isinstance(refused.value, NotAllowed) and refused.value.message
    assert t.shell.events == before and t.words(0) == []


def test_not_your_turn_is_said_with_the_name(t: Play) -> None:
    with pytest.raises(NotAllowed, match="It is Ann's turn"):
        t.word("MEATS", actor=phone(1))
    assert t.words(0) == []


def test_a_stale_word_is_refused_with_the_turn_now(t: Play) -> None:
    seen = t.seen()
    t.send("pass")
    with pytest.raises(Conflict) as stale:
        t.word("MEATS", seen=seen)
    now = forms.now_line(stale.value.current, NAMES[:2])  # type: ignore[attr-defined]
    assert now == "turn 2, Ben to turn a card."
    assert t.words(0) == []


@pytest.mark.parametrize(
    "options",
    [
        {"players": "6"},
        {"players": "x"},
        {"lexicon": "nope"},
        {"common": "1", "min_zipf": "abc"},
        {"common": "1", "min_zipf": "12"},
    ],
)
def test_bad_options_are_refused(options: dict) -> None:
    data = {"game": "alphagrams", "players": "2", "name-0": "Ann", "name-1": "Ben", **options}
    with pytest.raises(Unreadable):
        TABLE.parse_options(data)


def test_good_options_are_read() -> None:
    data = {"game": "alphagrams", "players": "2", "check_words": "1", "common": "1",
            "min_zipf": "3"}  # fmt: skip
    opts = TABLE.parse_options(data)
    assert opts.players == 2 and opts.check_words and opts.min_zipf == 3


# the entry that matches the cards


def test_rows_of_an_edited_word_are_drawn_again_not_applied(t: Play) -> None:
    old = t.rows("TEAM")  # rows for TEAM: T E A M
    form = {**t.seen(), **old, "word": "MEAT", "step": "play"}  # edited, old rows sent
    values = forms.word_values(form)
    with pytest.raises(forms.Compose):
        forms.word(t.board(host()), form, values)
    rows = forms.rows_again(t.board(host()), values)
    assert [r.letter for r in rows] == list("MEAT")
    assert forms.rows_key("MEAT", "") == "MEAT|"  # what the rows drawn again are for
    assert t.words(0) == []
    t.word("MEAT")
    assert t.words(0) == ["MEAT"]


def test_the_rows_are_shown_before_a_word_is_made(t: Play) -> None:
    form = {**t.seen(), "word": "MEATS", "step": "play", "rows-for": ""}
    values = forms.word_values(form)
    with pytest.raises(forms.Compose):
        forms.word(t.board(host()), form, values)
    rows = forms.rows_again(t.board(host()), values)
    assert [r.source for r in rows] == ["pool", "hand", "hand", "pool", "hand"]


# the helper's input


@pytest.mark.parametrize("cards", ["T4", "?" * 30, "? ? ? ? ? ?", "A/A", "#"])
def test_helper_bad_cards_are_refused_in_words(cards: str) -> None:
    with pytest.raises(Unreadable) as refused:
        typed_rack(cards)
    assert refused.value.message  # the helper page shows it beside the box


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("A/E " * 21, "too long: at most 80 characters of cards"),
        ("TEAMSTEAMSTEAMSTEAMSX", "At most 20 cards"),
        ("A/E " * 15 + "TEAMSX", "At most 20 cards"),
    ],
)
def test_helper_input_is_capped_in_words(cards: str, words: str) -> None:
    with pytest.raises(Unreadable, match=words):
        typed_rack(cards)


def test_helper_takes_twenty_vowel_cards() -> None:
    letters, choices, wilds = typed_rack("A/E " * 10 + "I/O " * 6 + "T S R N")
    assert (letters, len(choices), wilds) == ("TSRN", 16, 0)
