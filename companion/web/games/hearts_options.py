"""The Hearts options form: its fields, choices and words (the options themselves are
``companion.games.hearts.table_options``)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from companion.games.hearts import (
    DEFAULT_CYCLES,
    OPTION_HELP,
    OTHER_CYCLES,
    PRESET_HELP,
    PRESETS,
    HeartsOptions,
)
from companion.games.hearts.table_options import (  # noqa: F401 (re-exported for the pages)
    ENTRY_WAYS,
    TableOptions,
    load_options,
    parse_options,
)


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


CHOICES: dict[str, list[tuple[str, str]]] = {
    "odd_deal": [("remove", "remove cards"), ("kitty", "a kitty")],
    "kitty_to": [("first-trick", "first trick's winner"), ("first-penalty", "first penalty")],
    "first_lead": [("low-club", "lowest club leads"), ("left-of-dealer", "left of dealer")],
    "bonus_card": [("none", "no bonus card"), ("JD", "JD"), ("TD", "TD")],
    "moon_policy": [(p, p) for p in ("add", "subtract", "choose", "choose-if-74", "protect")],
    "exact_target_resets_to": [("none", "no reset"), ("50", "to 50"), ("0", "to 0")],
    "partnership": [("none", "no partners"), ("pooled", "pooled"), ("individual", "individual")],
}
NUMBERS = ("pass_count", "target", "bonus_points")
FLAGS = tuple(
    f.name for f in fields(HeartsOptions) if isinstance(getattr(HeartsOptions(), f.name), bool)
)
HELP = OPTION_HELP
PRESET_WORDS = PRESET_HELP
PRESET_NAMES = tuple(PRESETS)


def shown(value: Any) -> str:
    """An option's value in words for the rules page."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ", ".join(value)
    return str(value)


def form_fields() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(option, widget, choices) in the order the new-table form shows them."""
    order = [
        "pass_count", "pass_cycle", "odd_deal", "kitty_to", "first_lead", "target",
        "moon_policy", "shoot_the_sun", "exact_target_resets_to", "tie_continues",
        "bonus_card", "bonus_points", "partnership", "must_break_hearts", "qs_breaks_hearts",
        "can_lead_hearts_instead_of_qs", "no_points_on_first_trick", "revoke_penalty",
    ]  # fmt: skip
    out: list[tuple[str, str, list[tuple[str, str]]]] = []
    for key in order:
        if key in NUMBERS:
            out.append((key, "number", []))
        elif key == "pass_cycle":
            out.append((key, "select", cycle_choices()))
        elif key in FLAGS:
            out.append((key, "select", [("", "as the preset says"), ("yes", "yes"), ("no", "no")]))
        else:
            out.append((key, "select", [("", "as the preset says"), *CHOICES[key]]))
    return out
