"""Play legality (rule ids order, ace-suit, ace-lead, ace-on-ace) and the legal set."""

import pytest

from companion.cards.decktet import ACES, DECK, parse_card
from companion.games.follow_the_author import Play, PlayedSequence, check_hand, judge, legal_next


def c(title):
    return parse_card(title)


def seq(*plays, ended_by_ace=False):
    """plays: "0:Author", "1:Bard" ..."""
    parsed = tuple(Play(int(p[0]), c(p[2:])) for p in plays)
    return PlayedSequence(parsed, ended_by_ace)


@pytest.mark.parametrize(
    "previous, card, rule",
    [
        ("Author", "Bard", None),
        ("Bard", "Author", "order"),
        ("Author", "Author", "order"),
        ("Window", "Excuse", "order"),
        ("End", "Excuse", None),
        ("Excuse", "Forest", None),
        ("Cave", "Chance Meeting", None),  # spaces ignored: "cave" < "chancemeeting"
        ("Light Keeper", "Lunatic", None),
        ("Author", "Ace of Moons", None),
        ("Author", "Ace of Knots", None),
        ("Author", "Ace of Suns", "ace-suit"),
        ("Excuse", "Ace of Moons", "ace-suit"),
        ("Ace of Moons", "Ace of Suns", "ace-on-ace"),
        ("Ace of Moons", "Author", None),  # after an Ace: free of order
        ("Window", "Ace of Knots", None),
    ],
)
def test_judge_forward(previous, card, rule):
    found = judge(c(previous), c(card))
    assert (found[0] if found else None) == rule


@pytest.mark.parametrize(
    "previous, card, rule",
    [("Bard", "Author", None), ("Author", "Bard", "order"), ("Ace of Suns", "Window", None)],
)
def test_judge_backwards_under_back_and_forth(previous, card, rule):
    found = judge(c(previous), c(card), descending=True)
    assert (found[0] if found else None) == rule


def test_ace_lead_only_when_nothing_else_is_left():
    assert judge(None, c("Ace of Moons"), holds_non_ace=True)[0] == "ace-lead"
    assert judge(None, c("Ace of Moons"), holds_non_ace=False) is None


def test_messages_are_plain_sentences():
    for previous, card in [
        ("Bard", "Author"),
        ("Author", "Ace of Suns"),
        ("Ace of Moons", "Ace of Suns"),
    ]:
        message = judge(c(previous), c(card))[1]
        assert message.endswith(".") and card in message and "_" not in message


def test_check_hand_counts_plays_over_sequences():
    hand = [
        seq("1:Author", "0:Bard", "1:Castle"),
        seq("0:Window", "1:Excuse"),  # play 4: Excuse before Window
    ]
    [v] = check_hand(hand)
    assert (v.play, v.seat, str(v.card), v.rule) == (4, 1, "Excuse", "order")


def test_check_hand_ace_lead_is_judged_from_later_plays():
    hand = [seq("0:Ace of Moons", "1:Author"), seq("1:Bard", "0:Castle")]
    [v] = check_hand(hand)
    assert (v.play, v.rule) == (0, "ace-lead")


def test_check_hand_allows_an_ace_lead_when_only_aces_remain():
    hand = [seq("0:Author", "1:Bard"), seq("0:Ace of Moons", "1:Castle")]
    assert check_hand(hand) == []


def test_order_resumes_from_the_card_after_an_ace():
    hand = [seq("0:Author", "1:Ace of Moons", "0:Window", "1:Bard")]
    [v] = check_hand(hand)
    assert (v.play, v.rule) == (3, "order")


def test_omega_under_back_and_forth_reverses_the_order():
    hand = [seq("0:Window", "1:Sea", "0:Author")]
    assert check_hand(hand, descending=True) == []
    assert [v.rule for v in check_hand(hand)] == ["order", "order"]


def test_legal_next_after_a_card():
    allowed = legal_next([c("Watchman")])
    assert allowed == {
        c("Windfall"),
        c("Window"),
        c("Ace of Moons"),
        c("Ace of Wyrms"),
        c("Ace of Knots"),
    }


def test_legal_next_after_an_ace_is_every_non_ace_not_yet_on_the_table():
    sequence = [c("Author"), c("Ace of Moons")]
    allowed = legal_next(sequence)
    assert allowed == {x for x in DECK if not x.is_ace and x != c("Author")}


def test_legal_next_with_a_known_hand_judges_the_ace_lead():
    hand = [c("Ace of Moons"), c("Bard")]
    assert legal_next([], hand=hand) == {c("Bard")}
    assert legal_next([], hand=[c("Ace of Moons")]) == {c("Ace of Moons")}


def test_legal_next_leaves_out_unavailable_cards():
    allowed = legal_next([], unavailable=[c("Author"), *ACES])
    assert c("Author") not in allowed and len(allowed) == 38


def test_a_card_is_legal_exactly_when_it_is_in_the_legal_set():
    for previous in DECK:
        allowed = legal_next([previous])
        for card in DECK:
            if card != previous:
                assert (card in allowed) == (judge(previous, card) is None)
