"""The pass in words, as a trick game's pages say it (pure): the line for one phone or for
everyone, its arrow, and the named pass orders the new-table form offers. Shared by Hearts
and Consonants (``trickgame.passing`` holds the rules of the pass)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.games.trickgame.passing import (
    DEFAULT_CYCLES,
    OTHER_CYCLES,
    PassRules,
    cycle_is_house_rule,
    pass_for_hand,
)

WHERE = {
    "left": "on your left",
    "right": "on your right",
    "across": "across from you",
    "2nd-left": "two seats to your left",
    "2nd-right": "two seats to your right",
}
ARROWS = {
    "left": "\u2190",
    "right": "\u2192",
    "across": "\u2191",
    "2nd-left": "\u21d0",
    "2nd-right": "\u21d2",
    "scatter": "\u21c4",
    "hold": "\u00d7",
}
DIRECTION_WORDS = {"2nd-left": "two seats left", "2nd-right": "two seats right"}


@dataclass(frozen=True)
class PassLine:
    direction: str
    arrow: str
    text: str
    house_rule: bool
    done: bool = False  # the hand has begun: the pass is past


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def pass_line(
    rules: PassRules, hand: int, seat: int | None, names: Sequence[str], done: bool = False
) -> PassLine:
    """The pass of hand ``hand`` for the phone at ``seat`` (None: said for everyone); ``done``:
    the hand has begun (its first trick, or any card, is in), so the pass is said as past."""
    p = pass_for_hand(rules, hand)
    house = cycle_is_house_rule(rules)
    direction = "hold" if p.is_hold else p.direction
    if p.is_hold:
        text = "Held: there was no pass this hand." if done else "Hold: no pass this hand."
    elif p.direction == "scatter":
        each = "one card" if p.cards_each == 1 else _cards(p.cards_each)
        text = (
            f"Passed: {each} to each player." if done else f"Scatter: pass {each} to each player."
        )
    elif seat is None:
        passes = "passed" if done else "passes"
        text = f"Everyone {passes} {_cards(p.count)} {_everyone(p.direction)}."
    else:
        target = p.target(seat)
        who = names[target] if target is not None else "?"
        text = f"{'Passed' if done else 'Pass'} {_cards(p.count)} to {who}, {WHERE[p.direction]}."
    return PassLine(direction, ARROWS[direction], text, house, done)


def _everyone(direction: str) -> str:
    return {"across": "across", "2nd-left": "two seats left", "2nd-right": "two seats right"}.get(
        direction, f"to the {direction}"
    )


def cycle_words(cycle: Iterable[object]) -> str:
    """A pass order as the form words it: ``left, right, two seats left, hold``."""
    return ", ".join(DIRECTION_WORDS.get(str(d), str(d)) for d in cycle)


def cycle_choices() -> list[tuple[str, str]]:
    """Every named cycle, as (form value, label), for the options form."""
    choices = [("", "The usual cycle for the number of players")]
    for players, cycles in sorted(OTHER_CYCLES.items()):
        for cycle in (DEFAULT_CYCLES[players], *cycles):
            value = ",".join(cycle)
            label = f"{players} players: {cycle_words(cycle)}"
            if (value, label) not in choices:
                choices.append((value, label))
    return choices
