"""The Hearts new-table form and rules page in words (pure): its fields, choices and help
(the options themselves are ``table_options``)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from companion.games.hearts import (
    DEFAULT_CYCLES,
    OPTION_HELP,
    OTHER_CYCLES,
    PRESET_HELP,
    HeartsOptions,
)
from companion.games.hearts.table_options import ENTRY_WAYS

Field = tuple[str, str, list[tuple[str, str]]]  # (option, widget, choices)

DESCRIPTIONS = {
    "players": "3 to 6 players.",
    "preset": "standard, pagat or omnibus; every option below can change it.",
}
CHOICES: dict[str, list[tuple[str, str]]] = {
    "odd_deal": [("remove", "remove cards"), ("kitty", "a kitty")],
    "kitty_to": [("first-trick", "first trick's winner"), ("first-penalty", "first penalty")],
    "first_lead": [("low-club", "lowest club leads"), ("left-of-dealer", "left of dealer")],
    "bonus_card": [("none", "no bonus card"), ("JD", "JD"), ("TD", "TD")],
    "moon_policy": [(p, p) for p in ("add", "subtract", "choose", "choose-if-74", "protect")],
    "exact_target_resets_to": [("none", "no reset"), ("50", "to 50"), ("0", "to 0")],
    "partnership": [("none", "no partners"), ("pooled", "pooled"), ("individual", "individual")],
}
ORDER = (
    "pass_count", "pass_cycle", "odd_deal", "kitty_to", "first_lead", "target",
    "moon_policy", "shoot_the_sun", "exact_target_resets_to", "tie_continues",
    "bonus_card", "bonus_points", "partnership", "must_break_hearts", "qs_breaks_hearts",
    "can_lead_hearts_instead_of_qs", "no_points_on_first_trick", "revoke_penalty",
)  # fmt: skip
NUMBERS = ("pass_count", "target", "bonus_points")
FLAGS = tuple(
    f.name for f in fields(HeartsOptions) if isinstance(getattr(HeartsOptions(), f.name), bool)
)
AS_PRESET = ("", "as the preset says")


def cycle_choices() -> list[tuple[str, str]]:
    """Every named cycle, as (form value, label), for the options form."""
    choices = [("", "The usual cycle for the number of players")]
    for players, cycles in sorted(OTHER_CYCLES.items()):
        for cycle in (DEFAULT_CYCLES[players], *cycles):
            value = ",".join(cycle)
            label = f"{players} players: {', '.join(cycle)}"
            if (value, label) not in choices:
                choices.append((value, label))
    return choices


def shown(value: Any) -> str:
    """An option's value in words for the rules page."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ", ".join(value)
    return str(value)


def form_field(key: str) -> Field:
    """One option's widget and choices (a blank choice: as the preset says)."""
    if key in NUMBERS:
        return key, "number", []
    if key == "pass_cycle":
        return key, "select", cycle_choices()
    if key in FLAGS:
        return key, "select", [AS_PRESET, ("yes", "yes"), ("no", "no")]
    return key, "select", [AS_PRESET, *CHOICES[key]]


def form_fields() -> list[Field]:
    """Every option's field, in the order the new-table form shows them."""
    return [form_field(key) for key in ORDER]


def form() -> dict[str, Any]:
    """What the options form and the rules page show: fields, help, presets, entry ways."""
    return {
        "fields": form_fields(),
        "help": OPTION_HELP,
        "presets": PRESET_HELP,
        "entry": ENTRY_WAYS,
        "shown": shown,
    }
