"""What a finished game says about each seat, for a circle's stats: pure.

``facts(kind, state, sheet, events)`` answers one dict per seat from the game's folded state
(its own facts: moons shot, nils made, words lost to a challenge...) and its sheet (rounds,
best and worst round). ``events`` are the game's events in force, for the few facts a state
does not keep (AlphaGrams' steals). Every figure is a whole number or a short text, so the
dicts are stored as JSON and added up later (``companion.tables.circlestats``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.cards.alpha import PlayedAlpha
from companion.errors import CompanionError
from companion.games.consonants import table as consonants
from companion.games.follow_the_author import table as fta
from companion.games.hearts import table as hearts
from companion.games.oh_hell import table as oh_hell
from companion.games.protocol import Entered, Event, Opaque
from companion.games.scoresheet import Sheet
from companion.games.spades import table as spades

# a seat's figure: a count, a round's points, a word, or the game's direction (``high``)
Fact = int | str | bool
Facts = list[dict[str, Fact]]
Counts = list[dict[str, int]]  # the figures a game counts, per seat

# games whose lowest total wins (custom: its own option)
LOW_WINS = frozenset({"hearts", "consonants"})
# partnerships: the seats of each team (Spades)
TEAMS = {"spades": ((0, 2), (1, 3))}


def high_wins(kind: str, state: object) -> bool:
    if kind == "custom":
        return bool(getattr(getattr(state, "options", None), "high_wins", False))
    return kind not in LOW_WINS


def teams(kind: str, players: int, state: object = None) -> tuple[tuple[int, ...], ...]:
    """The game's sides: fixed partnerships (Spades); partners sitting opposite where a trick
    game's rules say so (Hearts or Consonants with a partnership, pooled or individual: the
    partners win or lose together); else each seat alone."""
    if kind in TEAMS:
        return TEAMS[kind]
    rules = getattr(getattr(state, "options", None), "rules", None)
    if getattr(rules, "partnership", None) and players % 2 == 0:
        half = players // 2
        return tuple((s, s + half) for s in range(half))
    return tuple((s,) for s in range(players))


def places(totals: Sequence[int], winners: Sequence[int], high: bool) -> list[int]:
    """Each seat's place (1 = won; a shared place for equal totals). Winners are first even
    when a play-off or a rule other than the totals decided."""
    won = set(winners)
    out = []
    for seat, total in enumerate(totals):
        if seat in won:
            out.append(1)
            continue
        better = {
            s for s, t in enumerate(totals) if s not in won and (t > total if high else t < total)
        }
        out.append(1 + len(won) + len(better))
    return out


def facts(kind: str, state: Opaque, sheet: Sheet, events: Sequence[Event] = ()) -> Facts:
    """One dict per seat: ``rounds``, ``best_round``/``worst_round`` (by the game's own
    direction; absent with no round), and the game's own figures."""
    high = high_wins(kind, state)
    out = [_rounds(sheet, seat, high) for seat in range(sheet.players)]
    own = GAMES.get(kind)
    if own is not None:
        for seat, extra in enumerate(own(state, sheet.players, events)):
            out[seat].update(extra)
    return out


def _rounds(sheet: Sheet, seat: int, high: bool) -> dict[str, Fact]:
    done = sheet.rows[: sheet.complete_rounds]
    points: list[int] = [p for row in done if (p := row[seat]) is not None]
    found: dict[str, Fact] = {"rounds": len(points), "high": high}
    if points:
        best, worst = (max, min) if high else (min, max)
        found.update(best_round=best(points), worst_round=worst(points))
    return found


def _hearts(state: hearts.State, players: int, _: Sequence[Event]) -> Facts:
    out: Counts = [{"hands": 0, "moons": 0, "queens": 0} for _ in range(players)]
    for hand in state.done:
        shooter = hand.shooter
        for seat in range(players):
            out[seat]["hands"] += 1
            if shooter is not None and seat in shooter.seats:
                out[seat]["moons"] += 1
            known = hand.source in ("taken", "tricks")
            if known and any(str(c) == "QS" for c in hand.taken.get(seat, [])):
                out[seat]["queens"] += 1
    return _facts(out)


def _spades(state: spades.State, players: int, _: Sequence[Event]) -> Facts:
    from companion.games.spades import scoring

    out: Counts = [
        {"hands": 0, "contracts_made": 0, "nils_bid": 0, "nils_made": 0, "bags": 0}
        for _ in range(players)
    ]
    for hand in state.scored:
        made, nils = hand.extra.get("made", {}), hand.extra.get("nils", {})
        for seat in range(players):
            team = seat % 2
            row = out[seat]
            row["hands"] += 1
            row["contracts_made"] += int(bool(made.get(team)))
            if seat in nils:
                row["nils_bid"] += 1
                row["nils_made"] += int(bool(nils[seat]))
            side = scoring.team_hand(team, hand.bids, hand.taken or {}, state.options)
            row["bags"] += side.bags
    return _facts(out)


def _oh_hell(state: oh_hell.State, players: int, _: Sequence[Event]) -> Facts:
    out: Counts = [{"hands": 0, "exact_bids": 0} for _ in range(players)]
    for hand in state.scored:
        for seat in range(players):
            out[seat]["hands"] += 1
            bid, taken = hand.bids.get(seat), (hand.taken or {}).get(seat)
            out[seat]["exact_bids"] += int(str(bid) == str(taken))
    return _facts(out)


def _consonants(state: consonants.State, players: int, _: Sequence[Event]) -> Facts:
    out: Counts = [{"hands": 0, "words": 0, "words_lost": 0, "flying": 0} for _ in range(players)]
    longest = [""] * players
    for hand in state.done:
        flyer = hand.flyer
        for seat in range(players):
            row = out[seat]
            row["hands"] += 1
            words = list(hand.words.get(seat, []))
            lost = {v.word for v in hand.verdicts if v.seat == seat and not v.valid}
            row["words"] += len(words)
            row["words_lost"] += len(lost)
            row["flying"] += int(flyer == seat)
            stood = [w for w in words if w not in lost]
            longest[seat] = _longest([longest[seat], *stood])
    return _facts(out, longest)


def _alphagrams(state: object, players: int, events: Sequence[Event]) -> Facts:
    """Words made and steals from the moves in force; a word a challenge struck off does not
    count. The longest word is among the words made."""
    made: list[tuple[int, str, bool]] = []  # (seat, word, stolen)
    for e in events:
        if e.kind == "ag-word":
            word = "".join(_letter(c) for c in e.payload.get("cards", []))
            made.append((int(e.payload.get("seat", -1)), word, e.payload.get("steal") is not None))
        elif e.kind == "ag-challenge" and not e.payload.get("valid") and made:
            made.pop()
    out: Counts = [{"words": 0, "steals": 0} for _ in range(players)]
    longest = [""] * players
    for seat, word, stolen in made:
        if 0 <= seat < players:
            out[seat]["words"] += 1
            out[seat]["steals"] += int(stolen)
            longest[seat] = _longest([longest[seat], word])
    return _facts(out, longest)


def _letter(card: Entered) -> str:
    """A played card's letter, a wild's in lowercase (as the table shows words)."""
    try:
        played = PlayedAlpha.parse(str(card))
    except CompanionError:
        return "?"
    letter = played.letter or "?"
    return letter.lower() if played.card.kind == "wild" else letter.upper()


def _follow_the_author(state: fta.State, players: int, _: Sequence[Event]) -> Facts:
    out: Counts = [{"rounds_played": 0, "categories": 0} for _ in range(players)]
    for r in state.game.rounds:
        if r.score is None:
            break
        for seat in range(min(players, 2)):
            out[seat]["rounds_played"] += 1
            out[seat]["categories"] += sum(
                1 for c in r.score.categories if c.points[seat] > c.points[1 - seat]
            )
    return _facts(out)


def _facts(counts: Counts, longest: Sequence[str] | None = None) -> Facts:
    """Each seat's counts as its facts, with its longest word when the game has words."""
    out: Facts = [dict[str, Fact](c) for c in counts]
    for row, word in zip(out, longest or (), strict=False):
        row["longest_word"] = word
    return out


def _longest(words: Sequence[str]) -> str:
    """The longest word (the first of equal length)."""
    best = ""
    for w in words:
        if len(w) > len(best):
            best = w
    return best


GAMES: dict[str, Callable[[Opaque, int, Sequence[Event]], Facts]] = {  # over its State
    "hearts": _hearts,
    "spades": _spades,
    "oh-hell": _oh_hell,
    "consonants": _consonants,
    "alphagrams": _alphagrams,
    "follow-the-author": _follow_the_author,
}
