#!/usr/bin/env python3
"""Starts Lizzie (Debian's liblizzie-java 0.7.4) with weiqi under Xvfb, N
times, and checks that every start is clean.

Each run gets a fresh HOME with Lizzie's config file
(~/.config/leela-zero/lizzie-config.txt on Debian) whose `engine-command`
is the engine command under test, wrapped in a tap (this script with
--tap) that relays the GTP traffic and logs it with timestamps. A run
passes when, within --timeout seconds:

  1. Lizzie sent its start-up commands (name, version, boardsize, komi) and
     an analysis command (lz-analyze or kata-analyze), and the engine
     answered them and streamed `info` lines;
  2. no dialog window opened (Lizzie's version-check dialog is titled
     "Message");
  3. the window still responds: a click on the board (its centre) reaches
     the engine as `play`, which Lizzie's drawing/input thread sends only
     when it is not blocked (the freeze of issue #15 blocked it);

then a screenshot of the screen is saved (PNG, ImageMagick's `import`).

Needs: Xvfb, xdotool, ImageMagick, Java, liblizzie-java
(`apt-get install xvfb xdotool imagemagick liblizzie-java`). CI-optional:
not run by `cargo test` or .ci/run.

    python3 scripts/lizzie_start.py --engine target/release/weiqi --runs 10
    python3 scripts/lizzie_start.py --engine target/release/weiqi \\
        --engine-args "--gtp --lagbuffer 0 --weights lznetwork.gz"   # Lizzie's default
"""

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

LIZZIE_JAR = "/usr/share/java/lizzie.jar"


def tap(log_path, command):
    """Runs `command`, relaying stdin/stdout and logging both with times."""
    start = time.monotonic()
    log = open(log_path, "a", buffering=1)
    lock = threading.Lock()

    def write(direction, line):
        with lock:
            log.write("%.3f %s %s\n" % (time.monotonic() - start, direction, line.rstrip("\n")))

    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, bufsize=0)

    def pump_in():
        for line in sys.stdin.buffer:
            write(">", line.decode("utf-8", "replace"))
            try:
                proc.stdin.write(line)
                proc.stdin.flush()
            except BrokenPipeError:
                break
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass

    def pump_err():
        for line in proc.stderr:
            write("!", line.decode("utf-8", "replace"))

    threading.Thread(target=pump_in, daemon=True).start()
    threading.Thread(target=pump_err, daemon=True).start()
    out = sys.stdout.buffer
    for line in proc.stdout:
        write("<", line.decode("utf-8", "replace")[:300])
        out.write(line)
        out.flush()
    return proc.wait()


def read_log(path):
    try:
        with open(path) as f:
            return [l.rstrip("\n").split(" ", 2) for l in f]
    except FileNotFoundError:
        return []


def sent(log, word):
    """Times at which Lizzie sent a command whose name is `word`."""
    out = []
    for t, d, text in (e for e in log if len(e) == 3):
        parts = text.split()
        if d == ">" and parts:
            name = parts[1] if parts[0].isdigit() and len(parts) > 1 else parts[0]
            if name == word:
                out.append(float(t))
    return out


def windows(display):
    """The visible named windows: (id, name, width, height)."""
    env = dict(os.environ, DISPLAY=display)
    r = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "."],
                       capture_output=True, text=True, env=env)
    out = []
    for w in r.stdout.split():
        name = subprocess.run(["xdotool", "getwindowname", w], capture_output=True,
                              text=True, env=env).stdout.strip()
        geo = subprocess.run(["xdotool", "getwindowgeometry", "--shell", w],
                             capture_output=True, text=True, env=env).stdout
        g = dict(l.split("=", 1) for l in geo.split() if "=" in l)
        out.append((w, name, int(g.get("WIDTH", 0)), int(g.get("HEIGHT", 0))))
    return out


def one_run(i, args, outdir):
    home = tempfile.mkdtemp(prefix="lizzie-home-")
    log_path = os.path.join(outdir, "run%02d-gtp.log" % i)
    if os.path.exists(log_path):
        os.remove(log_path)
    engine = [os.path.abspath(args.engine)] + shlex.split(args.engine_args)
    command = [sys.executable, os.path.abspath(__file__), "--tap", log_path, "--"] + engine
    cfg_dir = os.path.join(home, ".config", "leela-zero")
    os.makedirs(cfg_dir)
    with open(os.path.join(cfg_dir, "lizzie-config.txt"), "w") as f:
        json.dump({"leelaz": {"engine-command": " ".join(command)}}, f)
    display = ":%d" % (args.display + i)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, DISPLAY=display, HOME=home)
    lizzie = None
    result = {"run": i}
    try:
        time.sleep(1.0)
        # Java takes the home directory from the password database, not
        # $HOME: user.home points Lizzie at the run's own config.
        lizzie = subprocess.Popen(["java", "-Duser.home=" + home, "-jar", LIZZIE_JAR],
                                  cwd=home, env=env,
                                  stdout=open(os.path.join(outdir, "run%02d-lizzie.out" % i), "w"),
                                  stderr=subprocess.STDOUT)
        start = time.monotonic()
        # 1. start-up commands, answers, and the analysis stream.
        ok_stream = False
        while time.monotonic() - start < args.timeout:
            log = read_log(log_path)
            if any(d == "<" and text.startswith("info") for _, d, text in
                   (e for e in log if len(e) == 3)):
                ok_stream = True
                break
            if lizzie.poll() is not None:
                break
            time.sleep(0.2)
        result["stream_s"] = round(time.monotonic() - start, 1)
        time.sleep(args.settle)
        log = read_log(log_path)
        result["commands"] = {w: len(sent(log, w)) for w in
                              ("name", "version", "boardsize", "komi", "lz-analyze",
                               "kata-analyze")}
        replies = [text for _, d, text in (e for e in log if len(e) == 3) if d == "<"]
        ids = [text.split()[0] for _, d, text in (e for e in log if len(e) == 3)
               if d == ">" and text.split()[1:2] == ["version"]]
        result["version_reply"] = next((r for r in replies if ids and r.startswith("=%s " % ids[0])),
                                       None)
        # 2. no dialog: the main window (the largest) is the only one but
        # for Java's helper windows ("Content window", "FocusProxy").
        wins = sorted(windows(display), key=lambda w: -w[2] * w[3])
        result["windows"] = ["%s %dx%d" % (n, wd, ht) for _, n, wd, ht in wins]
        helpers = ("Content window", "FocusProxy")
        result["dialog"] = len([w for w in wins if w[1] not in helpers]) != 1
        # 3. a click on the board (the main window's centre) reaches the engine.
        clicked = False
        if wins:
            wid, _, wd, ht = wins[0]
            subprocess.run(["xdotool", "mousemove", "--window", wid, str(wd // 2), str(ht // 2),
                            "click", "1"], env=env, capture_output=True)
            t0 = time.monotonic()
            while time.monotonic() - t0 < args.click_timeout:
                if sent(read_log(log_path), "play"):
                    clicked = True
                    break
                time.sleep(0.2)
        result["click_played"] = clicked
        time.sleep(1.0)
        shot = os.path.join(outdir, "run%02d.png" % i)
        subprocess.run(["import", "-window", "root", shot], env=env, capture_output=True)
        result["screenshot"] = shot
        need = ("name", "version", "boardsize", "komi")
        result["ok"] = (ok_stream and all(result["commands"][w] >= 1 for w in need)
                        and (result["commands"]["lz-analyze"] + result["commands"]["kata-analyze"]) >= 1
                        and not result["dialog"] and clicked)
    finally:
        if lizzie is not None and lizzie.poll() is None:
            lizzie.kill()
            lizzie.wait()
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)
    return result


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--tap":
        rest = sys.argv[3:]
        if rest and rest[0] == "--":
            rest = rest[1:]
        sys.exit(tap(sys.argv[2], rest))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, help="path of the weiqi binary")
    ap.add_argument("--engine-args", default="--lizzie",
                    help="arguments after the engine path (default: --lizzie)")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds to wait for the analysis stream")
    ap.add_argument("--settle", type=float, default=3.0,
                    help="seconds to wait after the stream starts, before the checks")
    ap.add_argument("--click-timeout", type=float, default=30.0,
                    help="seconds for a click on the board to reach the engine "
                         "(a loaded machine repaints slowly)")
    ap.add_argument("--display", type=int, default=91, help="first X display number")
    ap.add_argument("--out", default="lizzie-runs", help="directory for logs and screenshots")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    passed = 0
    for i in range(1, args.runs + 1):
        r = one_run(i, args, os.path.abspath(args.out))
        passed += bool(r["ok"])
        print(json.dumps(r), flush=True)
    print("lizzie_start: %d of %d starts clean (engine: %s %s)"
          % (passed, args.runs, args.engine, args.engine_args))
    sys.exit(0 if passed == args.runs else 1)


if __name__ == "__main__":
    main()
