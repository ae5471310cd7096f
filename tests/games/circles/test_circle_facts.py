"""Each game's own figures for a circle, from event lists with no app
(``companion.games.circlefacts``), and the places a finished sheet gives."""

from __future__ import annotations

from companion.games import circlefacts
from companion.games.custom.table import actions as custom_table
from companion.games.hearts.table.actions import ACTION_KINDS
from companion.games.hearts.table.actions import GAME as HEARTS
from companion.games.hearts.table.options import parse_options as hearts_options
from companion.games.oh_hell.options import options_from as oh_hell_options
from companion.games.oh_hell.table.actions import GAME as OH_HELL
from companion.games.protocol import Action
from companion.games.spades.options import SpadesOptions
from companion.games.spades.table.actions import GAME as SPADES
from tests.games.shell import HOST, Shell

HEARTS_CARDS = [f"{r}H" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]


def act(t: Shell, kind: str, target: dict, data: dict) -> None:
    t.act(Action(kind, target, t.version(kind, target), data), HOST)


def facts(kind: str, t: Shell) -> list[dict]:
    return circlefacts.facts(kind, t.state, t.table.sheet(t.state), t.effective())


def hearts_with_a_shared_win() -> Shell:
    """Ann shoots the moon in hand 1, Bob in hand 2 (adding 26 to the others): 26, 26, 52,
    52 ends a game to 50 with Ann and Bob sharing the win."""
    t = Shell(HEARTS, hearts_options({"players": 4, "target": 50, "tie_continues": False}), 4)
    act(t, "taken", {"hand": 1}, {"taken": {"0": ["QS", *HEARTS_CARDS], "1": [], "2": [],
                                            "3": []}})  # fmt: skip
    act(t, "taken", {"hand": 2}, {"taken": {"1": ["QS", *HEARTS_CARDS], "0": [], "2": [],
                                            "3": []}})  # fmt: skip
    act(t, "moon", {"hand": 2}, {"choice": "add"})
    return t


def test_hearts_hands_moons_and_the_queen_of_spades():
    t = hearts_with_a_shared_win()
    sheet = HEARTS.sheet(t.state)
    assert sheet.finished and sheet.winners == (0, 1)
    found = facts("hearts", t)
    assert [f["hands"] for f in found] == [2, 2, 2, 2]
    assert [f["moons"] for f in found] == [1, 1, 0, 0]
    assert [f["queens"] for f in found] == [1, 1, 0, 0]
    # lowest wins: a moon hand (0 points) is Ann's best hand, the 26 she was given her worst
    assert found[0]["best_round"] == 0 and found[0]["worst_round"] == 26
    assert circlefacts.places(sheet.totals, sheet.winners, high=False) == [1, 1, 3, 3]


def test_hearts_partners_are_one_side_for_the_ratings():
    """Partners sit opposite and win or lose together, pooled or not; without a partnership
    every seat is its own side."""
    for partnership in ("pooled", "individual"):
        options = hearts_options({"players": 4, "partnership": partnership})
        t = Shell(HEARTS, options, 4)
        assert circlefacts.teams("hearts", 4, t.state) == ((0, 2), (1, 3))
    options = hearts_options({"players": 6, "partnership": "pooled"})
    assert circlefacts.teams("hearts", 6, Shell(HEARTS, options, 6).state) == (
        (0, 3), (1, 4), (2, 5))  # fmt: skip
    alone = Shell(HEARTS, hearts_options({"players": 4}), 4)
    assert circlefacts.teams("hearts", 4, alone.state) == ((0,), (1,), (2,), (3,))


def test_an_undone_moon_is_not_counted():
    t = hearts_with_a_shared_win()
    t.undo(HOST, HEARTS_UNDOABLE)  # the moon choice
    t.undo(HOST, HEARTS_UNDOABLE)  # hand 2
    assert [f["moons"] for f in facts("hearts", t)] == [1, 0, 0, 0]
    assert not HEARTS.sheet(t.state).finished


HEARTS_UNDOABLE = frozenset(ACTION_KINDS.values())


def spades_hand(t: Shell, hand: int, bids: dict[int, object], taken: dict[str, int]) -> None:
    dealer = (hand - 1) % 4
    for step in range(1, 5):
        seat = (dealer + step) % 4
        act(t, "bid", {"hand": hand, "seat": seat}, {"bid": bids[seat]})
    act(t, "tricks", {"hand": hand}, {"taken": taken})


def test_spades_contracts_nils_and_bags_per_partnership():
    t = Shell(SPADES, SpadesOptions(target=200), 4)
    # the rules' worked example: Ann+Cy make 4 with Cy's nil (141), Bob+Dee set no one (53)
    spades_hand(t, 1, {1: 3, 2: "nil", 3: 2, 0: 4}, {"0": 5, "1": 4, "2": 0, "3": 4})
    # hand 2: Ann+Cy bid 6 and take 6 (60, 201 in all: over 200), Bob+Dee bid 7, take 7
    spades_hand(t, 2, {2: 3, 3: 4, 0: 3, 1: 3}, {"0": 3, "1": 3, "2": 3, "3": 4})
    sheet = SPADES.sheet(t.state)
    assert sheet.finished and sheet.winners == (0, 2)
    found = facts("spades", t)
    assert [f["hands"] for f in found] == [2, 2, 2, 2]
    assert [f["contracts_made"] for f in found] == [2, 2, 2, 2]
    assert [f["nils_bid"] for f in found] == [0, 0, 1, 0]
    assert [f["nils_made"] for f in found] == [0, 0, 1, 0]
    assert [f["bags"] for f in found] == [1, 3, 1, 3]  # a team's bags, for each partner
    assert circlefacts.teams("spades", 4) == ((0, 2), (1, 3))


def test_oh_hell_counts_bids_made_exactly():
    options = oh_hell_options({"players": 3, "schedule": "down"})
    t = Shell(OH_HELL, options, 3)
    for hand, cards in enumerate(range(10, 0, -1), start=1):
        dealer = (hand - 1) % 3
        act(t, "trump", {"hand": hand}, {"suit": "none"})
        for step in (1, 2, 3):
            act(t, "bid", {"hand": hand, "seat": (dealer + step) % 3}, {"bid": 0})
        act(t, "tricks", {"hand": hand}, {"taken": {"0": cards, "1": 0, "2": 0}})
    sheet = OH_HELL.sheet(t.state)
    assert sheet.finished
    found = facts("oh-hell", t)
    assert [f["hands"] for f in found] == [10, 10, 10]
    assert [f["exact_bids"] for f in found] == [0, 10, 10]


def test_custom_rounds_best_and_worst_by_the_game_s_direction():
    options = custom_table.GAME.parse_options({"players": "3", "high_wins": "1", "rounds": "2"})
    t = Shell(custom_table.GAME, options, 3)
    for round_, points in ((1, (5, 9, 1)), (2, (12, 0, 1))):
        for seat, p in enumerate(points):
            act(t, "score", {"round": round_, "seat": seat}, {"points": p})
    sheet = custom_table.GAME.sheet(t.state)
    assert sheet.finished and sheet.winners == (0,)
    found = facts("custom", t)
    assert [(f["rounds"], f["best_round"], f["worst_round"]) for f in found] == [
        (2, 12, 5), (2, 9, 0), (2, 1, 1)]  # fmt: skip
    assert circlefacts.places(sheet.totals, sheet.winners, high=True) == [1, 2, 3]


def test_alphagrams_words_steals_and_the_longest_word():
    from tests.games.alphagrams.test_alphagrams_table import TABLE, Game

    g = Game()
    g.act("start", target={"turn": 0}, card="M")
    g.act("flip", card="T")
    g.word(["T", "A/E=E", "A/E=A", "M"], ["pool", "hand", "hand", "pool"])  # Ann: TEAM
    g.act("flip", card="S")
    g.act("word", target={**g.target(), "word": 1}, cards=["M", "A/E=E", "A/E=A", "T", "S"],
          sources=["word", "word", "word", "word", "pool"])  # fmt: skip  # Ben steals: MEATS
    g.act("end", target={"turn": g.state.turn})
    g.agree_all()
    assert TABLE.sheet(g.state).finished
    effective = [e for e in g.events if e.kind != "undo"]
    found = circlefacts.facts("alphagrams", g.state, TABLE.sheet(g.state), effective)
    assert [f["words"] for f in found] == [1, 1]
    assert [f["steals"] for f in found] == [0, 1]
    assert [f["longest_word"] for f in found] == ["TEAM", "MEATS"]


def test_consonants_words_laid_lost_to_a_challenge_and_flying_by_night():
    from tests.games.consonants import test_consonants_table as cons

    t = cons.Table()
    t.enter()
    t.act("words", {"hand": 1, "seat": 0}, {"words": "TSEJ"})
    t.act("challenge", {"hand": 1, "seat": 0}, {"word": "TSEJ", "challenger": 1})
    cons._verdict(t, 1, "TSEJ", 1, False)
    t.close(1)
    t.enter(2, given=cons.FLY)
    t.act("fly", {"hand": 2}, {"choice": "add"}, cons.ANN)
    t.close(2)
    found = circlefacts.facts("consonants", t.state, cons.GAME.sheet(t.state), t.events)
    assert [f["hands"] for f in found] == [2, 2, 2, 2]
    assert [(f["words"], f["words_lost"], f["flying"]) for f in found] == [
        (1, 1, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0)]  # fmt: skip
    assert found[0]["longest_word"] == ""  # a word lost to a challenge is no record


def test_follow_the_author_counts_the_categories_each_seat_won():
    from tests.games.follow_the_author import test_fta_table as fta

    t = fta.Table()
    t.sealed()
    t.points("omega", 0, 2)
    t.ready(fta.BEN, 1)
    t.store(fta.ANN, 0, fta.ANN_STORE)
    t.store(fta.BEN, 1, fta.BEN_STORE)
    t.act(fta.BEN, "aside", {"round": 1}, {"cards": fta.ASIDE})
    t.opened()
    found = circlefacts.facts("follow-the-author", t.state, fta.GAME.sheet(t.state), t.events)
    # round 1: Ann takes the excuse and most scoring cards, Ben sagaciousness; none level
    assert [(f["rounds_played"], f["categories"]) for f in found] == [(1, 2), (1, 1)]
