"""Issue 23: what the word form fills in and what it asks (``compose``), the one-tap word
(``forms.word``), and a word kept through an undo (its still valid choices stay, what
was taken back is dropped and said). Pure, from event lists."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.cards.alpha import DEFAULT_DECK, AlphaCard, Deck
from companion.errors import Conflict
from companion.games.alphagrams.compose import compose, face_down
from companion.games.alphagrams.table import forms
from companion.games.alphagrams.table.state import UNDOABLE

from .test_alphagrams_forms import Play, host

C = AlphaCard


def rows_of(game, word: str, steal: int | None = None, deck: Deck = DEFAULT_DECK, **chosen: str):
    return [(r.letter, str(r.card), r.source, r.ask)
            for r in compose(game, word, steal, deck, chosen or None)]  # fmt: skip


@pytest.fixture
def t() -> Play:
    """Two players; the pool holds M and T; Ann (seat 1) is on turn to make a word."""
    play = Play()
    play.send("flip", card="M")
    play.send("flip", card="T")
    return play


def test_a_consonant_is_filled_in_from_the_pool_or_the_hand(t: Play) -> None:
    assert rows_of(t.state.game, "MTS") == [
        ("M", "M", "pool", False),
        ("T", "T", "pool", False),
        ("S", "S", "hand", False),
    ]
    # a second T: the pool holds one, the other comes from hand
    assert rows_of(t.state.game, "TMT")[2] == ("T", "T", "hand", False)


def test_a_vowel_from_hand_is_asked_while_more_than_one_kind_is_face_down(t: Play) -> None:
    [_, e, _] = rows_of(t.state.game, "MET")
    assert e[2:] == ("hand", True)  # A/E, E/I, E/O, E/U: the app cannot tell which


def test_a_vowel_from_hand_follows_the_deck_the_table_plays_with(t: Play) -> None:
    """A deck whose only E card is E/I: the phone's player holds E/I, never A/E."""
    copies = {c: n for c, n in DEFAULT_DECK.copies.items() if not (c.has("E") and c != C("EI"))}
    deck = replace(DEFAULT_DECK, copies=copies)
    assert rows_of(t.state.game, "MET", deck=deck)[1] == ("E", "E/I", "hand", False)


def test_a_vowel_from_hand_is_never_a_card_whose_copies_are_all_face_up(t: Play) -> None:
    """Three A/E are face up (the pool and a word): an E from hand is another kind."""
    g = t.state.game
    g = replace(g, pool=g.pool + (C("AE"), C("AE"), C("AE")))
    assert face_down(g, DEFAULT_DECK)[C("AE")] == 0
    rows = compose(g, "SEW", None)  # the pool's A/E give the E? yes: pool first
    assert (str(rows[1].card), rows[1].source) == ("A/E", "pool")
    g = replace(g, pool=(C("M"), C("T")), words=())
    g = replace(g, pool=g.pool + (C("AE"),) * 3)
    rows = compose(g, "SEWE", None)  # two E: one from the pool's A/E... and one more
    assert [(str(r.card), r.source) for r in rows if r.letter == "E"] == [
        ("A/E", "pool"),
        ("A/E", "pool"),
    ]
    only_two_ei = {**DEFAULT_DECK.copies, C("AE"): 3}
    g2 = replace(g, pool=(C("AE"), C("AE"), C("AE")))
    for r in compose(g2, "STEEEE", None, replace(DEFAULT_DECK, copies=only_two_ei)):
        if r.source == "hand" and r.letter == "E":
            assert r.card != C("AE")  # all three A/E are in the pool


def test_a_letter_with_every_card_face_up_is_a_wild(t: Play) -> None:
    g = replace(t.state.game, pool=(C("Q"), C("T")))
    assert rows_of(g, "QAT", deck=DEFAULT_DECK)[0] == ("Q", "Q", "pool", False)
    assert rows_of(g, "QQAT")[1] == ("Q", "?", "hand", False)  # the one Q is in the pool


def test_a_pool_vowel_card_that_could_give_either_letter_is_asked(t: Play) -> None:
    g = replace(t.state.game, pool=(C("AE"), C("T")))
    rows = rows_of(g, "EAT")
    assert [r[3] for r in rows[:2]] == [True, True]  # A/E gives the E or the A
    g = replace(t.state.game, pool=(C("AE"), C("AO"), C("T")))
    assert rows_of(g, "OAT") == [
        ("O", "A/O", "pool", False),  # only A/O gives the O: so A/E gives the A
        ("A", "A/E", "pool", False),
        ("T", "T", "pool", False),
    ]


def test_a_wild_in_the_pool_makes_the_letters_from_hand_asked(t: Play) -> None:
    g = replace(t.state.game, pool=(C(""), C("T")))
    assert rows_of(g, "ST")[0] == ("S", "S", "hand", True)


def test_a_word_nothing_is_asked_about_is_made_in_one_tap(t: Play) -> None:
    events = t.send("word", word="mts", step="play")
    assert [e.kind for e in events] == ["ag-word"]
    assert events[0].payload["sources"] == ["pool", "pool", "hand"]


def test_a_word_with_a_letter_asked_shows_its_rows_first_then_stores(t: Play) -> None:
    seen = t.seen()
    form = {**seen, "word": "MEATS", "step": "play"}
    values = forms.word_values(form)
    with pytest.raises(forms.Compose):
        forms.word(t.board(host()), form, values)
    rows = forms.rows_again(t.board(host()), values)
    assert [r.letter for r in rows if r.ask] == ["E", "A"]
    answered = {**form, "rows-for": "MEATS|", "card-1": "E/I", "src-1": "hand",
                "card-2": "A/O", "src-2": "hand"}  # fmt: skip
    [event] = t.send("word", seen=seen, **{k: v for k, v in answered.items() if k not in seen})
    assert event.payload["cards"] == ["M", "E/I=E", "A/O=A", "T", "S"]


def test_a_word_kept_through_an_undo_drops_only_what_was_taken_back(t: Play) -> None:
    """Ann types MEATS with T from the pool and E/I from hand; the host takes back the T:
    stale, and the rows drawn again keep E/I and drop the T, saying so."""
    seen = t.seen()
    form = {**seen, "word": "MEATS", "step": "play", "rows-for": "MEATS|",
            "card-0": "M", "src-0": "pool", "card-1": "E/I", "src-1": "hand",
            "card-2": "A/O", "src-2": "hand", "card-3": "T", "src-3": "pool",
            "card-4": "S", "src-4": "hand"}  # fmt: skip
    t.shell.undo(host(), UNDOABLE)  # the T turned into the pool
    values = forms.word_values(form)
    with pytest.raises(Conflict):
        forms.word(t.board(host()), form, values)
    rows = forms.rows_again(t.board(host()), values)
    said = {r.letter: (str(r.card), r.source, r.ask, r.dropped) for r in rows}
    assert said["E"] == ("E/I", "hand", False, "")
    assert said["M"] == ("M", "pool", False, "")
    assert said["T"][2] and "the pool has no T card now" in said["T"][3]
    assert values["word"] == "MEATS"


def test_a_steal_whose_word_was_taken_back_keeps_the_typed_word(t: Play) -> None:
    t.send("word", word="MTS", step="play")  # hypothetical word MTS (no word check)
    t.send("flip", card="R")
    seen = t.seen()
    form = {**seen, "word": "STORM", "steal": str(t.state.ids[-1]), "step": "play"}
    t.shell.undo(host(), UNDOABLE)  # the R
    t.shell.undo(host(), UNDOABLE)  # MTS: back in the pool
    values = forms.word_values(form)
    with pytest.raises(Conflict):
        forms.word(t.board(host()), form, values)
    assert forms.rows_again(t.board(host()), values) is None
    assert values["word"] == "STORM" and values["steal"] == "" and values["_steal_gone"]


def test_a_row_the_app_filled_in_follows_the_table_a_row_the_phone_chose_stays(t: Play) -> None:
    """Rows drawn before the R was turned: R from hand, filled in. Once the R is in the pool,
    the row left as the app filled it takes the pool's R; a row the phone changed stays."""
    game = t.state.game
    before = {r.letter: r for r in compose(game, "TRAM", None)}
    assert (before["R"].source, before["R"].ask) == ("hand", False)
    g = replace(game, pool=game.pool + (C("R"),))
    sent = {"card-1": "R", "src-1": "hand", "auto-1": "1", "card-2": "A/U", "src-2": "hand"}
    rows = {r.letter: r for r in compose(g, "TRAM", None, DEFAULT_DECK, sent)}
    assert rows["R"].source == "pool" and str(rows["A"].card) == "A/U"
    changed = {"card-1": "R", "src-1": "hand"}  # the phone set it to hand itself
    assert compose(g, "TRAM", None, DEFAULT_DECK, changed)[1].source == "hand"
