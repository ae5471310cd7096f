"""Follow the Author options: data with documented defaults, and named presets.

| option | default | meaning |
|---|---|---|
| ``rounds`` | 8 | rounds in the game; even, so each seat deals the alpha hand equally often |
| ``back_and_forth`` | False | *Back and Forth*: the omega hand is played in reverse order |
| ``cribbage_finish`` | False | *Cribbage Finish*: first to ``target`` wins at once |
| ``target`` | 121 | the score that ends a Cribbage Finish game |
| ``first_alpha_dealer`` | 0 | the seat that deals the alpha hand of the first round |

Under Cribbage Finish the game goes on until a seat reaches the target; ``rounds`` is then
only the number of rounds the table expects to play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from companion.errors import Unreadable


@dataclass(frozen=True)
class Options:
    rounds: int = 8
    back_and_forth: bool = False
    cribbage_finish: bool = False
    target: int = 121
    first_alpha_dealer: int = 0


PRESETS: dict[str, Options] = {
    "standard": Options(),
    "short": Options(rounds=4),
    "back-and-forth": Options(back_and_forth=True),
    "cribbage-finish": Options(cribbage_finish=True),
}
DEFAULT_PRESET = "standard"
DEFAULT = PRESETS[DEFAULT_PRESET]


def options_from(data: Mapping[str, object] | None) -> Options:
    """``{"preset": NAME, ...overrides}`` -> Options; Unreadable for anything unknown."""
    given: dict[str, Any] = dict(data or {})  # each value checked by _check_type
    name = given.pop("preset", DEFAULT_PRESET)
    if not isinstance(name, str) or name not in PRESETS:
        raise Unreadable(f"field 'options.preset': unknown preset {name!r:.40}", "options")
    types = {f.name: f.type for f in fields(Options)}
    for key, value in given.items():
        if key not in types:
            raise Unreadable(f"field 'options': unknown option {key!r:.40}", "options")
        _check_type(key, value, types[key])
    return validate(replace(PRESETS[name], **given))


def _check_type(key: str, value: object, kind: object) -> None:
    if kind in (bool, "bool"):
        if not isinstance(value, bool):
            raise Unreadable(f"field 'options.{key}' must be true or false, not {value!r:.40}")
    elif isinstance(value, bool) or not isinstance(value, int):
        raise Unreadable(f"field 'options.{key}' must be a whole number, not {value!r:.40}")


def validate(options: Options) -> Options:
    """Range checks: an even number of rounds, a positive target, a real first dealer."""
    if options.rounds < 2 or options.rounds % 2:
        raise Unreadable(
            f"field 'options.rounds' must be even and at least 2, not {options.rounds}"
        )
    if options.target < 1:
        raise Unreadable(f"field 'options.target' must be positive, not {options.target}")
    if options.first_alpha_dealer not in (0, 1):
        value = options.first_alpha_dealer
        raise Unreadable(f"field 'options.first_alpha_dealer' must be seat 0 or 1, not {value}")
    return options
