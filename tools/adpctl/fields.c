// SPDX-License-Identifier: GPL-2.0
/* The field tables of ROCE_ACCL and what walks them; see fields.h. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/roce_adp.h>

#include "adpctl.h"
#include "fields.h"


int adp_field_parse(const struct adp_ctx *ctx, const char *key,
		    const struct adp_field *f, const char *word, uint32_t *v)
{
	char expect[128];

	if (!adp_field_value(f, word, v))
		return 0;
	return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\": expected %s",
			       word, key,
			       adp_field_expect(f, expect, sizeof(expect)));
}

int adp_field_take(const struct adp_ctx *ctx, const char *key,
		   const struct adp_field *f, struct adp_vals *vals,
		   int argc, char **argv, int *i, const char *where)
{
	int ret;

	if (vals->has[f->attr])
		return adp_usage_error(ctx, "\"%s\" is given twice%s", key,
				       where);
	if (*i + 1 >= argc)
		return adp_usage_error(ctx, "missing value for \"%s\"", key);
	++*i;
	ret = adp_field_parse(ctx, key, f, argv[*i], &vals->v[f->attr]);
	if (ret)
		return ret;
	vals->has[f->attr] = true;
	return 0;
}



void adp_fields_help(FILE *fp, const struct adp_field *fields, int skip)
{
	int width = adp_fields_width(fields);
	const struct adp_field *f;
	char expect[128];

	for (f = fields; f->attr; f++) {
		if (f->attr == skip)
			continue;
		/* The alternatives an error would list. */
		fprintf(fp, "  %-*s  %s\n", width, adp_field_key(f),
			adp_field_expect(f, expect, sizeof(expect)));
	}
}

int adp_vals_parse(const struct adp_field *fields, const struct nlattr *nest,
		   struct adp_vals *vals, const char *what)
{
	struct nla_policy policy[ADP_NEST_ATTRS] = { };
	struct nlattr *tb[ADP_NEST_ATTRS];
	const struct adp_field *f;
	int ret;

	memset(vals, 0, sizeof(*vals));
	for (f = fields; f->attr; f++)
		policy[f->attr].type = f->type;
	ret = nla_parse_nested(tb, ADP_NEST_ATTRS - 1, (struct nlattr *)nest,
			       policy);
	if (ret < 0) {
		print_error("malformed %s in the kernel reply: %s", what,
			    nl_geterror(ret));
		return -EBADMSG;
	}
	for (f = fields; f->attr; f++) {
		if (!tb[f->attr])
			continue;
		vals->v[f->attr] = f->type == NLA_U8 ?
				   nla_get_u8(tb[f->attr]) :
				   nla_get_u32(tb[f->attr]);
		vals->has[f->attr] = true;
	}
	return 0;
}

int adp_vals_put(struct nl_msg *msg, const struct adp_field *fields,
		 const struct adp_vals *vals)
{
	const struct adp_field *f;
	int ret;

	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		if (f->type == NLA_U8)
			ret = nla_put_u8(msg, f->attr, vals->v[f->attr]);
		else
			ret = nla_put_u32(msg, f->attr, vals->v[f->attr]);
		if (ret < 0)
			return ret;
	}
	return 0;
}

void adp_vals_print(const struct adp_field *fields,
		    const struct adp_vals *vals)
{
	const struct adp_field *f;
	char val[32];

	if (is_json_context()) {
		adp_vals_print_json(fields, vals);
		return;
	}
	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		print_string(PRINT_FP, NULL, " %s", adp_field_key(f));
		print_string(PRINT_FP, NULL, " %s",
			     adp_field_str(f, vals->v[f->attr], val,
					   sizeof(val)));
	}
}

static void vals_print_json(const struct adp_field *fields,
			    const struct adp_vals *vals, bool flags)
{
	const struct adp_field *f;

	for (f = fields; f->attr; f++) {
		if (!vals->has[f->attr])
			continue;
		if (flags || f->kind == ADP_FIELD_BOOL)
			print_bool(PRINT_JSON, adp_field_key(f), NULL,
				   vals->v[f->attr]);
		else
			print_uint(PRINT_JSON, adp_field_key(f), NULL,
				   vals->v[f->attr]);
	}
}

void adp_vals_print_json(const struct adp_field *fields,
			 const struct adp_vals *vals)
{
	vals_print_json(fields, vals, false);
}

void adp_vals_print_json_flags(const struct adp_field *fields,
			       const struct adp_vals *vals)
{
	vals_print_json(fields, vals, true);
}
