/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where "profile lint" and "profile simulate" take a profile from: a
 * device (dev DEV [id N]), a file (the JSON "adpctl -j profile show"
 * prints, profile objects, or the FIELD VALUE words of "profile set"), or
 * fields on the command line, which also override the fields of a device's
 * or a file's profile.  And the device limits (CAPS) and the QP they are
 * checked or run against.
 */
#ifndef ADPCTL_PROFILE_SRC_H
#define ADPCTL_PROFILE_SRC_H

#include "adpctl.h"
#include "radp_reg.h"

/* The limits of the 2025 firmware: profile 1 only, 4 ranges, 4 us. */
#define ADP_CAPS_DEFAULT_MAX_ID		1
#define ADP_CAPS_DEFAULT_MAX_RANGE_NUM	4
#define ADP_CAPS_DEFAULT_BASE_MIN_NS	4000

/* Files larger than this are not profiles. */
#define ADP_PROFILE_FILE_MAX	(1 << 20)

/* What a command line of lint or simulate said about the profile. */
struct adp_profile_args {
	const char *dev;
	const char *file;
	bool has_id;
	uint32_t id;
	struct adp_profile prof;	/* the fields given, id excluded */
	struct adp_vals caps;		/* adp_caps_fields given */
	bool has_ack_timeout, has_retry_count;
	uint32_t ack_timeout;		/* 0..31 */
	uint32_t retry_count;		/* any; more than 7 means 7 */
};

/* One profile to check or run. */
struct adp_src_profile {
	char label[80];		/* "emu0", "prof.json (emu0)", "command line" */
	uint32_t id;
	bool active;		/* the profile in effect on its device */
	struct radp_profile p;
};

struct adp_profile_set {
	struct adp_src_profile *v;
	size_t n;
	struct radp_caps caps;
	bool caps_from_dev;
};

/*
 * Parse argv: the profile words above, the QP (ack_timeout, retry_count),
 * the caps (by their PRM names) and the command's own keywords in extra
 * (may be NULL).  Returns 0 or ADP_EXIT_USAGE.
 */
int adp_profile_args_parse(const struct adp_ctx *ctx,
			   struct adp_profile_args *a, struct adp_arg *extra,
			   int argc, char **argv);

/*
 * Load the profiles a designates into set: with one, exactly one (a
 * device's active profile unless id says otherwise), else all that are
 * writable (profile 0 only when asked for by id).  Returns an exit code;
 * adp_profile_set_free() in every case.
 */
int adp_profile_load(struct adp_ctx *ctx, const struct adp_profile_args *a,
		     bool one, struct adp_profile_set *set);
void adp_profile_set_free(struct adp_profile_set *set);


/*
 * p as the FIELD VALUE words of "profile set" (id excluded, ranges beyond
 * range_num left out): profile fields separated by sep, each range's on
 * one "range I ..." item after a sep.  Returns the length written.
 */
size_t adp_profile_words(char *buf, size_t len, const struct radp_profile *p,
			 char sep);

/* Help text of the shared words, for the details of both commands. */
void adp_profile_src_help(FILE *fp);

/* PRM field name of a violation or a warning: "timeout_range[1].dec_mode". */
const char *adp_fld_path(char *buf, size_t len, enum radp_fld fld, int range);

/*
 * A text file (path, or "-" for stdin) of at most ADP_PROFILE_FILE_MAX
 * bytes into *text, NUL-terminated, to free(); *file is its name for
 * messages.  Returns an exit code after saying what is wrong.
 */
int adp_file_read(const char *path, const char **file, char **text,
		  size_t *len);

#endif /* ADPCTL_PROFILE_SRC_H */
