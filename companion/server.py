"""Gunicorn, embedded: ``companion serve`` runs the app with a production WSGI server.

Worker class ``gevent`` (the default): every connection is a greenlet, so an open event stream
costs a socket and a little memory, not a thread; thousands fit in one process. gunicorn's
gevent worker patches the standard library (sockets, locks, ``time.sleep``) as the worker
starts, before it imports the app; psycopg 3 sees the patch and waits cooperatively.
A request's headers must arrive within ``keepalive`` seconds, so a client that sends nothing,
or half a request line, is closed then instead of holding anything.

With more than one worker, each worker listens on its own socket (``SO_REUSEPORT``) and the
kernel spreads new connections over them. On one shared socket, phones that connect one after
another all went to the same worker (the one woken first), so a second worker sat idle.

Worker class ``gthread`` (the old model, kept for comparison): one thread per connection being
served, so each open stream holds a thread.
"""

from __future__ import annotations

import errno
import os
import resource
import socket
import sys
from typing import TYPE_CHECKING

from gunicorn.app.base import BaseApplication

from companion import create_app, prepare_database

if TYPE_CHECKING:
    from flask import Flask

WORKER_CLASSES = ("gevent", "gthread")
# seconds a client has to send its request headers (and that an idle keep-alive connection
# stays open): gunicorn's gevent worker closes the connection when they run out
HEADER_SECONDS = 5


def header_seconds() -> int:
    """``HEADER_SECONDS``, or ``COMPANION_HEADER_SECONDS`` when set to a whole number above 0
    (gunicorn counts it in whole seconds)."""
    try:
        seconds = int(os.environ.get("COMPANION_HEADER_SECONDS", HEADER_SECONDS))
    except ValueError:
        return HEADER_SECONDS
    return seconds if seconds > 0 else HEADER_SECONDS


# file descriptors a worker keeps for itself besides its clients (database, logs, listener)
SPARE_FILES = 64
# a gunicorn setting's value, as ``options`` gives it
Setting = str | int | bool


class _Gunicorn(BaseApplication):  # type: ignore[misc]
    def __init__(self, options: dict[str, Setting]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings:  # older gunicorns lack some settings
                self.cfg.set(key, value)

    def load(self) -> Flask:
        app = create_app()
        preload_words(app)
        return app


def preload_words(app: object) -> None:
    """Each worker reads the word lists as it starts, not in its first request (an app
    without them, such as the benchmarks' bare one, is left as it is)."""
    from companion.words import registry

    lists = getattr(app, "extensions", {}).get(registry.EXTENSION)
    if isinstance(lists, registry.LexiconRegistry):
        registry.preload(lists)


def raise_file_limit(wanted: int) -> int:
    """Raise the soft limit on open files towards ``wanted`` (at most the hard limit);
    returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        soft = new
    return int(soft) if soft != resource.RLIM_INFINITY else wanted


def migrate_once() -> None:
    """Prepare the database (migrate it) once, before any worker starts, in a forked child:
    the master then never imports the database drivers, so each gevent worker patches the
    standard library before psycopg and SQLAlchemy are first imported in it."""
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            prepare_database()
        except BaseException:  # shown to the operator, then the start is refused below
            import traceback

            traceback.print_exc()
            code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("companion: the database could not be prepared (see above)")


def options(
    host: str, port: int, workers: int, threads: int, worker_class: str, connections: int
) -> dict[str, Setting]:
    if worker_class not in WORKER_CLASSES:
        raise ValueError(f"worker class must be one of {', '.join(WORKER_CLASSES)}")
    if worker_class == "gthread":
        # gthread accepts at most this many connections at once: open event streams count
        connections = max(connections, threads * 2 + 100)
    files = raise_file_limit(connections + SPARE_FILES)
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": worker_class,
        "threads": threads,
        "worker_connections": max(1, min(connections, files - SPARE_FILES)),
        "timeout": 120,
        "graceful_timeout": 5,
        "keepalive": header_seconds(),
        "accesslog": "-",
        # each worker its own listening socket, so connections spread over the workers
        "reuse_port": workers > 1 and hasattr(socket, "SO_REUSEPORT"),
        "control_socket_disable": True,  # one shared ~/.gunicorn socket would collide
        "errorlog": "-",
    }


def port_free(host: str, port: int) -> None:
    """Stop with a clear message if something already listens on ``host:port``. Workers that
    each open their own socket with ``SO_REUSEPORT`` would otherwise share the port with
    another server of the same user (a second ``companion serve``) instead of failing."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise SystemExit(f"companion: port {port} is already in use on {host}") from None
            raise


def run(
    host: str,
    port: int,
    workers: int,
    threads: int,
    worker_class: str = "gevent",
    connections: int = 4000,
) -> None:
    settings = options(host, port, workers, threads, worker_class, connections)
    if settings["reuse_port"]:
        port_free(host, port)
    migrate_once()
    _Gunicorn(settings).run()
