"""Hearts' forms read into table actions (pure): the hand from the URL, the seat (a claim:
the phone's own) or the trick and the version from the form (``companion.web.play`` answers
them), and the line a phone is told once its action is stored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.cards.standard import Card
from companion.errors import CompanionError, NotAllowed, Unreadable
from companion.games.forms import Form, Kept, version
from companion.games.hearts import HeartsOptions, numbers
from companion.games.hearts.table.state import Hand
from companion.games.protocol import Action, Data, Entered
from companion.games.trickgame import read

Url = Data
HAND = "/hearts/<int:number>"


@dataclass(frozen=True)
class Seen:
    """What the readers are given of the table: its names, rules and this phone's seat."""

    names: Sequence[str]
    rules: HeartsOptions
    me: int | None


class AskMoon(CompanionError):
    """Numbers that only a moon gives (one player with all 26): the form comes back asking
    first, as the moon button does, the numbers kept, with "Record it" sending that moon."""

    def __init__(self) -> None:
        super().__init__("")


def _act(kind: str, url: Url, form: Entered, data: dict[str, object], **target: object) -> Action:
    return Action(kind, {"hand": url["number"], **target}, version(form), data)


def taken(form: Entered, url: Url, seen: Seen, values: Kept) -> Action:
    cards = {str(s): form.get(f"taken-{s}", "") for s in range(len(seen.names))}
    data = {"taken": cards, "rest": form.get("rest") or None, "sun": form.get("sun") or None}
    return _act("taken", url, form, data)


def points(form: Entered, url: Url, seen: Seen, values: Kept) -> Action:
    data = {
        "points": {str(s): form.get(f"points-{s}", "") for s in range(len(seen.names))},
        "moon": form.get("moon") or None,
        "sun": form.get("sun") or None,
        "bonus": form.get("bonus") or None,
    }
    if not (data["moon"] or data["sun"]):
        try:
            typed = numbers.read_points(data["points"], seen.names)
        except CompanionError:
            typed = {}  # the action says why
        moon = numbers.implied_moon(seen.rules, typed) if typed else None
        if moon is not None:
            values["ask-moon"] = str(moon[0])
            if moon[1] is not None:
                values["bonus"] = str(moon[1])
            raise AskMoon()
    return _act("points", url, form, data)


def claim(form: Entered, url: Url, seen: Seen, values: Kept) -> Action:
    if seen.me is None:
        raise NotAllowed("Only a seated phone can claim its own cards: use 'Score for all'.")
    data = {
        "cards": form.get("cards", ""),
        "rest": bool(form.get("rest")),
        "sun": bool(form.get("sun")),
    }
    if data["rest"] and form.get("rest-seen") is not None:
        data["rest_seen"] = str(form.get("rest-seen", ""))[:200]  # the rest this phone was shown
    return _act("claim", url, form, data, seat=seen.me)


def trick(form: Entered, url: Url, seen: Seen, values: Kept) -> Action:
    raw = str(form.get("trick", "")).strip()
    if not raw.isdigit():
        raise Unreadable("The form does not say which trick it is: reload the page.", "trick")
    data = {"leader": form.get("leader", ""), "cards": form.get("cards", "")}
    return _act("trick", url, form, data, trick=int(raw))


def rest(form: Entered, url: Url, seen: Seen, values: Kept) -> Action:
    raw = str(form.get("trick", "")).strip()
    if not raw.isdigit():
        raise Unreadable("The form does not say which trick it is: reload the page.", "trick")
    return _act("rest", url, form, {"seat": form.get("seat", "")}, trick=int(raw))


def moon(form: Entered, url: Url, seen: Seen, values: Kept) -> Action:
    return _act("moon", url, form, {"choice": form.get("choice", "")})


def revoke(form: Entered, url: Url, seen: Seen, values: Kept) -> Action:
    return _act("revoke", url, form, {"seat": form.get("seat", "")})


# the ways a hand's cards or points come in
CARDS_IN = ("taken", "points", "claim", "trick", "rest")
READERS = (taken, points, claim, moon, trick, revoke, rest)
FORMS = {read.__name__: Form(f"{HAND}/{read.__name__}", read) for read in READERS}
SAVED = {
    "taken": "Hand {hand} saved; totals updated.",
    "points": "Hand {hand} saved; totals updated.",
    "claim": "Your cards are in.",
    "moon": "The choice is in.",
    "trick": "Trick {trick} of hand {hand} is in.",
    "revoke": "The revoke is recorded.",
    "rest": "Hand {hand} saved: the rest went to {name}; totals updated.",
}


def rest_refused(
    message: str, current: Entered, index: int, number: int, names: Sequence[str]
) -> str:
    """Why "the rest go to ..." was not saved, with the trick it was to start at as it is now
    (``current``: that slot's value now, from a stale refusal; None for another refusal)."""
    if not isinstance(current, Mapping):
        return f"{message} The rest were not given to anyone."
    if "rest" in current:
        seat = int(current["rest"])
        who = names[seat] if 0 <= seat < len(names) else "a player"
        return f"Another phone already gave the rest of hand {number} to {who}."
    leader, cards = int(current.get("leader", 0)), " ".join(current.get("cards", []))
    who = names[leader] if 0 <= leader < len(names) else "a player"
    return (
        f"Trick {index + 1} of hand {number} was entered on another phone meanwhile: led by "
        f"{who}, {cards}. The rest were not given to anyone: look at it, then decide again."
    )


def same_trick(action: Action, hand: Hand | None) -> str | None:
    """A trick refused as stale that holds what the table has now (another phone entered the
    same leader and cards first) is agreement, not a conflict: the words to tell the phone,
    else None."""
    index = action.target.get("trick")
    if action.kind != "trick" or hand is None or not isinstance(index, int):
        return None
    if not 0 <= index < len(hand.tricks):
        return None
    was_leader, was_cards = hand.tricks[index]
    try:  # one card from each player: as many players as the trick has cards
        leader = read.seat_value(action.data.get("leader"), len(was_cards), "leader")
        cards = read.read_cards(action.data.get("cards"), "Trick", Card.parse)
    except CompanionError:
        return None
    if leader != was_leader or [str(c) for c in cards] != [str(c) for c in was_cards]:
        return None
    number = action.target["hand"]
    return f"Trick {index + 1} of hand {number} is in: another phone entered the same cards."


def saved(action: Action, after: Hand | None, changed: bool, names: Sequence[str] = ()) -> str:
    """What the phone is told once ``action`` is stored: ``after`` is its hand with it stored
    (its totals may wait for a moon's or sun's choice), ``changed`` says a finished hand was
    changed."""
    hand = action.target["hand"]
    if after is not None and after.choice_required and action.kind in CARDS_IN:
        waits = after.shooter.kind if after.shooter is not None else "moon"
        return f"Hand {hand} saved: the totals wait for the {waits}'s choice."
    if changed:
        return f"Hand {hand} changed; totals updated."
    seat = after.rest if after is not None and action.kind == "rest" else None
    name = names[seat] if seat is not None and seat < len(names) else "one player"
    return SAVED[action.kind].format(hand=hand, trick=action.target.get("trick", 0) + 1, name=name)
