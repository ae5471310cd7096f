# Companion: the same set-up as the README (./setup.sh), served with `companion serve`.
FROM python:3.11-slim-bookworm
WORKDIR /app
COPY . /app
# setup.sh installs the system packages (chromium, zbar-tools, wamerican-huge) with apt-get and
# the app with its dev tools into /app/.venv, exactly as on a developer's machine.
RUN ./setup.sh && rm -rf /var/lib/apt/lists/*
ENV PATH="/app/.venv/bin:$PATH" \
    COMPANION_INSTANCE=/data
VOLUME ["/data"]
EXPOSE 8000
# DATABASE_URL=postgresql://... switches from the SQLite file in /data to PostgreSQL.
CMD ["companion", "serve", "--host", "0.0.0.0", "--port", "8000", "--no-qr"]
