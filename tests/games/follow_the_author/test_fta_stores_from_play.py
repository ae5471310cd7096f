"""Stores known from the recorded plays: pre-filled on the phones, and a store or the cards
set aside that contradict them refused in words (no app, no database)."""

from __future__ import annotations

import pytest

from companion.cards.decktet import parse_card
from companion.errors import Forbidden
from companion.games import follow_the_author as fta
from companion.games.follow_the_author.table.state import HandState
from tests.games.follow_the_author.test_fta_table import ANN, BEN, Table

ANN_RUN = ["Forest", "Harvest", "Huntress", "Island", "Journey", "Light Keeper", "Lunatic",
           "Market"]  # fmt: skip
ANN_PLAYED = ["Castle", "Desert", *ANN_RUN]  # sequences 2 and 3 of the alpha hand end with Ann
BEN_PLAYED = ["Author", "Bard"]  # sequence 1 ends with Ben


def _played_then_revealed() -> Table:
    """Alpha hand by plays: Ann Author, Ben Bard, end (Ben stores); Ben Castle, Ann Desert,
    end (Ann stores); Ann plays eight more and goes out (Ann stores). Omega hand typed in."""
    t = Table(enter_plays="1")
    t.play("alpha", 0, "Author")
    t.play("alpha", 1, "Bard")
    t.act(ANN, "end", {"round": 1, "hand": "alpha"})
    t.play("alpha", 1, "Castle")
    t.play("alpha", 0, "Desert")
    t.act(ANN, "end", {"round": 1, "hand": "alpha"})
    for card in ANN_RUN:
        t.play("alpha", 0, card)
    assert t.state.game.current.alpha.first_out == 0
    t.seal(ANN, 0, "Wyrms", "Knots")
    t.seal(BEN, 1, "Suns", "Wyrms")
    t.points("omega", 0, 2, actor=ANN)
    t.ready(BEN, 1)
    return t


def titles(cards) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(c.title for c in cards)


def test_each_sequence_goes_to_the_seat_that_played_its_last_card():
    r = _played_then_revealed().state.game.current
    assert titles(r.known_in(0)) == sorted(ANN_PLAYED)
    assert titles(r.known_in(1)) == sorted(BEN_PLAYED)
    assert r.known[parse_card("Castle")].where == "alpha hand, sequence 2"
    assert r.known[parse_card("Market")].where == "alpha hand, sequence 3"


def test_a_store_leaving_out_a_card_played_into_it_is_refused_in_words():
    t = _played_then_revealed()
    without = [c for c in ANN_PLAYED if c != "Castle"] + ["Sea"]
    with pytest.raises(Forbidden) as refused:
        t.store(ANN, 0, without)
    assert refused.value.message == (
        "Castle (alpha hand, sequence 2) was stored by Ann in play (Ann played the last card of "
        "that sequence). Keep it in Ann's store, or undo the plays if they were entered wrong."
    )
    assert not [e for e in t.events if e.kind == "fta-store"]


def test_a_store_listing_a_card_played_into_the_other_store_is_refused():
    t = _played_then_revealed()
    with pytest.raises(Forbidden) as refused:
        t.store(BEN, 1, [*BEN_PLAYED, "Desert", "Market"])
    words = refused.value.message
    assert words.startswith(
        "Desert (alpha hand, sequence 2) and Market (alpha hand, sequence 3) were stored by Ann "
        "in play (Ann played the last card of those sequences), not by Ben."
    )


def test_a_played_card_cannot_be_set_aside():
    t = _played_then_revealed()
    with pytest.raises(Forbidden) as refused:
        t.act(BEN, "aside", {"round": 1}, {"cards": ["Sea", "Author"]})
    assert "Author (alpha hand, sequence 1) was played into Ben's store" in refused.value.message


def test_stores_that_agree_with_the_plays_are_taken():
    t = _played_then_revealed()
    t.store(ANN, 0, [*ANN_PLAYED, "Sea", "Pact"])  # plus the card given face down, one kept
    t.store(BEN, 1, [*BEN_PLAYED, "Rite"])
    t.act(BEN, "aside", {"round": 1}, {"cards": ["Windfall"]})
    assert [e.kind for e in t.events].count("fta-store") == 2


def test_only_finished_sequences_are_known_and_typed_points_know_nothing():
    a, b, c = (fta.Play(0, parse_card("Author")), fta.Play(1, parse_card("Bard")),
               fta.Play(0, parse_card("Castle")))  # fmt: skip
    closed = (fta.PlayedSequence((a, b)),)
    open_hand = HandState("alpha", closed=closed, current=(c,))
    assert open_hand.stored == closed  # the sequence still on the table is in no store yet
    typed = HandState("alpha", closed=closed, current=(c,), direct=(1, 0))
    assert typed.stored == ()
    known = fta.stored_in_play({"alpha": open_hand.stored})
    assert {k.card.title: k.seat for k in known.values()} == {"Author": 1, "Bard": 1}
    assert fta.check_against_play(1, [b.card, a.card, parse_card("Sea")], known, ("A", "B")) == []
