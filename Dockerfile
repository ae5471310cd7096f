# Companion's runtime image: the app and its runtime libraries only. No test tools, no browser,
# no instance data (see .dockerignore), run as a non-root user. The developer set-up stays
# ./setup.sh (README); this image is only for serving.
#
# Secrets: give the cookie-signing key as COMPANION_SECRET_KEY, or mount an instance folder
# at /data that holds (or will keep) the generated `secret_key` file; DATABASE_URL switches
# from the SQLite file in /data to PostgreSQL.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# the app finds templates/, static/ and dictionaries/ beside the package (companion.ROOT);
# the shipped English list in dictionaries/ is all the word games read (Debian's scowl,
# its source, is needed only to rebuild it)
COPY pyproject.toml README.md ./
COPY companion ./companion
COPY templates ./templates
COPY static ./static
COPY dictionaries ./dictionaries
RUN python -m venv /opt/venv \
    && /opt/venv/bin/pip install -e . \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin companion \
    && mkdir -p /data && chown companion /data

ENV PATH="/opt/venv/bin:$PATH" \
    COMPANION_INSTANCE=/data
USER companion
VOLUME ["/data"]
EXPOSE 8000
CMD ["companion", "serve", "--host", "0.0.0.0", "--port", "8000", "--no-qr"]
