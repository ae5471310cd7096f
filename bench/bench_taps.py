"""Taps per hand for every way of entering a hand in every game, counted in Chromium.

The counting is done by the browser tests that play those hands on a real server (a tap is a
button, a card, a tab, a field, or one key typed); each records ``taps: <game>, <way>``. This
runs those tests once and prints what they counted, beside issue 14's goals where it set one::

    .venv/bin/python -m bench.bench_taps

Figures, not a pass/fail check (the tests hold the goals themselves).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from bench._common import machine, print_table

ROOT = Path(__file__).resolve().parent.parent
TESTS = [
    "tests/e2e/test_taps.py",
    "tests/e2e/test_hearts_phones.py::test_cards_taken_by_a_scorer_with_a_moon_chosen_on_the_shooters_phone",
    "tests/e2e/test_hearts_phones.py::test_each_player_taps_their_own_cards",
    "tests/e2e/test_hearts_phones.py::test_trick_by_trick_with_a_revoke_caught",
    "tests/e2e/test_hearts_trick_taps.py::test_a_whole_hand_trick_by_trick_at_390_px_takes_51_taps",
    "tests/e2e/test_hearts_trick_taps.py::test_a_hand_claimed_at_trick_10_takes_45_taps_or_fewer",
    "tests/e2e/test_consonants_phones.py::test_flying_by_night_and_a_challenged_word_on_two_phones",
    "tests/e2e/test_fta_store_taps.py",
]  # fmt: skip
GOALS = {
    "Hearts, cards taken (one scorer)": "<= 10",
    "Hearts, own cards on each phone (most on one phone)": "<= 5",
    "Hearts, numbers (one scorer)": "<= 8",
    "Hearts, trick by trick (one referee)": "<= 51 (issue 23 asked 45)",
    "Hearts, trick by trick with a claim at trick 10": "<= 45 (issue 23)",
    "Follow the Author, a round's stores": "<= 16 (issue 23; 48 before)",
}


def counted(tests: list[str]) -> dict[str, str]:
    """Run ``tests`` and answer each ``taps: ...`` property they recorded."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "taps.xml"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                   f"--junitxml={report}", *tests]  # fmt: skip
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stdout[-3000:], file=sys.stderr)
        found = {}
        for prop in ET.parse(report).iter("property"):
            name = prop.get("name", "")
            if name.startswith("taps: "):
                found[name.removeprefix("taps: ")] = prop.get("value", "")
        return found


def main() -> None:
    found = counted(TESTS)
    rows = [[what, found[what], GOALS.get(what, "-")] for what in sorted(found)]
    print(f"\nTaps per hand, counted in Chromium by the browser tests; {machine()}")
    print_table(["game, way", "taps", "goal"], rows)


if __name__ == "__main__":
    main()
