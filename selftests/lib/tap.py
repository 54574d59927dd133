# SPDX-License-Identifier: GPL-2.0
"""The TAP of every Python test program, on the host and in the guest.

One "ok"/"not ok" line per case, numbered here, "#" diagnostics before a
failed case's line, a skip with its reason, the plan first (plan()) or
last (end()).  Nothing else prints "ok" or a plan.

    import tap
    tap.start()
    tap.result(got == want, "name", ["got %r" % got])
    tap.skip("name", "why it cannot run here")
    sys.exit(tap.end())
"""
import sys

_n = 0
_failed = 0
_skipped = 0
_planned = False


def _out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def start():
    _out("TAP version 13")


def plan(n):
    """The plan, when known before the cases."""
    global _planned
    _out("1..%d" % n)
    _planned = True


def diag(text):
    """Diagnostic lines: "# " before each line of text."""
    for line in str(text).splitlines() or [""]:
        _out("# " + line)


def result(ok, name, why=()):
    """A case, passed if ok; the lines of why are shown when it failed."""
    global _n, _failed
    _n += 1
    if not ok:
        _failed += 1
        for line in why:
            diag(line)
    _out("%s %d - %s" % ("ok" if ok else "not ok", _n, name))
    return bool(ok)


def skip(name, why):
    """A case that cannot run here, and why: only for what the machine
    lacks (tools/check fails a skip without a reason)."""
    global _n, _skipped
    _n += 1
    _skipped += 1
    _out("ok %d - %s # SKIP %s" % (_n, name, why))


def bail(why):
    """The program cannot go on; 1, for its exit status."""
    _out("Bail out! " + why)
    return 1


def end():
    """The plan, unless plan() printed it, and the totals; the exit status:
    1 if a case failed."""
    if not _planned:
        _out("1..%d" % _n)
    _out("# Totals: pass:%d fail:%d skip:%d"
         % (_n - _failed - _skipped, _failed, _skipped))
    return 1 if _failed else 0
