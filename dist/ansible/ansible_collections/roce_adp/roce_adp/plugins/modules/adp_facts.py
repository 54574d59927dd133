#!/usr/bin/python
# SPDX-License-Identifier: GPL-2.0
"""The roce_adp configuration of a host, as facts."""

from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r"""
module: adp_facts
short_description: The roce_adp configuration of a host as the fact roce_adp
description:
  - >-
    Runs C(adpctl -j config export) and returns its document, every
    device's enables and writable profiles, as the fact C(roce_adp): the
    state M(roce_adp.roce_adp.adp_config) takes, for another host.
options:
  dev:
    description: Only this device.
    type: str
  adpctl:
    description: The adpctl to run; by default the one in C(PATH).
    type: path
author: roce_adp developers
"""

EXAMPLES = r"""
- roce_adp.roce_adp.adp_facts:
- ansible.builtin.debug:
    var: ansible_facts.roce_adp.devices
"""

RETURN = r"""
ansible_facts:
  description: C(roce_adp), the document of C(adpctl -j config export).
  type: dict
  returned: always
"""

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.roce_adp.roce_adp.plugins.module_utils.adpctl import (
    ADPCTL_OPTION,
    run_adpctl,
)


def main():
    module = AnsibleModule(
        argument_spec=dict(dev=dict(type="str"), adpctl=ADPCTL_OPTION),
        supports_check_mode=True,
    )
    args = ["config", "export"]
    if module.params["dev"]:
        args += ["dev", module.params["dev"]]
    _, doc = run_adpctl(module, args)
    module.exit_json(changed=False, ansible_facts=dict(roce_adp=doc))


if __name__ == "__main__":
    main()
