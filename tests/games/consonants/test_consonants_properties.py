"""Properties over random legal deals and play (an independent reference player, 3-6
players): no violations, points add up to the deck, any single illegal card is caught."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.alpha import PlayedAlpha
from companion.games.consonants import check_hand, deck_points, options_from

from . import reference

PLAYERS = st.sampled_from([3, 4, 5, 6])
SEEDS = st.integers(0, 2**32)


def _report(game: reference.Played, left: bool, with_kitty: bool = True):
    first_lead = "left-of-dealer" if left else "singleton"
    options = options_from({"players": game.players, "first_lead": first_lead})
    kitty = game.kitty if with_kitty else None
    return check_hand(options, game.tricks, kitty, dealer=game.dealer)


@settings(max_examples=120, deadline=None)
@given(PLAYERS, SEEDS, st.booleans(), st.booleans())
def test_random_legal_play_has_no_violations(players, seed, left, with_kitty):
    game = reference.play(players, random.Random(seed), left)
    report = _report(game, left, with_kitty)
    assert [v.message for v in report.violations] == []
    assert report.complete and list(report.winners) == game.winners
    assert sum(len(cards) for cards in report.taken.values()) == 74
    assert sum(report.points.values()) == deck_points(options_from({}).deck) == 204
    if report.flying_by_night is None:
        assert report.hand_scores is not None
        assert sum(report.hand_scores.values()) == 204
    else:
        assert report.choice_required and report.hand_scores is None


def _swap_to_revoke(game: reference.Played) -> tuple[int, int] | None:
    """Make one seat not follow although it held the letter led: swap a real follow card at
    trick t with a later card of the same seat that cannot follow. Returns (trick, seat)."""
    n = game.players
    for t, (leader, cards) in enumerate(game.tricks):
        led = reference.letter(cards[0])
        for pos in range(1, n):
            card = cards[pos]
            if card.card.kind == "wild" or led not in card.card.letters:
                continue
            seat = (leader + pos) % n
            for u in range(t + 1, len(game.tricks)):
                later_leader, later = game.tricks[u]
                p = (seat - later_leader) % n
                other = later[p].card
                if other.kind != "wild" and led not in other.letters:
                    cards[pos] = PlayedAlpha(other, other.sides[0])
                    later[p] = PlayedAlpha(card.card, card.card.sides[0])
                    return t, seat
    return None


@settings(max_examples=80, deadline=None)
@given(PLAYERS, SEEDS)
def test_a_card_that_does_not_follow_is_always_caught(players, seed):
    game = reference.play(players, random.Random(seed))
    where = _swap_to_revoke(game)
    if where is None:  # no seat ever followed with a real card: nothing to break
        return
    report = _report(game, False)
    found = {(v.trick, v.seat, v.rule) for v in report.violations}
    assert (*where, "follow-letter") in found


@settings(max_examples=80, deadline=None)
@given(PLAYERS, SEEDS, st.data())
def test_a_bad_declaration_is_always_caught(players, seed, data):
    game = reference.play(players, random.Random(seed))
    t = data.draw(st.integers(0, len(game.tricks) - 1))
    pos = data.draw(st.integers(0, players - 1))
    leader, cards = game.tricks[t]
    card = cards[pos].card
    wrong = {"consonant": "A", "wild": None}.get(card.kind)
    if card.kind == "vowel":
        wrong = next(v for v in "AEIOU" if v not in card.letters)
    cards[pos] = PlayedAlpha(card, wrong if card.kind != "consonant" else "A")
    report = _report(game, False)
    seat = (leader + pos) % players
    assert (t, seat, "bad-declaration") in {(v.trick, v.seat, v.rule) for v in report.violations}
