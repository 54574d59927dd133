// SPDX-License-Identifier: GPL-2.0
/*
 * The "accl" object: the RoCE acceleration enables of ROCE_ACCL, which of
 * them the device lets us change, its profile limits and which timeouts
 * are in use.
 */
#include <errno.h>
#include <string.h>
#include <netlink/genl/genl.h>

#include "adpctl.h"

/* Nests of a reply, decoded; a nest that is absent leaves has[] false. */
struct accl_state {
	struct adp_vals accl;
	struct adp_vals conf;
	struct adp_vals caps;
	const uint8_t *raw;	/* ACCL_REG, ROCE_ADP_ROCE_ACCL_LEN bytes */
};

/* What "accl show" asks for. */
struct accl_show_req {
	const char *dev;	/* NULL: every device */
	bool raw;
};

static int decode_nest(const struct adp_field *fields,
		       const struct nlattr *nest, struct adp_vals *vals,
		       const char *what)
{
	if (!nest) {
		memset(vals, 0, sizeof(*vals));
		return 0;
	}
	return adp_vals_parse(fields, nest, vals, what);
}

static int accl_print(const struct adp_nl_msg *msg, void *arg)
{
	struct nlattr **tb = msg->tb;
	const struct adp_field *f;
	struct accl_state st;
	const char *name;
	uint32_t active;
	char fmt[64];

	(void)arg;
	name = adp_reply_dev(msg);
	if (!name)
		return -EBADMSG;
	if (decode_nest(adp_accl_fields, tb[ROCE_ADP_A_ACCL], &st.accl,
			"enables") ||
	    decode_nest(adp_accl_fields, tb[ROCE_ADP_A_ACCL_CONFIGURABLE],
			&st.conf, "configurable enables") ||
	    decode_nest(adp_caps_fields, tb[ROCE_ADP_A_CAPS], &st.caps,
			"capabilities"))
		return -EBADMSG;
	st.raw = tb[ROCE_ADP_A_ACCL_REG] ?
		 nla_data(tb[ROCE_ADP_A_ACCL_REG]) : NULL;

	open_json_object(NULL);
	print_string(PRINT_ANY, "dev", "%s:\n", name);
	adp_print_age(msg, "  ");
	/* The names padded to one column; a feature the device lacks has
	 * its select 0 and no value.
	 */
	snprintf(fmt, sizeof(fmt), "  %%-%ds %%s\n",
		 adp_fields_width(adp_accl_fields));
	for (f = adp_accl_fields; f->attr; f++)
		if (st.accl.has[f->attr])
			print_field_as(f, fmt, st.accl.v[f->attr],
				       st.conf.has[f->attr] &&
				       !st.conf.v[f->attr] ?
				       "not supported" : NULL);
	if (tb[ROCE_ADP_A_ACCL_CONFIGURABLE]) {
		open_json_object("configurable");
		adp_vals_print_json_flags(adp_accl_fields, &st.conf);
		close_json_object();
	}
	if (adp_vals_print_words(adp_caps_fields, &st.caps, "  caps: %s %s",
				 -1))
		print_nl();
	if (tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]) {
		active = nla_get_u32(tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]);
		snprintf(fmt, sizeof(fmt), "  active profile %%u (%s)\n",
			 active ? "profile timeouts" : "firmware timeouts");
		print_uint(PRINT_ANY, "active_profile_id", fmt, active);
	}
	if (st.raw)
		adp_print_raw(st.raw, ROCE_ADP_ROCE_ACCL_LEN);
	close_json_object();
	return 0;
}

static int accl_build_show(struct nl_msg *msg, void *arg)
{
	const struct accl_show_req *req = arg;
	int ret;

	ret = adp_put_dev(msg, (void *)req->dev);
	if (ret < 0 || !req->raw)
		return ret;
	return nla_put_flag(msg, ROCE_ADP_A_ACCL_RAW);
}

static int accl_show(struct adp_ctx *ctx, int argc, char **argv)
{
	struct accl_show_req req;
	int ret;

	argc = adp_take_raw_opt(argc, argv, &req.raw);
	ret = adp_parse_dev(ctx, argc, argv, &req.dev);
	if (ret)
		return ret;
	return adp_show_req(ctx, ROCE_ADP_CMD_ACCL_GET,
			    req.dev ? 0 : NLM_F_DUMP, accl_build_show, &req,
			    accl_print, NULL);
}

/* A ROCE_ACCL *_select field: mlxreg's list names them, adpctl sets them. */
static bool accl_is_select(const char *name)
{
	unsigned int i;

	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++)
		if (!strcmp(radp_fields[radp_accl_select_fld(i)].name, name))
			return true;
	return false;
}

/*
 * mlxreg's --set list, as operators write it today:
 * "roce_adp_retrans_en=0x1,roce_tx_window_en=0x1".  A select given as 1
 * is what adpctl sends anyway; 0 (leave the field alone) is refused, as
 * leaving the field out says the same.
 */
static int accl_take_mlxreg(const struct adp_ctx *ctx, char *list,
			    struct adp_vals *vals)
{
	const struct adp_field *f;
	char *item, *save, *eq;
	char *pair[2];
	int j, ret;

	for (item = strtok_r(list, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		eq = strchr(item, '=');
		if (!eq || eq == item || !eq[1])
			return adp_usage_error(ctx, "invalid mlxreg field \"%s\": expected NAME=VALUE",
					       item);
		*eq = '\0';
		pair[0] = item;
		pair[1] = eq + 1;
		if (accl_is_select(item)) {
			if (strcmp(pair[1], "1") && strcmp(pair[1], "0x1"))
				return adp_usage_error(ctx, "\"%s=%s\": leave a field out rather than unselect it",
						       item, pair[1]);
			continue;
		}
		f = adp_field_find(adp_accl_fields, item);
		if (!f)
			return adp_usage_error(ctx, "unknown enable \"%s\"",
					       item);
		j = 0;
		ret = adp_field_take(ctx, item, f, vals, 2, pair, &j, "");
		if (ret)
			return ret;
	}
	return 0;
}

int accl_parse_set(const struct adp_ctx *ctx, struct accl_req *req,
		   int argc, char **argv)
{
	struct adp_arg dev = {
		.key = "dev", .type = ADP_ARG_STR, .val = &req->dev,
		.maxlen = ROCE_ADP_DEV_NAME_LEN - 1,
	};
	const struct adp_field *f;
	bool any = false;
	int i, ret;

	memset(req, 0, sizeof(*req));
	for (i = 0; i < argc; i++) {
		f = adp_field_find(adp_accl_fields, argv[i]);
		if (!strcmp(argv[i], "dev")) {
			ret = adp_take_arg(ctx, &dev, argc, argv, &i);
		} else if (f) {
			ret = adp_field_take(ctx, argv[i], f, &req->accl,
					     argc, argv, &i, "");
			any = true;
		} else if (strchr(argv[i], '=')) {
			ret = accl_take_mlxreg(ctx, argv[i], &req->accl);
			any = true;
		} else if (argv[i][0] == '-') {
			return adp_usage_error(ctx, "unknown option \"%s\" (options go before the object)",
					       argv[i]);
		} else {
			return adp_usage_error(ctx, "unknown enable \"%s\"",
					       argv[i]);
		}
		if (ret)
			return ret;
	}
	if (!req->dev)
		return adp_usage_error(ctx, "missing argument \"dev\"");
	if (!any)
		return adp_usage_error(ctx, "nothing to set");
	return 0;
}

int accl_build_set(struct nl_msg *msg, void *arg)
{
	const struct accl_req *req = arg;
	struct nlattr *nest;
	int ret;

	ret = nla_put_string(msg, ROCE_ADP_A_DEV_NAME, req->dev);
	if (ret < 0)
		return ret;
	nest = nla_nest_start(msg, ROCE_ADP_A_ACCL | NLA_F_NESTED);
	if (!nest)
		return -NLE_NOMEM;
	ret = adp_vals_put(msg, adp_accl_fields, &req->accl);
	if (ret < 0)
		return ret;
	return nla_nest_end(msg, nest);
}

static int accl_set(struct adp_ctx *ctx, int argc, char **argv)
{
	struct accl_req req;
	int ret;

	ret = accl_parse_set(ctx, &req, argc, argv);
	if (ret)
		return ret;
	return adp_show_req(ctx, ROCE_ADP_CMD_ACCL_SET, 0, accl_build_set,
			    &req, accl_print, NULL);
}

static void accl_set_details(FILE *fp)
{
	fputs("\nNAME, one or more of:\n", fp);
	adp_fields_help(fp, adp_accl_fields, -1);
	fputs("\nOnly the features given change.  NAME=VALUE[,NAME=VALUE]... is\n"
	      "mlxreg's --set list, taken as it is (its *_select fields set to 1\n"
	      "are left to adpctl).  The state read back is printed as by\n"
	      "\"accl show\".\n", fp);
}

ADP_CMD_TABLE(accl_cmds, ADP_ACCL_CMDS);
