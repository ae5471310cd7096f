"""A steady load on a running ``companion serve``, for ``tools/stress_suite.sh``.

``--threads`` phones each start a custom table, then loop until stopped (SIGTERM/SIGINT) or
``--seconds``: enter a new round, read the sheet fragment, open the home page, and every
tenth turn start a new table, waiting ``--pause`` seconds after each request (0: none, so
each thread keeps one request in flight and the server takes a core). Prints the requests
sent and the errors once a minute and at the end.

Run: ``.venv/bin/python -m bench.stress_load --port 5110 [--threads 4] [--pause 0.05]``.
"""

from __future__ import annotations

import argparse
import signal
import threading
import time
from collections.abc import Sequence

from bench._common import Phone, round_form, start_table


class Counts:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent = 0
        self.errors = 0
        self.first_error = ""

    def add(self, ok: bool, what: str) -> None:
        with self.lock:
            self.sent += 1
            if not ok:
                self.errors += 1
                self.first_error = self.first_error or what


def phone_loop(port: int, pause: float, stop: threading.Event, counts: Counts) -> None:
    phone = Phone(port, timeout=60)
    table, turn = None, 0
    while not stop.is_set():
        try:
            if table is None or turn % 10 == 0 or turn > 50:
                table, turn = start_table(phone, 4), 0
                counts.add(True, "")
            turn += 1
            entered = phone.post(
                f"/t/{table.token}/round/{turn}", round_form(table, turn), htmx=True
            )
            counts.add(entered.status < 500, f"round {turn}: {entered.status}")
            stop.wait(pause)
            sheet = phone.get(f"/t/{table.token}/live", htmx=True)
            counts.add(sheet.status == 200, f"sheet: {sheet.status}")
            stop.wait(pause)
            home = phone.get("/")
            counts.add(home.status == 200, f"home: {home.status}")
            stop.wait(pause)
        except (OSError, RuntimeError) as exc:  # the server went away or refused: go on
            counts.add(False, f"{exc.__class__.__name__}: {exc}")
            phone.close()
            phone, table = Phone(port, timeout=60), None
            stop.wait(0.5)
    phone.close()


def main(argv: Sequence[str] | None = None) -> Counts:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--pause", type=float, default=0.05, help="seconds after a request")
    parser.add_argument("--seconds", type=float, default=0.0, help="0: until stopped")
    args = parser.parse_args(argv)
    stop, counts = threading.Event(), Counts()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    threads = [
        threading.Thread(target=phone_loop, args=(args.port, args.pause, stop, counts), daemon=True)
        for _ in range(args.threads)
    ]
    for t in threads:
        t.start()
    start = last = time.monotonic()
    while not stop.wait(1.0):
        now = time.monotonic()
        if args.seconds and now - start >= args.seconds:
            stop.set()
        elif now - last >= 60:
            last = now
            print(f"load: {counts.sent} requests, {counts.errors} errors", flush=True)
    for t in threads:
        t.join(timeout=65)
    print(f"load: {counts.sent} requests in {time.monotonic() - start:.0f} s, "
          f"{counts.errors} errors {counts.first_error}", flush=True)  # fmt: skip
    return counts


if __name__ == "__main__":
    main()
