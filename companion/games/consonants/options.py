"""Consonants options and presets: data with documented defaults (OpenSpiel Hearts style).

``OPTION_HELP`` describes every option in one plain sentence for the UI; ``PRESETS`` are named
option sets; ``options_from(data)`` reads ``{"preset": NAME, ...overrides}`` (omitted =
``standard``). The deck is an option too: a table can correct the unverified default deck
(``{"deck": {"cards": {"T": [3, 1], ...}}}``, the ``Deck.to_dict`` form).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from companion.cards.alpha import DEFAULT_DECK, Deck
from companion.errors import Unreadable
from companion.games.optionvalues import typed_value
from companion.games.trickgame.passing import cycle_of, cycle_problem

FIRST_LEADS = ("singleton", "left-of-dealer")


@dataclass(frozen=True)
class ConsonantsOptions:
    """Every table setting. Defaults are the ``standard`` preset (seed 000 + RULES.md)."""

    players: int = 4
    target: int = 150
    first_lead: str = "singleton"
    failed_words_score: bool = True
    pass_count: int = 4
    pass_cycle: tuple[str, ...] | None = None
    deck: Deck = field(default=DEFAULT_DECK, hash=False)

    @property
    def cycle(self) -> tuple[str, ...]:
        """The pass cycle in force: Hearts' for this player count unless set."""
        return cycle_of(self)

    def as_dict(self) -> dict[str, object]:
        """A JSON form that ``options_from`` reads back (for storing with a table)."""
        data: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["pass_cycle"] = list(self.pass_cycle) if self.pass_cycle else None
        data["deck"] = self.deck.to_dict()
        return data


OPTION_HELP: dict[str, str] = {
    "players": "Number of players, 3 to 6.",
    "target": "The game ends after a hand in which someone has this many points or more; "
    "the lowest total wins.",
    "first_lead": "'singleton': the J leads the first trick (if the J is in the kitty, the "
    "next of K, Q, V, X, Z that is not); 'left-of-dealer': the player left of the dealer "
    "leads any card.",
    "failed_words_score": "A word that loses its challenge was never laid, so its cards score "
    "as usual. Off: the cards of a failed word score nothing.",
    "pass_count": "Cards each player passes after the deal (the rules say 4; 0 = no pass).",
    "pass_cycle": "The order of passes, as in Hearts for this player count (left, right, "
    "across, 2nd-left, 2nd-right, scatter, hold); empty = the usual Hearts cycle.",
    "deck": "The cards of your deck: copies and printed value of each card. The default is a "
    "reconstruction: check it against your deck.",
}

PRESETS: dict[str, ConsonantsOptions] = {"standard": ConsonantsOptions()}
"""standard = the rule text (seed 000) with the RULES.md rulings."""

PRESET_HELP = {
    "standard": "Pass 4 cards by the Hearts cycle, J leads, consonants score (singletons 20), "
    "words of 4+ letters from your own cards, game to 150, lowest wins.",
}

_CHOICES: dict[str, tuple[object, ...]] = {"first_lead": FIRST_LEADS}


def options_from(data: Mapping[str, object] | None, field: str = "options") -> ConsonantsOptions:
    """Read ``{"preset": NAME, ...overrides}``. ``Unreadable`` names the field and value for
    an unknown preset or option, a wrong type or an impossible value."""
    data = dict(data or {})
    name = data.pop("preset", None) or "standard"
    if not isinstance(name, str) or name not in PRESETS:
        known = ", ".join(PRESETS)
        raise Unreadable(f"field '{field}': unknown preset {name!r:.40} (known: {known})", field)
    names = {f.name for f in fields(ConsonantsOptions)}
    changes: dict[str, Any] = {}  # each field's own type, checked by _read_value
    for key, value in data.items():
        if key not in names:
            raise Unreadable(f"field '{field}': unknown option {key!r:.40}", field)
        changes[key] = _read_value(key, value, PRESETS[name], field)
    options = replace(PRESETS[name], **changes)
    validate(options, field)
    return options


def _read_value(key: str, value: object, base: ConsonantsOptions, field: str) -> object:
    where = f"field '{field}': option '{key}'"
    if key == "deck":
        if not isinstance(value, dict):
            raise Unreadable(f"{where} must be an object with 'cards', not {value!r:.60}", field)
        return Deck.from_dict(value)
    if key == "pass_cycle":
        if value is None or value == []:
            return None
        if not isinstance(value, list) or not all(isinstance(d, str) for d in value):
            raise Unreadable(f"{where} must be a list of directions, not {value!r:.60}", field)
        return tuple(d.strip().lower() for d in value)
    if key in _CHOICES:
        if not isinstance(value, str) or value not in _CHOICES[key]:
            raise Unreadable(f"{where} is {value!r:.40}; allowed: {', '.join(FIRST_LEADS)}", field)
        return value
    expected = type(getattr(base, key))
    return typed_value(value, expected, where, field)


def validate(options: ConsonantsOptions, field: str = "options") -> None:
    """Refuse settings that cannot be played (player count, target, deck, pass cycle)."""
    n = options.players
    problem = None
    if not 3 <= n <= 6:
        problem = f"players is {n}; Consonants is for 3 to 6 players"
    elif not 1 <= options.target <= 10000:
        problem = f"target is {options.target}; choose 1 to 10000"
    elif not 0 <= options.pass_count <= 6:
        problem = f"pass_count is {options.pass_count}; pass 0 to 6 cards"
    elif options.deck.size < n * max(1, options.pass_count):
        problem = f"the deck has {options.deck.size} cards, too few for {n} players"
    problem = problem or cycle_problem(options)
    if problem:
        raise Unreadable(f"field '{field}': {problem}", field)
