"""A trick game declares the parts its hands have (its slot names); folding an entry of any
other part is an error, never a revoke. Stored payloads fold as before."""

from __future__ import annotations

import pytest

from companion.games.consonants.table.state import SLOTS as CONSONANTS_SLOTS
from companion.games.hearts.table.actions import GAME as HEARTS
from companion.games.protocol import Event
from companion.games.trickgame.entries import (
    EMPTY,
    HEARTS_SLOTS,
    PARTS,
    SlotNames,
    UnknownPart,
    fold_entry,
)
from companion.games.trickgame.table import TrickTable


def event(payload: dict, seat: int | None = 1) -> Event:
    return Event(1, "any", "Ann", seat, 3, None, 1, payload)


def test_stored_parts_fold_into_their_own_slot():
    hearts = fold_entry(EMPTY, "revoke", event({"seat": 2}))
    assert hearts.revoke is not None and hearts.revoke.payload == {"seat": 2}
    hearts = fold_entry(hearts, "trick", event({"trick": 0, "leader": 1, "cards": ["2C"]}))
    assert hearts.trick_list() == [(1, ["2C"])] and hearts.revoke is not None
    hearts = fold_entry(hearts, "claim", event({"seat": 3, "cards": ["QS"]}, seat=3))
    assert hearts.claims[3].payload["cards"] == ["QS"] and hearts.claims[3].seat == 3
    cons = fold_entry(EMPTY, "words", event({"seat": 0, "words": ["BOAT"]}), CONSONANTS_SLOTS)
    cons = fold_entry(cons, "close", event({}), CONSONANTS_SLOTS)
    assert cons.words[0].payload["words"] == ["BOAT"] and cons.close is not None
    assert cons.revoke is None


@pytest.mark.parametrize(
    ("part", "slots"),
    [("bid", HEARTS_SLOTS), ("bid", CONSONANTS_SLOTS), ("words", HEARTS_SLOTS),
     ("revoke", CONSONANTS_SLOTS), ("", HEARTS_SLOTS)],
)  # fmt: skip
def test_a_part_the_game_does_not_declare_is_an_error_not_a_revoke(part, slots):
    with pytest.raises(UnknownPart, match="no part"):
        fold_entry(EMPTY, part, event({"seat": 0, "bid": 3}), slots)


def test_a_game_may_declare_only_known_parts():
    assert set(HEARTS_SLOTS.suffixes) <= set(PARTS)
    assert set(CONSONANTS_SLOTS.suffixes) <= set(PARTS)
    with pytest.raises(UnknownPart, match="bid"):
        SlotNames("x", {"trick": "t", "bid": "b"})


def test_a_table_naming_an_undeclared_part_fails_when_it_is_made():
    with pytest.raises(UnknownPart, match="words"):

        class WordsOnHearts(TrickTable):  # Hearts' slots have no words
            parts = {"words": "words"}

    class Fine(TrickTable):
        slots = CONSONANTS_SLOTS
        parts = {"words": "words", "trick": "trick"}

    assert Fine.slots is CONSONANTS_SLOTS


def test_a_hearts_event_of_an_unknown_kind_is_not_folded_at_all():
    state = HEARTS.initial(HEARTS.parse_options({"players": 4}), 4)
    assert HEARTS.fold(state, Event(1, "hearts-bid", "Ann", 0, 1, None, 1, {"bid": 3})) is state
