/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The replies the module's netlink (nl_accl.c, nl_profile.c) and adpctl's
 * fwctl transport (tools/adpctl/fwctl.c, which answers the family's
 * requests itself) put alike. The message is an sk_buff in the kernel,
 * libnl's nl_msg in user space; the attribute calls that build it
 * (nla_nest_start(), nla_put_u32(), ...) take the same arguments in both.
 */
#ifndef _RADP_NL_PUT_H
#define _RADP_NL_PUT_H

#ifdef __KERNEL__
#include <net/netlink.h>
#define radp_nl_msg	sk_buff
#else
#include <netlink/attr.h>
#include <netlink/msg.h>
#define radp_nl_msg	nl_msg
#endif

#include "radp_reg.h"

/*
 * Fields as their attributes (radp_fields[]): netlink.c's in the kernel,
 * which puts a run of members in one piece, radp_nl_put.c's in user space.
 */
int radp_nl_put_field(struct radp_nl_msg *msg, enum radp_fld fld, u32 val);
int radp_nl_put_members(struct radp_nl_msg *msg, const void *obj,
			const struct radp_member *members, unsigned int count);
int radp_nl_put_features(struct radp_nl_msg *msg, int type, const u32 *values,
			 u32 mask);

int radp_nl_profile_len(void);
int radp_nl_put_profile(struct radp_nl_msg *msg, u32 id,
			const struct radp_profile *p);
int radp_nl_put_accl(struct radp_nl_msg *msg, const struct radp_roce_accl *r,
		     u32 age_ms, const u8 *raw);

#endif /* _RADP_NL_PUT_H */
