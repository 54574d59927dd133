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
    message ("Error: ...").  Warnings adpctl prints become the task's.
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
        module.fail_json(
            msg="\n".join(msg) or "adpctl exited with status %d" % rc,
            rc=rc,
            stdout=out,
            stderr=err,
        )
    try:
        return rc, json.loads(out)
    except ValueError as e:
        module.fail_json(msg="adpctl printed no JSON: %s" % e, rc=rc, stdout=out, stderr=err)
