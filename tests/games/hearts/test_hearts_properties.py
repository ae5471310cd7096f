"""Properties over random legal deals and play (an independent reference player, 3-6
players, every preset and option mix): no violations, the right points, and any single
illegal card is caught."""

from __future__ import annotations

import random
from dataclasses import asdict, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.hearts import PRESETS, HeartsOptions, check_hand, scoring

from . import reference

PLAYERS = st.sampled_from([3, 4, 5, 6])


@st.composite
def tables(draw: st.DrawFn) -> tuple[HeartsOptions, reference.Table]:
    players = draw(PLAYERS)
    base = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    options = replace(
        base,
        players=players,
        pass_cycle=None,
        odd_deal=draw(st.sampled_from(["remove", "kitty"])),
        kitty_to=draw(st.sampled_from(["first-trick", "first-penalty"])),
        first_lead=draw(st.sampled_from(["low-club", "low-club", "left-of-dealer"])),
        must_break_hearts=draw(st.booleans()),
        qs_breaks_hearts=draw(st.booleans()),
        can_lead_hearts_instead_of_qs=draw(st.booleans()),
        no_points_on_first_trick=draw(st.booleans()),
        bonus_card=draw(st.sampled_from([None, "JD", "TD"])),
        shoot_the_sun=draw(st.booleans()),
        moon_policy="add",
    )
    names = {f.split("=")[0] for f in reference.Table.__dataclass_fields__}
    table = reference.Table(**{k: v for k, v in asdict(options).items() if k in names})
    return options, table


def _check(options: HeartsOptions, game: reference.Played, with_kitty: bool):
    return check_hand(
        options,
        game.tricks,
        kitty=game.kitty if with_kitty else None,
        dealer=game.dealer,
    )


@settings(max_examples=150, deadline=None)
@given(tables(), st.integers(0, 2**32), st.booleans())
def test_random_legal_play_has_no_violations_and_reference_points(table, seed, with_kitty):
    options, ref = table
    game = reference.play(ref, random.Random(seed))
    report = _check(options, game, with_kitty)
    assert [v.message for v in report.violations] == []
    assert report.complete
    assert list(report.points.values()) == reference.points(ref, game)


@settings(max_examples=150, deadline=None)
@given(tables(), st.integers(0, 2**32))
def test_every_hand_gives_out_the_deck_points_unless_moon_or_sun(table, seed):
    options, ref = table
    game = reference.play(ref, random.Random(seed))
    report = _check(options, game, True)
    assert report.hand_scores is not None
    bonus = -10 if options.bonus_card else 0
    total = sum(report.hand_scores.values())
    if report.shooter is None:
        assert total == 26 + bonus
    else:
        others = options.players - 1
        assert total == report.shooter.value * others + bonus
        # the moon is decided by cards taken: the shooter took every penalty card
        taken = set(report.taken[report.shooter.seat])
        kind_ok = report.shooter.kind == "sun" or set(scoring.penalty_cards(options)) <= taken
        assert kind_ok


@settings(max_examples=200, deadline=None)
@given(tables(), st.integers(0, 2**32))
def test_one_illegal_card_is_always_caught(table, seed):
    options, ref = table
    game = reference.play(ref, random.Random(seed), plant_illegal=True)
    report = _check(options, game, True)
    if game.illegal_at is None:
        assert report.violations == ()
        return
    assert [(v.trick, v.seat) for v in report.violations] == [game.illegal_at]
