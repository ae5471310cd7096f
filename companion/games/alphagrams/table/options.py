"""AlphaGrams table options: the engine's options plus the table's own choices (pure).

Stored as a plain dict with the game (``to_dict``); ``parse_options`` reads the new-table form
(strings, checkboxes) or an import (numbers, booleans). The word lists are looked up through
the function the caller passes (``lexicon(id)``), so nothing here reads files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.errors import Unreadable
from companion.games.alphagrams.options import DEFAULT_OPTIONS, AlphaGramsOptions
from companion.games.protocol import JSON, Data
from companion.games.wordoptions import read_min_zipf
from companion.words.lexicon import Lexicon

DEFAULT_COMMON = 2.5


@dataclass(frozen=True)
class TableOptions:
    """``game``: the engine's options. ``lexicon``: the word list's id. ``check_words``: the
    app checks each word against the list as it is entered (off: words stand until
    challenged, as printed). ``helper_during_play``: "what could we have made?" also before
    the end (house option). ``first_dealer``: the first player (the shell moves it on one
    seat each new game)."""

    game: AlphaGramsOptions = DEFAULT_OPTIONS
    lexicon: str = "en"
    check_words: bool = False
    helper_during_play: bool = False
    first_dealer: int = 0

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def min_zipf(self) -> float | None:
        return self.game.min_zipf

    def to_dict(self) -> dict[str, JSON]:
        g = self.game
        return {
            "players": g.players,
            "refuse_inflections": g.refuse_inflections,
            "min_zipf": g.min_zipf,
            "extra_discard": g.extra_discard,
            "lexicon": self.lexicon,
            "check_words": self.check_words,
            "helper_during_play": self.helper_during_play,
            "first_dealer": self.first_dealer,
        }


def _flag(data: Data, key: str, default: bool = False) -> bool:
    value = data.get(key, default)
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("1", "on", "true", "yes")


def _either(data: Data, key: str, opposite: str) -> bool:
    """A stored flag ``key`` (import), else the form's checkbox ``opposite`` (default on)."""
    return _flag(data, key) if key in data else not _flag(data, opposite)


def _players(data: Data) -> int:
    raw = str(data.get("players", "2")).strip()[:10]
    if not (raw.isascii() and raw.isdigit()) or not 2 <= int(raw) <= 5:
        raise Unreadable(f"AlphaGrams is for 2 to 5 players, not '{raw}'.", "players")
    return int(raw)


def _min_zipf(data: Data) -> float | None:
    """The common-words house rule: off unless asked for. The form's Zipf box counts only
    with "common words only" ticked (an unticked box sends nothing, and the box is pre-filled);
    a stored number (an import) counts on its own."""
    raw = data.get("min_zipf")
    if "common" not in data and not isinstance(raw, str):
        return read_min_zipf(raw)
    if not _flag(data, "common"):
        return None
    value = read_min_zipf(raw)
    return DEFAULT_COMMON if value is None else value


def parse_options(data: Data, lexicon: Callable[[str], Lexicon]) -> TableOptions:
    """The new-table form or an imported dict; ``Unreadable`` naming the field otherwise."""
    found = lexicon(str(data.get("lexicon", "en")).strip()[:40] or "en")
    min_zipf = _min_zipf(data)
    if min_zipf is not None and not found.has_commonness:
        raise Unreadable(f"The list {found.info.name} has no commonness data.", "min_zipf")
    game = replace(
        DEFAULT_OPTIONS,
        players=_players(data),
        refuse_inflections=_either(data, "refuse_inflections", "allow_inflections"),
        extra_discard=_either(data, "extra_discard", "no_extra_discard"),
        min_zipf=min_zipf,
    )
    first = str(data.get("first_dealer", "0")).strip()[:4]
    return TableOptions(
        game=game,
        lexicon=found.id,
        check_words=_flag(data, "check_words"),
        helper_during_play=_flag(data, "helper_during_play"),
        first_dealer=int(first) % game.players if first.isdigit() else 0,
    )


def load_options(data: Data) -> TableOptions:
    """Read stored options back (never fails: missing keys take the defaults)."""
    players = int(data.get("players", 2))
    zipf = data.get("min_zipf")
    game = replace(
        DEFAULT_OPTIONS,
        players=min(max(players, 2), 5),
        refuse_inflections=bool(data.get("refuse_inflections", True)),
        extra_discard=bool(data.get("extra_discard", True)),
        min_zipf=float(zipf) if isinstance(zipf, int | float) else None,
    )
    return TableOptions(
        game=game,
        lexicon=str(data.get("lexicon", "en")),
        check_words=bool(data.get("check_words", False)),
        helper_during_play=bool(data.get("helper_during_play", False)),
        first_dealer=int(data.get("first_dealer", 0)) % game.players,
    )


def dealer(options: TableOptions, round_number: int) -> int:
    """The seat right of the first player (the first player sits left of the dealer)."""
    del round_number
    return (options.first_dealer - 1) % options.players


def first_player(options: TableOptions) -> int:
    """The shell's ``first_dealer`` (moved on one seat each new game) names the first player."""
    return options.first_dealer
