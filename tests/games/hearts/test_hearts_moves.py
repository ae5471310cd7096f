"""Hearts as the phones play it, pure: each form as the page sends it (an action naming its
hand, seat or trick and the version it saw), checked and stored by the shell in memory
(``tests.games.shell``: stale versions, undo), folded from the event list. No app, no
database.

These are the game facts the web tests used to check through Flask (``tests/web``): scores,
corrections, claims, moons and suns, the game's end, refusals in the page's words (the seats
named), stale forms, undo, options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.errors import CompanionError, Conflict, Forbidden, NotAllowed, Unreadable
from companion.games.hearts.table.actions import ACTION_KINDS, GAME
from companion.games.hearts.table.options import parse_options
from companion.games.hearts.table.words import named
from companion.games.protocol import Action, Actor
from tests.games.hearts.reference import Table as RefTable
from tests.games.hearts.reference import play
from tests.games.shell import Shell

NAMES = ("Ann", "Ben", "Cy", "Dee")
HEARTS = [f"{r}H" for r in "23456789TJQKA"]
UNDOABLE = frozenset(ACTION_KINDS.values())  # what the pages' undo takes back
REVOKE_TRICKS = [(0, "2C 3C 4C 5D"), (2, "6C 7C 8C 9C")]


class Table:
    """Four players; the host scores for all unless a seat's phone is named."""

    def __init__(self, phones: frozenset[int] = frozenset(), **options: Any) -> None:
        opts = parse_options({"players": 4, **options})
        self.shell = Shell(GAME, opts, 4, NAMES)
        self.phones = phones
        self.host = Actor("Host", None, True, phones, NAMES)

    def phone(self, seat: int) -> Actor:
        return Actor(NAMES[seat], seat, False, self.phones, NAMES)

    @property
    def state(self) -> Any:
        return self.shell.state

    def act(self, kind: str, target: dict, data: dict, actor: Actor | None = None,
            version: int | None = None) -> Any:  # fmt: skip
        seen = self.shell.version(kind, target) if version is None else version
        return self.shell.act(Action(kind, target, seen, data), actor or self.host)

    def score(self, hand: int, taken: dict[int, str], rest: int | None = None,
              sun: int | None = None, **kw: Any) -> Any:  # fmt: skip
        """The 'Score for all' form: each seat's cards, the rest to one seat, or a sun."""
        data = {"taken": {str(s): taken.get(s, "") for s in range(4)}, "rest": rest, "sun": sun}
        return self.act("taken", {"hand": hand}, data, **kw)

    def claim(self, seat: int, cards: str = "", rest: bool = False, **kw: Any) -> Any:
        data = {"cards": cards, "rest": rest, "sun": False}
        hand = kw.pop("hand", 1)
        return self.act("claim", {"hand": hand, "seat": seat}, data, self.phone(seat), **kw)

    def trick(self, index: int, leader: int, cards: str, hand: int = 1, **kw: Any) -> Any:
        data = {"leader": str(leader), "cards": cards}
        return self.act("trick", {"hand": hand, "trick": index}, data, **kw)

    def totals(self) -> list[int]:
        return list(GAME.sheet(self.state).totals)

    def history(self) -> str:
        return "\n".join(self.shell.lines())


def said(err: pytest.ExceptionInfo) -> str:
    """A refusal as the page says it (the engine's seats named)."""
    return named(err.value.message, NAMES)


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"players": "7"}, "3 to 6 players"),
        ({"players": "2"}, "3 to 6 players"),
        ({"preset": "chess"}, "Unknown preset 'chess'"),
        ({"moon_policy": "sometimes"}, "allowed: add"),
        ({"players": "3", "pass_cycle": "left,across"}, "No seat is across at 3"),
        ({"target": "lots"}, "not a whole number"),
        ({"partnership": "pooled", "players": "5"}, "even number"),
        ({"entry": "telepathy"}, "cards' or 'tricks'"),
    ],
)
def test_bad_options_are_refused_in_words(fields: dict, message: str) -> None:
    with pytest.raises(CompanionError) as err:
        GAME.parse_options({"game": "hearts", "players": "4", "name-0": "Ann", **fields})
    assert message in err.value.message


# cards taken: one scorer


def test_scorer_enters_a_hand_by_cards_and_the_rest() -> None:
    t = Table()
    t.score(1, {0: "QS 2H 3H", 1: "4h 5h 6h 10H"}, rest=2)
    assert t.totals() == [15, 4, 7, 0]
    assert t.state.open_number == 2
    assert "hand 1, cards taken: Ann QS 2H 3H" in t.history()


@pytest.mark.parametrize(
    "taken, message",
    [
        ({0: "1H", 1: "QS"}, "'1H' is not a card"),
        ({0: "14H"}, "'14H' is not a card"),
        (
            {0: " ".join(HEARTS) + " QS", 1: "5H"},
            "Ben is listed with the 5H, but Ann already took it",
        ),
        ({0: "2H 3H"}, "Nobody is listed with the 4H, 5H, 6H, 7H, 8H, 9H, TH, JH, QH, KH, AH, QS"),
        ({0: "QS 2C"}, "the 2C scores nothing"),
        ({0: "x" * 5000}, "is not a card"),
    ],
)
def test_bad_cards_are_refused_with_a_clear_message(taken: dict, message: str) -> None:
    t = Table()
    with pytest.raises((Forbidden, Unreadable)) as err:
        t.score(1, taken)
    assert message in said(err)
    assert t.totals() == [0, 0, 0, 0] and t.shell.events == []


def test_two_scorers_at_once_the_second_is_told() -> None:
    t = Table()
    t.score(1, {0: "QS"}, rest=1)
    with pytest.raises(Conflict, match="changed on another phone"):
        t.score(1, {2: "QS"}, rest=3, version=0)  # opened on version 0 as well
    assert t.totals() == [13, 13, 0, 0]


def test_correcting_an_earlier_hand_recomputes_and_undo_takes_it_back() -> None:
    t = Table()
    t.score(1, {0: "QS"}, rest=1)
    t.score(2, {2: "QS"}, rest=3)
    assert t.totals() == [13, 13, 13, 13]
    t.score(1, {1: "QS 2H"}, rest=0, version=1)
    assert t.totals() == [12, 14, 13, 13]
    assert "hand 1, cards taken: Ann 3H 4H" in t.history()
    [undone] = t.shell.undo(t.host, UNDOABLE)
    assert undone.kind == "hearts-taken" and undone.round == 1
    assert t.totals() == [13, 13, 13, 13]


# cards taken: every player on their own phone


def test_each_player_claims_their_own_cards_and_the_last_commits() -> None:
    t = Table(phones=frozenset(range(4)))
    t.claim(0, "QS 2H")
    t.claim(1, "2H 3H")
    assert t.totals() == [0, 0, 0, 0]  # not committed: the 2H is claimed twice
    with pytest.raises(Conflict):
        t.claim(1, "3H", version=0)
    t.claim(1, "3H 4H", version=1)
    t.claim(2, "", rest=True)
    assert t.totals() == [14, 2, 10, 0]
    assert t.state.open_number == 2


def test_all_the_rest_as_shown_is_refused_once_another_phone_claimed_some() -> None:
    """Cy was shown 3H-AH as "the rest"; Ben claims 3H and 4H first. Cy's "all the rest are
    mine" names the rest it was shown, so it is refused (409) instead of quietly meaning
    fewer cards; the rest as it is now goes through."""
    t = Table(phones=frozenset(range(4)))
    t.claim(0, "QS 2H")
    shown = " ".join(HEARTS[1:])  # what Cy's phone showed as the rest
    t.claim(1, "3H 4H")
    cy = {"hand": 1, "seat": 2}
    with pytest.raises(Conflict, match="the rest is now 5H 6H 7H 8H 9H TH JH QH KH AH"):
        t.act("claim", cy, {"cards": "", "rest": True, "rest_seen": shown}, t.phone(2))
    assert t.totals() == [0, 0, 0, 0]
    now = " ".join(HEARTS[3:])
    t.act("claim", cy, {"cards": "", "rest": True, "rest_seen": now}, t.phone(2))
    assert t.totals() == [14, 2, 10, 0]


def test_a_claim_listing_a_card_twice_is_refused() -> None:
    t = Table(phones=frozenset({0}))
    with pytest.raises((Forbidden, Unreadable), match="The 5H is listed twice"):
        t.claim(0, "5H 5h")


def test_the_host_claims_for_nobody() -> None:
    t = Table()
    with pytest.raises(NotAllowed):
        t.act("claim", {"hand": 1, "seat": 0}, {"cards": "QS", "rest": False}, Actor("Someone"))


# moon and sun


def test_moon_by_claims_and_the_74_rule() -> None:
    t = Table(phones=frozenset({0}))  # standard: choose only when someone has 74
    t.claim(0, rest=True)
    assert t.totals() == [0, 26, 26, 26]  # nobody near 74: added, no choice
    t.score(2, {1: "QS"}, rest=2)
    t.score(3, {1: "QS " + " ".join(HEARTS[:12])}, rest=2)
    t.score(4, {1: "QS"}, rest=2)
    assert t.totals() == [0, 77, 53, 26]
    t.claim(0, rest=True, hand=5)
    assert t.state.hand(5).choice_required  # "Ann shot the moon!"
    t.act("moon", {"hand": 5}, {"choice": "subtract"}, t.phone(0))
    assert t.totals() == [-26, 77, 53, 26]


def test_only_the_shooter_chooses_and_a_choice_must_read() -> None:
    t = Table(phones=frozenset({0, 1}), preset="pagat")
    t.score(1, {}, rest=0, actor=t.phone(1))  # Ben scores: Ann took all
    assert t.totals() == [0, 0, 0, 0]  # the hand waits for the choice
    for other in (t.phone(1), t.host):
        with pytest.raises(NotAllowed, match="Only the shooter"):
            t.act("moon", {"hand": 1}, {"choice": "subtract"}, other)
    with pytest.raises(Unreadable):
        t.act("moon", {"hand": 1}, {"choice": "maybe"}, t.phone(0))
    t.act("moon", {"hand": 1}, {"choice": "subtract"}, t.phone(0))
    assert t.totals() == [-26, 0, 0, 0]


def test_jack_of_diamonds_is_not_a_moon_and_sixteen_points_is_not_one_either() -> None:
    t = Table(preset="omnibus")
    t.score(1, {0: "QS 2H 3H 4H", 1: "JD"}, rest=2)
    assert t.totals() == [16, -10, 10, 0]


def test_sun_is_scored_from_the_took_every_trick_toggle() -> None:
    t = Table(shoot_the_sun="yes", moon_policy="add")
    t.score(1, {}, sun=2)
    assert t.totals() == [52, 52, 0, 52]
    with pytest.raises((Forbidden, Unreadable)) as err:
        t.score(2, {0: "QS"}, sun=1)
    assert "Ben took every trick" in said(err)


# game end


def test_exactly_the_target_resets_and_a_tie_plays_on() -> None:
    t = Table(target="20", exact_target_resets_to="0")
    t.score(1, {0: "QS " + " ".join(HEARTS[:7])}, rest=1)  # Ann exactly 20
    assert t.totals()[0] == 0
    t.score(2, {1: "QS " + " ".join(HEARTS[:8])}, rest=2)  # Ben 21 + 6
    assert t.totals() == [0, 27, 5, 0]
    sheet = GAME.sheet(t.state)
    assert not sheet.finished  # Ann and Dee tie for lowest: play on
    t.score(3, {0: "2H"}, rest=1)
    sheet = GAME.sheet(t.state)
    assert sheet.finished and sheet.winners == (3,)  # Dee wins
    with pytest.raises(Forbidden):
        t.score(4, {0: "QS"}, rest=1)


def test_game_ends_at_the_target_without_tie_play() -> None:
    t = Table(target="13", tie_continues="no")
    t.score(1, {0: "QS"}, rest=1)
    sheet = GAME.sheet(t.state)
    assert sheet.finished and sheet.winners == (2, 3)  # a shared win: Cy, Dee with 0


# trick by trick


def test_recorded_revoke_with_the_penalty_gives_the_revoker_26() -> None:
    t = Table(entry="tricks", revoke_penalty="yes")
    for i, (leader, cards) in enumerate(REVOKE_TRICKS):
        t.trick(i, leader, cards)
    with pytest.raises(Forbidden):  # Ann did not revoke
        t.act("revoke", {"hand": 1}, {"seat": "0"})
    t.act("revoke", {"hand": 1}, {"seat": "3"})
    assert t.totals() == [0, 0, 0, 26]
    assert t.state.open_number == 2


@pytest.mark.parametrize(
    "leader, cards, message",
    [
        (0, "2C 3C 4C 5C 6C", "needs one card from each of the 4 players, not 5"),
        (0, "2C 3C", "not 2"),
        (0, "2C 1H 4C 5C", "'1H' is not a card"),
        (0, "2C 2C 4C 5C", "already entered"),
        (7, "2C 3C 4C 5C", "is not a seat"),
    ],
)
def test_bad_tricks_are_refused(leader: int, cards: str, message: str) -> None:
    t = Table(entry="tricks")
    with pytest.raises((Forbidden, Unreadable)) as err:
        t.trick(0, leader, cards)
    assert message in said(err) and t.shell.events == []


def test_a_trick_for_a_finished_hand_is_refused_never_stored_in_the_next() -> None:

    game = play(RefTable(players=4), random.Random(7))
    t = Table(entry="tricks", moon_policy="add")
    for i, (leader, cards) in enumerate(game.tricks):
        t.trick(i, leader, " ".join(map(str, cards)))
    leader, cards = game.tricks[12]
    before = list(t.shell.events)
    with pytest.raises(CompanionError) as err:  # a late correction
        t.trick(12, leader, " ".join(map(str, cards)), version=1)
    assert "Hand 1 is finished: hand 2 is open" in said(err)
    assert t.shell.events == before and t.state.open_number == 2
    assert not t.state.hand(2).tricks


def test_a_correction_that_repeats_a_later_tricks_card_is_refused() -> None:
    """The engine reports a card played twice on the later trick; correcting the earlier
    trick to that card is refused all the same, and nothing is stored."""
    t = Table(entry="tricks")
    t.trick(0, 0, "2C 3C 4C 5C")
    t.trick(1, 3, "6C 7C 8C 9C")
    before = list(t.shell.events)
    with pytest.raises(Forbidden) as err:
        t.trick(0, 0, "2C 3C 4C 6C", version=1)  # 6C is already in trick 2
    assert err.value.field == "duplicate-card" and "6C" in said(err)
    assert said(err).startswith("This change to trick 1 would repeat a card of trick 2")
    assert t.shell.events == before
    t.trick(0, 0, "2C 3C 4C TC", version=1)  # a card nobody else played: corrected
    assert [str(c) for c in t.state.hand(1).tricks[0][1]] == ["2C", "3C", "4C", "TC"]
