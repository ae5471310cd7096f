"""What Consonants' pages show and say, from plain values (no app): the words
(``table.words``: history lines, saved lines, a verdict) and the entry box
(``table.panels``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from companion.cards.alpha import AlphaCard
from companion.games.consonants.table import options, words
from companion.games.consonants.table.actions import GAME
from companion.games.consonants.table.panels import Display
from companion.games.protocol import Action, Actor, Event
from tests.games.consonants.test_consonants_table import ANN, BEN, HOST, WATCHER, Table

NAMES = ["Ann", "Ben", "Cy", "Dee"]
AT = datetime(2024, 5, 1, 20, 15, 30)
CY = Actor("Cy", 2, phones=frozenset({0, 1, 2}))


def event(kind: str, payload: dict, round: int | None = 2, actor: str = "Ben") -> Event:
    return Event(1, kind, actor, 1, round, "c2", 1, payload, AT)


# history lines


@pytest.mark.parametrize(
    "kind, payload, line",
    [
        ("cons-taken", {"seat": 1, "cards": ["J", "A/E"]}, "hand 2, Ben took J A/E"),
        ("cons-taken", {"seat": 2, "cards": []}, "hand 2, Cy took no cards"),
        ("cons-words", {"seat": 0, "words": ["JEST", "TASK"]}, "hand 2, Ann laid JEST TASK"),
        ("cons-words", {"seat": 9, "words": []}, "hand 2, a seat laid no words"),
        ("cons-fly", {"choice": "subtract"}, "hand 2, Flying by Night: -50 for the flyer"),
        ("cons-fly", {"choice": "add"}, "hand 2, Flying by Night: +50 for everyone else"),
        ("cons-trick", {"trick": 2, "leader": 3, "cards": ["J", "T"]},
         "hand 2, trick 3 led by Dee: J T"),
        ("cons-close", {"scores": {}}, "hand 2 scored"),
        ("cons-challenge", {"word": "JEST", "valid": True, "challenger": 1},
         "hand 2, JEST stands after Ben's challenge"),
        ("cons-challenge", {"word": "TSEJ", "valid": False, "challenger": 2},
         "hand 2, TSEJ fails after Cy's challenge"),
    ],
)  # fmt: skip
def test_describe_words_each_event_with_time_and_actor(kind, payload, line):
    assert GAME.describe(event(kind, payload), NAMES) == f"20:15:30 Ben: {line}"


def test_describe_words_undos_and_leaves_other_kinds_to_the_shell():
    undo = event("undo", {"undoes": 5, "what": "cons-words"})
    assert GAME.describe(undo, NAMES) == "20:15:30 Ben undid a change (hand 2, the words)"
    assert GAME.describe(event("undo", {"undoes": 5, "what": "score"}), NAMES) is None
    for kind in ("join", "judge-open", "alpha-deck"):
        assert GAME.describe(event(kind, {"seat": 1}), NAMES) is None
    no_time = Event(1, "cons-close", "", None, 1, payload={})
    assert GAME.describe(no_time, NAMES) == "Someone: hand 1 scored"


# what a phone is told


def saved(state, kind: str, target: dict) -> str:
    return words.saved(Action(kind, target, 0), state, NAMES)


def test_saved_lines_name_the_seat_the_trick_or_the_hand():
    t = Table()
    t.enter()
    t.act("words", {"hand": 1, "seat": 0}, {"words": "JEST"})
    s = t.state
    assert saved(s, "taken", {"hand": 1, "seat": 1}) == "Ben's cards are in."
    assert saved(s, "words", {"hand": 1, "seat": 0}) == "Ann lays JEST."
    assert saved(s, "words", {"hand": 1, "seat": 2}) == "Cy lays no words."
    assert saved(s, "trick", {"hand": 1, "trick": 4}) == "Trick 5 is in."
    assert saved(s, "fly", {"hand": 1}) == "The choice is in."
    assert saved(s, "done", {"hand": 3}) == "Hand 3 is scored."
    assert saved(s, "challenge", {"hand": 1, "seat": 0}).startswith("Challenge opened")
    assert saved(s, "taken", {"hand": 1, "seat": 9}) == "The seat's cards are in."


def test_a_verdict_moves_the_words_points_and_says_so():
    deck = Table().state.deck
    ref = {"hand": "1", "seat": 0, "word": "JEST"}
    payload, line = words.verdict(ref, 2, 1, True, deck, NAMES) or ({}, "")
    assert payload == {"n": 2, "hand": 1, "seat": 0, "word": "JEST", "challenger": 1,
                       "valid": True}  # fmt: skip
    assert line == "JEST stands. Ann −22, Ben +22."
    _, line = words.verdict(ref, 2, 1, False, deck, NAMES) or ({}, "")
    assert line == "JEST is not a word: it was never laid. Ben −22, Ann +22."
    assert words.verdict({"hand": 1, "word": "JEST"}, 2, 1, True, deck, NAMES) is None


def test_the_options_form_offers_the_ways_leads_and_cycles():
    form = options.form()
    assert set(form) == {"help", "entry", "leads", "cycles"}
    assert list(form["entry"]) == ["cards", "tricks"] and form["cycles"][0][0] == ""


# the entry box


def display(t: Table, actor: Actor = HOST, **extra) -> Display:
    return Display(t.state, NAMES, actor, t.versions, **extra)


def test_the_way_follows_the_hand_then_the_phones_choice_then_the_table():
    t = Table()
    by_tricks = replace(t.state, options=replace(t.state.options, entry="tricks"))
    assert display(t).way == "cards" and Display(by_tricks, NAMES).way == "tricks"
    assert display(t, chosen="tricks").way == "tricks"
    assert display(t, chosen="nonsense").way == "cards"
    t.act("taken", {"hand": 1, "seat": 0}, {"cards": "J"})
    assert display(t, chosen="tricks").way == "cards"
    t2 = Table()
    t2.act("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": "J A/E=E T S"})
    assert display(t2, chosen="cards").way == "tricks"


def test_who_may_enter_which_seat():
    t = Table()
    assert display(t).entry_seats() == [0, 1, 2, 3]
    assert display(t, ANN).entry_seats() == [0, 2, 3]  # Ben's seat has a phone
    assert display(t, CY).entry_seats() == [2, 3]
    assert display(t, WATCHER).entry_seats() == []
    assert display(t, current=False).entry_seats() == []


def test_the_taken_form_is_for_the_seat_asked_for_else_the_phones_own():
    t = Table()
    assert display(t, ANN).taken_seat({}) == 0 and display(t).taken_seat({}) == 0
    assert display(t, ANN).taken_seat({"seat": "3"}) == 3
    assert display(t, ANN, asked="2").taken_seat({}) == 2
    assert display(t, ANN, asked="1").taken_seat({"seat": "x"}) == 0  # Ben's: not Ann's to enter
    assert display(t, WATCHER).taken_seat({}) is None


def test_flying_by_night_is_chosen_by_the_flyer():
    t = Table()
    t.enter(given={0: "J K Q V X Z", 1: "T", 2: "N"})
    hand = t.state.current
    assert hand.flyer == 0 and hand.choice_required
    assert display(t, ANN).may_choose(hand) and not display(t, BEN).may_choose(hand)
    assert not display(t).may_choose(hand)  # the flyer has a phone
    assert not display(t, ANN, current=False).may_choose(hand)


def test_challenges_who_for_whom_and_when():
    t = Table()
    t.enter()
    t.act("words", {"hand": 1, "seat": 0}, {"words": "JEST"})
    hand = t.state.current
    assert display(t).challengers(0) == [1, 2, 3]
    assert display(t, BEN).challengers(0) == [1] and display(t, ANN).challengers(0) == []
    assert display(t, BEN).may_challenge(hand, 0, "JEST")
    assert not display(t, WATCHER).may_challenge(hand, 0, "JEST")
    t.act("challenge", {"hand": 1, "seat": 0}, {"word": "JEST", "challenger": 1})
    assert not display(t, BEN).may_challenge(t.state.current, 0, "JEST")  # being judged


def test_cards_tiles_doubles_and_what_others_entered():
    t = Table()
    t.act("taken", {"hand": 1, "seat": 0}, {"cards": "J T"})
    t.act("taken", {"hand": 1, "seat": 1}, {"cards": "J"})
    d, hand = display(t), t.state.current
    assert d.doubles(hand) == [(AlphaCard.parse("J"), ["Ann", "Ben"])]
    assert d.others_count(hand, 0) == {"J": 1}
    assert d.taken_text(hand, 0) == "J T" and d.taken_text(hand, 2) == ""
    tiles = d.tiles()
    assert tiles[0].kind == "consonant" and tiles[-1].kind != "consonant"
    assert sum(t.copies for t in tiles) == t.state.deck.size


def test_tricks_rows_the_next_leader_cards_left_and_problems():
    t = Table()
    assert display(t).next_leader(t.state.current) is None  # the J leads, wherever it is
    assert display(Table(first_lead="left-of-dealer")).next_leader(t.state.current) == 1
    t.act("trick", {"hand": 1, "trick": 0}, {"leader": 0, "cards": "J A/E=E T S"})
    d, hand = display(t), t.state.current
    assert d.trick_rows(hand) == [(1, "Ann", "J A/E=E T S", "Cy")] and d.next_leader(hand) == 2
    left = {tile.card: n for tile, n in d.cards_left(hand)}
    assert (left["J"], left["T"], left["A/E"]) == (0, 2, 2)
    assert d.trick_problems(hand) == []
    assert d.version("trick", 0) == 1 and d.version("trick", 1) == 0
    t.act("trick", {"hand": 1, "trick": 1}, {"leader": 1, "cards": "T S R N"})
    problems = display(t).trick_problems(t.state.current)
    assert problems[-1] == "Ben led trick 2, but Cy won trick 1 and had to lead next."


def test_the_hand_panel_lines_and_standings():
    t = Table()
    d = display(t, ANN)
    assert d.lead_line(1).startswith("The J leads the first trick")
    left = display(Table(first_lead="left-of-dealer"))
    assert left.lead_line(1) == "Ben (left of the dealer) leads any card."
    assert d.pass_line(1).text == "Pass 4 cards to Ben, on your left."
    assert (d.cards_per_seat, d.kitty) == (18, 2)
    t.enter()
    t.close(1)
    assert display(t).standings() == [("Cy", 40), ("Ben", 41), ("Ann", 42), ("Dee", 81)]
