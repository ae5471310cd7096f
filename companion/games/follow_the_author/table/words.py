"""Follow the Author at a table, in words (pure): card faces, a hand's in-play points and its
sequence check as lines, the round summary (each category with the cards that counted), a
stale target's value now, and what a phone is told after a change.

None of these names a sealed choice: the words after a seal give its commitment only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards.decktet import DECK, DecktetCard, parse_card
from companion.errors import CompanionError
from companion.games import follow_the_author as fta
from companion.games.follow_the_author.scoring import TITLES
from companion.games.follow_the_author.table.data import read_cards, read_others
from companion.games.follow_the_author.table.state import TYPED, HandState, RoundState, State
from companion.games.follow_the_author.table.view import count_cards, store_size
from companion.games.protocol import Action, Data

TYPE_NAMES = {"P": "personality", "L": "place", "E": "event"}
REVEALED = "the sealed suits are revealed."
# which suit of the seat a category looks at: its scoring suit, its danger suit, or neither
SUIT_OF = {
    "most_scoring": 0,
    "pairs": 0,
    "longest_run": 0,
    "sociability": 0,
    "most_danger": 1,
    "vulnerability": 1,
}


def suit_names(card: DecktetCard) -> str:
    """The card's suits in words ("Suns and Knots"; "no suit" for the Excuse)."""
    return _and(list(card.suits)) or "no suit"


def _and(words: Sequence[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def card_words(card: DecktetCard) -> str:
    """A card as the round summary names it: "Castle (7)", "Harvest (Pawn)", "Ace of Moons"."""
    if card.is_ace or card.is_excuse:
        return card.title
    return f"{card.title} ({card.rank_name})"


@dataclass(frozen=True)
class CategoryWords:
    """One round-end category for the summary: its points, its line, and for each seat with
    cards that counted, those cards in words."""

    name: str
    title: str
    points: tuple[int, int]
    line: str
    cards: tuple[str, ...]


def category_words(score: fta.RoundScore, names: Sequence[str]) -> list[CategoryWords]:
    out = []
    for c in score.categories:
        said = []
        for seat in (0, 1):
            cards = c.cards[seat]
            if not cards:
                continue
            said.append(
                f"{_whose(score, c.name, seat, names)}: {_and([card_words(x) for x in cards])}"
            )
        out.append(CategoryWords(c.name, TITLES[c.name], c.points, c.line, tuple(said)))
    return out


def _whose(score: fta.RoundScore, category: str, seat: int, names: Sequence[str]) -> str:
    name = names[seat]
    which = SUIT_OF.get(category)
    if which is None or len(score.suits) < 2:
        return f"{name}, cards with neither suit" if category == "sagaciousness" else name
    suit = score.suits[seat][which]
    return f"{name}'s {suit}" if which == 0 else f"{name}'s danger suit, {suit}"


def in_play_words(r: RoundState, names: Sequence[str]) -> list[str]:
    """Each hand's in-play points, for the round summary."""
    out = []
    for hand in ("alpha", "omega"):
        h = r.hand(hand)
        out.append(
            f"{hand.capitalize()} hand, in play: {names[0]} {h.points[0]}, {names[1]} {h.points[1]}"
        )
    return out


def types(card: DecktetCard) -> str:
    return ", ".join(TYPE_NAMES[t] for t in card.types)


def tap_order() -> list[DecktetCard]:
    """Every card once, in the order a player finds it by the title printed on it: the Aces
    ("Ace of Knots") first, then the titles alphabetically (the game's own order), the Excuse in
    its place. A card with two or three suits is found under each of them by the suit filter
    (``data-suits``), not listed again."""
    return sorted(DECK, key=lambda c: c.title.replace(" ", "").lower())


def suits_of(card: DecktetCard) -> str:
    """The card's suits for the suit filter (``data-suits``): "Moons Knots"; "" for the Excuse."""
    return " ".join(card.suits)


def point_label(event: fta.PointEvent) -> str:
    if event.kind == "same-rank":
        cards = "card" if event.points == 1 else f"{event.points} cards"
        return f"same rank as the previous {cards}: +{event.points}"
    if event.kind == "run":
        return f"run of {event.points}: +{event.points}"
    if event.kind == "finish-first":
        return "first out: +1"
    if event.kind == TYPED:
        return f"in-play points typed in: +{event.points}"
    return f"+{event.points}"


def point_lines(h: HandState, names: Sequence[str]) -> list[str]:
    """Each in-play point of the hand: who, why, and the card that made it."""
    plays = h.plays
    lines = []
    for e in h.events:
        card = f" ({plays[e.play].card})" if e.kind != TYPED and e.play < len(plays) else ""
        lines.append(f"{names[e.seat]}: {point_label(e)}{card}")
    return lines


def violations(h: HandState, descending: bool, names: Sequence[str]) -> list[tuple[str, str]]:
    """The engine's check of the hand's sequences, as (rule, words) for each rule broken."""
    found = fta.check_hand(h.sequences, descending=descending)
    return [(x.rule, f"Play {x.play + 1}, {names[x.seat]}: {x.message}") for x in found]


def now_words(current: object, names: Sequence[str]) -> str:
    """A stale target's value now, in words, shown beside the phone's own input."""
    if not isinstance(current, dict):
        return ""
    if current.get("typed") is not None:
        a, b = current["typed"]
        return f"Now: in-play points typed in, {names[0]} {a}, {names[1]} {b}."
    if "sequences" in current:
        played = sum(len(s) for s in current["sequences"])
        return f"Now: {count_cards(played)} played in this hand."
    if current.get("opened"):
        return "Now: opened already."
    if "sealed" in current:
        return "Now: sealed." if current["sealed"] else "Now: not sealed yet."
    if "said" in current:
        return "Now: said so already." if current["said"] else "Now: not said yet."
    cards = current.get("cards")
    if cards is None:
        return "Now: nothing entered yet."
    return f"Now: {store_size(len(cards), current.get('others'))} entered."


def saved(
    action: Action, state: State, kinds: set[str], names: Sequence[str], seat: int | None
) -> str:
    """What the phone (seated at ``seat``, or None) is told once ``action`` is stored; ``state``
    is the game after it, ``kinds`` the event kinds just stored."""
    t, d = action.target, action.data
    revealed = "fta-reveal" in kinds
    if action.kind == "points":
        return _saved_points(t, state, revealed, seat)
    if action.kind == "end":
        return "Sequence ended."
    if action.kind == "play":
        return f"{names[int(d['seat'])]} played {parse_card(str(d['card'])[:40]).title}."
    if action.kind == "seal":
        sealed = state.round(t["round"]).seals[t["seat"]]
        return (
            f"Sealed. Commitment {sealed.short if sealed else '?'}. Only this phone holds the "
            "choice: write down the recovery code (Peek at my choice)."
        )
    if action.kind == "open" and "agree-open" in kinds:
        name, other = names[t["seat"]], names[1 - t["seat"]]
        return (
            f"{name}'s choice is stated without the recovery code: it counts once {other} agrees."
        )
    if action.kind == "open":
        return f"Opened {names[t['seat']]}'s sealed choice."
    if action.kind == "ready" and revealed:
        return f"Both players said the omega hand is over: {REVEALED}"
    if action.kind == "ready":
        return f"{names[t['seat']]} says the omega hand is over; waiting for the other player."
    if action.kind == "store":
        size = store_size(len(d["cards"]), read_others(d.get("others")))
        return f"Saved {names[t['seat']]}'s store ({size})."
    return f"Saved the cards set aside ({len(d['cards'])})."


def same_cards(action: Action, state: State, names: Sequence[str]) -> str | None:
    """A store or the cards set aside refused as stale that hold what the table has now
    (another phone saved the same cards first) is agreement, not a conflict: the words to tell
    the phone, else None (``companion.web.play.Forms.agreed``)."""
    if action.kind not in ("store", "aside") or not isinstance(action.target.get("round"), int):
        return None
    r, seat = state.round(action.target["round"]), action.target.get("seat")
    others = None
    if action.kind == "store":
        if seat not in (0, 1):
            return None
        now, what, others = r.stores[seat], f"{names[seat]}'s store is in", r.others[seat]
    else:
        now, what = r.aside, "The cards set aside are in"
    try:
        sent = read_cards(action.data.get("cards"))
        sent_others = read_others(action.data.get("others"))
    except CompanionError:
        return None
    if now is None or {c.title for c in sent} != {c.title for c in now} or sent_others != others:
        return None
    return f"{what} ({store_size(len(now), others)}): another phone saved the same cards."


def _saved_points(target: Data, state: State, revealed: bool, seat: int | None) -> str:
    hand = target["hand"]
    said = f"Saved the {hand} hand's in-play points."
    if revealed:
        return f"{said} Both players said the hand is over: {REVEALED}"
    if hand != "omega" or seat is None or state.round(target["round"]).revealed:
        return said
    return f"{said} The sealed suits open when the other player says the hand is over too."
