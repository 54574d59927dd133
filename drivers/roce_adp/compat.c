// SPDX-License-Identifier: GPL-2.0
/* Shims for older kernels; see compat.h. */

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat.h"

#ifndef NL_SET_ERR_MSG_FMT

#define RADP_MSG_LEN	80	/* as NETLINK_MAX_FMTMSG_LEN in 6.2 */
#define RADP_MSG_MAX	512	/* distinct messages kept; then a generic one */

struct radp_msg {
	struct list_head list;
	char text[RADP_MSG_LEN];
};

static LIST_HEAD(radp_msgs);
static DEFINE_MUTEX(radp_msgs_lock);
static unsigned int radp_msgs_count;

static const char *radp_msg_intern(const char *text)
{
	const char *ret = "error details dropped: too many distinct messages";
	struct radp_msg *msg;

	mutex_lock(&radp_msgs_lock);
	list_for_each_entry(msg, &radp_msgs, list) {
		if (!strcmp(msg->text, text)) {
			ret = msg->text;
			goto unlock;
		}
	}
	if (radp_msgs_count >= RADP_MSG_MAX)
		goto unlock;
	msg = kzalloc(sizeof(*msg), GFP_KERNEL);
	if (!msg)
		goto unlock;
	strscpy(msg->text, text, sizeof(msg->text));
	list_add(&msg->list, &radp_msgs);
	radp_msgs_count++;
	ret = msg->text;
unlock:
	mutex_unlock(&radp_msgs_lock);
	return ret;
}

void radp_extack_fmt(struct netlink_ext_ack *extack, const char *fmt, ...)
{
	char text[RADP_MSG_LEN];
	va_list args;

	if (!extack)
		return;
	va_start(args, fmt);
	vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	extack->_msg = radp_msg_intern(text);
}

void radp_compat_fini(void)
{
	struct radp_msg *msg, *tmp;

	list_for_each_entry_safe(msg, tmp, &radp_msgs, list)
		kfree(msg);
	INIT_LIST_HEAD(&radp_msgs);
	radp_msgs_count = 0;
}

#endif /* !NL_SET_ERR_MSG_FMT */
