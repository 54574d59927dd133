// SPDX-License-Identifier: GPL-2.0
/*
 * The HISTOGRAM message: the ADP retransmission histogram of a device and
 * its configuration. The contract only, for now: the handlers the spec
 * names, not implemented yet.
 */

#include <net/genetlink.h>

#include "radp_nl.h"

int roce_adp_nl_histogram_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	NL_SET_ERR_MSG(info->extack, "histogram not implemented yet");
	return -EOPNOTSUPP;
}

int roce_adp_nl_histogram_get_dumpit(struct sk_buff *skb,
				     struct netlink_callback *cb)
{
	return -EOPNOTSUPP;
}

int roce_adp_nl_histogram_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	NL_SET_ERR_MSG(info->extack, "histogram not implemented yet");
	return -EOPNOTSUPP;
}

int roce_adp_nl_histogram_clear_doit(struct sk_buff *skb,
				     struct genl_info *info)
{
	NL_SET_ERR_MSG(info->extack, "histogram not implemented yet");
	return -EOPNOTSUPP;
}
