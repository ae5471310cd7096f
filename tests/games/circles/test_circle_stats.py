"""A circle's figures from stored results, pure: standings with shared wins, each game's own
figures added up, head to head, records, and ratings for free-for-all and partnerships."""

from __future__ import annotations

from datetime import datetime

from companion.games.circlestats import Result, head_to_head, records, standings
from companion.tables.circlerating import ratings

DAY = datetime(2026, 11, 5, 20, 0)


def result(game: int, member: int, total: int, place: int, kind: str = "hearts",
           team: int | None = None, **facts) -> Result:  # fmt: skip
    return Result(game_id=game, member_id=member, name=f"M{member}", kind=kind, total=total,
                  place=place, won=place == 1, team=member if team is None else team,
                  finished_at=DAY.replace(day=game), facts=facts, table=100 + game)  # fmt: skip


# game 1: Hearts, Ann (1) and Bob (2) share the win; game 2: Hearts, Cy (3) wins alone
RESULTS = [
    result(1, 1, 26, 1, hands=2, moons=1, queens=1, rounds=2, high=False, best_round=0,
           worst_round=26),
    result(1, 2, 26, 1, hands=2, moons=1, queens=1, rounds=2, high=False, best_round=0,
           worst_round=26),
    result(1, 3, 52, 3, hands=2, moons=0, queens=0, rounds=2, high=False, best_round=26,
           worst_round=26),
    result(2, 1, 60, 2, hands=4, moons=0, queens=2, rounds=4, high=False, best_round=3,
           worst_round=30),
    result(2, 3, 40, 1, hands=4, moons=0, queens=2, rounds=4, high=False, best_round=2,
           worst_round=13),
]  # fmt: skip


def test_a_shared_win_counts_for_each_winner_and_figures_add_up():
    table = standings(RESULTS)
    assert (table[1]["played"], table[1]["won"], table[1]["win_rate"]) == (2, 1, 0.5)
    assert (table[2]["played"], table[2]["won"]) == (1, 1)
    assert (table[3]["played"], table[3]["won"]) == (2, 1)
    ann = table[1]["by_game"]["hearts"]
    assert (ann["hands"], ann["moons"], ann["queens"]) == (6, 1, 3)
    assert ann["points_per_hand"] == round(86 / 6, 2)
    assert ann["best_round"] == 0 and ann["worst_round"] == 30  # lowest is best in Hearts


def test_head_to_head_counts_who_finished_ahead_in_the_games_both_played():
    pairs = head_to_head(RESULTS)
    assert pairs[(1, 2)] == {"games": 1, "first": 0, "second": 0, "level": 1}
    assert pairs[(1, 3)] == {"games": 2, "first": 1, "second": 1, "level": 0}
    assert (2, 3) in pairs and pairs[(2, 3)]["first"] == 1


def test_records_name_who_and_the_table():
    found = records(RESULTS + [result(3, 2, 9, 1, kind="alphagrams", longest_word="QUARTZ")])
    assert found["hearts"]["best_round"]["value"] == 0
    assert found["hearts"]["best_round"]["table"] == 101
    assert found["hearts"]["worst_round"] == {"value": 30, "member": 1, "name": "M1",
                                              "table": 102, "number": 1}  # fmt: skip
    assert found["alphagrams"]["longest_word"]["value"] == "QUARTZ"


def test_ratings_move_with_each_game_and_keep_their_uncertainty():
    rated, history = ratings(RESULTS)
    assert len(history) == 2
    assert rated[3].games == 2 and rated[2].games == 1
    assert rated[1].sigma < 25 / 3 and rated[2].sigma < 25 / 3  # each game made it surer
    # Bob shared a win and lost no game: above Cy's start? Cy lost one, won one
    assert rated[2].mu > 25


def test_partners_rise_and_fall_together():
    spades = [result(4, m, 520 if m in (1, 3) else 300, 1 if m in (1, 3) else 3, "spades",
                     team=0 if m in (1, 3) else 1) for m in (1, 2, 3, 4)]  # fmt: skip
    rated, _ = ratings(spades)
    assert rated[1].mu == rated[3].mu > 25 > rated[2].mu == rated[4].mu


def test_a_game_with_one_side_rates_nobody():
    rated, history = ratings([result(5, 1, 10, 1, "custom")])
    assert rated == {} and history == []


def test_the_next_game_goes_on_from_the_ratings_kept_and_a_changed_one_starts_again():
    from companion.tables.circlerating import rate

    first = rate(RESULTS[:3])
    assert rate(RESULTS, first).final() == rate(RESULTS).final()
    assert rate(RESULTS, first).history == rate(RESULTS).history
    changed = [RESULTS[0], RESULTS[1], result(1, 3, 10, 1), *RESULTS[3:]]  # Cy won game 1
    again = rate(changed, rate(RESULTS)).final()
    assert again == rate(changed).final() and again[3].mu > rate(RESULTS).final()[3].mu
