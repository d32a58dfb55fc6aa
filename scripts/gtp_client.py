"""Minimal pipelining GTP client (standard library only).

Shared by gnugo_diff.py and referee_gnugo.py.  One long-lived subprocess per
engine; commands can be written in a batch and the replies read back in
order, which is what makes the differential test fast.
"""

import os
import select
import shlex
import shutil
import subprocess
import time


class GtpError(Exception):
    """The engine died, hung, or wrote something that is not a GTP reply."""


def resolve_command(cmdline):
    """Split a command line (shlex) and resolve a bare program name on PATH,
    falling back to /usr/games (where Debian installs gnugo)."""
    argv = shlex.split(cmdline)
    if not argv:
        raise ValueError("empty engine command")
    prog = argv[0]
    if os.sep not in prog and shutil.which(prog) is None:
        alt = os.path.join("/usr/games", prog)
        if os.access(alt, os.X_OK):
            argv[0] = alt
    return argv


class Reply:
    __slots__ = ("ok", "text", "raw")

    def __init__(self, ok, text, raw):
        self.ok = ok
        self.text = text
        self.raw = raw

    def __repr__(self):
        return ("= " if self.ok else "? ") + self.text


class GtpProcess:
    def __init__(self, cmdline, name="engine", timeout=60.0, stderr=None):
        self.cmdline = cmdline
        self.argv = resolve_command(cmdline)
        self.name = name
        self.timeout = timeout
        self.stderr = subprocess.DEVNULL if stderr is None else stderr
        self.proc = None
        self._buf = b""
        self.start()

    def start(self):
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            bufsize=0,
        )
        self._buf = b""

    def restart(self):
        self.kill()
        self.start()

    def kill(self):
        if self.proc is None:
            return
        try:
            self.proc.kill()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        self.proc = None

    def quit(self):
        if self.proc is None:
            return
        try:
            self.send(["quit"])
            self.read(1, timeout=5)
            self.proc.wait(timeout=5)
        except (GtpError, subprocess.TimeoutExpired, OSError):
            pass
        self.kill()

    # -- low level -----------------------------------------------------
    def send(self, commands):
        data = ("\n".join(commands) + "\n").encode()
        fd = self.proc.stdin.fileno()
        try:
            while data:
                n = os.write(fd, data)
                data = data[n:]
        except (BrokenPipeError, OSError) as e:
            raise GtpError("%s: cannot write (%s); exit code %s"
                           % (self.name, e, self.proc.poll()))

    def read(self, n, timeout=None):
        """Read n replies (in order)."""
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        out = []
        buf = self._buf
        while True:
            # Extract complete replies from the buffer.
            while len(out) < n:
                # Tolerate stray newlines between replies.
                stripped = buf.lstrip(b"\r\n")
                if len(stripped) != len(buf):
                    buf = stripped
                idx = buf.find(b"\n\n")
                if idx < 0:
                    # CRLF line endings
                    idx2 = buf.find(b"\r\n\r\n")
                    if idx2 < 0:
                        break
                    block, buf = buf[:idx2], buf[idx2 + 4:]
                else:
                    block, buf = buf[:idx], buf[idx + 2:]
                out.append(self._parse(block))
            if len(out) >= n:
                self._buf = buf
                return out
            left = deadline - time.monotonic()
            if left <= 0:
                self._buf = buf
                raise GtpError("%s: timeout after %.0fs waiting for reply %d of %d"
                               % (self.name, timeout, len(out) + 1, n))
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                self._buf = buf
                raise GtpError("%s: engine closed stdout (exit code %s)"
                               % (self.name, self.proc.poll()))
            buf += chunk

    def _parse(self, block):
        text = block.decode("utf-8", "replace").replace("\r", "")
        if not text or text[0] not in "=?":
            raise GtpError("%s: not a GTP reply: %r" % (self.name, text[:200]))
        ok = text[0] == "="
        rest = text[1:]
        i = 0
        while i < len(rest) and rest[i].isdigit():
            i += 1
        return Reply(ok, rest[i:].strip(), text)

    # -- convenience ---------------------------------------------------
    def cmds(self, commands, timeout=None):
        self.send(commands)
        return self.read(len(commands), timeout)

    def cmd(self, command, timeout=None):
        return self.cmds([command], timeout)[0]


COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def vertex(x, y):
    """0-based column x, 0-based row y (row 0 = row 1 at the bottom)."""
    return "%s%d" % (COLS[x], y + 1)


def parse_vertex(v):
    v = v.strip().upper()
    if v == "PASS":
        return None
    return COLS.index(v[0]), int(v[1:]) - 1


def stone_list(reply):
    return sorted(v.upper() for v in reply.text.split())
