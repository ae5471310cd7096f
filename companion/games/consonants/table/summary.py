"""What a finished Consonants hand came to, in words (pure): each seat's points for the hand,
Flying by Night and the choice taken, challenged words, rule breaks the tricks show and who
took the kitty, and the short marks the sheet shows in that hand's row.

Rulings (ours): the kitty's taker (the winner of the last trick) is told only when the hand
was entered trick by trick; with cards taken, the kitty is in whoever entered it.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.consonants.table.state import Hand, State
from companion.games.trickgame import hands
from companion.games.trickgame.summary import HandSummary, points_line
from companion.games.trickgame.words import named

LEGEND = (
    ("fly", "Flying by Night (all six singletons)"),
    ("break", "the tricks show a broken rule"),
)
RULE_BREAKS = ("follow-letter", "play-higher", "opening-lead", "wrong-leader")


def fly_line(hand: Hand, names: Sequence[str]) -> str | None:
    flyer = hand.flyer
    if flyer is None:
        return None
    who = names[flyer]
    if hand.fly is None:
        return f"{who} was Flying by Night (all six singletons): waiting for {who}'s choice."
    effect = f"\u221250 for {who}" if hand.fly == "subtract" else "+50 for everyone else"
    return f"{who} was Flying by Night (all six singletons) and chose {effect}."


def _challenge_lines(hand: Hand, names: Sequence[str]) -> list[str]:
    report = hand.report
    if report is None:
        return []
    return [
        f"{names[c.challenger]} challenged {names[c.seat]}'s {c.word}: "
        + (
            f"it stands, {names[c.challenger]} adds {c.points}."
            if c.valid
            else f"not a word, {names[c.seat]} adds {c.points}."
        )
        for c in report.challenges
    ]


def _breaks(hand: Hand, names: Sequence[str]) -> list[str]:
    report = hand.trick_report
    if report is None:
        return []
    return [named(x.message, names) for x in report.violations if x.rule in RULE_BREAKS][:3]


def kitty_seat(hand: Hand) -> int | None:
    report = hand.trick_report
    if hand.source != "tricks" or report is None or not report.complete or not report.winners:
        return None
    return report.winners[-1]


def marks(hand: Hand) -> tuple[str, ...]:
    found = ["fly"] if hand.flyer is not None else []
    if _breaks(hand, ()):
        found.append("break")
    return tuple(found)


def summary(hand: Hand, names: Sequence[str]) -> HandSummary:
    notes = [fly_line(hand, names), *_challenge_lines(hand, names), *_breaks(hand, names)]
    kitty = kitty_seat(hand)
    if hand.rest is not None:
        notes.append(
            f"{names[hand.rest]} took every trick from trick {len(hand.tricks) + 1} on, "
            "the kitty too."
        )
    elif kitty is not None:
        notes.append(f"{names[kitty]} took the last trick and the kitty.")
    scores = hand.scores if hand.closed else None
    return HandSummary(
        hand.number, points_line(scores, names), tuple(n for n in notes if n), marks(hand)
    )


def latest(state: State, names: Sequence[str]) -> HandSummary | None:
    """The summary of the newest closed hand, or of the open one while Flying by Night waits
    for its choice."""
    return hands.latest(
        state.hands,
        lambda hand: hand.closed or hand.choice_required,
        lambda hand: summary(hand, names),
    )


def row_marks(state: State) -> list[tuple[str, ...]]:
    return [marks(h) for h in state.done]
