"""What Follow the Author's panels show one phone, and their words (pure: no app, no database)."""

from __future__ import annotations

from datetime import datetime

import pytest

from companion.cards.decktet import parse_card
from companion.games.follow_the_author.table import words
from companion.games.follow_the_author.table.actions import GAME
from companion.games.follow_the_author.table.panels import Panels
from companion.games.follow_the_author.table.state import HandState
from companion.games.protocol import Action, Actor, Event
from tests.games.follow_the_author.test_fta_table import ANN, BEN, HOST, WATCHER, Table

NAMES = ("Ann", "Ben")


def panels(t: Table, actor: Actor, current: bool = True) -> Panels:
    return Panels(t.state, t.versions, NAMES, actor, current)


# who may see and do what


def test_a_sealed_choice_shows_to_nobody_until_it_is_opened_its_key_stays_on_its_phone():
    t = Table()
    t.sealed()
    everyone = (ANN, BEN, HOST, WATCHER)
    assert not any(panels(t, who).shows_choice(s) for who in everyone for s in (0, 1))
    assert [panels(t, ANN).holds_key(s) for s in (0, 1)] == [True, False]  # tap-to-peek
    assert [panels(t, HOST).holds_key(s) for s in (0, 1)] == [False, False]
    t.ready(ANN, 0)
    t.ready(BEN, 1)
    assert not any(panels(t, who).shows_choice(s) for who in everyone for s in (0, 1))
    t.opened()
    assert all(panels(t, who).shows_choice(s) for who in (HOST, WATCHER) for s in (0, 1))
    assert all(panels(t, HOST).checks_out(panels(t, HOST).seal(s)) for s in (0, 1))


def test_only_a_seats_own_phone_seals_and_the_host_for_a_seat_without_one():
    t = Table()
    t.points("alpha", 3, 1)
    assert panels(t, ANN).speaks_for() == [0]
    assert panels(t, BEN).speaks_for() == [1]
    assert panels(t, HOST).speaks_for() == []
    assert panels(t, Actor("Host", None, host=True, phones=frozenset({1}))).speaks_for() == [0]
    assert panels(t, WATCHER).speaks_for() == []
    assert panels(t, ANN, current=False).speaks_for() == []


def test_stores_are_entered_by_their_seat_or_the_host():
    t = Table()
    assert panels(t, ANN).store_seats() == [0]
    assert panels(t, HOST).store_seats() == [0, 1]
    assert panels(t, WATCHER).store_seats() == []
    assert panels(t, HOST, current=False).store_seats() == []


def test_the_key_changes_with_what_the_phone_sees_and_not_otherwise():
    t = Table()
    t.points("alpha", 3, 1)
    before = panels(t, ANN).key()
    assert panels(t, ANN).key() == before
    t.seal(BEN, 1, "Suns", "Wyrms")
    assert panels(t, ANN).key() != before
    assert panels(t, ANN).key() != panels(t, BEN).key()


def test_a_seated_phones_key_changes_when_the_other_store_is_saved():
    """Ben's phone shows Ann's store beside his own (and leaves her cards out of his
    set-aside taps): her save must redraw his box, or his next save is refused for cards
    he could not see were hers."""
    t = Table()
    t.sealed()
    t.points("omega", 0, 0)  # Ann's phone typed them: her word that the hand is over
    t.ready(BEN, 1)
    t.opened()
    before = panels(t, BEN).key()
    t.store(ANN, 0, ["Author", "Journey"])
    assert panels(t, BEN).key() != before


def test_the_picker_offers_the_next_players_cards_and_flags_broken_rules():
    t = Table(enter_plays="1")
    t.play("alpha", 0, "Author")
    f = panels(t, ANN)
    assert f.next_seat("alpha") == 1
    titled, aces = f.picker("alpha")
    assert parse_card("Bard") in titled and parse_card("Author") not in titled
    assert f.violations("alpha") == []
    assert f.point_lines("alpha") == []
    assert (f.dealer("alpha"), f.leader("alpha"), f.left_over("omega")) == (0, 1, 1)


def test_the_round_in_detail_and_the_cards_in_no_list():
    t = Table()
    f = panels(t, ANN)
    assert f.round_number(1) is not None and f.round_number(2) is None
    assert len(f.neither()) == 45
    assert len(f.tap_order) == len(set(f.tap_order)) == 45


def test_the_tapping_order_is_by_title_aces_first_and_each_card_carries_every_suit():
    f = panels(Table(), ANN)
    titles = [c.title for c in f.tap_order]
    assert titles[:6] == sorted(titles[:6]) and all(t.startswith("Ace of ") for t in titles[:6])
    assert titles[6:9] == ["Author", "Bard", "Battle"]
    assert titles.index("Calamity") < titles.index("Chance Meeting") < titles.index("Consul")
    knots = [c.title for c in f.tap_order if "Knots" in f.suits_of(c).split()]
    assert len(knots) == 14 and {"Author", "Watchman", "Window", "Windfall"} <= set(knots)
    excuse = next(c for c in f.tap_order if c.is_excuse)
    assert f.suits_of(excuse) == ""


# words


@pytest.mark.parametrize(
    ("current", "said"),
    [
        ({"typed": [3, 1]}, "Now: in-play points typed in, Ann 3, Ben 1."),
        ({"typed": None, "sequences": [[1, 2], [3]]}, "Now: 3 cards played in this hand."),
        ({"sealed": True, "fingerprint": "ab"}, "Now: sealed."),
        ({"sealed": False}, "Now: not sealed yet."),
        ({"said": True}, "Now: said so already."),
        ({"cards": None}, "Now: nothing entered yet."),
        ({"cards": ["Bard", "Cave"]}, "Now: 2 cards entered."),
        ({"cards": ["Bard"]}, "Now: 1 card entered."),
        ({"typed": None, "sequences": [[1]]}, "Now: 1 card played in this hand."),
        ("?", ""),
    ],
)
def test_a_stale_targets_value_now_in_words(current, said):
    assert words.now_words(current, NAMES) == said


def test_the_words_after_each_change():
    t = Table()
    t.points("alpha", 3, 1)
    t.seal(ANN, 0, "Wyrms", "Knots")

    def said(kind, target, data=None, kinds=frozenset(), seat=0):
        action = Action(kind, {"round": 1, **target}, 0, data or {})
        return words.saved(action, t.state, set(kinds), NAMES, seat)

    assert said("points", {"hand": "alpha"}) == "Saved the alpha hand's in-play points."
    assert "when the other player says" in said("points", {"hand": "omega"})
    assert "when the other" not in said("points", {"hand": "omega"}, seat=None)
    assert "revealed" in said("points", {"hand": "omega"}, kinds={"fta-reveal"})
    assert said("play", {"hand": "alpha"}, {"seat": "1", "card": "bard"}) == "Ben played Bard."
    assert said("end", {"hand": "alpha"}) == "Sequence ended."
    short = t.state.round(1).seals[0].short  # type: ignore[union-attr]
    assert said("seal", {"seat": 0}).startswith(f"Sealed. Commitment {short}.")
    assert said("open", {"seat": 0}) == "Opened Ann's sealed choice."
    assert "Wyrms" not in said("seal", {"seat": 0})
    assert said("ready", {"seat": 1}).startswith("Ben says the omega hand is over")
    assert said("ready", {"seat": 1}, kinds={"fta-reveal"}).startswith("Both players")
    assert said("store", {"seat": 1}, {"cards": ["Bard"]}) == "Saved Ben's store (1 card)."
    assert said("aside", {}, {"cards": []}) == "Saved the cards set aside (0)."


def test_point_labels_and_an_empty_hand():
    assert words.point_lines(HandState("alpha"), NAMES) == []
    assert words.violations(HandState("alpha"), False, NAMES) == []
    assert words.suit_names(parse_card("Bard")) == "Suns"
    assert words.suit_names(parse_card("Island")) == "Suns, Waves and Wyrms"
    assert words.types(parse_card("Bard")) == "personality"


def test_a_history_line_carries_the_events_time_and_never_a_choice():
    t = Table()
    t.sealed()
    seal = t.events[2]
    at = datetime(2026, 1, 2, 12, 3, 4)
    timed = Event(seal.id, seal.kind, seal.actor, seal.seat, seal.round, seal.slot,
                  seal.version, seal.payload, created_at=at)  # fmt: skip
    line = GAME.describe(timed, list(NAMES))
    assert line is not None and line.startswith(
        "12:03:04 Ann: round 1: Ann's phone sealed a choice"
    )
    assert "Wyrms" not in line and "Knots" not in line
