#!/usr/bin/env bash
# Companion set-up: system packages (where apt is available), a virtual environment in .venv,
# and the app with its development tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")"

APT_PACKAGES="chromium-headless-shell zbar-tools"
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  missing=""
  for p in $APT_PACKAGES; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    echo "Installing system packages:$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
  fi
else
  echo "No apt-get here: install Chromium and zbar yourself to run the browser tests."
fi

PYTHON="${PYTHON:-python3}"
[ -d .venv ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[dev]"
# each word list in its prepared form (companion.words.loader keeps it in ~/.cache/companion),
# so the first server start (and the first test run) does not work it out
.venv/bin/companion dict list
echo "Set-up done. Run: . .venv/bin/activate && companion serve"
