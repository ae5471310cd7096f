"""Trick bookkeeping for any trick-taking game, generic over the card type.

Used by Hearts (standard cards) and Consonants (letter cards). Nothing here knows a suit,
a rank or a score: the game passes in the functions that do (who wins a trick, what counts
as following, how many copies of a card the deck has).

Model (REFEREE_API.md, RULES.md):

- Seats are ``0..players-1`` clockwise. A hand is entered as a list of ``Trick`` values in
  order from the first of the hand; a trick is ``(leader, cards)`` with the cards in play
  order, clockwise from the leader, so the card at position ``p`` belongs to seat
  ``(leader + p) % players``.
- Every trick but the last has one card per seat; the last may be incomplete (entry in
  progress). ``Hand.count_violations`` reports ``wrong-card-count`` otherwise (and for a last
  trick with more cards than seats).
- "A seat's later plays show what it held": when trick ``i`` began, a seat held at least the
  cards it plays in tricks ``i, i+1, ...`` (``Hand.held``). Once every trick is entered this is
  exactly its hand, so rules that depend on the hand can be checked exactly; during entry
  they are checked on what is known so far.
- A ``WinnerFn`` takes the cards of one trick (play order) and returns the *position* of the
  winning card. ``Hand.winners`` turns this into seats; ``Hand.leader_violations`` reports
  ``wrong-leader`` when a trick is not led by the previous trick's winner.
- ``Hand.revokes`` finds plays that did not follow the lead although a later play of the
  same seat shows it could have (the game supplies ``followed`` / ``could_follow``).
- ``Hand.duplicate_violations`` reports ``duplicate-card`` when a card appears more often
  (in the tricks plus any cards set aside, e.g. a kitty) than the deck has copies.

Messages number tricks from 1 for players ("trick 3" is ``tricks[2]``); the ``trick`` field
of a ``Violation`` is 0-based, as in the API. Every message-making function accepts optional
player ``names`` (seat -> name); without them a seat is counted from 1 as on the pages: seat 1
is "Seat 2" (``seats.seat_name``).

Pure: standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Generic, TypeVar

from companion.games.protocol import JSON
from companion.games.seats import Names as Names
from companion.games.seats import seat_name as seat_name

C = TypeVar("C", bound=Hashable)
C_co = TypeVar("C_co", bound=Hashable, covariant=True)  # a frozen violation only reads its card

V = TypeVar("V")
WinnerFn = Callable[[Sequence[C]], int]
"""Given a trick's cards in play order, the position (0-based) of the winning card."""


@dataclass(frozen=True)
class Trick(Generic[C]):
    """One trick: the seat that led it and the cards in play order (clockwise)."""

    leader: int
    cards: tuple[C, ...]

    def seat_at(self, position: int, players: int) -> int:
        """The seat that played the card at ``position``."""
        return (self.leader + position) % players

    def plays(self, players: int) -> list[tuple[int, C]]:
        """``(seat, card)`` for each card, in play order."""
        return [(self.seat_at(i, players), card) for i, card in enumerate(self.cards)]

    def card_of(self, seat: int, players: int) -> C | None:
        """The card ``seat`` played to this trick, or None if it has not played (yet)."""
        for who, card in self.plays(players):
            if who == seat:
                return card
        return None

    def is_full(self, players: int) -> bool:
        return len(self.cards) == players


@dataclass(frozen=True)
class Play(Generic[C]):
    """One card played: which trick (0-based), position in the trick, seat, card."""

    trick: int
    position: int
    seat: int
    card: C


@dataclass(frozen=True)
class Violation(Generic[C_co]):
    """A broken rule. ``trick`` is 0-based; ``card`` is None when no card is to blame.
    ``trick`` or ``seat`` -1 means "none" (a card in the kitty, a check without tricks) and
    becomes null in ``as_dict``."""

    trick: int
    seat: int
    card: C_co | None
    rule: str
    message: str

    def as_dict(self) -> dict[str, JSON]:
        """The API form: ``{"trick", "seat", "card", "rule", "message"}``."""
        card = None if self.card is None else str(self.card)
        return {
            "trick": self.trick if self.trick >= 0 else None,
            "seat": self.seat if self.seat >= 0 else None,
            "card": card,
            "rule": self.rule,
            "message": self.message,
        }


@dataclass(frozen=True)
class Hand(Generic[C]):
    """The tricks of one hand as entered so far, at a table of ``players`` seats."""

    players: int
    tricks: tuple[Trick[C], ...]

    @classmethod
    def of(cls, players: int, tricks: Iterable[tuple[int, Iterable[C]]]) -> Hand[C]:
        """Build from ``(leader, cards)`` pairs."""
        return cls(players, tuple(Trick(leader, tuple(cards)) for leader, cards in tricks))

    def plays(self) -> list[Play[C]]:
        """Every card played, in order, with its trick, position and seat."""
        return list(self._plays)

    @cached_property
    def _plays(self) -> tuple[Play[C], ...]:
        """``plays()``, worked out once per hand (rules ask for them play after play)."""
        return tuple(
            Play(t, pos, trick.seat_at(pos, self.players), card)
            for t, trick in enumerate(self.tricks)
            for pos, card in enumerate(trick.cards)
        )

    @cached_property
    def _by_seat(self) -> dict[int, tuple[Play[C], ...]]:
        found: dict[int, list[Play[C]]] = {}
        for play in self._plays:
            found.setdefault(play.seat, []).append(play)
        return {seat: tuple(plays) for seat, plays in found.items()}

    def plays_by_seat(self, seat: int) -> list[Play[C]]:
        return list(self._by_seat.get(seat, ()))

    def held(self, seat: int, trick: int) -> list[C]:
        """Cards ``seat`` is known to have held when trick ``trick`` began (its plays from
        that trick on). Exact once the hand is fully entered."""
        return [p.card for p in self.plays_by_seat(seat) if p.trick >= trick]

    def played_before(self, trick: int, position: int) -> list[Play[C]]:
        """Every play earlier than the card at (``trick``, ``position``)."""
        return [p for p in self.plays() if (p.trick, p.position) < (trick, position)]

    def winners(self, winner: WinnerFn[C]) -> list[int | None]:
        """The seat winning each finished trick (all but an incomplete last one); None when
        it cannot be told (an empty trick). Extra cards beyond one per seat are ignored."""
        result: list[int | None] = []
        for t, trick in enumerate(self.tricks):
            if t == len(self.tricks) - 1 and len(trick.cards) < self.players:
                break
            cards = trick.cards[: self.players]
            result.append(trick.seat_at(winner(cards), self.players) if cards else None)
        return result

    def taken(self, winner: WinnerFn[C]) -> dict[int, list[C]]:
        """Cards each seat took in tricks (every seat present, possibly empty)."""
        result: dict[int, list[C]] = {seat: [] for seat in range(self.players)}
        for trick, seat in zip(self.tricks, self.winners(winner), strict=False):
            if seat is not None:
                result[seat].extend(trick.cards)
        return result

    def tricks_taken(self, winner: WinnerFn[C]) -> dict[int, int]:
        """How many tricks each seat won."""
        counts = {seat: 0 for seat in range(self.players)}
        for seat in self.winners(winner):
            if seat is not None:
                counts[seat] += 1
        return counts

    def count_violations(self, names: Names = None) -> list[Violation[C]]:
        """``wrong-card-count``: a trick before the last without exactly one card per seat,
        or any trick with more cards than seats."""
        found: list[Violation[C]] = []
        last = len(self.tricks) - 1
        for t, trick in enumerate(self.tricks):
            n = len(trick.cards)
            if n == self.players or (t == last and n < self.players):
                continue
            message = (
                f"Trick {t + 1} has {n} card{'s' if n != 1 else ''} but {self.players} seats "
                f"play: every trick but the last in progress needs exactly one card per seat."
            )
            card = trick.cards[self.players] if n > self.players else None
            found.append(Violation(t, trick.leader, card, "wrong-card-count", message))
        return found

    def extra_trick_violations(self, limit: int) -> list[Violation[C]]:
        """``wrong-card-count``: tricks past the ``limit`` a hand has (its cards per seat)."""
        return [
            Violation(
                t,
                trick.leader,
                trick.cards[0] if trick.cards else None,
                "wrong-card-count",
                f"Trick {t + 1} is one too many: a hand has {limit} tricks at "
                f"{self.players} players.",
            )
            for t, trick in enumerate(self.tricks)
            if t >= limit
        ]

    def leader_violations(self, winner: WinnerFn[C], names: Names = None) -> list[Violation[C]]:
        """``wrong-leader``: a trick not led by the winner of the trick before it."""
        found: list[Violation[C]] = []
        winners = self.winners(winner)
        for t in range(1, len(self.tricks)):
            should = winners[t - 1] if t - 1 < len(winners) else None
            trick = self.tricks[t]
            if should is None or trick.leader == should:
                continue
            lead = trick.cards[0] if trick.cards else None
            message = (
                f"{seat_name(trick.leader, names)} led trick {t + 1}, but "
                f"{seat_name(should, names)} won trick {t} and had to lead next."
            )
            found.append(Violation(t, trick.leader, lead, "wrong-leader", message))
        return found

    def revokes(
        self,
        followed: Callable[[C, C], bool],
        could_follow: Callable[[C, C], bool] | None = None,
    ) -> list[tuple[Play[C], Play[C]]]:
        """Plays that did not follow although the seat could: ``(play, evidence)`` where
        ``evidence`` is the seat's first later play that could have followed.

        ``followed(lead, card)``: did ``card`` follow the lead? ``could_follow(lead, held)``:
        could a held card have followed? (defaults to ``followed``)."""
        could = could_follow or followed
        found: list[tuple[Play[C], Play[C]]] = []
        for play in self._plays:
            lead = self.tricks[play.trick].cards[0]
            if play.position == 0 or followed(lead, play.card):
                continue
            later = (
                p for p in self._by_seat[play.seat] if p.trick > play.trick and could(lead, p.card)
            )
            evidence = next(later, None)
            if evidence is not None:
                found.append((play, evidence))
        return found

    def duplicate_violations(
        self,
        copies: Callable[[C], int] = lambda card: 1,
        set_aside: Iterable[C] = (),
        names: Names = None,
    ) -> list[Violation[C]]:
        """``duplicate-card``: a play of a card already seen as often as the deck has it.
        ``set_aside`` (a kitty) counts first; a duplicate inside it is reported on trick 0
        with seat -1 (no trick holds it)."""
        seen: dict[C, int] = {}
        found: list[Violation[C]] = []
        for card in set_aside:
            seen[card] = seen.get(card, 0) + 1
            if seen[card] > copies(card):
                message = f"The {card} is in the kitty more often than the deck has it."
                found.append(Violation(0, -1, card, "duplicate-card", message))
        for play in self._plays:
            seen[play.card] = seen.get(play.card, 0) + 1
            if seen[play.card] <= copies(play.card):
                continue
            message = _duplicate_message(play, copies(play.card), names)
            found.append(Violation(play.trick, play.seat, play.card, "duplicate-card", message))
        return found

    def cards_played(self) -> list[C]:
        return [card for trick in self.tricks for card in trick.cards]


def _duplicate_message(play: Play[C], copies: int, names: Names) -> str:
    who = f"{seat_name(play.seat, names)} played the {play.card} on trick {play.trick + 1}"
    if copies == 0:
        return f"{who}, but that card is not in the deck for this game."
    many = "once" if copies == 1 else f"{copies} times"
    return f"{who}, but the deck has it only {many} and it was already entered."


def keyed(values: Mapping[int, V]) -> dict[str, V]:
    """Per-seat values keyed by the seat number as a string, as in the referee API."""
    return {str(seat): values[seat] for seat in sorted(values)}
