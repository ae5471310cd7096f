"""Declarations, the trick winner and its tie-breaks, in card notation (seed 000, RULES.md)."""

from __future__ import annotations

import pytest

from companion.cards.alpha import DEFAULT_DECK, AlphaCard
from companion.games.consonants import (
    can_follow,
    can_reach,
    card_points,
    declaration_problem,
    declared,
    trick_winner,
)

from .helpers import played


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("P R T", 2),  # the seed's example: a T beats a P and an R
        ("T P R", 0),
        ("A/O=A A/U=A A/E=A", 1),  # A/U beats A/O and A/E when all are played as A
        ("A/E=A A/O=A A/U=A", 2),
        ("A/U=A A/U=A", 0),  # identical vowel cards: the first played
        ("T T", 0),  # two T cards: the first played wins
        ("R T T", 1),
        ("?=T T", 0),  # a wild declared T against a real T: the first played
        ("T ?=T", 0),
        ("A/E=E ?=E", 0),
        ("?=E E/U=E", 0),  # a wild ties every real E: the first played keeps it
        ("A/E=E E/U=E", 1),
        ("E/U=E A/E=E", 0),
        ("O/U=O B", 0),  # alphabetical across vowels and consonants
        ("E/I=E F", 1),
        ("A/E=A A/E=E", 1),  # the declared letter counts, not the card
        ("J ?=Z K", 1),
        ("? T", 1),  # an undeclared wild never takes a trick from a declared letter
        ("A/E=O B", 1),  # nor does a vowel card declared as a side it lacks
        ("Z A/E", 0),
    ],
)
def test_trick_winner(trick, winner):
    assert trick_winner(played(trick)) == winner


@pytest.mark.parametrize(
    ("card", "letter"),
    [("T", "T"), ("A/E=E", "E"), ("A/E=A", "A"), ("?=R", "R"), ("A/E", None), ("?", None)],
)
def test_declared_letter(card, letter):
    assert declared(played(card)[0]) == letter


@pytest.mark.parametrize(
    ("card", "problem"),
    [
        ("T", None),
        ("T=T", None),
        ("A/E=E", None),
        ("?=Q", None),
        ("T=R", "played as T"),
        ("A/E=O", "no O side"),
        ("A/E", "needs a declared letter"),
        ("?", "needs a declared letter"),
    ],
)
def test_declaration_problem(card, problem):
    found = declaration_problem(played(card)[0])
    assert (found is None) if problem is None else (problem in (found or ""))


@pytest.mark.parametrize(
    ("card", "letter", "follows", "reaches"),
    [
        ("A/E", "E", True, True),
        ("A/E", "A", True, True),
        ("A/E", "I", False, False),
        ("O/U", "P", False, True),  # U >= P
        ("T", "T", True, True),
        ("T", "U", False, False),
        ("?", "T", False, False),  # wilds never count
    ],
)
def test_can_follow_and_reach(card, letter, follows, reaches):
    c = AlphaCard.parse(card)
    assert can_follow(c, letter) is follows
    assert can_reach(c, letter) is reaches


@pytest.mark.parametrize(
    ("card", "points"),
    [("J", 20), ("K", 20), ("Q", 20), ("V", 20), ("X", 20), ("Z", 20), ("H", 4), ("T", 1)]
    + [("A/E", 0), ("?", 0), ("B", 3)],
)
def test_card_points_singletons_twenty(card, points):
    assert card_points(AlphaCard.parse(card), DEFAULT_DECK) == points
