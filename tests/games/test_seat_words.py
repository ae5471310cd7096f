"""Seats in words are counted one way everywhere: ``companion.games.seats`` is the one module that
says "Seat N" (counted from 1) for a seat whose player's name is not known; every refusal,
history line and referee message takes its words from there."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.errors import NotAllowed
from companion.games import agreements, scoresheet
from companion.games.protocol import Actor, need_seat_phone
from companion.games.seating import Chair
from companion.games.seats import seat_labels, seat_name

COMPANION = Path(__file__).resolve().parents[2] / "companion"
ONE_PLACE = COMPANION / "games" / "seats.py"


def builds_seat_words(source: str) -> list[int]:
    """The lines of ``source`` that put a seat's number after "Seat " themselves: an f-string
    whose text before a value ends with "Seat ", or a string holding "Seat {" (``format``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            for before, after in zip(parts, parts[1:], strict=False):
                text = before.value if isinstance(before, ast.Constant) else None
                if (
                    isinstance(text, str)
                    and text.endswith("Seat ")
                    and not isinstance(after, ast.Constant)
                ):
                    lines.append(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "Seat {" in node.value:
                lines.append(node.lineno)
    return lines


def test_only_the_seats_module_builds_seat_words() -> None:
    found = [
        f"{path.relative_to(COMPANION)}:{line}"
        for path in sorted(COMPANION.rglob("*.py"))
        if path != ONE_PLACE
        for line in builds_seat_words(path.read_text())
    ]
    assert found == []


@pytest.mark.parametrize(
    "source",
    [
        'x = f"Seat {seat + 1}"',
        'x = f"Only Seat {seat + 1}\'s phone"',
        'x = "Seat {}".format(seat + 1)',
        'x = "Seat {n}"',
    ],
)
def test_the_check_finds_seat_words_built_by_hand(source: str) -> None:
    assert builds_seat_words(source) == [1]


def test_the_check_leaves_other_words_alone() -> None:
    assert builds_seat_words('x = f"{seat_name(s)} led"; y = f"seat {key}: not a number"') == []


def test_a_seat_is_its_name_when_known_else_counted_from_one() -> None:
    assert seat_name(2) == "Seat 3"
    assert seat_name(2, ["Ann", "Ben", ""]) == "Seat 3"
    assert seat_name(1, ["Ann", "Ben"]) == "Ben"
    assert seat_name(5, ["Ann", "Ben"]) == "Seat 6"
    assert seat_name(0, {0: "Ann"}) == "Ann" and seat_name(0, {0: ""}) == "Seat 1"
    assert seat_labels(3) == ("Seat 1", "Seat 2", "Seat 3")


def test_refusals_and_lines_say_seats_from_one() -> None:
    with pytest.raises(NotAllowed, match="Only Seat 3.s phone"):
        need_seat_phone(Actor("Ann", seat=0), 2, [])
    assert Chair().called(0) == "Seat 1" and Chair(name="Cy").called(0) == "Cy"
    assert scoresheet.reached({0: 40, 2: 101}, 100) == "Seat 3 reached 101"
    assert agreements._name(["Ann"], 3) == "Seat 4" and agreements._name(["Ann"], 0) == "Ann"
