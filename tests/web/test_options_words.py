"""The options forms speak the player's words: help names the labels and choices the form
shows (never an internal key such as ``bonus_points``); each preset says what it sets; the
rules page of a Hearts table of 3, 5 or 6 describes that table's game."""

from __future__ import annotations

import html
import re
from dataclasses import fields

import pytest

from companion.games.consonants import ConsonantsOptions
from companion.games.hearts import PRESETS, HeartsOptions
from companion.games.hearts.table.setup_words import LABELS, preset_keys, value_words
from tests.web.tablehelp import suit_signs
from tests.web.test_hearts_table import hearts_table

# what the pages and fragments show: the storage is tested on both databases elsewhere
pytestmark = pytest.mark.one_database

KEYS = {f.name for f in fields(HeartsOptions)} | {f.name for f in fields(ConsonantsOptions)}
CHOICE_KEYS = {"left-of-dealer", "first-trick", "first-penalty", "low-club", "choose-if-74",
               "2nd-left", "2nd-right", "singleton"}  # fmt: skip
CARD_CODES = re.compile(r"\b(?:[2-9TJQKA][CDHS])\b")


def words_of(markup: str) -> str:
    text = re.sub(r"<[^>]+>", " ", suit_signs(markup))
    return " ".join(html.unescape(text).split()).replace(" .", ".")


def helps(page: str) -> list[str]:
    """The help under each option and the words under each preset."""
    found = re.findall(r'<small class="help">(.*?)</small>', page, re.S)
    found += re.findall(r'<label class="check choice">.*?</label>', page, re.S)
    return [words_of(h) for h in found]


@pytest.mark.parametrize("game", ["hearts", "consonants"])
def test_help_speaks_of_labels_not_internal_keys(client, game):
    page = client.get(f"/new/{game}").get_data(as_text=True)
    texts = helps(page)
    assert len(texts) >= 4
    for text in texts:
        named = {k for k in KEYS | CHOICE_KEYS if re.search(rf"(?<![\w-]){k}(?![\w-])", text)}
        assert not named - {"target", "players", "deck", "partnership"}, (named, text)
        assert not CARD_CODES.search(text), text  # "QS" is the API's; a player reads words


def test_every_hearts_option_has_a_label_on_the_form(client):
    page = client.get("/new/hearts").get_data(as_text=True)
    shown = re.findall(r'<label class="option">([^<]*?)\s*<', page)
    assert [html.unescape(s) for s in shown] == [LABELS[key] for key in LABELS]


def test_each_preset_says_what_it_sets(client):
    page = client.get("/new/hearts").get_data(as_text=True)
    keys = preset_keys()
    assert {"moon_policy", "bonus_card", "no_points_on_first_trick"} <= set(keys)
    said = {}
    for name, preset in PRESETS.items():
        found = re.search(rf'id="preset-{name}-sets">(.*?)</small>', page, re.S)
        assert found, name
        said[name] = words_of(found.group(1))
        for key in keys:
            assert f"{LABELS[key]}: {value_words(key, getattr(preset, key))}" in said[name]
    assert len(set(said.values())) == len(PRESETS)  # each preset reads differently
    assert "Bonus card: jack of diamonds" in said["omnibus"]
    assert "Bonus card: no bonus card" in said["standard"]
    assert "the shooter chooses" in said["pagat"]


@pytest.mark.parametrize(
    "players, fields_, lines, absent",
    [
        (3, {}, ["3 players, 17 cards each; taken out before the deal: 2♦.",
                 "Passes, in turn: left, right, hold", "The 2♣ leads."], ["across", "kitty"]),
        (5, {}, ["5 players, 10 cards each; taken out before the deal: 2♦ and 2♣.",
                 "Passes, in turn: left, right, hold", "The 3♣ leads."], ["across", "kitty"]),
        (5, {"odd_deal": "kitty"}, ["5 players, 10 cards each; a kitty of 2 cards",
                                    "lowest club not in the kitty leads"], ["taken out"]),
        (6, {}, ["6 players, 8 cards each; a kitty of 4 cards goes to the winner of the first "
                 "trick", "left, right, two seats left, two seats right, across, hold",
                 "house rule"], ["taken out"]),
        (4, {"pass_cycle": "left,right,across,scatter"},
         ["4 players, 13 cards each.", "scatter: one card to each other player"], ["kitty"]),
    ],
)  # fmt: skip
def test_rules_page_describes_the_tables_own_game(client, players, fields_, lines, absent):
    table = hearts_table(client, players, **fields_)
    rules = words_of(client.get(f"{table}/rules").get_data(as_text=True))
    deal = rules[rules.index("Deal and pass") : rules.index("Every option")]
    for line in lines:
        assert line in rules, (line, deal)
    for word in absent:
        assert word not in deal, (word, deal)
    assert "Four players" not in rules and "2C" not in rules and "QS" not in rules
    assert "Pass order: none" not in rules
