"""Hearts by numbers through the pages (SQLite and PostgreSQL): the form, refusals with the
input kept, two scorers at once, a numbers hand corrected, the moon button."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.tablehelp import csrf, totals
from tests.web.test_hearts_table import hearts_table, post, seated, words


def numbers(client: FlaskClient, table: str, hand: int, *values: Any, **extra: Any) -> Any:
    fields: dict[str, Any] = {"version": 0}
    fields.update({f"points-{seat}": v for seat, v in enumerate(values)})
    fields.update(extra)
    return post(client, f"{table}/hearts/{hand}/points", **fields)


def test_the_numbers_way_is_offered_and_its_form_adds_up_to_the_hand_total(client):
    table = hearts_table(client)
    page = client.get(f"{table}/hearts/way/numbers", headers={"HX-Request": "true"})
    text = page.get_data(as_text=True)
    assert 'id="points-form"' in text and 'data-total="26"' in text
    assert "Ann shot the moon" in words(page)
    omnibus = hearts_table(client, preset="omnibus")
    text = client.get(f"{omnibus}/hearts/way/numbers", headers={"HX-Request": "true"}).get_data(
        as_text=True
    )
    assert 'data-total="16"' in text and 'name="bonus"' in text


def test_points_are_saved_and_a_wrong_sum_is_refused_with_the_boxes_kept(client):
    table = hearts_table(client)
    bad = numbers(
        client,
        table,
        1,
        15,
        4,
        7,
        2,
    )
    assert bad.status_code == 422
    assert "The points add up to 28; a hand's points add up to 26." in words(bad)
    assert 'value="15"' in bad.get_data(as_text=True)  # the phone's own numbers kept
    assert totals(client, table) == ["0", "0", "0", "0"]
    assert numbers(client, table, 1, 15, 4, 7, "").status_code == 303
    assert totals(client, table) == ["15", "4", "7", "0"]
    live = client.get(f"{table}/live").get_data(as_text=True)
    assert "hand 1 by points: Ann 15, Ben 4, Cy 7, Dee 0" in live


def test_two_scorers_at_once_the_second_is_told_with_the_points_now(app, client):
    table = hearts_table(client)
    ben = seated(app, client, table, 1)
    assert numbers(client, table, 1, 13, 13, 0, 0).status_code == 303
    late = numbers(ben, table, 1, 0, 0, 13, 13)  # made on version 0 as well
    assert late.status_code == 409
    text = words(late)
    assert "Changed on another phone" in text and "now: 13" in text
    assert 'value="0"' in late.get_data(as_text=True)
    assert totals(client, table) == ["13", "13", "0", "0"]


def test_a_numbers_hand_is_corrected_in_its_own_form_and_by_cards(client):
    table = hearts_table(client)
    numbers(client, table, 1, 13, 13, 0, 0)
    edit = client.get(f"{table}/hearts/1/edit").get_data(as_text=True)
    assert 'id="points-form"' in edit and 'value="13"' in edit  # not invented cards
    assert numbers(client, table, 1, 20, 6, 0, 0, version=1, edit=1).status_code == 303
    assert totals(client, table) == ["20", "6", "0", "0"]


def test_the_moon_button_scores_a_moon(client):
    table = hearts_table(client)
    assert numbers(client, table, 1, "", "", "", "", moon=2).status_code == 303
    assert totals(client, table) == ["26", "26", "0", "26"]
    assert "Cy shot the moon" in client.get(f"{table}/live").get_data(as_text=True)


def test_the_moon_choice_shows_what_each_option_does(client):
    table = hearts_table(client, preset="omnibus")  # the shooter chooses
    data = {"csrf_token": csrf(client), "version": "0", "moon": "1", "bonus": "0"}
    saved = client.post(f"{table}/hearts/1/points", data=data, headers={"HX-Request": "true"})
    assert "Hand 1 saved: the totals wait for the moon's choice." in words(saved)
    text = words(client.get(f"{table}/entry"))
    assert "Totals then: Ann -10, Ben -26, Cy 0, Dee 0. The game goes on." in text
    assert "Totals then: Ann 16, Ben 0, Cy 26, Dee 26. The game goes on." in text


def test_typed_numbers_that_only_a_moon_gives_ask_first_even_without_script(client):
    table = hearts_table(client)
    asked = numbers(client, table, 1, 0, 26, 0, 0)  # a plain form post: no script ran
    assert asked.status_code == 422
    text = words(asked)
    assert "Ben has all 26 points: that is a moon for Ben." in text
    assert 'name="moon" value="1" data-confirm-record' in asked.get_data(as_text=True)
    assert 'value="26"' in asked.get_data(as_text=True)  # the numbers kept
    assert totals(client, table) == ["0", "0", "0", "0"]  # nothing stored yet
    htmx = client.post(
        f"{table}/hearts/1/points",
        data={"csrf_token": csrf(client), "version": "0", "points-1": "26"},
        headers={"HX-Request": "true"},
    )
    assert htmx.status_code == 422 and 'id="ask-moon"' in htmx.get_data(as_text=True)
    assert numbers(client, table, 1, 0, 26, 0, 0, moon=1).status_code == 303  # "Record it"
    assert totals(client, table) == ["26", "0", "26", "26"]
    assert "hand 1 by points: Ben shot the moon" in client.get(f"{table}/live").get_data(
        as_text=True
    )


def test_with_a_bonus_card_the_moon_asked_for_names_who_took_it(client):
    table = hearts_table(client, preset="omnibus")
    asked = numbers(client, table, 1, -10, 26, 0, 0)
    assert asked.status_code == 422 and "Ben has all 26 points" in words(asked)
    assert '<option value="0" selected>Ann</option>' in asked.get_data(as_text=True)
    assert numbers(client, table, 1, 16, 0, 0, 0).status_code == 303  # a plain hand, no moon
    assert totals(client, table) == ["16", "0", "0", "0"]
