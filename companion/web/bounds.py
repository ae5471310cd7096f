"""Bounded work (DESIGN.md, issue 20): the limits of every referee API route, in one table.

One worker answers every phone from one event loop, so one long request stalls every table.
Each route below reads at most ``body_bytes`` bytes and at most ``most`` items at each of its
``bounds``: limits no real game reaches (said in ``why``) that keep one request to a few
milliseconds of CPU. Over a limit the answer comes at once, before any card is read:

- a body longer than ``body_bytes``: ``413`` (the size is known from ``Content-Length``
  before a byte is read; a body sent without one is cut off at the limit);
- too many items at one place: ``413`` as well.

Both answer ``{"error": words, "field": where, "limit": most, "got": found}`` (REFEREE_API.md's
error, with fields added). The OpenAPI description and the README list the same table
(``describe``), so the documented limits are the enforced ones.

A bound's ``path`` names where the items are: ``tricks`` (a list), ``tricks[].cards`` (the
cards of each trick), ``taken.*`` (each seat's list), ``word`` (a string: its letters).
``total`` bounds the sum over every place the path reaches instead of each one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from flask import Flask, request

from companion.errors import CompanionError
from companion.games.protocol import JSON, Entered

KB = 1024


@dataclass(frozen=True)
class Bound:
    path: str
    most: int
    why: str
    total: bool = False
    unit: str = "items"


@dataclass(frozen=True)
class Route:
    body_bytes: int
    bounds: tuple[Bound, ...] = ()


class TooMuch(CompanionError):
    """More than a route reads: answered ``413`` with the field, the limit and the count."""

    def __init__(self, message: str, field: str, limit: int, got: int) -> None:
        super().__init__(message, field)
        self.limit, self.got = limit, got

    def extra(self) -> dict[str, JSON]:
        return {"field": self.field, "limit": self.limit, "got": self.got}


API = "/api/v1"
ROUTES: dict[str, Route] = {
    f"{API}/referee/hearts/check": Route(
        32 * KB,
        (
            Bound("tricks", 20, "a Hearts hand has at most 17 tricks, at 3 players", unit="tricks"),
            Bound("tricks[].cards", 8, "a trick has one card per seat, at most 6", unit="cards"),
            Bound("kitty", 4, "a kitty has at most 4 cards, at 6 players", unit="cards"),
        ),
    ),
    f"{API}/referee/hearts/score": Route(
        32 * KB,
        (Bound("taken.*", 52, "a seat takes at most the 52 cards of the deck", unit="cards"),),
    ),
    f"{API}/referee/consonants/check": Route(
        32 * KB,
        (
            Bound(
                "tricks", 30, "a Consonants hand has at most 24 tricks, at 3 players", unit="tricks"
            ),
            Bound("tricks[].cards", 8, "a trick has one card per seat, at most 6", unit="cards"),
            Bound("kitty", 5, "a kitty has fewer cards than there are seats", unit="cards"),
        ),
    ),
    f"{API}/referee/consonants/score": Route(
        32 * KB,
        (
            Bound("taken.*", 80, "a seat takes at most the 74 cards of the deck", unit="cards"),
            Bound("words.*", 40, "a seat's words are made of the cards it took", unit="words"),
            Bound("challenges", 40, "each challenge is of a word laid", unit="challenges"),
        ),
    ),
    f"{API}/words/judge": Route(
        8 * KB, (Bound("words", 50, "a play has at most 50 words", unit="words"),)
    ),
    f"{API}/referee/alphagrams/play": Route(
        8 * KB,
        (
            Bound("word", 45, "the longest word of the lists has 45 letters", unit="letters"),
            Bound("steal", 45, "the longest word of the lists has 45 letters", unit="letters"),
        ),
    ),
    f"{API}/referee/alphagrams/score": Route(
        32 * KB,
        (
            Bound(
                "words.*",
                250,
                "an edited deck of 640 cards makes at most 213 words",
                total=True,
                unit="words",
            ),
            Bound("words.*[]", 45, "the longest word of the lists has 45 letters", unit="letters"),
        ),
    ),
    f"{API}/referee/follow-the-author/check": Route(
        16 * KB,
        (
            Bound(
                "sequences", 22, "a hand deals 11 cards to each of the 2 seats", unit="sequences"
            ),
            Bound(
                "sequences[].plays",
                22,
                "a hand deals 11 cards to each of the 2 seats",
                total=True,
                unit="plays",
            ),
        ),
    ),
    f"{API}/referee/follow-the-author/score-round": Route(
        16 * KB,
        (Bound("stores.*", 45, "a store holds at most the 45 cards of the deck", unit="cards"),),
    ),
    f"{API}/referee/spades/check": Route(
        16 * KB,
        (
            Bound("tricks", 13, "a Spades hand has 13 tricks", unit="tricks"),
            Bound(
                "tricks[].cards", 4, "a trick has one card from each of the 4 seats", unit="cards"
            ),
        ),
    ),
    f"{API}/referee/spades/score": Route(
        4 * KB,
        (
            Bound("bids", 4, "Spades has 4 seats", unit="seats"),
            Bound("taken", 4, "Spades has 4 seats", unit="seats"),
        ),
    ),
    f"{API}/referee/oh-hell/check": Route(
        16 * KB,
        (
            Bound(
                "tricks", 17, "an Oh Hell hand has at most 17 tricks, at 3 players", unit="tricks"
            ),
            Bound("tricks[].cards", 7, "a trick has one card per seat, at most 7", unit="cards"),
        ),
    ),
    f"{API}/referee/oh-hell/score": Route(
        4 * KB,
        (
            Bound("bids", 7, "Oh Hell has at most 7 seats", unit="seats"),
            Bound("taken", 7, "Oh Hell has at most 7 seats", unit="seats"),
        ),
    ),
}


def route() -> Route | None:
    """The limits of the route this request is for (None: not a bounded route)."""
    rule = request.url_rule
    return ROUTES.get(rule.rule) if rule is not None else None


def check_size() -> None:
    """Before the body is read: refuse one longer than the route takes (``before_request``)."""
    limits = route()
    if limits is None:
        return
    request.max_content_length = limits.body_bytes  # a body without Content-Length is cut off
    length = request.content_length
    if length is not None and length > limits.body_bytes:
        raise too_big(limits.body_bytes, length)


def too_big(limit: int, got: int) -> TooMuch:
    return TooMuch(
        f"That body is {got:,} bytes; this route reads at most {limit:,} "
        "(far more than any real hand needs).",
        "body",
        limit,
        got,
    )


def check_counts(data: Entered) -> None:
    """After the JSON is read, before anything in it is: each bound of the route, in order."""
    limits = route()
    for bound in limits.bounds if limits is not None else ():
        counts = [_size(found) for found in _reach(data, bound.path.split("."))]
        got = sum(counts) if bound.total else max(counts, default=0)
        if got > bound.most:
            raise TooMuch(_words(bound, got), bound.path, bound.most, got)


def _words(bound: Bound, got: int) -> str:
    many = "[]" in bound.path or "*" in bound.path
    where = " in all" if bound.total else " in one of them" if many else ""
    return (
        f"Too much in '{bound.path}': {got:,} {bound.unit}{where}; at most {bound.most} are "
        f"read ({bound.why})."
    )


def _reach(value: Entered, steps: list[str]) -> Iterator[Entered]:
    """Every value at the end of ``steps`` (``name``, ``name[]``, ``*``, ``*[]``); places of
    the wrong type are skipped here and refused in words when the route reads them."""
    if not steps:
        yield value
        return
    step, rest = steps[0], steps[1:]
    each = step.endswith("[]")
    name = step.removesuffix("[]")
    if name == "*":
        found = list(value.values()) if isinstance(value, dict) else []
    else:
        found = [value.get(name)] if isinstance(value, dict) else []
    for item in found:
        if each:
            for inner in item if isinstance(item, list) else ():
                yield from _reach(inner, rest)
        else:
            yield from _reach(item, rest)


def _size(value: Entered) -> int:
    return len(value) if isinstance(value, list | dict | str) else 0


def describe(path: str) -> str:
    """The route's limits in words, for the OpenAPI description and the README."""
    limits = ROUTES[path]
    items = [f"body {limits.body_bytes // KB} KB"]
    for bound in limits.bounds:
        scope = " in all" if bound.total else ""
        items.append(f"{bound.path}: {bound.most} {bound.unit}{scope}")
    return "Limits (413 over any): " + "; ".join(items) + "."


def init_app(app: Flask) -> None:
    app.before_request(check_size)
