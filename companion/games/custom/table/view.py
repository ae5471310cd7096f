"""The custom scoresheet's Table API ``state`` (TABLE_API.md): the round under way, who is
missing in it, every cell with its version, and the seats' version. Nothing is secret."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.custom.table.state import SEATS_SLOT, State


def view(state: State, versions: Mapping[str, int]) -> dict[str, Any]:
    sheet = state.sheet
    cells = [
        {"round": r, "seat": s, "points": p, "version": versions.get(state.cell_slot(r, s), 0)}
        for (r, s), p in sorted(state.cells.items())
    ]
    return {
        "round": sheet.current_round,
        "missing": list(sheet.missing),
        "cells": cells,
        "seats": state.players,
        "seats_version": versions.get(SEATS_SLOT, 0),
    }
