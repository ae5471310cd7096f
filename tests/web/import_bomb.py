"""Run one import in a child process under a memory ceiling (``python -m tests.web.import_bomb
URI MEGABYTES FILE``): it prints the answer's status and text. The ceiling is set with
``resource.setrlimit(RLIMIT_AS)`` after the app is made, so it bounds what the import itself
may take; a process that passes it dies with MemoryError instead of taking the machine down."""

from __future__ import annotations

import io
import re
import resource
import sys
import tempfile


def virtual_megabytes() -> int:
    """This process's address space now (what RLIMIT_AS bounds), in MB."""
    with open("/proc/self/status") as status:
        line = next(x for x in status if x.startswith("VmSize:"))
    return int(line.split()[1]) // 1024


def main() -> None:
    uri, megabytes, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    from companion import create_app

    with tempfile.TemporaryDirectory() as folder:
        import os

        os.environ["COMPANION_INSTANCE"] = folder
        app = create_app({"TESTING": True, "SECRET_KEY": "k", "SQLALCHEMY_DATABASE_URI": uri,
                          "AUTO_MIGRATE": False})  # fmt: skip
        client = app.test_client()
        token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/code").text)
        assert token
        content = open(path, "rb").read()
        limit = (megabytes + virtual_megabytes()) * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        data = {"csrf_token": token.group(1), "file": (io.BytesIO(content), "bomb.json")}
        answer = client.post("/import", data=data, content_type="multipart/form-data")
        print(answer.status_code)
        print(answer.get_data(as_text=True))


if __name__ == "__main__":
    main()
