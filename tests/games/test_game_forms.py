"""The games' forms read into table actions, pure: no app, no request, no database.

Each reader must name the target from the URL and the form, never from the state now (rule 1
of the table protocol), carry the version the form saw, and keep what the phone typed.
"""

from __future__ import annotations

from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from companion.errors import NotAllowed, Unreadable
from companion.games.consonants.table import forms as cons
from companion.games.follow_the_author.table import forms as fta
from companion.games.forms import version
from companion.games.hearts.options import HeartsOptions
from companion.games.hearts.table import forms as hearts
from companion.games.protocol import Action

NAMES = ["Ann", "Bob", "Cy", "Di"]


def read(form: Any, fields: dict[str, Any], url: dict[str, Any], seen: Any) -> tuple[Action, dict]:
    data = MultiDict(fields)
    values = form.keep(data, url)
    return form.read(data, url, seen, values), values


def test_a_version_that_is_not_a_number_is_refused_in_words():
    with pytest.raises(Unreadable, match="'7x' is not a number"):
        version(MultiDict({"version": "7x"}))
    assert version(MultiDict({"version-2": "5"}), "version-2") == 5


def hearts_seen(me: int | None = 1) -> hearts.Seen:
    return hearts.Seen(NAMES, HeartsOptions(), me)


def test_hearts_a_trick_names_its_hand_and_trick_from_the_form():
    fields = {"trick": "7", "leader": "2", "cards": "2C 3C 4C 5C", "version": "3"}
    action, values = read(hearts.FORMS["trick"], fields, {"number": 4}, hearts_seen())
    assert action == Action("trick", {"hand": 4, "trick": 7}, 3,
                            {"leader": "2", "cards": "2C 3C 4C 5C"})  # fmt: skip
    assert values["cards"] == "2C 3C 4C 5C"  # kept to draw the form again


def test_hearts_a_trick_form_without_its_trick_is_refused_not_guessed():
    with pytest.raises(Unreadable, match="which trick"):
        read(hearts.FORMS["trick"], {"version": "3"}, {"number": 4}, hearts_seen())


def test_hearts_a_claim_is_for_the_phones_own_seat_only():
    fields = {"cards": "QS", "version": "1", "seat": "3"}  # a seat in the form is not read
    action, _ = read(hearts.FORMS["claim"], fields, {"number": 2}, hearts_seen(me=1))
    assert action.target == {"hand": 2, "seat": 1}
    with pytest.raises(NotAllowed, match="Score for all"):
        read(hearts.FORMS["claim"], fields, {"number": 2}, hearts_seen(me=None))


def test_hearts_numbers_only_a_moon_gives_ask_first_and_keep_the_numbers():
    fields = {"points-0": "0", "points-1": "26", "points-2": "0", "points-3": "0", "version": "1"}
    with pytest.raises(hearts.AskMoon):
        read(hearts.FORMS["points"], fields, {"number": 1}, hearts_seen())
    data = MultiDict(fields)
    values = hearts.FORMS["points"].keep(data, {"number": 1})
    with pytest.raises(hearts.AskMoon):
        hearts.FORMS["points"].read(data, {"number": 1}, hearts_seen(), values)
    assert values["ask-moon"] == "1" and values["points-1"] == "26"
    # with the moon named, the numbers go as they are
    action, _ = read(hearts.FORMS["points"], {**fields, "moon": "1"}, {"number": 1}, hearts_seen())
    assert action.kind == "points" and action.data["moon"] == "1"


def test_hearts_saved_lines_say_what_was_recorded():
    from types import SimpleNamespace as Hand

    settled = Hand(choice_required=False, shooter=None)
    moon = Hand(choice_required=True, shooter=None)
    sun = Hand(choice_required=True, shooter=Hand(kind="sun"))
    trick = Action("trick", {"hand": 3, "trick": 0}, 1)
    assert hearts.saved(trick, settled, False) == "Trick 1 of hand 3 is in."
    assert (
        hearts.saved(trick, moon, False) == "Hand 3 saved: the totals wait for the moon's choice."
    )
    assert hearts.saved(trick, sun, False) == "Hand 3 saved: the totals wait for the sun's choice."
    choice = Action("moon", {"hand": 3}, 1)
    assert hearts.saved(choice, moon, False) == "The choice is in."  # not a hand's cards
    taken = Action("taken", {"hand": 2}, 1)
    assert hearts.saved(taken, settled, True) == "Hand 2 changed; totals updated."


def test_consonants_every_form_names_its_seat_or_trick_and_its_version():
    fields = {"seat": "2", "cards": "B C", "rest": "on", "version-2": "4", "version": "9"}
    action, values = read(cons.FORMS["act"], fields, {"number": 5, "form": "taken"}, None)
    assert action == Action("taken", {"hand": 5, "seat": 2}, 4, {"cards": "B C", "rest": True})
    assert values["cards"] == "B C"
    with pytest.raises(Unreadable, match="whose entry"):
        read(cons.FORMS["act"], {"version": "1"}, {"number": 5, "form": "words"}, None)
    close, _ = read(cons.FORMS["act"], {"version": "6"}, {"number": 5, "form": "close"}, None)
    assert close == Action("done", {"hand": 5}, 6, {})


def test_fta_a_seal_names_the_phones_seat_and_carries_only_the_commitment():
    fields = {"commitment": "ab" * 32, "lock": "l", "unlock": "u", "version": "2",
              "scoring": "Moons"}  # fmt: skip
    action, values = read(fta.FORMS["seal"], fields, {"number": 3}, 1)
    assert action.target == {"round": 3, "seat": 1}
    assert "scoring" not in str(action.data) and values == {}
    with pytest.raises(Unreadable, match="Say whose choice"):
        read(fta.FORMS["seal"], fields, {"number": 3}, None)  # the host names no seat


def test_fta_store_taps_are_kept_as_tapped_for_the_seat_in_the_url():
    fields = MultiDict([("cards", "1M"), ("cards", "2K"), ("version", "8")])
    url = {"number": 1, "seat": 0}
    values = fta.FORMS["store_cards"].keep(fields, url)
    action = fta.FORMS["store_cards"].read(fields, url, 1, values)
    assert action == Action("store", {"round": 1, "seat": 0}, 8, {"cards": ["1M", "2K"]})
    assert values == {"cards": ["1M", "2K"], "seat": 0, "counted": False}
    counted = MultiDict([("cards", "1M"), ("others", "4"), ("version", "8")])
    values = fta.FORMS["store_cards"].keep(counted, url)
    action = fta.FORMS["store_cards"].read(counted, url, 1, values)
    assert action == Action("store", {"round": 1, "seat": 0}, 8, {"cards": ["1M"], "others": "4"})
    assert values["counted"] is True
