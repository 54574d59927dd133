#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Compare the output captures of a host test program with the recorded ones.

    golden.py PROG GOLDEN [--update]

runs PROG (a TAP test program) with ADPCTL_RECORD set, so that tests/tap.c
appends every capture (stdout and stderr of one command, text, -j, and for
the command tests -j -p too) to a transcript, and compares it section by
section with GOLDEN, byte for byte (an output over 8 KiB by its SHA-256).  A section recorded in GOLDEN that PROG
no longer produces, or produces differently, fails; so does a new one (a
test added since the recording): `make golden-update` records it.  Temporary file names
(/tmp/adpctl-*-XXXXXX, /tmp/adpctl-*.XXXXXX) monitor's timestamps and a
simulation's drawn seed are the only things normalised.  TAP, one line per
program.
"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'selftests', 'lib'))
import tap  # noqa: E402 (selftests/lib/tap.py)

TMP = re.compile(rb'/tmp/adpctl-([a-z]+[-.])[A-Za-z0-9]{6}')
# monitor's timestamps
TIME = re.compile(rb'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z')
# a seed drawn when none is given
SEED = re.compile(rb'random seed \d+')
HEAD = re.compile(rb'^=== (.*)$', re.M)
# Longer outputs (dumps of thousands of entries) are kept as their digest.
BIG = 8192


def stored(text):
    if len(text) <= BIG:
        return text
    return b'sha256 %s %d\n' % (hashlib.sha256(text).hexdigest().encode(),
                                len(text))


def normal(data):
    data = TIME.sub(b'YYYY-MM-DDTHH:MM:SS.sssZ', data)
    data = SEED.sub(b'random seed N', data)
    return TMP.sub(rb'/tmp/adpctl-\1XXXXXX', data)


def sections(data):
    data = normal(data)
    heads = list(HEAD.finditer(data))
    out = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(data)
        out[m.group(1)] = stored(data[m.end() + 1:end])
    return out


def main():
    prog, golden = sys.argv[1], sys.argv[2]
    update = '--update' in sys.argv[3:]
    name = os.path.basename(prog)
    tap.start()
    tap.plan(1)
    with tempfile.NamedTemporaryFile(prefix='adpctl-golden-') as tmp:
        env = dict(os.environ, ADPCTL_RECORD=tmp.name)
        run = subprocess.run([prog], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, check=False)
        got = open(tmp.name, 'rb').read()
    if run.returncode:
        sys.stdout.write(run.stdout.decode(errors='replace'))
        tap.result(False,
                   f'golden {name}: the program failed while recording')
        return tap.end()
    if update:
        with open(golden, 'wb') as f:
            for key, text in sections(got).items():
                f.write(b'=== ' + key + b'\n' + text)
        tap.skip(f'golden {name}', f'recorded {golden}')
        return tap.end()
    want = sections(open(golden, 'rb').read())
    have = sections(got)
    bad = 0
    for key, text in want.items():
        if key not in have:
            tap.diag(f'{key.decode()}: recorded, no longer produced')
            bad += 1
        elif have[key] != text:
            tap.diag(f'{key.decode()}: differs\nwant: {text!r}\n'
                     f'got:  {have[key]!r}')
            bad += 1
    # An output nobody recorded is checked by nobody: record it.
    for key in sorted(have.keys() - want.keys()):
        tap.diag(f'{key.decode()}: new, not recorded (make golden-update)')
        bad += 1
    if bad:
        tap.result(False, f'golden {name}: {bad} of {len(want | have)} '
                   'differ or are not recorded')
    else:
        tap.result(True, f'golden {name}: {len(want)} outputs as recorded')
    return tap.end()


if __name__ == '__main__':
    sys.exit(main())
