"""Who may do an action is one rule, declared and decided in one place: every action of every
game, and of the table itself, names a ``Who`` and is decided by ``protocol.may`` (refused by
``protocol.check``, in words that name who may). No other module weighs the host, the seat or
the phones itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.errors import NotAllowed
from companion.games.protocol import Actor, Who, check, may, refusal

COMPANION = Path(__file__).resolve().parents[2] / "companion"
ONE_PLACE = COMPANION / "games" / "protocol.py"

PHONES = frozenset({0, 1})  # seats 0 and 1 have a phone; seat 2 has none
HOST = Actor("Host", None, True, PHONES)
SEATED_HOST = Actor("Ann", 0, True, PHONES)
ANN = Actor("Ann", 0, False, PHONES)
BEN = Actor("Ben", 1, False, PHONES)
WATCHER = Actor("Someone", None, False, PHONES)
ACTORS = {"host": HOST, "seated host": SEATED_HOST, "Ann": ANN, "Ben": BEN, "watcher": WATCHER}

# each rule: who may act for seat 0 (Ann's, with a phone) and for seat 2 (no phone)
TABLE = {
    Who.HOST: ({"host", "seated host"}, {"host", "seated host"}),
    Who.AT_TABLE: ({"host", "seated host", "Ann", "Ben"}, {"host", "seated host", "Ann", "Ben"}),
    Who.OWN: ({"seated host", "Ann"}, set()),
    Who.OWN_OR_HOST: ({"host", "seated host", "Ann"}, {"host", "seated host"}),
    Who.OWN_OR_HOST_IF_PHONELESS: ({"seated host", "Ann"}, {"host", "seated host"}),
    Who.OWN_OR_TABLE_IF_PHONELESS: (
        {"seated host", "Ann"},
        {"host", "seated host", "Ann", "Ben"},
    ),
    Who.OWN_HOST_OR_TABLE_IF_PHONELESS: (
        {"host", "seated host", "Ann"},
        {"host", "seated host", "Ann", "Ben"},
    ),
}


@pytest.mark.parametrize("who", list(Who))
def test_each_rule_lets_exactly_its_phones_act(who: Who) -> None:
    for seat, allowed in zip((0, 2), TABLE[who], strict=True):
        found = {name for name, actor in ACTORS.items() if may(actor, who, seat)}
        assert found == allowed, (who, seat)


@pytest.mark.parametrize("who", list(Who))
def test_a_refusal_names_who_may(who: Who) -> None:
    names = ("Ann", "Ben", "")
    for name, actor in ACTORS.items():
        for seat in (0, 2):
            if may(actor, who, seat):
                continue
            words = refusal(actor, who, seat, names)
            seat_words = "Ann" if seat == 0 else "Seat 3"
            assert seat_words in words or "host" in words or "at the table" in words, words
            with pytest.raises(NotAllowed, match="can do that"):
                check(actor, who, seat, names)
            with pytest.raises(NotAllowed, match="^Not yours"):
                check(actor, who, seat, names, refused="Not yours")
            assert name  # every refused actor was tried


def test_the_host_is_told_a_seat_with_a_phone_enters_for_itself() -> None:
    words = refusal(HOST, Who.OWN_OR_HOST_IF_PHONELESS, 1, ("Ann", "Ben"))
    assert words == "Ben has a phone at the table: only that phone can do that for Ben."


def decides_by_hand(source: str) -> list[int]:
    """The lines of ``source`` that weigh ``.host`` or ``.phones`` in a condition themselves
    (passing them on, to build an ``Actor``, is not deciding)."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    deciding = (ast.BoolOp, ast.Compare, ast.UnaryOp, ast.If, ast.IfExp, ast.While, ast.Assert)
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("host", "phones"):
            request = isinstance(node.value, ast.Name) and node.value.id == "request"
            if isinstance(parents.get(node), deciding) and not request:  # not a URL's host
                lines.add(node.lineno)
    return sorted(lines)


def test_only_the_protocol_decides_who_may_act() -> None:
    found = [
        f"{path.relative_to(COMPANION)}:{line}"
        for path in sorted(COMPANION.rglob("*.py"))
        if path != ONE_PLACE
        for line in decides_by_hand(path.read_text())
    ]
    assert found == []


@pytest.mark.parametrize(
    "source",
    [
        "if actor.host: pass",
        "ok = actor.seat == seat or (actor.host and seat not in actor.phones)",
        "ok = not actor.host",
        "ok = seat in self.phones",
    ],
)
def test_the_check_finds_a_rule_made_by_hand(source: str) -> None:
    assert decides_by_hand(source) == [1]


def test_passing_the_facts_on_is_not_deciding() -> None:
    assert decides_by_hand("a = Actor('', seat, who.host, who.phones)") == []
