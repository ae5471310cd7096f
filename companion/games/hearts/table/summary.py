"""What a finished Hearts hand came to, in words (pure): each seat's points for the hand and
what made it unusual (a moon or a sun and the choice taken, the bonus card, a recorded
revoke or one the tricks show, who took the kitty), and the short marks the sheet shows in
that hand's row.

Rulings (ours): the kitty's taker is told only when the hand was entered trick by trick (the
cards-taken and numbers ways do not say who took it); a moon with no choice recorded was
scored by the table's moon rule, and the words say which way it went.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards.standard import Card
from companion.games import hearts
from companion.games.hearts.scoring import bonus_card, is_penalty
from companion.games.hearts.table import words as words
from companion.games.hearts.table.options import TableOptions
from companion.games.hearts.table.state import Hand, State
from companion.games.trickgame import hands
from companion.games.trickgame.summary import HandSummary, points_line
from companion.games.trickgame.words import seat_name
from companion.games.tricks import Violation

LEGEND = (
    ("moon", "someone shot the moon"),
    ("sun", "someone took every trick (the sun)"),
    ("revoke", "a revoke was recorded or the tricks show one"),
)


def legend(options: TableOptions) -> list[tuple[str, str]]:
    """The marks this table's rows can show, each with its meaning."""
    return [(m, words_) for m, words_ in LEGEND if m != "sun" or options.rules.shoot_the_sun]


def _who(seats: Sequence[int], names: Sequence[str]) -> str:
    return " and ".join(names[s] for s in seats)


def shot_line(hand: Hand, names: Sequence[str]) -> str | None:
    """``Bob shot the moon and chose +26 for everyone else.`` (None: no moon or sun)."""
    shooter = hand.shooter
    if shooter is None:
        return None
    who = _who(shooter.seats, names)
    value = shooter.value
    if hand.scores is None:
        return f"{who} shot the {shooter.kind}: waiting for {names[shooter.seat]}'s choice."
    took_off = hand.scores.get(shooter.seat, 0) < 0
    effect = f"\u2212{value} for {who}" if took_off else f"+{value} for everyone else"
    if hand.moon:
        return f"{who} shot the {shooter.kind} and chose {effect}."
    return f"{who} shot the {shooter.kind}: {effect} (the table's moon rule)."


def _bonus_line(options: TableOptions, hand: Hand, names: Sequence[str]) -> str | None:
    card = bonus_card(options.rules)
    if card is None or hand.source == "":
        return None
    seat = next((s for s, cards in hand.taken.items() if card in cards), None)
    if seat is None:
        return None
    return f"{names[seat]} took the {words.face(card)} ({options.rules.bonus_points:+d})."


def _shown_revokes(hand: Hand) -> list[Violation[Card]]:
    """Revokes the entered tricks show (the rule the engine names ``follow-suit``)."""
    report = hand.report
    return [x for x in report.violations if x.rule == "follow-suit"] if report else []


def _revoke_line(options: TableOptions, hand: Hand, names: Sequence[str]) -> str | None:
    if hand.revoke is None:
        shown = _shown_revokes(hand)
        return words.named(shown[0].message, names) if shown else None
    who = seat_name(names, hand.revoke.get("seat"))
    trick = int(hand.revoke.get("trick", 0)) + 1
    line = f"{who} revoked on trick {trick}"
    if options.rules.revoke_penalty:
        return f"{line}: {who} takes 26 and nobody else scores."
    return f"{line}."


def kitty_seat(options: TableOptions, hand: Hand) -> int | None:
    """Who took the kitty: known only from tricks (the first trick's winner, or with the
    option the first to take a penalty card)."""
    rules = options.rules
    report = hand.report
    if not hearts.kitty_size(rules) or hand.source != "tricks" or report is None:
        return None
    winners = [w for w in report.winners if w is not None]
    if not winners:
        return None
    if rules.kitty_to == "first-penalty":
        for (_, cards), won in zip(hand.tricks, report.winners, strict=False):
            if won is not None and any(map(is_penalty, cards)):
                return won
    return winners[0]


def marks(hand: Hand) -> tuple[str, ...]:
    found = []
    if hand.shooter is not None:
        found.append(hand.shooter.kind)
    if hand.revoke is not None or _shown_revokes(hand):
        found.append("revoke")
    return tuple(found)


def summary(state: State, hand: Hand, names: Sequence[str]) -> HandSummary:
    options = state.options
    notes = [
        shot_line(hand, names),
        _bonus_line(options, hand, names),
        _revoke_line(options, hand, names),
    ]
    if hand.rest is not None:
        notes.append(f"{names[hand.rest]} took every trick from trick {len(hand.tricks) + 1} on.")
    kitty = kitty_seat(options, hand)
    if kitty is not None:
        notes.append(f"{names[kitty]} took the kitty.")
    points = points_line(hand.scores, names)
    return HandSummary(hand.number, points, tuple(n for n in notes if n), marks(hand))


def latest(state: State, names: Sequence[str]) -> HandSummary | None:
    """The summary of the newest hand that is scored or waits for a moon's choice."""
    return hands.latest(
        state.hands,
        lambda hand: hand.scores is not None or hand.choice_required,
        lambda hand: summary(state, hand, names),
    )


def row_marks(state: State) -> list[tuple[str, ...]]:
    """Each sheet row's marks (a row per scored hand)."""
    return [marks(h) for h in state.done]
