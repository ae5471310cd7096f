"""What four phones at a table tripped on (issue 23, round two), as pages show it."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.tablehelp import claim, csrf, enter, join_token, new_table
from tests.web.test_hearts_table import reference_tricks

pytestmark = pytest.mark.one_database
UNDO = "Undo the last change"


@pytest.fixture
def phones(app):
    return app.test_client(), app.test_client()


def page(client, table: str) -> str:
    return html.unescape(client.get(table).get_data(as_text=True))


def test_undo_is_offered_only_to_a_phone_it_would_work_for(phones):
    host, bob = phones
    table = new_table(host, **{"name-1": ""})
    claim(bob, join_token(host, table), 1, "Bob")
    assert UNDO not in page(host, table)  # nothing to take back yet
    enter(host, table, 1, {0: 5})
    assert UNDO not in page(bob, table)  # the host's change: Bob's phone may not undo it
    assert "Takes back Host's change" in page(host, table)
    enter(bob, table, 1, {1: 7})
    assert "Takes back Bob's change: round 1, Bob 7" in page(bob, table)
    undo = bob.post(f"{table}/undo", data={"csrf_token": csrf(bob, table)})
    assert undo.status_code == 303  # offered, and it works


def seats_key(client, table: str) -> str:
    found = re.search(r'id="seats-key" name="seats" value="([^"]*)"', page(client, table))
    assert found, "no seats key on the page"
    return found.group(1)


def test_at_game_over_the_hosts_seat_panel_follows_without_a_reload(app):
    host = app.test_client()
    table = new_table(host, target=10)
    enter(host, table, 1, {0: 1, 1: 2, 2: 3})
    add = {"csrf_token": csrf(host), "name": "Ida", "version": "0"}
    assert host.post(f"{table}/seats/add", data=add).status_code == 303
    assert "Remove Ida's seat" in page(host, table)  # no scores of her own yet
    key = seats_key(host, table)
    enter(host, table, 2, {0: 11, 1: 1, 2: 1, 3: 1})  # Ann passes 10: the game is over
    live = html.unescape(
        host.get(f"{table}/live", query_string={"seats": key}).get_data(as_text=True)
    )
    assert 'id="host-slot" hx-swap-oob="true"' in live, "the host's card was not sent again"
    panel = live.split('id="host-slot"', 1)[1]
    assert "Remove Ida's seat" not in panel and "New seat's name" not in panel
    assert "To add a seat, start the next game first." in panel


def test_the_host_who_named_seat_1_after_themselves_sits_there_from_the_form(phones):
    host, other = phones
    form = html.unescape(host.get("/new/custom").get_data(as_text=True))
    assert 'name="me"' in form and "I am the player in seat 1" in form
    table = new_table(host, me="1")
    shown = page(host, table)
    assert "You are Ann, seat 1" in shown and "Take a seat" not in shown
    assert "Ann (you)" in shown
    assert claim(other, join_token(host, table), 0, "Zed").status_code == 422  # taken
    # without a name in seat 1 there is nothing to sit as: asked, the form kept
    refused = host.post("/tables", data={"csrf_token": csrf(host), "game": "custom",
                                         "players": "2", "name-0": "", "me": "1"})  # fmt: skip
    assert refused.status_code == 422
    assert "Type your name in seat 1" in html.unescape(refused.get_data(as_text=True))


def test_the_join_qr_folds_away_once_play_begins_though_a_seat_has_no_phone(phones):
    host, _ = phones
    table = new_table(host, game="hearts", players=4, **{"name-3": "Dee"}, entry="tricks")
    assert '<section class="card join-panel on-top" id="join">' in page(host, table)
    first = reference_tricks()[0]
    data = {"csrf_token": csrf(host), "trick": "0", "leader": str(first[0]), "cards": first[1]}
    assert host.post(f"{table}/hearts/1/trick", data={**data, "version": "0"}).status_code == 303
    shown = page(host, table)  # one trick saved, no hand on the sheet yet, no seat has a phone
    assert "on-top" not in shown
    folded = shown.split('<div id="join-bottom">', 1)[1]
    assert folded.lstrip().startswith('<details class="card join-panel" id="join">')
    assert "Ann, Ben, Cy and Dee have no phone here" in folded


def test_the_same_trick_saved_on_two_phones_is_agreement_not_a_conflict(app, phones):
    host, _ = phones
    table = new_table(host, game="hearts", players=4, **{"name-3": "Dee"}, entry="tricks")
    ben = app.test_client()
    claim(ben, join_token(host, table), 1)
    leader, cards = reference_tricks()[0]
    data = {"trick": "0", "leader": str(leader), "cards": cards, "version": "0"}
    hx = {"HX-Request": "true"}
    first = host.post(
        f"{table}/hearts/1/trick", data={**data, "csrf_token": csrf(host)}, headers=hx
    )
    assert first.status_code == 200
    same = ben.post(f"{table}/hearts/1/trick", data={**data, "csrf_token": csrf(ben)}, headers=hx)
    said = html.unescape(same.get_data(as_text=True))
    assert same.status_code == 200, said[:400]
    assert "Trick 1 of hand 1 is in: another phone entered the same cards." in said
    assert "changed on another phone" not in said and "trick 2 of 13" in said
    # different cards for the same trick are still a conflict, the input kept
    other = {**data, "cards": " ".join(reversed(cards.split()))}
    late = ben.post(f"{table}/hearts/1/trick", data={**other, "csrf_token": csrf(ben)}, headers=hx)
    assert late.status_code == 409


def test_asking_to_score_a_consonants_hand_says_who_must_still_agree(app, phones):
    from tests.web.test_consonants_table import cons_table, enter_hand, post, seated

    host, _ = phones
    table = cons_table(host)
    ann = seated(app, host, table, 0)
    seated(app, host, table, 1)
    enter_hand(host, table)
    asked = post(ann, f"{table}/cons/1/close", True, version=0)
    said = html.unescape(asked.get_data(as_text=True))
    assert asked.status_code == 200, said[:300]
    assert "Hand 1 is scored." not in said
    assert "Hand 1 is scored once Ben, Cy and Dee agree." in said


def test_score_for_all_gives_a_card_claimed_twice_to_nobody_and_says_so(app, phones):
    from tests.web.test_hearts_table import hearts_table, post, seated

    host, _ = phones
    table = hearts_table(host)
    bob, dee = seated(app, host, table, 1), seated(app, host, table, 3)
    assert post(bob, f"{table}/hearts/1/claim", cards="QS 2H", version=0).status_code == 303
    assert post(dee, f"{table}/hearts/1/claim", cards="QS 3H", version=0).status_code == 303
    box = host.get(f"{table}/hearts/way/all", headers={"HX-Request": "true"})
    form = html.unescape(box.get_data(as_text=True)).split('id="taken-form"', 1)[1]
    form = form.split("</form>", 1)[0]
    assert 'name="taken-1" value="2H"' in form  # Bob's own card, not the Q♠ both claimed
    assert 'name="taken-3" value="3H"' in form
    assert "is claimed twice: by Ben and Dee" in form  # said in the form being saved


def test_a_trick_refused_after_an_undo_comes_back_as_the_trick_now_open(app, phones):
    host, _ = phones
    table = new_table(host, game="hearts", players=4, **{"name-3": "Dee"}, entry="tricks")
    cy = app.test_client()
    claim(cy, join_token(host, table), 2)
    tricks = reference_tricks()
    for i in range(4):
        data = {"trick": str(i), "leader": str(tricks[i][0]), "cards": tricks[i][1]}
        answer = host.post(f"{table}/hearts/1/trick", data={**data, "version": "0",
                                                           "csrf_token": csrf(host)})  # fmt: skip
        assert answer.status_code == 303
    assert host.post(f"{table}/undo", data={"csrf_token": csrf(host)}).status_code == 303
    late = {"trick": "4", "leader": str(tricks[4][0]), "cards": tricks[4][1], "version": "0"}
    answer = cy.post(f"{table}/hearts/1/trick", data={**late, "csrf_token": csrf(cy)},
                     headers={"HX-Request": "true"})  # fmt: skip
    said = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 422
    assert "trick 4 is next" in said and "was not saved" in said  # the refusal, in words
    assert "Save trick 4" in said and "Save trick 5" not in said  # the form for trick 4 now
    assert f'value="{tricks[4][1]}"' not in said  # trick 5's cards are not carried into it


def test_alphagrams_says_nothing_of_rounds_and_dealers(phones):
    host, _ = phones
    table = new_table(host, game="alphagrams", players=2, **{"name-0": "Ann", "name-1": "Cy"})
    shown = page(host, table)
    assert "Round 1" not in shown and "deals" not in shown and "dealt" not in shown
    custom = page(host, new_table(host))
    assert "Ann deals" in custom and "who dealt it" in custom  # the other games keep it


def test_alphagrams_says_when_challenges_close(client):
    from tests.web.test_alphagrams_table import Table as AgTable

    t = AgTable(client)
    t.ok("ag/flip", card="M")
    t.ok("ag/flip", card="T")
    t.ok("ag/word", word="meats", step="play")
    assert "challenges MEATS" in t.page() and "closed" not in t.page()
    t.ok("ag/flip", card="J")  # play moves on: the challenge buttons go
    shown = html.unescape(t.page())
    assert "challenges MEATS" not in shown
    assert "Challenges of MEATS are closed: play moved on." in shown
