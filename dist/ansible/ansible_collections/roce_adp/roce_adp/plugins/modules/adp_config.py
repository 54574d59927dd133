#!/usr/bin/python
# SPDX-License-Identifier: GPL-2.0
"""Bring RoCE adaptive retransmission settings to a desired state."""

from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r"""
module: adp_config
short_description: Bring roce_adp devices to a desired state with adpctl apply
description:
  - Runs C(adpctl -j apply) with the desired state, the document that
    C(adpctl -j config export) prints or any subset of it, and reports
    what differed.  Only the fields that differ are written; a second run
    with the same state changes nothing.
  - Every profile as it would become is checked with the driver's rules
    before anything is written; a bad value fails the task with adpctl's
    message and changes nothing.
options:
  config:
    description:
      - >-
        The desired state, C({"all": DEVICE, "devices": [DEVICE...]}), a
        DEVICE being C({"dev": NAME, ENABLE: VALUE..., "profiles":
        [PROFILE...]}) (no C(dev) in C(all)) and a PROFILE
        C({"adp_retx_profile_id": N, FIELD: VALUE..., "timeout_range":
        [{RANGE_FIELD: VALUE...}...]}).  Fields left out are left as
        they are.
    type: dict
  src:
    description:
      - A path on the managed host instead of I(config), a C(.json) or
        C(.conf) file or a directory of them, as C(adpctl apply) takes it.
    type: path
  adpctl:
    description: The adpctl to run; by default the one in C(PATH).
    type: path
notes:
  - Supports check mode (C(adpctl apply --check)) and diff mode.
author: roce_adp developers
"""

EXAMPLES = r"""
- name: Adaptive retransmission on, profile 1 of every device
  roce_adp.roce_adp.adp_config:
    config:
      all:
        roce_adp_retrans_en: true
        profiles:
          - adp_retx_profile_id: 1
            time_base: 8
            timeout_range:
              - {}
              - {timeout_retry_num: 5, dec_mode: div2}
"""

RETURN = r"""
changed:
  description: Whether something differed (in check mode, would have been written).
  type: bool
  returned: always
changes:
  description: What differed, as C(adpctl -j apply) lists it.
  type: list
  elements: dict
  returned: always
  sample: [{"dev": "emu0", "profile": 1, "field": "time_base", "before": 4, "after": 8}]
devices:
  description: The changes by device name, each without its C(dev).
  type: dict
  returned: always
"""

import json

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.roce_adp.roce_adp.plugins.module_utils.adpctl import (
    ADPCTL_OPTION,
    EXIT_CHANGED,
    EXIT_OK,
    run_adpctl,
)


def where(change):
    """'emu0 profile 1: time_base' for a change."""
    if "profile" in change:
        return "%s profile %d: %s" % (change["dev"], change["profile"], change["field"])
    return "%s: %s" % (change["dev"], change["field"])


def main():
    module = AnsibleModule(
        argument_spec=dict(
            config=dict(type="dict"),
            src=dict(type="path"),
            adpctl=ADPCTL_OPTION,
        ),
        mutually_exclusive=[("config", "src")],
        required_one_of=[("config", "src")],
        supports_check_mode=True,
    )
    args = ["apply"] + (["--check"] if module.check_mode else [])
    data = None
    if module.params["config"] is not None:
        args.append("-")
        data = json.dumps(module.params["config"])
    else:
        args.append(module.params["src"])
    rc, out = run_adpctl(module, args, data=data, ok=(EXIT_OK, EXIT_CHANGED))

    changes = out.get("changes", [])
    devices = {}
    for c in changes:
        devices.setdefault(c["dev"], []).append(
            dict((k, v) for k, v in c.items() if k != "dev")
        )
    result = dict(changed=rc == EXIT_CHANGED, changes=changes, devices=devices)
    if module._diff:
        result["diff"] = dict(
            before_header="roce_adp (device)",
            after_header="roce_adp (desired)",
            before="".join("%s %s\n" % (where(c), c["before"]) for c in changes),
            after="".join("%s %s\n" % (where(c), c["after"]) for c in changes),
        )
    module.exit_json(**result)


if __name__ == "__main__":
    main()
