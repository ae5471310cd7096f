"""Consonants table options (pure): the engine's ``ConsonantsOptions`` plus what the table adds.

The new-table form sends strings; an import sends the stored dict back. Both go through
``parse_options``; the engine's ``options_from`` does the checking. The word lists are
looked up through the function the caller passes (``lexicon(id)``), so nothing here reads
files. The deck is not stored here: it is the table's deck (``alpha-deck`` events, folded
into the state).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.errors import Unreadable
from companion.games.consonants import OPTION_HELP, ConsonantsOptions, dealer_for_hand, options_from
from companion.games.protocol import JSON, Data
from companion.games.trickgame.options import RulesPlayers
from companion.games.trickgame.passwords import cycle_choices
from companion.games.wordoptions import read_min_zipf
from companion.words.lexicon import Lexicon

ENTRY_WAYS = {
    "cards": "Cards taken: after each hand every player taps the cards they took.",
    "tricks": "Trick by trick (referee): enter every trick as played; the app checks the rules.",
}
FIRST_LEADS = {
    "singleton": "The J leads (if it is in the kitty: the next of K, Q, V, X, Z)",
    "left-of-dealer": "The player left of the dealer leads any card",
}
YES = ("1", "yes", "true", "on")
HELP = {  # the form's words (``OPTION_HELP`` documents the options by key, for the APIs)
    **OPTION_HELP,
    "first_lead": "The J leads: whoever holds the J leads it (when the J is in the kitty, the "
    "first of K, Q, V, X, Z that is not). Left of the dealer: that player leads any card.",
    "failed_words_score": "Yes: a word that loses its challenge counts as never laid, so its "
    "cards score as usual. No: the cards of a failed word score nothing.",
    "pass_count": "How many cards each player passes after the deal (the rules say 4; 0 means "
    "nobody passes).",
    "pass_cycle": "The passes in order, as in Hearts for this many players: left, right, "
    "across, two seats left or right, scatter (one card to each other player) or hold (no "
    "pass).",
}


@dataclass(frozen=True)
class TableOptions(RulesPlayers):
    """The rules (engine options, default deck), the word list for challenges, the first
    dealer and the way hands are entered by default."""

    rules: ConsonantsOptions
    lexicon: str = "en"
    min_zipf: float | None = None
    first_dealer: int = 0
    entry: str = "cards"

    def to_dict(self) -> dict[str, JSON]:
        r = self.rules
        return {
            "players": r.players,
            "target": r.target,
            "first_lead": r.first_lead,
            "failed_words_score": r.failed_words_score,
            "pass_count": r.pass_count,
            "pass_cycle": list(r.pass_cycle) if r.pass_cycle else None,
            "lexicon": self.lexicon,
            "min_zipf": self.min_zipf,
            "first_dealer": self.first_dealer,
            "entry": self.entry,
        }


def _int(data: Data, key: str, default: int, label: str) -> int:
    raw = data.get(key, default)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    text = str(raw).strip()[:10]
    if not text:
        return default
    if not text.lstrip("-").isdigit():
        raise Unreadable(f"{label}: '{text}' is not a whole number.", "options")
    return int(text)


def _flag(data: Data, key: str, default: bool) -> bool:
    if key not in data:
        return default
    value = data[key]
    return value if isinstance(value, bool) else str(value).strip().lower() in YES


def _cycle(data: Data) -> list[str] | None:
    raw = data.get("pass_cycle")
    if raw is None or isinstance(raw, list):
        return raw
    text = str(raw).strip().lower()
    return [d.strip() for d in text.split(",") if d.strip()] or None


def _rules(data: Data, players: int) -> ConsonantsOptions:
    engine = {
        "players": players,
        "target": _int(data, "target", 150, "Target"),
        "first_lead": str(data.get("first_lead") or "singleton").strip().lower(),
        "failed_words_score": _flag(data, "failed_words_score", True),
        "pass_count": _int(data, "pass_count", 4, "Cards passed"),
        "pass_cycle": _cycle(data),
    }
    try:
        return options_from(engine)
    except Unreadable as err:
        text = err.message.removeprefix("field 'options': ")
        raise Unreadable(text[:1].upper() + text[1:], "options") from None


def parse_options(data: Data, lexicon: Callable[[str], Lexicon]) -> TableOptions:
    """Read the new-table form or an imported options dict; ``Unreadable`` names the option."""
    players = _int(data, "players", 4, "Players")
    if not 3 <= players <= 6:
        raise Unreadable(f"Consonants is for 3 to 6 players, not {players}.", "players")
    entry = str(data.get("entry") or "cards").strip().lower()
    if entry not in ENTRY_WAYS:
        raise Unreadable(f"Enter hands as 'cards' or 'tricks', not '{entry[:20]}'.", "options")
    rules = _rules(data, players)
    found = lexicon(str(data.get("lexicon") or "en").strip()[:40])
    min_zipf = read_min_zipf(data.get("min_zipf"))
    if min_zipf is not None and not found.has_commonness:
        raise Unreadable(f"The list {found.info.name} has no commonness data.", "min_zipf")
    first = _int(data, "first_dealer", 0, "First dealer")
    if not 0 <= first < players:
        raise Unreadable(f"The first dealer must be a seat from 1 to {players}.", "options")
    return TableOptions(rules, found.id, min_zipf, first, entry)


def dealer(options: TableOptions, hand: int) -> int:
    """The dealer of hand ``hand`` (1-based): one seat left each hand."""
    return dealer_for_hand(hand, options.players, options.first_dealer)


def form() -> dict[str, JSON]:
    """What the new-table form offers (the pages add the word lists loaded here)."""
    return {"help": HELP, "entry": ENTRY_WAYS, "leads": FIRST_LEADS, "cycles": cycle_choices()}
