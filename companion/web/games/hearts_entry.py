"""Reading a phone's Hearts entry (cards taken, a claim, a trick) and storing it in its slot.

Every reader raises ``Unreadable`` with a sentence a player understands; nothing is stored
then. ``save`` refuses a stale version with ``Conflict`` (and the database refuses a lost
race on the same slot version).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.cards.standard import Card
from companion.errors import Conflict, Unreadable
from companion.games import hearts
from companion.tables import store
from companion.web.games import hearts_state as state
from companion.web.tableview import TableView


def read_cards(text: Any, who: str, allowed: list[Card] | None = None) -> list[Card]:
    """Cards typed or tapped, e.g. ``QS 2H th``; ``allowed`` limits them (penalty cards)."""
    found = []
    for word in re.split(r"[\s,;]+", str(text or "").strip())[:60]:
        if not word:
            continue
        try:
            card = Card.parse(word)
        except Unreadable as err:
            raise Unreadable(f"{who}: {err.message}", "cards") from None
        if allowed is not None and card not in allowed:
            raise Unreadable(
                f"{who}: the {card} scores nothing here; enter only the hearts, the QS"
                " and the bonus card when it is on.",
                "cards",
            )
        found.append(card)
    return found


def read_version(form: Mapping[str, Any]) -> int:
    try:
        return int(str(form.get("version", "0")))
    except ValueError:
        raise Unreadable("The form's version is not a number: reload the page.", "form") from None


def read_seat(
    form: Mapping[str, Any], key: str, players: int, blank_ok: bool = False
) -> int | None:
    raw = str(form.get(key, "")).strip()
    if not raw and blank_ok:
        return None
    if not raw.isdigit() or not 0 <= int(raw) < players:
        raise Unreadable(f"'{raw[:20]}' is not a seat at this table.", key)
    return int(raw)


def read_taken(v: TableView, hand: state.Hand, form: Mapping[str, Any]) -> dict[str, Any]:
    """A scorer's whole hand: ``taken-<seat>`` per seat, ``rest`` (seat that took every card
    not listed), ``sun`` (seat that took every trick)."""
    options = v.options
    wanted = state.penalty_cards(options)
    taken = {
        seat: read_cards(form.get(f"taken-{seat}"), v.names[seat], wanted)
        for seat in range(options.players)
    }
    rest = read_seat(form, "rest", options.players, blank_ok=True)
    sun = read_seat(form, "sun", options.players, blank_ok=True)
    if sun is not None:
        if any(taken[s] for s in taken if s != sun):
            raise Unreadable(f"{v.names[sun]} took every trick, so nobody else took cards.", "sun")
        taken[sun] = list(wanted)
    if rest is not None:
        listed = {c for cards in taken.values() for c in cards}
        taken[rest] += [c for c in wanted if c not in listed]
    report = hearts.score_taken(
        options.rules, taken, state.sun_tricks(options, sun), hand.totals_before, None, v.names
    )
    if report.violations:
        raise Unreadable(_problems(report.violations), "cards")
    return {"taken": {str(s): [str(c) for c in cards] for s, cards in taken.items()}, "sun": sun}


def _problems(violations: Any) -> str:
    """Cards listed twice, each in a sentence; missing cards in one sentence."""
    twice = [x.message for x in violations if x.seat >= 0][:3]
    missing = [str(x.card) for x in violations if x.seat < 0]
    if missing:
        twice.append(f"Nobody is listed with the {', '.join(missing)}: every card is taken once.")
    return " ".join(twice)


def read_claim(v: TableView, hand: state.Hand, seat: int, form: Mapping[str, Any]) -> dict:
    """One player's own cards; ``rest`` adds every card nobody else has claimed."""
    wanted = state.penalty_cards(v.options)
    mine = read_cards(form.get("cards"), v.names[seat], wanted)
    if len(set(mine)) != len(mine):
        twice = next(c for c in mine if mine.count(c) > 1)
        raise Unreadable(f"The {twice} is listed twice: each card is taken once.", "cards")
    if form.get("rest"):
        others = {c for s, cards in hand.claims.items() if s != seat for c in cards}
        mine += [c for c in wanted if c not in others and c not in mine]
    sun = bool(form.get("sun"))
    if sun:
        mine = list(wanted)
    return {"seat": seat, "cards": [str(c) for c in mine], "sun": sun}


def read_trick(v: TableView, hand: state.Hand, form: Mapping[str, Any]) -> dict[str, Any]:
    """The next trick: ``leader`` and ``cards`` in play order, one per player."""
    options = v.options
    players, number = options.players, len(hand.tricks) + 1
    if number > hearts.cards_per_seat(options.rules):
        raise Unreadable(f"All {number - 1} tricks of this hand are in already.", "cards")
    leader = read_seat(form, "leader", players)
    assert leader is not None
    cards = read_cards(form.get("cards"), f"Trick {number}")
    if len(cards) != players:
        raise Unreadable(
            f"Trick {number} needs one card from each of the {players} players, not {len(cards)}.",
            "cards",
        )
    tricks = [*hand.tricks, (leader, cards)]
    report = hearts.check_hand(options.rules, tricks, names=v.names)
    bad = [x for x in report.violations if x.rule in state.BLOCKING and x.trick == number - 1]
    if bad:
        raise Unreadable(bad[0].message, "cards")
    return {"trick": number - 1, "leader": leader, "cards": [str(c) for c in cards]}


def read_revoke(v: TableView, hand: state.Hand, form: Mapping[str, Any]) -> dict[str, Any]:
    seat = read_seat(form, "seat", v.options.players)
    found = [x for x in state_revokes(hand) if x.seat == seat]
    if not found:
        raise Unreadable("No revoke by that player is shown for this hand.", "seat")
    x = found[0]
    return {"seat": seat, "trick": x.trick, "card": str(x.card), "message": x.message}


def state_revokes(hand: state.Hand) -> list:
    report = hand.report
    return [x for x in report.violations if x.rule == "follow-suit"] if report else []


def save(v: TableView, kind: str, hand: int, slot: str, version: int, payload: dict, what: str):
    """Append one change in ``slot`` if nobody changed it since ``version``."""
    if store.slot_version(v.game, slot) != version:
        raise Conflict(
            f"{what} was changed on another phone since you opened this form. Nothing of "
            "yours was saved: check the latest and send again."
        )
    actor, seat = v.actor
    store.append(v.game, kind, actor, seat, payload, hand, (slot, version + 1))
    store.commit_change(what)
