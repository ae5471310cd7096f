"""Hearts table options (pure): the engine's ``HeartsOptions`` plus what the table adds.

The new-table form sends strings (a blank choice = "as the preset says"); an import sends
the stored dict back (JSON values). Both go through ``parse_options``; the engine's
``options_from`` does the checking. Every option value is stored, so a later change of a
default never rewrites an old game.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from companion.errors import Unreadable
from companion.games.hearts import (
    HeartsOptions,
    options_from,
)
from companion.games.protocol import JSON, Data
from companion.games.trickgame.options import RulesPlayers

ENTRY_WAYS = {
    "cards": "Cards taken: after each hand, tap who took which hearts and the queen of spades.",
    "tricks": "Trick by trick (referee): enter every trick as played; the app checks the rules.",
}
YES = ("1", "yes", "true", "on")
NO = ("0", "no", "false", "off")
TABLE_KEYS = ("preset", "first_dealer", "entry")


@dataclass(frozen=True)
class TableOptions(RulesPlayers):
    """The rules (engine options) plus the preset's name, the first dealer and the way
    hands are entered by default."""

    rules: HeartsOptions
    preset: str = "standard"
    first_dealer: int = 0
    entry: str = "cards"

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"preset": self.preset}
        for f in fields(HeartsOptions):
            value = getattr(self.rules, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        data.update(first_dealer=self.first_dealer, entry=self.entry)
        return data


def _plain(err: Unreadable) -> Unreadable:
    text = err.message.removeprefix("field 'options': ")
    return Unreadable(text[:1].upper() + text[1:], "options")


def _read_text(key: str, text: str) -> object:
    """One form value in the engine's terms; None = leave it to the preset."""
    text = text.strip().lower()
    if not text:
        return None
    if key == "pass_cycle":
        return [] if text == "usual" else [d.strip() for d in text.split(",") if d.strip()]
    default = getattr(HeartsOptions(), key)
    if isinstance(default, bool):
        if text not in YES + NO:
            raise Unreadable(f"{key.replace('_', ' ')}: '{text[:20]}' is not yes or no", "options")
        return text in YES
    if text == "none":
        return "none"
    if text.lstrip("-").isdigit():
        return int(text)
    if isinstance(default, int):
        raise Unreadable(f"{key.replace('_', ' ')}: '{text[:20]}' is not a whole number", "options")
    return text.upper() if key == "bonus_card" else text


def _engine_values(data: Data) -> dict[str, object]:
    raw: dict[str, object] = {}
    for f in fields(HeartsOptions):
        if f.name not in data:
            continue
        value = data[f.name]
        if isinstance(value, str):
            value = _read_text(f.name, value)
            if value is None:
                continue
            value = None if value == "none" else value
        raw[f.name] = value
    return raw


def parse_options(data: Data) -> TableOptions:
    """Read the new-table form or an imported options dict; ``Unreadable`` names the option."""
    preset = str(data.get("preset") or "standard").strip().lower()
    entry = str(data.get("entry") or "cards").strip().lower()
    if entry not in ENTRY_WAYS:
        raise Unreadable(f"Enter hands as 'cards' or 'tricks', not '{entry[:20]}'.", "options")
    try:
        rules = options_from({"preset": preset, **_engine_values(data)})
    except Unreadable as err:
        raise _plain(err) from None
    try:
        first = int(str(data.get("first_dealer", 0)).strip() or 0)
    except ValueError:
        raise Unreadable("The first dealer must be a seat number.", "options") from None
    if not 0 <= first < rules.players:
        raise Unreadable(f"The first dealer must be a seat from 1 to {rules.players}.", "options")
    return TableOptions(rules, preset, first, entry)


def load_options(data: Data) -> TableOptions:
    return parse_options(data)
