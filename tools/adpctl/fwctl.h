/* SPDX-License-Identifier: GPL-2.0 */
/*
 * adpctl without the module: the roce_adp family answered over the
 * kernel's fwctl (fwctl.c), below nl.c as the socket's transport.
 */
#ifndef ADPCTL_FWCTL_H
#define ADPCTL_FWCTL_H

#include <stdbool.h>
#include <netlink/netlink.h>

/* --fwctl: fwctl even where the module is loaded. */
extern bool adp_fwctl_wanted;

/* Is there an mlx5 function with a fwctl device (/dev/fwctl)? */
bool adp_fwctl_available(void);
/*
 * Answer the socket's requests over fwctl from now on: its send and
 * receive hooks. Returns the family id the replies carry.
 */
int adp_fwctl_attach(struct nl_sock *sk);

#endif /* ADPCTL_FWCTL_H */
