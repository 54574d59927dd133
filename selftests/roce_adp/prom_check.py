#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check Prometheus text exposition on stdin, as a scraper reads it.

Every line is a comment (# HELP / # TYPE with a metric name) or a sample
"name{label="value",...} number"; label values escaped as the format says;
a series appears once.  For each histogram: per label set (le aside) the
_bucket series have strictly increasing, parseable le ending in +Inf,
cumulative (non-decreasing) counts, and _count equal to the +Inf bucket.
Exit 0 and "ok", or 1 and what is wrong.  With --dump, print the
histograms as JSON ({name: {labels: [[le, count], ...]}}) for a test to
compare.
"""
import json
import math
import re
import sys

NAME = r'[a-zA-Z_:][a-zA-Z0-9_:]*'
LABEL = r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"'
SAMPLE = re.compile(r'^(%s)(?:\{((?:%s)(?:,%s)*)?\})? (\S+)$' % (NAME, LABEL, LABEL))


def fail(msg):
    print(msg)
    sys.exit(1)


def number(s):
    if s in ('+Inf', '-Inf', 'NaN'):
        return float(s.replace('Inf', 'inf').replace('NaN', 'nan'))
    return float(s)


def main():
    types, seen, hists = {}, set(), {}
    for n, line in enumerate(sys.stdin.read().splitlines(), 1):
        if line.startswith('#'):
            m = re.match(r'^# (HELP|TYPE) (%s) (.*)$' % NAME, line)
            if not m:
                fail('line %d: bad comment: %r' % (n, line))
            if m.group(1) == 'TYPE':
                if m.group(3) not in ('counter', 'gauge', 'histogram',
                                      'summary', 'untyped'):
                    fail('line %d: bad type %r' % (n, m.group(3)))
                types[m.group(2)] = m.group(3)
            continue
        m = SAMPLE.match(line)
        if not m:
            fail('line %d: not a sample: %r' % (n, line))
        name, value = m.group(1), m.group(m.lastindex)
        labels = dict(re.findall(LABEL, m.group(2) or ''))
        try:
            v = number(value)
        except ValueError:
            fail('line %d: bad value %r' % (n, value))
        key = (name, tuple(sorted(labels.items())))
        if key in seen:
            fail('line %d: series given twice: %r' % (n, line))
        seen.add(key)
        for suffix in ('_bucket', '_count', '_sum'):
            base = name[:-len(suffix)]
            if name.endswith(suffix) and types.get(base) == 'histogram':
                break
        else:
            if name not in types:
                fail('line %d: %s has no TYPE' % (n, name))
            continue
        le = labels.pop('le', None)
        h = hists.setdefault(base, {}).setdefault(
            tuple(sorted(labels.items())), {'buckets': [], 'count': None})
        if suffix == '_bucket':
            if le is None:
                fail('line %d: bucket without le' % n)
            h['buckets'].append((le, number(le), v))
        elif suffix == '_count':
            h['count'] = v
    for base, series in hists.items():
        for labels, h in series.items():
            b = h['buckets']
            if not b or b[-1][0] != '+Inf':
                fail('%s%r: the last bucket is not le="+Inf"' % (base, labels))
            for (_, l0, c0), (_, l1, c1) in zip(b, b[1:]):
                if not l0 < l1:
                    fail('%s%r: le not increasing at %s' % (base, labels, l1))
                if c1 < c0:
                    fail('%s%r: counts not cumulative at le %s' % (base, labels, l1))
            if h['count'] is None or h['count'] != b[-1][2]:
                fail('%s%r: _count %s is not the +Inf bucket %s' %
                     (base, labels, h['count'], b[-1][2]))
            if any(math.isnan(c) for _, _, c in b):
                fail('%s%r: NaN count' % (base, labels))
    if '--dump' in sys.argv:
        print(json.dumps({base: {','.join('%s=%s' % kv for kv in labels):
                                 [[le, c] for le, _, c in h['buckets']]
                                 for labels, h in series.items()}
                          for base, series in hists.items()}, sort_keys=True))
    else:
        print('ok')


main()
