# SPDX-License-Identifier: GPL-2.0
"""Running adpctl from the modules of roce_adp.roce_adp."""

from __future__ import absolute_import, division, print_function

__metaclass__ = type

import json

# adpctl's exit status: nothing differs, something (would have) changed.
EXIT_OK = 0
EXIT_CHANGED = 3

ADPCTL_OPTION = dict(type="path")


def run_adpctl(module, args, data=None, ok=(EXIT_OK,)):
    """adpctl -j ARGS: (exit status, its JSON output).

    Any other exit status than those of ok fails the task with adpctl's own
    message ("Error: ...", one line per device that failed), and, when
    adpctl still printed its object (apply goes on with the other devices),
    its "changed" and the devices that failed ("failed").  Warnings adpctl
    prints become the task's.
    """
    adpctl = module.params.get("adpctl") or module.get_bin_path(
        "adpctl", required=True, opt_dirs=["/usr/sbin", "/usr/local/sbin"]
    )
    rc, out, err = module.run_command([adpctl, "-j"] + args, data=data)
    for line in err.splitlines():
        if line.startswith("Warning: "):
            module.warn(line[len("Warning: "):])
    if rc not in ok:
        msg = [ln for ln in err.splitlines() if not ln.startswith("Warning: ")]
        try:
            doc = json.loads(out)
        except ValueError:
            doc = None
        extra = {}
        if isinstance(doc, dict):
            extra = dict(changed=bool(doc.get("changed")),
                         failed_devices=doc.get("failed", []))
        module.fail_json(
            msg="\n".join(msg) or "adpctl exited with status %d" % rc,
            rc=rc,
            stdout=out,
            stderr=err,
            **extra
        )
    try:
        return rc, json.loads(out)
    except ValueError as e:
        module.fail_json(msg="adpctl printed no JSON: %s" % e, rc=rc, stdout=out, stderr=err)
