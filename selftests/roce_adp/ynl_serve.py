#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""ynl_serve.py DIR: one Python process for all the YNL requests of a test.

Under TCG a python3 that starts, imports YNL and parses the spec takes
1-2 s, and ynl_cli.sh makes some thirty such calls (mlx5_standin.sh five).
This process starts once (lib.sh's ynl_serve_start); each request runs
what its own process would have run:

  cli ARGS...          upstream's cli.py, its main() with argv ARGS, as
                       'python3 ynl/cli.py ARGS...' (a fresh YnlFamily, a
                       fresh socket and family lookup every time)
  py JSON SCRIPT       SCRIPT with the document JSON as "j", the spec
                       ynl/roce_adp.yaml as "spec", entries(), json, sys
                       and yaml

A request is its words in the files DIR/arg.0 ... DIR/arg.N-1, then the
line "N" written to the FIFO DIR/req. The answer: the request's stdout in
DIR/out, its stderr in DIR/err, then its exit status as a line on the FIFO
DIR/done. The process ends at the end of DIR/req.

A spec file is parsed once: YnlFamily reads it with yaml.safe_load() on
every call, here answered with a deep copy of the first parse of the same
text.
"""

import contextlib
import copy
import importlib
import json
import os
import sys
import traceback

# upstream's ynl/cli.py and ynl/lib, and yaml: imported by load()
cli = lib_ynl = yaml = None
_parsed = {}


def load():
    """imports cli.py and YNL's library, and makes yaml.safe_load() parse
    each distinct text once"""
    global cli, lib_ynl, yaml

    sys.path.insert(0, os.path.join(
        os.path.dirname(os.path.abspath(__file__)), 'ynl'))
    yaml = importlib.import_module('yaml')
    cli = importlib.import_module('cli')
    lib_ynl = importlib.import_module('lib.ynl')
    safe_load = yaml.safe_load

    def cached_safe_load(stream):
        text = stream if isinstance(stream, str) else stream.read()
        if text not in _parsed:
            _parsed[text] = safe_load(text)
        return copy.deepcopy(_parsed[text])

    yaml.safe_load = cached_safe_load


def entries(a):
    """YNL decodes an indexed-array as a list of {index: entry}: the
    entries"""
    return [e for x in a for e in x.values()]


def run_cli(args):
    sys.argv = ['cli.py'] + args
    # what a new process would have: no family resolved yet
    lib_ynl.genl_family_name_to_id = None
    cli.main()


def run_py(doc, script):
    with open('ynl/roce_adp.yaml') as f:
        spec = yaml.safe_load(f)
    exec(script, {'json': json, 'sys': sys, 'yaml': yaml,
                  'j': json.loads(doc), 'spec': spec, 'entries': entries})


def run(words, out, err):
    """runs one request, its output to the files out and err; returns its
    exit status"""
    verb, args = words[0], words[1:]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            if verb == 'cli':
                run_cli(args)
            elif verb == 'py':
                run_py(*args)
            else:
                print(f'ynl_serve.py: unknown request {verb!r}',
                      file=sys.stderr)
                return 2
        except SystemExit as e:
            if e.code is None or isinstance(e.code, int):
                return e.code or 0
            print(e.code, file=sys.stderr)
            return 1
        except Exception:
            # as python3 reports an uncaught exception
            traceback.print_exc()
            return 1
    return 0


def main():
    d = sys.argv[1]
    # The FIFOs first (the shell holds them open read-write).
    with open(os.path.join(d, 'req')) as req, \
         open(os.path.join(d, 'done'), 'w') as done:
        # what cannot be imported fails every request, saying why
        try:
            load()
            broken = None
        except Exception:
            broken = traceback.format_exc()
        for line in req:
            words = []
            for i in range(int(line)):
                with open(os.path.join(d, f'arg.{i}')) as f:
                    words.append(f.read())
            with open(os.path.join(d, 'out'), 'w') as out, \
                 open(os.path.join(d, 'err'), 'w') as err:
                if broken:
                    err.write(broken)
                    rc = 1
                else:
                    rc = run(words, out, err)
            done.write(f'{rc}\n')
            done.flush()


if __name__ == '__main__':
    main()
