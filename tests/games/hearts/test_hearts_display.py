"""What Hearts' pages show, from plain values (no app): the words (``table.words``), the
options form (``table.setup``) and the entry box (``table.panels``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from companion.cards.standard import Card
from companion.games.hearts import HandReport
from companion.games.hearts.table import setup, summary, words
from companion.games.hearts.table.actions import GAME
from companion.games.hearts.table.options import parse_options
from companion.games.hearts.table.panels import Display
from companion.games.hearts.table.state import Hand, State
from companion.games.protocol import Actor, Event
from tests.games.hearts.test_hearts_table import ANN, BEN, HEARTS, HOST, Table, taken, trick

NAMES = ["Ann", "Ben", "Cy", "Di"]
AT = datetime(2024, 5, 1, 20, 15, 30)


def event(kind: str, payload: dict, round: int | None = 2, actor: str = "Ben") -> Event:
    return Event(1, kind, actor, 1, round, "h2", 1, payload, AT)


# words


def test_named_swaps_seats_for_names_and_leaves_unknown_seats():
    assert words.named("Seat 2 revoked; Seat 9 too", NAMES) == "Ben revoked; Seat 9 too"


@pytest.mark.parametrize("card, shown", [("QS", "Q♠"), ("TH", "10♥"), (Card.parse("2C"), "2♣")])
def test_face_shows_suit_symbols(card, shown):
    assert words.face(card) == shown


def test_pass_line_is_said_per_seat_or_for_everyone():
    options = parse_options({"players": 4})
    mine = words.pass_line(options, 1, 0, NAMES)
    assert (mine.direction, mine.text) == ("left", "Pass 3 cards to Ben, on your left.")
    assert words.pass_line(options, 3, None, NAMES).text == "Everyone passes 3 cards across."
    assert words.pass_line(options, 4, 2, NAMES).text == "Hold: no pass this hand."


def test_lead_line_names_the_card_or_the_seat():
    assert words.lead_line(parse_options({"players": 4}), 0, NAMES) == "The 2♣ leads."
    left = parse_options({"players": 4, "first_lead": "left-of-dealer"})
    assert words.lead_line(left, 1, NAMES).startswith("Cy (left of the dealer)")


@pytest.mark.parametrize(
    "kind, payload, line",
    [
        ("hearts-taken", {"taken": {"1": ["QS"], "0": ["2H"], "2": []}},
         "hand 2, cards taken: Ann 2H; Ben QS"),
        ("hearts-claim", {"seat": 2, "cards": [], "sun": False}, "hand 2, Cy took no points"),
        ("hearts-claim", {"seat": 0, "cards": ["QS"], "sun": True},
         "hand 2, Ann took QS and every trick"),
        ("hearts-moon", {"choice": "subtract"}, "hand 2, moon: the shooter subtracts"),
        ("hearts-trick", {"trick": 0, "leader": 3, "cards": ["2C", "3C"]},
         "hand 2, trick 1 led by Di: 2C 3C"),
        ("hearts-revoke", {"seat": 1, "trick": 4}, "hand 2, recorded a revoke by Ben on trick 5"),
    ],
)  # fmt: skip
def test_describe_words_each_event_with_time_and_actor(kind, payload, line):
    assert GAME.describe(event(kind, payload), NAMES) == f"20:15:30 Ben: {line}"


def test_describe_words_undos_of_hearts_events_and_leaves_the_rest_to_the_shell():
    undo = event("undo", {"undoes": 5, "what": "hearts-trick"})
    assert GAME.describe(undo, NAMES) == "20:15:30 Ben undid a change (hand 2, a trick)"
    assert GAME.describe(event("undo", {"undoes": 5, "what": "score"}), NAMES) is None
    assert GAME.describe(event("join", {"seat": 1}), NAMES) is None
    no_time = Event(1, "hearts-moon", "", None, 1, payload={"choice": "add"})
    assert GAME.describe(no_time, NAMES) == "Someone: hand 1, moon: added to the others"


# the options form


def test_form_fields_follow_the_order_with_a_blank_for_the_preset():
    fields = {key: (widget, choices) for key, widget, choices in setup.form_fields()}
    assert [f[0] for f in setup.form_fields()] == list(setup.ORDER)
    assert fields["target"] == ("number", [])
    assert fields["shoot_the_sun"][1][0] == ("", "as the preset says")
    assert ("left,right,across,hold", "4 players: left, right, across, hold") in fields[
        "pass_cycle"
    ][1]
    assert set(setup.form()["help"]) >= set(setup.ORDER)


@pytest.mark.parametrize(
    "key, value, shown",
    [("partnership", None, "no partners"), ("tie_continues", True, "yes"), ("target", 26, "26"),
     ("pass_cycle", ("left", "2nd-right"), "left, two seats right"),
     ("moon_policy", "add", "26 to everyone else"), ("bonus_card", "JD", "jack of diamonds")],
)  # fmt: skip
def test_shown_words_an_option_value(key, value, shown):
    assert setup.form()["shown"](key, value) == shown


# the entry box


def display(t: Table, actor: Actor = HOST, **extra) -> Display:
    return Display(t.state, NAMES, actor, t.versions, **extra)


def test_the_way_follows_the_phone_its_choice_and_the_tricks():
    t = Table()
    assert display(t).way == "all" and display(t, ANN).way == "mine"
    assert display(t, ANN, chosen="all").way == "all"
    assert display(t, HOST, chosen="mine").way == "all"  # no seat: no cards of its own
    assert list(display(t).ways()) == ["all", "numbers", "tricks"]
    assert display(Table(entry="tricks"), ANN).way == "tricks"
    t.act(*trick(1, 0, 0, ["2C", "3C", "4C", "5C"]))
    assert display(t, ANN, chosen="mine").way == "tricks"


def test_claims_show_doubles_the_unclaimed_and_the_prefill():
    t = Table()
    t.act("claim", {"hand": 1, "seat": 0}, {"cards": ["QS", "2H"]}, ANN)
    t.act("claim", {"hand": 1, "seat": 1}, {"cards": ["QS", "3H"]}, BEN)
    d, hand = display(t, BEN), t.state.current
    assert d.doubles(hand) == [(Card.parse("QS"), ["Ann", "Ben"])]
    assert d.mine(hand) == "QS 3H" and display(t).mine(hand) == ""
    assert d.others_label(hand, Card.parse("QS")) == "Ann"
    assert len(d.unclaimed(hand)) == 11 and Card.parse("4H") in d.unclaimed(hand)
    assert d.prefill(hand) == {0: "2H", 1: "3H", 2: "", 3: ""}  # the Q♠ claimed twice: nobody


def test_a_saved_hand_in_words_and_the_standings():
    t = Table()
    t.act(*taken(1, {0: "QS 2H"}, rest=1))
    d = display(t)
    assert d.taken_now(t.state.hands[0], 0) == "Q♠ 2♥" and d.taken_now(t.state.hands[0], 2) == (
        "nothing"
    )
    assert d.standings() == [("Cy", 0), ("Di", 0), ("Ben", 12), ("Ann", 14)]
    assert d.version("h1") == 1 and d.version("h2") == 0


def test_trick_entry_rows_cards_left_and_the_next_leader():
    t = Table()
    assert display(t).next_leader(t.state.current) is None  # whoever holds the 2C
    left = Table(first_lead="left-of-dealer")
    assert display(left).next_leader(left.state.current) == 1
    t.act(*trick(1, 0, 2, ["2C", "KC", "3C", "4C"]))
    d, hand = display(t), t.state.current
    assert d.trick_rows(hand) == [(1, "Cy", "2♣ K♣ 3♣ 4♣", "Di")]
    assert d.next_leader(hand) == 3
    assert d.trick_now(hand, 0) == "led by Cy: 2♣ K♣ 3♣ 4♣" and d.trick_now(hand, 1) is None
    clubs = d.cards_left(hand)[0]
    assert len(clubs) == 9 and Card.parse("KC") not in clubs
    assert len(d.cards_left(hand, 0)[0]) == 13  # trick 1 itself, being corrected
    assert d.trick_index(hand, {"trick": "0"}) == 0 and d.trick_index(hand, {}) == 1


def test_the_moon_choice_is_offered_to_the_shooter_in_the_current_game_only():
    t = Table(preset="pagat")
    t.act(*taken(1, {}, rest=0), BEN)
    hand = t.state.current
    assert display(t, ANN).may_choose(hand) and not display(t, BEN).may_choose(hand)
    assert not display(t, ANN, current=False).may_choose(hand)


def test_the_moon_choice_says_what_each_option_does_to_the_totals_and_the_end():
    t = Table(preset="omnibus")  # the shooter chooses; JD -10; game to 100
    for hand in (1, 2, 3):
        t.act("points", {"hand": hand}, {"points": {"0": -10, "1": 25, "2": 1, "3": 0}})
    t.act("points", {"hand": 4}, {"moon": 2, "bonus": 0})  # Cy shot the moon; Ann has the JD
    hand = t.state.hands[3]
    assert hand.choice_required and dict(hand.totals_before) == {0: -30, 1: 75, 2: 3, 3: 0}
    add = display(t, ANN).consequence(hand, "add")
    assert add == ("Totals then: Ann -14, Ben 101, Cy 3, Di 26. Ben reaches 101 and the game "
                   "ends: you win.")  # fmt: skip
    assert display(t, BEN).consequence(hand, "add").endswith("ends: Ann wins.")
    assert display(t, ANN).consequence(hand, "subtract") == (
        "Totals then: Ann -40, Ben 75, Cy -23, Di 0. The game goes on."
    )
    assert hand.choice_required  # saying what a choice would do chooses nothing


# the hand summary every phone shows after a hand (``table.summary``)


def test_a_plain_hand_is_summed_up_as_points_only():
    t = Table()
    t.act(*taken(1, {0: "QS 2H 3H", 1: "4H 5H 6H TH"}, rest=2))
    found = summary.latest(t.state, NAMES)
    assert found is not None and found.number == 1 and found.usual
    assert found.points == (("Ann", 15), ("Ben", 4), ("Cy", 7), ("Di", 0))
    assert summary.row_marks(t.state) == [()]


@pytest.mark.parametrize(
    "choice, line",
    [
        ("subtract", "Ben shot the moon and chose \u221226 for Ben."),
        ("add", "Ben shot the moon and chose +26 for everyone else."),
    ],
)
def test_a_moon_says_who_shot_it_and_which_choice_was_made(choice, line):
    t = Table(preset="pagat")  # the shooter always chooses
    t.act(*taken(1, {1: " ".join([*HEARTS, "QS"])}))
    waiting = summary.latest(t.state, NAMES)
    assert waiting is not None and waiting.points is None
    assert waiting.notes == ("Ben shot the moon: waiting for Ben's choice.",)
    t.act("moon", {"hand": 1}, {"choice": choice}, BEN)
    found = summary.latest(t.state, NAMES)
    assert found is not None and found.notes == (line,) and found.marks == ("moon",)
    assert summary.row_marks(t.state) == [("moon",)]


def test_a_moon_by_the_tables_rule_and_the_sun_say_so():
    t = Table()  # standard: +26 to the others while nobody has 74
    t.act(*taken(1, {2: " ".join([*HEARTS, "QS"])}))
    found = summary.latest(t.state, NAMES)
    assert found is not None
    assert found.notes == ("Cy shot the moon: +26 for everyone else (the table's moon rule).",)
    sun = Table(shoot_the_sun="yes", moon_policy="add")
    sun.act(*taken(1, {}, tricks_taken={"2": 13, "0": 0}))
    found = summary.latest(sun.state, NAMES)
    assert found is not None and found.marks == ("sun",)
    assert found.notes == ("Cy shot the sun: +52 for everyone else (the table's moon rule).",)
    assert ("sun", "someone took every trick (the sun)") in summary.legend(sun.options)
    assert "sun" not in dict(summary.legend(t.options))


def test_the_bonus_card_and_a_recorded_revoke_are_told():
    t = Table(preset="omnibus")
    t.act(*taken(1, {0: "QS 2H", 1: "JD"}, rest=2))
    found = summary.latest(t.state, NAMES)
    assert found is not None and found.notes == ("Ben took the J\u2666 (-10).",)
    r = Table(revoke_penalty="yes")
    r.act(*trick(1, 0, 0, ["2C", "3C", "4C", "5D"]))
    r.act(*trick(1, 1, 2, ["6C", "7C", "8C", "9C"]))
    shown = summary.summary(r.state, r.state.hands[0], NAMES)  # not recorded yet
    assert shown.marks == ("revoke",) and shown.notes[0].startswith("Di ")
    r.act("revoke", {"hand": 1}, {"seat": 3})
    found = summary.latest(r.state, NAMES)
    assert found is not None and found.marks == ("revoke",)
    assert found.notes == ("Di revoked on trick 1: Di takes 26 and nobody else scores.",)


def test_the_kitty_is_told_from_tricks_only():
    options = parse_options({"players": 3, "odd_deal": "kitty"})
    report = HandReport(False, (), (2,), {}, {}, None, False, None)
    by_tricks = Hand(1, "tricks", {}, tricks=[(0, [Card.parse("2C")])], report=report)
    assert summary.kitty_seat(options, by_tricks) == 2
    assert summary.kitty_seat(options, replace(by_tricks, source="taken")) is None
    assert summary.kitty_seat(parse_options({"players": 4}), by_tricks) is None
    found = summary.summary(State(options), by_tricks, ["Ann", "Ben", "Cy"])
    assert found.notes == ("Cy took the kitty.",)


@pytest.mark.parametrize(
    "options, line",
    [
        ({"players": 4}, "13 cards each."),
        ({"players": 3}, "17 cards each; the 2\u2666 is taken out."),
        ({"players": 5}, "10 cards each; the 2\u2666 and 2\u2663 are taken out."),
        ({"players": 3, "odd_deal": "kitty"},
         "17 cards each, 1 face down in the kitty (it goes to whoever takes the first trick)."),
        ({"players": 6, "kitty_to": "first-penalty"},
         "8 cards each, 4 face down in the kitty (it goes to whoever first takes a penalty card)."),
    ],
)  # fmt: skip
def test_the_panel_says_how_the_cards_are_dealt(options, line):
    parsed = parse_options(options)
    state = GAME.initial(parsed, parsed.players)
    assert Display(state, NAMES + ["Eve", "Fay"]).deal_line() == line
