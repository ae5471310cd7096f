"""A trick game declares the parts its hands have (its slot names and its own entries type);
folding an entry of any other part is an error, never a revoke. Stored payloads fold as
before, and each game's entries hold only its own fields."""

from __future__ import annotations

from dataclasses import fields

import pytest

from companion.games.consonants.table.state import EMPTY as CONSONANTS_EMPTY
from companion.games.consonants.table.state import SLOTS as CONSONANTS_SLOTS
from companion.games.hearts.table.actions import GAME as HEARTS
from companion.games.hearts.table.state import EMPTY
from companion.games.hearts.table.state import SLOTS as HEARTS_SLOTS
from companion.games.protocol import Event
from companion.games.trickgame.entries import (
    TRICK,
    HandEntries,
    Part,
    SlotNames,
    UnknownPart,
    fold_entry,
)
from companion.games.trickgame.table import TrickTable


def event(payload: dict, seat: int | None = 1) -> Event:
    return Event(1, "any", "Ann", seat, 3, None, 1, payload)


def test_stored_parts_fold_into_their_own_slot():
    hearts = fold_entry(EMPTY, "revoke", event({"seat": 2}), HEARTS_SLOTS)
    assert hearts.revoke is not None and hearts.revoke.payload == {"seat": 2}
    hearts = fold_entry(
        hearts, "trick", event({"trick": 0, "leader": 1, "cards": ["2C"]}), HEARTS_SLOTS
    )
    assert hearts.trick_list() == [(1, ["2C"])] and hearts.revoke is not None
    hearts = fold_entry(hearts, "claim", event({"seat": 3, "cards": ["QS"]}, seat=3), HEARTS_SLOTS)
    assert hearts.claims[3].payload["cards"] == ["QS"] and hearts.claims[3].seat == 3
    cons = fold_entry(
        CONSONANTS_EMPTY, "words", event({"seat": 0, "words": ["BOAT"]}), CONSONANTS_SLOTS
    )
    cons = fold_entry(cons, "close", event({}), CONSONANTS_SLOTS)
    assert cons.words[0].payload["words"] == ["BOAT"] and cons.close is not None
    assert (
        HEARTS_SLOTS.slot(3, "claim", 1) == "h3s1"
        and CONSONANTS_SLOTS.slot(3, "words", 1) == "c3w1"
    )


def test_each_games_entries_hold_only_its_own_fields():
    shared = {f.name for f in fields(HandEntries)}
    hearts = {f.name for f in fields(EMPTY)} - shared
    consonants = {f.name for f in fields(CONSONANTS_EMPTY)} - shared
    assert hearts == {"taken", "revoke"} and consonants == {"words", "close"}


@pytest.mark.parametrize(
    ("part", "slots"),
    [("bid", HEARTS_SLOTS), ("bid", CONSONANTS_SLOTS), ("words", HEARTS_SLOTS),
     ("revoke", CONSONANTS_SLOTS), ("", HEARTS_SLOTS)],
)  # fmt: skip
def test_a_part_the_game_does_not_declare_is_an_error_not_a_revoke(part, slots):
    with pytest.raises(UnknownPart, match="no part"):
        fold_entry(slots.empty, part, event({"seat": 0, "bid": 3}), slots)


def test_a_part_must_name_a_field_of_the_games_entries():
    with pytest.raises(UnknownPart, match="bid"):
        SlotNames("x", {"trick": TRICK, "bid": Part("b", "bids", "seat")})


def test_a_table_naming_an_undeclared_part_fails_when_it_is_made():
    with pytest.raises(UnknownPart, match="words"):

        class WordsOnHearts(TrickTable):  # Hearts' slots have no words
            slots = HEARTS_SLOTS
            parts = {"words": "words"}

    class Fine(TrickTable):
        slots = CONSONANTS_SLOTS
        parts = {"words": "words", "trick": "trick"}

    assert Fine.slots is CONSONANTS_SLOTS


def test_a_hearts_event_of_an_unknown_kind_is_not_folded_at_all():
    state = HEARTS.initial(HEARTS.parse_options({"players": 4}), 4)
    assert HEARTS.fold(state, Event(1, "hearts-bid", "Ann", 0, 1, None, 1, {"bid": 3})) is state
