"""Gunicorn, embedded: ``companion serve`` runs the app with a production WSGI server.

Worker class ``gthread``: each server-sent event stream holds one thread for at most
``STREAM_SECONDS`` (then the browser reconnects), so ordinary requests keep free threads.
"""

from __future__ import annotations

from typing import Any

from gunicorn.app.base import BaseApplication

from companion import create_app


class _Gunicorn(BaseApplication):  # type: ignore[misc]
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings:  # older gunicorns lack some settings
                self.cfg.set(key, value)

    def load(self) -> Any:
        return create_app()


def run(host: str, port: int, workers: int, threads: int) -> None:
    create_app()  # migrate once, before any worker starts
    _Gunicorn(
        {
            "bind": f"{host}:{port}",
            "workers": workers,
            "worker_class": "gthread",
            "threads": threads,
            # gthread accepts at most this many connections at once (default 1000): open
            # event streams count, so allow well above the threads
            "worker_connections": max(1000, threads * 2 + 100),
            "timeout": 120,
            "graceful_timeout": 5,
            "keepalive": 5,
            "accesslog": "-",
            "control_socket_disable": True,  # one shared ~/.gunicorn socket would collide
            "errorlog": "-",
        }
    ).run()
