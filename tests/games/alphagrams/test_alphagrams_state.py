from __future__ import annotations

from dataclasses import replace

import pytest

from companion.cards.alpha import AlphaCard
from companion.errors import Forbidden
from companion.games.alphagrams.moves import Move
from companion.games.alphagrams.options import AlphaGramsOptions
from companion.games.alphagrams.state import (
    challenge,
    end_game,
    final_points,
    final_ranking,
    flip,
    new_game,
    pass_turn,
    play,
    words_by_seat,
)
from companion.games.alphagrams.validate import check_move

C = AlphaCard.parse
WORDS = {"team", "meats", "teams", "tea", "eat", "mates"}


def is_word(word: str) -> bool:
    return word.lower() in WORDS


def team_on_table():
    """Seat 0 makes TEAM: T and M from hand, E (A/E) and A (A/O) from the pool."""
    state = new_game(AlphaGramsOptions(players=3), C("A/E"))
    state = flip(state, C("A/O"))
    move = Move.parse(0, ["T", "A/E=E", "A/O=A", "M"], ["hand", "pool", "pool", "hand"])
    return play(state, move)


def test_deal_and_first_flip():
    state = new_game(AlphaGramsOptions(players=3), C("T"))
    assert state.stock == 74 - 9 - 1 and state.hands == (3, 3, 3) and state.phase == "flip"
    state = flip(state, C("S"))
    assert state.pool == (C("T"), C("S")) and state.stock == 63 and state.phase == "play"


def test_new_word_takes_pool_cards_refills_hand_and_passes_the_turn():
    state = team_on_table()
    assert words_by_seat(state) == {0: ["TEAM"], 1: [], 2: []}
    assert state.pool == () and state.hands == (3, 3, 3) and state.stock == 61
    assert state.turn == 1 and state.phase == "flip"


def test_steal_uses_every_card_of_the_word_plus_one():
    state = flip(team_on_table(), C("S"))
    words = ["word", "word", "word", "word", "pool"]
    steal = Move.parse(1, ["M", "A/E=E", "A/O=A", "T", "S"], words, steal=0)
    after = play(state, steal)
    assert words_by_seat(after) == {0: [], 1: ["MEATS"], 2: []}
    assert after.hands[1] == 3 and after.stock == state.stock


@pytest.mark.parametrize(
    ("cards", "sources", "rule"),
    [
        (["T", "A/E=E", "A/O=A", "M", "S"], ["word"] * 4 + ["pool"], "inflection"),
        (["M", "A/E=E", "A/O=A", "T"], ["word"] * 4, "no-new-letter"),
        (["M", "A/E=E", "T", "S"], ["word", "word", "word", "pool"], "not-a-rearrangement"),
        (["M", "A/E=A", "A/O=O", "T", "S"], ["word"] * 4 + ["pool"], "not-a-rearrangement"),
        (["M", "A/E=O", "A/O=A", "T", "S"], ["word"] * 4 + ["pool"], "bad-declaration"),
        (["M", "A/E=E", "A/O=A", "T", "X"], ["word"] * 4 + ["pool"], "not-in-pool"),
    ],
)
def test_refused_steals(cards, sources, rule):
    state = flip(team_on_table(), C("S"))
    move = Move.parse(1, cards, sources, steal=0)
    assert check_move(state, move).rule == rule
    with pytest.raises(Forbidden):
        play(state, move)


def test_inflection_can_be_overruled_by_the_table():
    state = flip(team_on_table(), C("S"))
    move = Move.parse(1, ["T", "A/E=E", "A/O=A", "M", "S"], ["word"] * 4 + ["pool"], 0, None, True)
    assert words_by_seat(play(state, move))[1] == ["TEAMS"]


def test_only_the_seat_on_turn_plays_after_turning_a_card():
    state = team_on_table()
    with pytest.raises(Forbidden):
        play(state, Move.parse(1, ["T", "?=E", "A/E=A"], ["hand"] * 3))  # card not turned yet
    state = flip(state, C("S"))
    with pytest.raises(Forbidden):
        play(state, Move.parse(2, ["T", "?=E", "A/E=A"], ["hand"] * 3))


def test_an_invalid_word_goes_back_and_its_player_loses_the_turn():
    before = flip(new_game(AlphaGramsOptions(players=3), C("A/E")), C("Z"))
    state = play(before, Move.parse(0, ["Z", "A/E=E", "T"], ["pool", "pool", "hand"]))
    after, result = challenge(state, 2, is_word)
    assert not result.valid and result.word == "ZET"
    assert after.words == () and after.pool == before.pool and after.hands == before.hands
    assert after.stock == before.stock and after.turn == 1 and after.lose_turns == (0, 0, 0)


def test_a_valid_word_costs_the_challenger_the_next_turn():
    state = team_on_table()  # seat 1 is on turn, seat 2 challenges
    after, result = challenge(state, 2, is_word)
    assert result.valid and after.words == state.words and after.lose_turns == (0, 0, 1)
    after = pass_turn(flip(after, C("S")), 1)
    assert after.turn == 0 and after.lose_turns == (0, 0, 0)  # seat 2 missed its turn


def test_a_challenger_on_turn_loses_this_turn():
    state = team_on_table()
    after, result = challenge(state, 1, is_word)
    assert result.valid and after.turn == 2 and after.lose_turns == (0, 0, 0)


def test_challenge_window_closes_with_the_next_card():
    state = flip(team_on_table(), C("S"))
    with pytest.raises(Forbidden):
        challenge(state, 1, is_word)
    with pytest.raises(Forbidden):
        challenge(team_on_table(), 0, is_word)  # not your own word


def test_game_ends_when_all_pass_with_an_empty_stock_and_scores_cards():
    state = new_game(AlphaGramsOptions(players=2, hand_size=3), C("Q"))
    state = replace(state, stock=0, phase="play")
    state = play(state, Move.parse(0, ["Q", "?=U", "I/U=I", "Z"], ["pool", "hand", "hand", "hand"]))
    assert state.hands == (0, 3) and state.phase == "play"
    state = pass_turn(state, 1)
    state = pass_turn(state, 0)
    assert state.phase == "over"
    assert final_points(state) == {0: 3 + 1 + 1 + 3, 1: 0}
    assert final_ranking(state) == [0, 1]
    with pytest.raises(Forbidden):
        pass_turn(state, 1)
    assert end_game(state).phase == "over"
