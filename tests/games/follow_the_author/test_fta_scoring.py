"""Round-end categories: one test per category and per RULES.md ruling."""

import pytest

from companion.cards.decktet import parse_card
from companion.games.follow_the_author import CATEGORIES, score_round
from companion.games.follow_the_author.scoring import sort_store


def store(*titles):
    return [parse_card(t) for t in titles]


def score(store0, store1, scoring=("Moons", "Knots"), danger=("Wyrms", "Suns")):
    return score_round([store(*store0), store(*store1)], scoring, danger)


def category(result, name):
    return (result.breakdown(0)[name], result.breakdown(1)[name])


def test_breakdown_has_all_eight_categories_in_table_order():
    result = score([], [])
    assert tuple(result.breakdown(0)) == CATEGORIES
    assert len(result.lines()) == 8


def test_sagaciousness_goes_to_the_fewest_neither_suit_cards():
    # seat 0 (Moons/Wyrms): Sailor (Waves Leaves) is neither; seat 1 (Knots/Suns): two neither.
    result = score(["Sailor"], ["Cave", "Origin"])
    assert category(result, "sagaciousness") == (1, 0)
    assert "Seat 1 scores 1" in result.categories[0].line  # seat 0, counted from 1


def test_sagaciousness_tie_scores_nothing():
    assert category(score(["Sailor"], ["Cave"]), "sagaciousness") == (0, 0)


def test_excuse_is_not_a_neither_card_and_scores_2():
    result = score(["Excuse"], ["Cave"])
    assert category(result, "excuse") == (2, 0)
    assert category(result, "sagaciousness") == (1, 0)


def test_most_scoring_cards_1_each_for_the_most():
    result = score(["Author", "Huntress", "Forest"], ["Castle"])
    assert category(result, "most_scoring") == (3, 0)


def test_most_scoring_tie_scores_nothing():
    assert category(score(["Huntress"], ["Windfall"]), "most_scoring") == (0, 0)


def test_most_danger_loses_the_cards_and_the_highest_number_card():
    # seat 1 danger Suns: Desert (2, Suns Wyrms), Pact (9, Moons Suns), Bard (Crown Suns)
    result = score([], ["Desert", "Pact", "Bard"])
    assert category(result, "most_danger") == (0, -(3 + 9))


def test_most_danger_without_a_number_card_loses_only_the_cards():
    assert category(score([], ["Bard"]), "most_danger") == (0, -1)


def test_most_danger_highest_number_ignores_pawns_courts_crowns():
    # seat 0 danger Wyrms: Savage 3, Calamity (Crown), Island (Court): 3 cards, highest number 3
    result = score(["Savage", "Calamity", "Island"], [])
    assert category(result, "most_danger") == (-(3 + 3), 0)


def test_most_danger_names_the_losers_own_highest_number_card():
    # seat 0 loses 3 + 3 (Savage 3 is its highest); seat 1's Pact 9 is not seat 0's card
    result = score(["Savage", "Calamity", "Island"], ["Pact"])
    assert category(result, "most_danger") == (-6, 0)
    line = next(c.line for c in result.categories if c.name == "most_danger")
    assert line.endswith("(3 cards plus Seat 1's highest number card, Savage 3).")


def test_most_danger_without_a_number_card_says_so():
    result = score(["Calamity", "Island"], [])
    line = next(c.line for c in result.categories if c.name == "most_danger")
    assert line.endswith("Seat 1 loses 2 (2 cards; no number card 2-9 among them).")


def test_most_danger_tie_scores_nothing():
    assert category(score(["Calamity"], ["Bard"]), "most_danger") == (0, 0)


def test_danger_equal_to_scoring_means_no_danger_suit():
    result = score(["Calamity", "Cave"], [], scoring=("Wyrms", "Knots"), danger=("Wyrms", "Suns"))
    assert category(result, "most_danger") == (0, 0)
    assert category(result, "most_scoring") == (2, 0)


def test_cards_with_both_suits_are_discarded():
    # seat 0 Moons/Wyrms: Watchman (Moons Wyrms Knots) and Rite (Moons Leaves Wyrms) discarded
    sorted_store = sort_store(store("Watchman", "Rite", "Huntress"), "Moons", "Wyrms")
    assert [str(c) for c in sorted_store.scoring] == ["Huntress"]
    assert sorted_store.danger == () and sorted_store.neither == 0


def test_pairs_3_each():
    # Moons: Harvest + Watchman (Pawns), Consul + Rite (Courts); no danger suit keeps them all
    moons = ["Harvest", "Watchman", "Consul", "Rite", "Author", "Journey"]
    assert category(score(moons, [], danger=("Moons", "Suns")), "pairs") == (6, 0)


def test_pairs_lose_a_card_discarded_for_having_both_suits():
    moons = ["Harvest", "Watchman", "Consul", "Rite"]
    # danger Waves: the Consul (Moons Waves Knots) is discarded, so only the Pawns pair
    assert category(score(moons, [], danger=("Waves", "Suns")), "pairs") == (3, 0)


def test_pairs_both_seats_can_score():
    # seat 1 Knots, no danger suit: Consul and Window are both Courts
    result = score(["Harvest", "Watchman"], ["Consul", "Window"], danger=("Moons", "Knots"))
    assert category(result, "pairs") == (3, 3)


def test_longest_run_needs_three_and_the_longer_scores():
    # seat 0 Moons: Ace 1, Author 2, Journey 3, Mountain 4, and Pact 9 outside the run
    # seat 1 Knots (danger Suns): Painter 3 is discarded, Battle 4 and Soldier 5 are only two
    result = score(["Ace of Moons", "Author", "Journey", "Mountain", "Pact"], ["Battle", "Soldier"])
    assert category(result, "longest_run") == (4, 0)
    assert "Seat 1 4, Seat 2 0" in result.categories[5].line


def test_longest_run_tie_scores_nothing():
    result = score(["Journey", "Mountain", "Forest"], ["Battle", "Soldier", "Market"])
    assert category(result, "longest_run") == (0, 0)


def test_longest_run_of_two_is_no_run():
    assert category(score(["Journey", "Mountain"], []), "longest_run") == (0, 0)


def test_sociability_3_for_most_personalities():
    result = score(["Author", "Huntress", "Lunatic"], ["Painter", "Merchant"])
    assert category(result, "sociability") == (3, 0)


def test_sociability_tie_scores_nothing():
    assert category(score(["Huntress"], ["Merchant"]), "sociability") == (0, 0)


def test_vulnerability_three_places_in_danger_lose_one_each():
    # seat 1 danger Suns: Desert, Mountain, Island are places; Window (Knots too) is discarded
    result = score([], ["Desert", "Mountain", "Island", "Window"])
    assert category(result, "vulnerability") == (0, -3)


def test_vulnerability_two_places_cost_nothing():
    assert category(score([], ["Desert", "Mountain"]), "vulnerability") == (0, 0)


def test_points_sum_the_categories():
    result = score(["Excuse", "Huntress"], ["Bard"])
    assert result.points == (
        sum(result.breakdown(0).values()),
        sum(result.breakdown(1).values()),
    )
    assert result.points == (2 + 1 + 3, -1 + 0)


@pytest.mark.parametrize("name", CATEGORIES)
def test_every_line_is_one_sentence(name):
    result = score(["Excuse", "Huntress", "Calamity"], ["Bard", "Castle", "Desert"])
    [line] = [c.line for c in result.categories if c.name == name]
    assert line.endswith(".") and "\n" not in line


def test_each_category_names_the_cards_that_counted():
    # Ann scores Moons (danger Suns): Huntress (P, Crown), Consul (P, Court), Rite (Court),
    # Watchman (P, Pawn): a pair of Courts, a run Pawn-Court-Crown; Desert, Castle, Island are
    # places in Suns; the Sea has neither suit. Ben scores Knots (danger Wyrms): Author and
    # Merchant (personalities); the Battle has both suits (discarded), the Bard neither.
    result = score(
        ("Huntress", "Consul", "Rite", "Watchman", "Desert", "Castle", "Island", "Excuse", "Sea"),
        ("Author", "Battle", "Bard", "Merchant"),
        scoring=("Moons", "Knots"),
        danger=("Suns", "Wyrms"),
    )
    cards = {
        c.name: tuple([x.title for x in c.cards[s]] for s in (0, 1)) for c in result.categories
    }
    assert cards["sagaciousness"] == (["Sea"], ["Bard"])
    assert cards["excuse"] == (["Excuse"], [])
    assert cards["most_scoring"] == (
        ["Huntress", "Consul", "Rite", "Watchman"],
        ["Author", "Merchant"],
    )
    assert cards["pairs"] == (["Consul", "Rite"], [])
    assert cards["longest_run"] == (["Watchman", "Consul", "Rite", "Huntress"], [])
    assert cards["sociability"] == (["Huntress", "Consul", "Watchman"], ["Author", "Merchant"])
    assert cards["vulnerability"] == (["Desert", "Castle", "Island"], [])
    assert result.suits == (("Moons", "Suns"), ("Knots", "Wyrms"))
