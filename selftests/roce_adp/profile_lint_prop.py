#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The profile linter accepts exactly what the driver accepts (TAP).

A consistency check, and its cases say so: the linter, the driver's checks
and the firmware model's rules are all this project's, written from the
same reference, so a rule all three get wrong passes here. The rules'
independent cases are in rules_test and roce_accl_netlink.

Seeded random profiles, most near valid with one or two rules broken, go
to "adpctl profile lint" (offline, from a file, with the device's limits
given on its command line) and to "adpctl profile set" on emu0: first with
the driver's checks, then, for those refused, with skip_driver_checks so
that the firmware model judges them.  The verdicts must agree, and so must
the first rule broken: the driver's message is the lint's rule_message,
the firmware's syndrome is 0x0ad51000 + the lint's rule_id.

The sets run on emu0 and on an emu1 made for the test, one shell each;
the test also checks that linting and simulating a device's profile
gives what the same profile does from its "profile show -j".

RADP_PROP_SEED and RADP_PROP_COUNT change the seed (1) and the number of
profiles (160: 40 per set of device limits, ~20 s under TCG).
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import tap  # ../lib/tap.py, copied beside this file

DBG = "/sys/kernel/debug/roce_adp"
BUS = "/sys/bus/roce_adp"
# Two devices, one shell each: the guest has two CPUs, and starting
# adpctl (its libraries) is most of the time under TCG.
DEVS = ["emu0", "emu1"]
SEED = int(os.environ.get("RADP_PROP_SEED", "1"))
COUNT = int(os.environ.get("RADP_PROP_COUNT", "160"))
# The device limits of each group of profiles: max_range_num, min (ns).
GROUPS = [(4, 4000), (3, 8000), (2, 16000), (4, 1000)]
RANGE_FIELDS = ["prev_range_index", "dec_mode", "timeout_retry_num",
                "range_low_bound", "range_size"]
RANGE_WIDTHS = [7, 3, 1023, 255, 255]    # the largest value of each
PROFILE_FIELDS = ["qp_total_timeout", "range_num", "start_range_index",
                  "time_unit", "time_base", "retx_total_timeout",
                  "timeout_init_low_bound", "timeout_init_range_size"]


def check(ok, name, why=()):
    tap.result(ok, "consistency: " + name, why)


def knob(name, value):
    for dev in DEVS:
        with open(os.path.join(DBG, dev, name), "w") as f:
            f.write(str(value))


def ilog2(v):
    return v.bit_length() - 1


def valid_profile(rng, max_ranges, min_ns):
    """A profile the rules accept, with garbage in the unused entries."""
    base = rng.choice([b for b in (1, 2, 4, 8, 16, 32, 64, 128)
                       if b * 1000 >= min_ns])
    n = rng.randint(1, max_ranges)
    room = 31 - ilog2(base)          # shifts must stay below 2^32 units
    low = rng.randint(0, 3)
    ranges = []
    for r in range(4):
        if r < n:
            size = rng.randint(0, 4)
            ranges.append({
                "prev_range_index": rng.randint(0, r - 1) if r else 0,
                "dec_mode": rng.randint(0, 2),
                "timeout_retry_num": rng.randint(1, 6),
                "range_low_bound": low,
                "range_size": min(size, room - low),
            })
            low += rng.randint(1, 4)
        else:
            ranges.append({f: rng.randint(0, w)
                           for f, w in zip(RANGE_FIELDS, RANGE_WIDTHS)})
    init_low = rng.randint(0, 8)
    return {
        "adp_retx_profile_id": 1,
        "qp_total_timeout": rng.randint(0, 1),
        "range_num": n,
        "start_range_index": rng.randint(0, n - 1),
        "time_unit": 1,
        "time_base": base,
        "retx_total_timeout": rng.randint(8, room),
        "timeout_init_low_bound": init_low,
        "timeout_init_range_size": rng.randint(1, 4),
        "timeout_range": ranges,
    }


def mutate(rng, p, max_ranges, min_ns):
    """Break one rule (or, by chance, none) of p."""
    n = min(max(p["range_num"], 1), 4)   # after range_num mutations too
    tr = p["timeout_range"]
    r = rng.randint(0, n - 1)
    kind = rng.choice(["unit", "pow2", "min", "num0", "nummax", "start",
                       "order", "prev", "dec", "retry", "init0",
                       "overflow_range", "overflow_init", "overflow_total"])
    if kind == "unit":
        p["time_unit"] = rng.choice([0, 2, 3])
    elif kind == "pow2":
        p["time_base"] = rng.choice([0, 3, 5, 6, 12, 100, 65535])
    elif kind == "min":
        small = [b for b in (1, 2, 4, 8) if b * 1000 < min_ns]
        p["time_base"] = rng.choice(small or [0])
    elif kind == "num0":
        p["range_num"] = 0
        p["start_range_index"] = 0
    elif kind == "nummax":
        p["range_num"] = rng.randint(max_ranges + 1, 7)
    elif kind == "start":
        p["start_range_index"] = rng.randint(n, 7)
    elif kind == "order" and n > 1:
        r = rng.randint(1, n - 1)
        tr[r]["range_low_bound"] = rng.randint(
            0, tr[r - 1]["range_low_bound"])
    elif kind == "prev":
        tr[r]["prev_range_index"] = rng.randint(r if r else 1, 7)
    elif kind == "dec":
        tr[r]["dec_mode"] = 3
    elif kind == "retry":
        tr[r]["timeout_retry_num"] = 0
    elif kind == "init0":
        p["timeout_init_range_size"] = 0
    elif kind == "overflow_range":
        tr[r]["range_size"] = rng.randint(32, 255)
    elif kind == "overflow_init":
        p["timeout_init_range_size"] = rng.randint(32, 255)
    elif kind == "overflow_total":
        p["qp_total_timeout"] = 0
        p["retx_total_timeout"] = rng.randint(32, 255)


def profiles(rng, max_ranges, min_ns, count):
    out = []
    for _ in range(count):
        p = valid_profile(rng, max_ranges, min_ns)
        for _ in range(rng.choice([0, 0, 1, 1, 1, 2])):
            mutate(rng, p, max_ranges, min_ns)
        out.append(p)
    return out


def set_args(p, dev):
    args = ["adpctl", "profile", "set", "dev", dev, "id", "1"]
    for f in PROFILE_FIELDS:
        args += [f, str(p[f])]
    for i, r in enumerate(p["timeout_range"]):
        args += ["range", str(i)]
        for f in RANGE_FIELDS:
            args += [f, str(r[f])]
    return args


def run(args):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return r.returncode, r.stdout, r.stderr.strip()


def run_batch(profiles):
    """profile set of each, [(exit status, stderr)].

    A shell runs the commands of each device: forking this Python for
    every command costs twice what the shell's fork does under TCG.
    """
    with tempfile.TemporaryDirectory() as d:
        shells = []
        for n, dev in enumerate(DEVS):
            script = os.path.join(d, "%s.sh" % dev)
            with open(script, "w") as f:
                for i in range(n, len(profiles), len(DEVS)):
                    f.write("%s >/dev/null 2>%s/%d.err; echo $? >%s/%d.rc\n"
                            % (" ".join(set_args(profiles[i], dev)), d, i,
                               d, i))
            shells.append(subprocess.Popen(["sh", script]))
        for sh in shells:
            sh.wait()
        out = []
        for i in range(len(profiles)):
            with open("%s/%d.rc" % (d, i)) as rc, \
                    open("%s/%d.err" % (d, i)) as err:
                out.append((int(rc.read()), err.read().strip()))
        return out


def driver_message(err):
    rng = "timeout_range[%d]: " % err["range"] if err["range"] is not None \
        else ""
    return "Error: %s%s." % (rng, err["rule_message"])


def device_path():
    """From the device, or from what "profile show -j" printed: the same."""
    qp = ["ack_timeout", "14", "retry_count", "7"]
    rc, shown, err = run(["adpctl", "-j", "profile", "show", "dev", "emu0",
                          "id", "1"])
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(shown)
    out = {}
    for src in (["dev", "emu0"], ["file", f.name]):
        lint = run(["adpctl", "-j", "profile", "lint"] + src + ["id", "1"] + qp)
        sim = run(["adpctl", "-j", "profile", "simulate"] + src + ["id", "1"]
                  + qp + ["outage", "30ms", "rtt", "10us", "seed", "1"])
        try:
            v = json.loads(lint[1])[0]
            s = json.loads(sim[1])
            out[src[0]] = (lint[0], v["valid"], v["errors"], v["warnings"],
                           sim[0], s["events"], s["result"])
        except (ValueError, KeyError, IndexError):
            out[src[0]] = (lint, sim)
    os.unlink(f.name)
    dev = out["dev"]
    check(rc == 0 and len(dev) == 7 and dev[0] == 0 and dev[1] and
          dev[4] == 0 and dev[6]["end"] == "done" and dev == out["file"],
          "lint and simulate of emu0's profile 1 and of its show -j agree",
          ["dev: %r" % (dev,), "file: %r" % (out["file"],)])


def main():
    tap.start()
    t0 = time.time()
    rng = random.Random(SEED)
    per_group = COUNT // len(GROUPS)
    checked = valid = fw_checked = 0
    rules = set()
    bad_verdict, bad_message, bad_fw, bad_lint = [], [], [], []

    for max_ranges, min_ns in GROUPS:
        knob("adp_retx_profile_max_range_num", max_ranges)
        knob("adp_retx_base_timeout_min", min_ns)
        group = profiles(rng, max_ranges, min_ns, per_group)
        with tempfile.NamedTemporaryFile("w", suffix=".json",
                                         delete=False) as f:
            json.dump(group, f)
        rc, out, err = run(["adpctl", "-j", "profile", "lint", "file", f.name,
                            "adp_retx_profile_max_range_num", str(max_ranges),
                            "adp_retx_base_timeout_min", str(min_ns)])
        os.unlink(f.name)
        try:
            verdicts = json.loads(out)
        except ValueError:
            verdicts = []
        if rc not in (0, 1) or len(verdicts) != len(group):
            bad_lint.append("lint exit %d, %d verdicts for %d profiles: %s"
                            % (rc, len(verdicts), len(group), err))
            continue

        refused = []
        results = run_batch(group)
        for p, v, (rc, err) in zip(group, verdicts, results):
            checked += 1
            first = v["errors"][0] if v["errors"] else None
            if first:
                rules.add(first["rule"])
            else:
                valid += 1
            if (rc == 0) != v["valid"]:
                bad_verdict.append("lint %s, driver exit %d (%s): %s" % (
                    "valid" if v["valid"] else first["rule"], rc, err,
                    json.dumps(p)))
            elif first and err != driver_message(first):
                bad_message.append("driver %r, lint %r: %s" % (
                    err, driver_message(first), json.dumps(p)))
            if first:
                refused.append((p, first))

        # The same profiles, past the driver, to the firmware model.
        knob("skip_driver_checks", "Y")
        results = run_batch([p for p, first in refused])
        knob("skip_driver_checks", "N")
        for (p, first), (rc, err) in zip(refused, results):
            fw_checked += 1
            want = ("Error: firmware status BAD_PARAM (0x03), syndrome "
                    "0x%08x." % (0x0ad51000 + first["rule_id"]))
            if rc != 2 or err != want:
                bad_fw.append("firmware exit %d %r, want %r: %s" % (
                    rc, err, want, json.dumps(p)))

    knob("adp_retx_profile_max_range_num", 4)
    knob("adp_retx_base_timeout_min", 4000)
    device_path()
    check(not bad_lint, "adpctl profile lint judges every generated profile",
          bad_lint[:5])
    check(not bad_verdict and checked == per_group * len(GROUPS),
          "driver and lint agree on %d profiles (%d valid, seed %d)"
          % (checked, valid, SEED), bad_verdict[:5])
    check(not bad_message,
          "the driver's message is the first error of lint", bad_message[:5])
    check(not bad_fw, "the firmware refuses the %d others with the rule of lint"
          % fw_checked, bad_fw[:5])
    # Rules a sample must hit; the id and field widths are not generated.
    want = {"time_unit", "time_base_pow2", "time_base_min", "range_num_zero",
            "range_num_max", "start_range", "range_order", "prev_range",
            "dec_mode", "retry_num_zero", "init_range_empty",
            "timeout_overflow"}
    check(want <= rules and valid * 5 >= checked,
          "the sample breaks every rule and keeps a fifth valid",
          ["missing: %s" % sorted(want - rules), "valid: %d" % valid])
    tap.diag("%.1f s" % (time.time() - t0))
    return tap.end()


if __name__ == "__main__":
    with open(os.path.join(BUS, "new_device"), "w") as f:
        f.write("1")
    try:
        status = main()
    finally:
        with open(os.path.join(BUS, "del_device"), "w") as f:
            f.write("1")
    sys.exit(status)
