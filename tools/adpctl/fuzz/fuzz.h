/* SPDX-License-Identifier: GPL-2.0 */
/* What every libFuzzer target of adpctl shares: a context to report into. */
#ifndef ADPCTL_FUZZ_H
#define ADPCTL_FUZZ_H

#include "adpctl.h"

static const struct adp_cmd fuzz_cmd = { .name = "fuzz" };
static const struct adp_obj fuzz_obj = { .name = "profile",
					 .cmds = &fuzz_cmd };

static inline struct adp_ctx fuzz_ctx(void)
{
	return (struct adp_ctx){ .obj = &fuzz_obj, .cmd = &fuzz_cmd };
}

#endif
