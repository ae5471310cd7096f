"""The Hearts new-table form and rules page in words (pure): its fields, choices and help
(the options themselves are ``options``)."""

from __future__ import annotations

from dataclasses import fields

from companion.games.hearts import HeartsOptions
from companion.games.hearts.table import setup_words
from companion.games.hearts.table.options import ENTRY_WAYS
from companion.games.trickgame.passwords import cycle_choices as cycle_choices

Field = tuple[str, str, list[tuple[str, str]]]  # (option, widget, choices)

DESCRIPTIONS = {
    "players": "3 to 6 players.",
    "preset": "Standard, Pagat or Omnibus; every option below can change it.",
}
CHOICES = setup_words.CHOICE_WORDS
ORDER = (
    "pass_count",
    "pass_cycle",
    "odd_deal",
    "kitty_to",
    "first_lead",
    "target",
    "moon_policy",
    "shoot_the_sun",
    "exact_target_resets_to",
    "tie_continues",
    "bonus_card",
    "bonus_points",
    "partnership",
    "must_break_hearts",
    "qs_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
    "no_points_on_first_trick",
    "revoke_penalty",
)
NUMBERS = ("pass_count", "target", "bonus_points")
FLAGS = tuple(
    f.name for f in fields(HeartsOptions) if isinstance(getattr(HeartsOptions(), f.name), bool)
)
AS_PRESET = ("", "as the preset says")


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


def form() -> dict[str, object]:
    """What the options form and the rules page show: fields, help, presets, entry ways."""
    return {
        "fields": form_fields(),
        "labels": setup_words.LABELS,
        "help": setup_words.HELP,
        "presets": setup_words.PRESET_WORDS,
        "preset_sets": setup_words.preset_sets,
        "entry": ENTRY_WAYS,
        "shown": setup_words.value_words,
        "cycle": setup_words.cycle_words,
    }
