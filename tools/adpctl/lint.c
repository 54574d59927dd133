// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl profile lint": a profile from a device, a file or the command
 * line, through the lint engine of tools/lib/radp (radp_lint.c); prints
 * its errors, warnings and notes, text or JSON.
 */
#include <string.h>

#include "adpctl.h"
#include "profile_src.h"
#include "radp_lint.h"

static const char *const kind_names[] = {
	[ADP_LINT_ERROR] = "error",
	[ADP_LINT_WARNING] = "warning",
	[ADP_LINT_NOTE] = "note",
};

static void print_msgs(const struct adp_lint_msg *m, unsigned int n,
		       enum adp_lint_kind kind, const char *key)
{
	char path[64], fmt[32];
	unsigned int i;

	open_json_array(key);
	for (i = 0; i < n; i++) {
		if (m[i].kind != kind)
			continue;
		open_json_object(NULL);
		/*
		 * Text: "  error: time_base (time_base_min, rule 4): message",
		 * "  note (no_qp): message" without a field.
		 */
		snprintf(fmt, sizeof(fmt), "  %s: %%s", kind_names[kind]);
		if (m[i].has_fld)
			print_indexed(PRINT_ANY, "field", "range", fmt,
				      radp_fields[m[i].fld].name, m[i].range,
				      adp_fld_path(path, sizeof(path),
						   m[i].fld, m[i].range));
		if (!m[i].has_fld)
			snprintf(fmt, sizeof(fmt), "  %s (%%s",
				 kind_names[kind]);
		print_string(PRINT_ANY, kind == ADP_LINT_ERROR ? "rule" :
			     "check", m[i].has_fld ? " (%s" : fmt, m[i].check);
		if (kind == ADP_LINT_ERROR) {
			print_int(PRINT_ANY, "rule_id", ", rule %d", m[i].rule);
			/* The message begins with it. */
			print_string(PRINT_JSON, "rule_message", NULL,
				     m[i].rule_msg);
		}
		print_string(PRINT_ANY, "message", "): %s\n", m[i].text);
		close_json_object();
	}
	close_json_array();
}

static const char *plural(unsigned int n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* One profile's report; true if it has errors. */
static bool lint_print(const struct adp_src_profile *sp,
		       const struct radp_caps *caps,
		       const struct adp_lint_qp *qp)
{
	struct adp_lint_msg m[ADP_LINT_MAX];
	unsigned int n, i, count[3] = { 0 };
	struct adp_vals cv = { };
	char head[160];

	n = adp_lint(sp->id, &sp->p, caps, qp, m, ARRAY_SIZE(m));
	for (i = 0; i < n; i++)
		count[m[i].kind]++;

	open_json_object(NULL);
	print_string(PRINT_ANY, "source", "%s", sp->label);
	print_uint(PRINT_ANY,
		   radp_fields[RADP_ROCE_ACCL_ADP_RETX_PROFILE_ID].name,
		   " profile %u", sp->id);
	/* Valid or not: the text counts the errors and the warnings. */
	snprintf(head, sizeof(head), "%s: %u %s, %u %s",
		 sp->active ? " (active)" : "", count[ADP_LINT_ERROR],
		 plural(count[ADP_LINT_ERROR], "error", "errors"),
		 count[ADP_LINT_WARNING],
		 plural(count[ADP_LINT_WARNING], "warning", "warnings"));
	print_bool_str(PRINT_ANY, "valid", "%s\n", !count[ADP_LINT_ERROR],
		       head, head);
	print_msgs(m, n, ADP_LINT_ERROR, "errors");
	print_msgs(m, n, ADP_LINT_WARNING, "warnings");
	print_msgs(m, n, ADP_LINT_NOTE, "notes");
	adp_caps_get_vals(caps, &cv);
	open_json_object("caps");
	adp_vals_print_json(adp_caps_fields, &cv);
	close_json_object();
	close_json_object();
	return count[ADP_LINT_ERROR];
}

int profile_lint(struct adp_ctx *ctx, int argc, char **argv)
{
	struct adp_profile_args a;
	struct adp_profile_set set;
	struct adp_lint_qp qp;
	bool errors = false;
	size_t i;
	int ret;

	ret = adp_profile_args_parse(ctx, &a, NULL, argc, argv);
	if (ret)
		return ret;
	ret = adp_profile_load(ctx, &a, false, &set);
	if (!ret) {
		qp = (struct adp_lint_qp) {
			.has_ack_timeout = a.has_ack_timeout,
			.has_retry_count = a.has_retry_count,
			.ack_timeout = a.ack_timeout,
			.retry_count = a.retry_count,
		};
		open_json_array(NULL);
		for (i = 0; i < set.n; i++)
			errors |= lint_print(&set.v[i], &set.caps, &qp);
		close_json_array();
		ret = errors ? ADP_EXIT_FAIL : ADP_EXIT_OK;
	}
	adp_profile_set_free(&set);
	return ret;
}

void profile_lint_details(FILE *fp)
{
	adp_profile_src_help(fp);
	fputs("\nErrors are what the driver and the firmware refuse (the driver's own\n"
	      "rules, all of them listed); warnings are valid settings the algorithm\n"
	      "handles poorly: initial timeouts outside every range, ranges that\n"
	      "overlap or leave gaps, timeouts above the QP's ack_timeout (capped),\n"
	      "a total timeout shorter than one pass through the ranges.  Exit\n"
	      "status 1 when a profile has an error, 0 otherwise.\n", fp);
}
