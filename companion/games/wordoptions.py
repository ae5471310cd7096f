"""What the word games' table options share (pure): reading the "common words only"
threshold (a Zipf value) as typed on a new-table form or stored with a table. AlphaGrams
and Consonants both read it here, so neither imports the other."""

from __future__ import annotations

from companion.errors import Unreadable
from companion.games.protocol import Entered


def read_min_zipf(raw: Entered) -> float | None:
    """The "common words only" threshold as typed (a Zipf value 0-8); blank means none."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    text = str(raw).strip()[:10]
    try:
        value = float(text)
    except ValueError:
        raise Unreadable(f"Commonness needed: '{text}' is not a number.", "min_zipf") from None
    if isinstance(raw, bool) or not 0 <= value <= 8:
        raise Unreadable(f"Commonness needed must be 0 to 8, not {text}.", "min_zipf")
    return value
