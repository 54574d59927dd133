/* SPDX-License-Identifier: GPL-2.0 */
/* "adpctl monitor": the parts its tests call. */
#ifndef ADPCTL_MONITOR_H
#define ADPCTL_MONITOR_H

#include <stddef.h>
#include <time.h>

#include "nl.h"

/* "profile-ntf" for ROCE_ADP_CMD_PROFILE_NTF; NULL when unknown. */
const char *adp_monitor_cmd_name(unsigned int cmd);
/* ts as ISO 8601 UTC with milliseconds: "2026-11-21T14:05:01.123Z". */
void adp_monitor_timestamp(const struct timespec *ts, char *buf, size_t len);
/*
 * One event as a line (text) or a JSON object on one line, received at
 * ts; nothing when dev is given and the event is about another device.
 * 0, or -EBADMSG after reporting a malformed message.
 */
int adp_monitor_print(const struct adp_nl_msg *msg, const char *dev,
		      const struct timespec *ts);

#endif /* ADPCTL_MONITOR_H */
