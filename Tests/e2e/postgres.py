#!/usr/bin/env python3
"""A throw-away PostgreSQL for the end-to-end tests (Python 3 stdlib only).

    with Postgres(log_copy=".build/e2e/replicas/postgres.log") as pg:
        pg.url                      # postgres://thumbindex@/thumbindex?host=/tmp/thumbindex-pg-…&port=…
        pg.restart()                # pg_ctl restart -m fast
        pg.stop(); pg.start()       # the database away for a while
        pg.query("SELECT 1")        # rows as lists of strings (psql)

`initdb` in a fresh temporary folder (trust authentication, UTF-8, C locale), `pg_ctl start` on a
unix socket in that folder and a free port (listen_addresses = '': no TCP unless `tcp=True`),
a role and a database both called `thumbindex`. Run as root (as CI is), the folder is handed to
the `postgres` user and every PostgreSQL program runs as that user (`runuser -u postgres --`):
PostgreSQL refuses to run as root. Everything is stopped (`-m immediate`) and removed at exit,
also on SIGTERM/SIGINT; the server's log is copied to `log_copy` first when given.

Run alone, it starts a database, prints its URL and waits for Ctrl-C (for trying things by hand):
    python3 Tests/e2e/postgres.py
"""
import atexit
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

#: Where Debian's PostgreSQL programs are (postgresql-15); the newest version installed is taken.
BIN_GLOB = "/usr/lib/postgresql/*/bin"


def _bin_dir():
    candidates = [d for d in glob.glob(BIN_GLOB) if os.path.exists(os.path.join(d, "pg_ctl"))]
    if not candidates:
        found = shutil.which("pg_ctl")
        if found:
            return os.path.dirname(found)
        raise RuntimeError("PostgreSQL is not installed (no pg_ctl under /usr/lib/postgresql/*/bin): "
                           "apt-get install postgresql (scripts/test installs it)")
    return sorted(candidates, key=lambda d: int(d.split("/")[-2]) if d.split("/")[-2].isdigit() else 0)[-1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresError(Exception):
    pass


class Postgres:
    """One private PostgreSQL server; see the module's documentation."""

    USER = "thumbindex"
    DATABASE = "thumbindex"

    def __init__(self, log_copy=None, tcp=False, settings=None):
        self.bin = _bin_dir()
        self.log_copy = log_copy
        self.as_root = os.geteuid() == 0
        self.dir = tempfile.mkdtemp(prefix="thumbindex-pg-")
        self.data = os.path.join(self.dir, "data")
        self.socket_dir = self.dir
        self.log_path = os.path.join(self.dir, "postgres.log")
        self.port = free_port()
        self.tcp = tcp
        self.running = False
        self._removed = False
        atexit.register(self.destroy)
        for sig in (signal.SIGTERM, signal.SIGINT):
            if signal.getsignal(sig) in (signal.SIG_DFL, signal.default_int_handler):
                signal.signal(sig, _exit_on_signal)
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
            os.chmod(self.dir, 0o755)  # the socket is reached by root's servers and tools too
        self._run([self._tool("initdb"), "-D", self.data, "-U", "postgres", "--auth=trust",
                   "--encoding=UTF8", "--locale=C", "--no-sync"])
        options = {
            "listen_addresses": "'127.0.0.1'" if tcp else "''",
            "port": str(self.port),
            "unix_socket_directories": f"'{self.socket_dir}'",
            "max_connections": "200",
            "shared_buffers": "64MB",
            # The machine never crashes under these tests; a fast shutdown still writes every commit.
            "fsync": "off",
            "full_page_writes": "off",
            "log_min_messages": "warning",
            "log_connections": "off",
        }
        options.update(settings or {})
        with open(os.path.join(self.data, "postgresql.conf"), "a") as f:
            f.write("\n# Tests/e2e/postgres.py\n")
            for key, value in options.items():
                f.write(f"{key} = {value}\n")
        self.start()
        self._run([self._tool("createuser"), *self._conn("postgres"), "--createdb", self.USER])
        self._run([self._tool("createdb"), *self._conn("postgres"), "-O", self.USER, self.DATABASE])

    # MARK: Where it is

    @property
    def url(self):
        """The store URL for `thumbindex --store` (libpq form, the socket folder as `host`)."""
        return f"postgres://{self.USER}@/{self.DATABASE}?host={self.socket_dir}&port={self.port}"

    @property
    def tcp_url(self):
        """The URL over TCP (only with `tcp=True`)."""
        return f"postgres://{self.USER}@127.0.0.1:{self.port}/{self.DATABASE}"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.destroy()

    # MARK: Control

    def start(self, timeout=60):
        self._run([self._tool("pg_ctl"), "-D", self.data, "-l", self.log_path, "-w", "-t", str(timeout), "start"])
        self.running = True

    def stop(self, mode="fast", timeout=60):
        self._run([self._tool("pg_ctl"), "-D", self.data, "-m", mode, "-w", "-t", str(timeout), "stop"])
        self.running = False

    def restart(self, mode="fast", timeout=60):
        """`pg_ctl restart -m fast`: every connection is cut, the server comes back at once."""
        self._run([self._tool("pg_ctl"), "-D", self.data, "-l", self.log_path, "-m", mode, "-w",
                   "-t", str(timeout), "restart"])
        self.running = True

    def query(self, sql, database=None):
        """Runs `sql` with psql; returns the rows, each a list of strings (NULL as None)."""
        output = self._run(["psql", *self._conn(self.USER), "-d", database or self.DATABASE, "-X", "-q",
                            "-v", "ON_ERROR_STOP=1", "-A", "-t", "-F", "\x1f", "-R", "\x1e",
                            "-P", "null=\x1dNULL", "-c", sql])
        rows = []
        for record in output.split("\x1e"):
            record = record.rstrip("\n")
            if not record:
                continue
            rows.append([None if v == "\x1dNULL" else v for v in record.split("\x1f")])
        return rows

    def destroy(self):
        """Stops the server (immediately) and removes its folder; copies the log first."""
        if self._removed:
            return
        self._removed = True
        if self.running:
            try:
                self.stop(mode="immediate", timeout=30)
            except Exception as error:  # noqa: BLE001 (best effort at exit)
                print(f"postgres.py: could not stop PostgreSQL: {error}", file=sys.stderr)
        if self.log_copy:
            try:
                os.makedirs(os.path.dirname(os.path.abspath(self.log_copy)), exist_ok=True)
                shutil.copyfile(self.log_path, self.log_copy)
            except OSError:
                pass
        shutil.rmtree(self.dir, ignore_errors=True)

    def log_tail(self, lines=30):
        try:
            with open(self.log_path, "rb") as f:
                return b"\n".join(f.read().splitlines()[-lines:]).decode(errors="replace")
        except OSError:
            return "(no log)"

    # MARK: Running PostgreSQL's programs

    def _tool(self, name):
        path = os.path.join(self.bin, name)
        return path if os.path.exists(path) else name

    def _conn(self, user):
        return ["-h", self.socket_dir, "-p", str(self.port), "-U", user]

    def _run(self, args):
        if self.as_root:
            args = ["runuser", "-u", "postgres", "--", *args]
        result = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                cwd=self.dir, env={**os.environ, "PGCONNECT_TIMEOUT": "10"})
        if result.returncode != 0:
            raise PostgresError(f"{' '.join(args)} exited with {result.returncode}:\n{result.stderr.strip()}\n"
                                f"{result.stdout.strip()[-2000:]}\n--- postgres.log:\n{self.log_tail()}")
        return result.stdout


def _exit_on_signal(signum, _frame):
    sys.exit(128 + signum)  # runs the atexit handlers, which stop PostgreSQL


if __name__ == "__main__":
    with Postgres(tcp="--tcp" in sys.argv) as pg:
        print(pg.url, flush=True)
        if pg.tcp:
            print(pg.tcp_url, flush=True)
        print("psql:", " ".join(["psql", *pg._conn(pg.USER), pg.DATABASE]), flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
