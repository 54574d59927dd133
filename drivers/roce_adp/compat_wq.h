/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system workqueues by the names 6.17 gave them (compat.mk's probe):
 * system_percpu_wq, system_wq before, and system_dfl_wq, system_unbound_wq
 * before. 7.x marks the old ones deprecated and logs a warning the first
 * time work is queued on them.
 */
#ifndef _RADP_COMPAT_WQ_H
#define _RADP_COMPAT_WQ_H

#include <linux/workqueue.h>

#ifndef RADP_HAVE_SYSTEM_DFL_WQ
#define system_percpu_wq system_wq
#define system_dfl_wq system_unbound_wq
#endif

#endif /* _RADP_COMPAT_WQ_H */
