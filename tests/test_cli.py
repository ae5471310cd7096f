"""``companion serve`` and its helpers."""

from __future__ import annotations

import ipaddress
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from companion.cli import main, serve_url, who_can_open
from companion.netinfo import lan_address


def test_lan_address_is_an_ipv4_address_of_this_machine():
    address = ipaddress.ip_address(lan_address())
    assert address.version == 4


def test_the_console_says_whether_phones_can_reach_the_address():
    assert who_can_open("0.0.0.0", None) == "phones on the same network can open it"
    for loopback in ("127.0.0.1", "localhost", "::1"):
        words = who_can_open(loopback, None)
        assert words.startswith("only this computer can open it: phones cannot reach")
    assert who_can_open("127.0.0.1", "https://cards.example") == "phones open it at that address"


def test_serve_url_prefers_public_url_then_host():
    assert serve_url("0.0.0.0", 8000, "https://cards.example/") == "https://cards.example"
    assert serve_url("10.1.2.3", 9000, None) == "http://10.1.2.3:9000"
    assert serve_url("0.0.0.0", 8000, None) == f"http://{lan_address()}:8000"


def test_help_lists_the_options():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    for flag in ("--host", "--port", "--public-url", "--workers"):
        assert flag in result.output


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_serve_runs_gunicorn_migrates_and_prints_the_address_and_qr(tmp_path: Path):
    port = _free_port()
    env = {**os.environ, "COMPANION_INSTANCE": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    command = [
        sys.executable,
        "-m",
        "companion",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        body = b""
        deadline = time.monotonic() + 180  # a loaded machine starts slowly (77 s seen)
        while time.monotonic() < deadline:
            try:
                body = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        assert b"Start a table" in body
    finally:
        # gunicorn's quick shutdown: a graceful one (SIGTERM) waited about a second more for
        # the gevent worker's loop to notice, and the output is the same
        proc.send_signal(signal.SIGINT)
        output = proc.communicate(timeout=60)[0].decode()
    assert f"http://127.0.0.1:{port}" in output
    assert "\u2588" in output or "\u2580" in output  # the QR code drawn in block characters
    assert "gunicorn" in output.lower()
    assert (tmp_path / "companion.sqlite3").exists()
    mode = subprocess.run(
        ["python3", "-c", f"import sqlite3;print(sqlite3.connect('{tmp_path}/companion.sqlite3')"
         ".execute('pragma journal_mode').fetchone()[0])"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert mode.stdout.strip() == "wal"
