/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel version differences, in one place. Supported: 5.10 to 7.x.
 * The RADP_HAVE_* switches come from header probes in Kbuild (compat.mk);
 * each shim names the kernel that brought the API it stands in for.
 */
#ifndef _RADP_COMPAT_H
#define _RADP_COMPAT_H

#include <linux/device.h>
#include <linux/kernel.h>
#include <net/genetlink.h>

#include "compat_wq.h"
/* hex2bin(): in kernel.h until 6.x, in hex.h of its own since; 7.x kernel.h stops including it. */
#ifdef RADP_HAVE_LINUX_HEX_H
#include <linux/hex.h>
#endif

/*
 * The bus type as this kernel's driver core declares it: const since 6.4,
 * written to by bus_register() before that.
 */
#define radp_bus_type typeof(*((struct device *)NULL)->bus)

/* 6.2 moved the parsed dump attributes into a struct genl_info. */
static inline struct nlattr **radp_dump_attrs(struct netlink_callback *cb)
{
#ifdef RADP_HAVE_GENL_INFO_DUMP
	return genl_info_dump(cb)->attrs;
#else
	return genl_dumpit_info(cb)->attrs;
#endif
}

/*
 * The policies ynl-gen-c generates (netlink-gen.c) point at const ranges;
 * before 6.6 the policy's pointer is not const. The kernel only reads
 * through it.
 */
#ifndef RADP_HAVE_CONST_NLA_RANGE
#undef NLA_POLICY_FULL_RANGE
#define NLA_POLICY_FULL_RANGE(tp, _range) {				\
	.type = NLA_ENSURE_UINT_OR_BINARY_TYPE(tp),			\
	.validation_type = NLA_VALIDATE_RANGE_PTR,			\
	.range = (struct netlink_range_validation *)(_range),		\
}
#endif

/*
 * Formatted extack messages. 6.2 added NL_SET_ERR_MSG_FMT with a buffer in
 * the extack; 6.1 keeps only a pointer to a string that must outlive the
 * request, so there the formatted text is interned in a small table that
 * lives until the module unloads.
 */
#ifdef NL_SET_ERR_MSG_FMT
#define radp_extack_fmt(extack, fmt, ...) \
	NL_SET_ERR_MSG_FMT(extack, fmt, ##__VA_ARGS__)
static inline void radp_compat_fini(void) {}
#else
__printf(2, 3)
void radp_extack_fmt(struct netlink_ext_ack *extack, const char *fmt, ...);
void radp_compat_fini(void);
#endif

/*
 * 6.1 reports a missing attribute by its type in the ACK
 * (NLMSGERR_ATTR_MISS_TYPE). Before, there is no place for it: the message
 * names the attribute instead.
 */
#ifndef NL_SET_ERR_ATTR_MISS
#define NL_SET_ERR_ATTR_MISS(extack, nest, type) \
	((void)(extack), (void)(nest), (void)(type))
#endif
#ifndef GENL_REQ_ATTR_CHECK
#define GENL_REQ_ATTR_CHECK(info, attr) ({				\
	struct genl_info *__info = (info);				\
	bool __missing = !__info->attrs[attr];				\
									\
	if (__missing)							\
		NL_SET_ERR_MSG(__info->extack, "missing attribute " #attr); \
	__missing;							\
})
#endif

#define radp_extack_fmt_attr(extack, attr, fmt, ...) do {	\
	struct netlink_ext_ack *__radp_extack = (extack);	\
								\
	radp_extack_fmt(__radp_extack, fmt, ##__VA_ARGS__);	\
	NL_SET_BAD_ATTR(__radp_extack, attr);			\
} while (0)

#endif /* _RADP_COMPAT_H */
