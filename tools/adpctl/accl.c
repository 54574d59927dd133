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

/*
 * mlxreg's --set list ("NAME=VALUE,NAME=VALUE"), as mstflint's register
 * database (roce_accl_reg_ext) names the fields and as mlxreg reads them:
 * a NAME is a field's name, optionally with its parents before it
 * (adp_retx_profile.time_base, timeout_range[1].range_size), a bare range
 * field being entry 0 as mlxreg's first match is; or a raw
 * ADDRESS.BIT:SIZE of a known field.  Values are read by strtoul(.., 0).
 */
struct mlxreg_list {
	struct adp_vals *accl;
	struct adp_profile *p;
	bool profile_select;		/* adp_retx_profile_select=1 given */
};

/* The parents a register field has in mstflint's database. */
#define MLXREG_ROOT	"roce_accl_reg_ext"
#define MLXREG_PROFILE	"adp_retx_profile"

enum mlxreg_kind {
	MLXREG_FEATURE,		/* adp_accl_fields */
	MLXREG_SELECT,		/* a *_field_select or *_select bit */
	MLXREG_PROFILE_SELECT,	/* adp_retx_profile_select */
	MLXREG_PROFILE_ID,	/* adp_retx_profile_id, an INDEX field */
	MLXREG_CAPS,		/* read only */
	MLXREG_PROFILE_FIELD,	/* adp_profile_fields */
	MLXREG_RANGE_FIELD,	/* adp_range_fields, entry range */
};

struct mlxreg_field {
	enum mlxreg_kind kind;
	const struct adp_field *f;	/* FEATURE, CAPS, PROFILE_*, RANGE */
	enum radp_fld fld;
	int range;
};

/* The register field called leaf (no parents), entry 0 for a range's. */
static bool mlxreg_leaf(const char *leaf, struct mlxreg_field *mf)
{
	const struct {
		const struct adp_field *const *fields;
		enum mlxreg_kind kind;
	} tables[] = {
		{ &adp_accl_fields, MLXREG_FEATURE },
		{ &adp_caps_fields, MLXREG_CAPS },
		{ &adp_profile_fields, MLXREG_PROFILE_FIELD },
		{ &adp_range_fields, MLXREG_RANGE_FIELD },
	};
	enum radp_fld sel;
	unsigned int i;

	memset(mf, 0, sizeof(*mf));
	for (i = 0; i < ARRAY_SIZE(tables); i++) {
		mf->f = adp_field_find(*tables[i].fields, leaf);
		if (!mf->f)
			continue;
		mf->kind = tables[i].kind;
		if (mf->f->attr == ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID &&
		    mf->kind == MLXREG_PROFILE_FIELD)
			mf->kind = MLXREG_PROFILE_ID;
		mf->fld = mf->f->fld;
		return true;
	}
	mf->fld = RADP_ROCE_ACCL_ADP_RETX_PROFILE_SELECT;
	mf->kind = MLXREG_PROFILE_SELECT;
	if (!strcmp(leaf, radp_fields[mf->fld].name))
		return true;
	mf->kind = MLXREG_SELECT;
	for (i = 0; i < RADP_ACCL_FEATURE_COUNT; i++) {
		sel = radp_accl_select_fld(i);
		if (!strcmp(radp_fields[sel].name, leaf)) {
			mf->fld = sel;
			return true;
		}
	}
	return false;
}

/* "timeout_range[I]": I, or -1. */
static int mlxreg_range_index(const char *s)
{
	unsigned int i;
	int end = 0;

	if (sscanf(s, "timeout_range[%u]%n", &i, &end) != 1 ||
	    s[end] || end != (int)strlen("timeout_range[0]") || i >= RADP_RANGES)
		return -1;
	return i;
}

/*
 * name with its parents, each as mlxreg's --full_path prints it:
 * [roce_accl_reg_ext.][adp_retx_profile.][timeout_range[I].]FIELD, the
 * parents given being the nearest ones of the field.
 */
static bool mlxreg_name(char *name, struct mlxreg_field *mf)
{
	char *part[4], *save, *tok;
	int n = 0, i, want;

	for (tok = strtok_r(name, ".", &save); tok;
	     tok = strtok_r(NULL, ".", &save)) {
		if (n == (int)ARRAY_SIZE(part))
			return false;
		part[n++] = tok;
	}
	if (!n || !mlxreg_leaf(part[n - 1], mf))
		return false;
	/* The parents of the field, nearest first. */
	want = mf->kind == MLXREG_RANGE_FIELD ? 3 :
	       mf->kind == MLXREG_PROFILE_FIELD ? 2 : 1;
	if (n > want + 1)
		return false;
	for (i = n - 2; i >= 0; i--) {
		int depth = n - 1 - i;	/* 1: the nearest parent */

		if (want - depth == 0) {
			if (strcmp(part[i], MLXREG_ROOT))
				return false;
		} else if (want - depth == 1 && want > 1) {
			if (strcmp(part[i], MLXREG_PROFILE))
				return false;
		} else {
			mf->range = mlxreg_range_index(part[i]);
			if (mf->range < 0)
				return false;
		}
	}
	return true;
}

/* "ADDRESS.BIT:SIZE", mlxreg's raw form, when it is a field we know. */
static bool mlxreg_raw(const char *name, struct mlxreg_field *mf)
{
	uint32_t addr, bit, size, base;
	const struct radp_field *r;
	char buf[64], *dot, *colon;
	enum radp_fld fld;

	if (strlen(name) >= sizeof(buf))
		return false;
	strcpy(buf, name);
	dot = strchr(buf, '.');
	colon = strchr(buf, ':');
	if (!dot || !colon || colon < dot)
		return false;
	*dot = *colon = '\0';
	if (adp_mlxreg_number(buf, &addr) || adp_mlxreg_number(dot + 1, &bit) ||
	    adp_mlxreg_number(colon + 1, &size) || !size || bit + size > 32)
		return false;
	for (fld = 0; fld < RADP_FLD_COUNT; fld++) {
		r = &radp_fields[fld];
		if (!r->name || r->lo != bit || r->hi - r->lo + 1u != size ||
		    !mlxreg_leaf(r->name, mf) || mf->fld != fld)
			continue;
		/* The profile is at 0x10, range entry I at 0x18 + 4I. */
		if (mf->kind == MLXREG_RANGE_FIELD) {
			base = RADP_ROCE_ACCL_PROFILE_OFF + RADP_PROFILE_RANGE_OFF;
			if (addr < base || (addr - base) % RADP_RANGE_LEN ||
			    (addr - base) / RADP_RANGE_LEN >= RADP_RANGES)
				continue;
			mf->range = (addr - base) / RADP_RANGE_LEN;
			return true;
		}
		base = mf->kind == MLXREG_PROFILE_FIELD ?
		       RADP_ROCE_ACCL_PROFILE_OFF : 0;
		if (r->byte + base == addr)
			return true;
	}
	return false;
}

static int mlxreg_item(const struct adp_ctx *ctx, struct mlxreg_list *l,
		       char *item, bool index_only)
{
	char name[96], *eq = strchr(item, '=');
	const char *key = item, *value;
	struct mlxreg_field mf;
	struct adp_vals *vals;
	uint32_t v;

	if (!eq || eq == item || !eq[1] || strchr(eq + 1, '='))
		return adp_usage_error(ctx, "invalid mlxreg field \"%s\": expected NAME=VALUE",
				       item);
	*eq = '\0';
	value = eq + 1;
	snprintf(name, sizeof(name), "%s", key);
	if (!(strchr(key, ':') ? mlxreg_raw(key, &mf) : mlxreg_name(name, &mf)))
		return adp_usage_error(ctx, "unknown ROCE_ACCL field \"%s\"",
				       key);
	if (index_only && mf.kind != MLXREG_PROFILE_ID)
		return adp_usage_error(ctx, "\"%s\" is no index of ROCE_ACCL: --indexes takes adp_retx_profile_id",
				       key);
	if (adp_mlxreg_number(value, &v))
		return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\": expected a number (decimal, 0x hex or 0 octal, as mlxreg reads it)",
				       value, key);
	if (v > radp_field_mask(&radp_fields[mf.fld]))
		return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\": expected 0..%u",
				       value, key,
				       radp_field_mask(&radp_fields[mf.fld]));

	switch (mf.kind) {
	case MLXREG_SELECT:
	case MLXREG_PROFILE_SELECT:
		/* adpctl selects what it is given; 1 says the same. */
		if (!v)
			return adp_usage_error(ctx, "\"%s=%s\" would keep what it guards: adpctl changes exactly the fields given, so leave them out instead",
					       key, value);
		if (mf.kind == MLXREG_PROFILE_SELECT)
			l->profile_select = true;
		return 0;
	case MLXREG_CAPS:
		return adp_usage_error(ctx, "\"%s\" is read only (a limit of the device)",
				       key);
	case MLXREG_FEATURE:
		vals = l->accl;
		break;
	case MLXREG_PROFILE_ID:
	case MLXREG_PROFILE_FIELD:
		vals = &l->p->v;
		break;
	default:
		vals = &l->p->range[mf.range];
		l->p->has_range[mf.range] = true;
		break;
	}
	if (vals->has[mf.f->attr])
		return adp_usage_error(ctx, "\"%s\" is given twice", key);
	vals->v[mf.f->attr] = v;
	vals->has[mf.f->attr] = true;
	return 0;
}

static int mlxreg_take_list(const struct adp_ctx *ctx, struct mlxreg_list *l,
			    char *list, bool index_only)
{
	char *item, *save;
	int ret;

	if (!*list)
		return adp_usage_error(ctx, "empty mlxreg list");
	for (item = strtok_r(list, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		ret = mlxreg_item(ctx, l, item, index_only);
		if (ret)
			return ret;
	}
	return 0;
}

/* mlxreg's register options: this is ROCE_ACCL, by name or id and length. */
static int mlxreg_check_reg(const struct adp_ctx *ctx, const char *opt,
			    const char *value)
{
	uint32_t v;

	if (!strcmp(opt, "--reg_name")) {
		if (strcmp(value, "ROCE_ACCL"))
			return adp_usage_error(ctx, "\"accl set\" writes ROCE_ACCL, not \"%s\"",
					       value);
		return 0;
	}
	if (adp_mlxreg_number(value, &v))
		return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\"",
				       value, opt);
	if (!strcmp(opt, "--reg_id") && v != RADP_REG_ID_ROCE_ACCL)
		return adp_usage_error(ctx, "\"accl set\" writes ROCE_ACCL (0x%x), not register 0x%x",
				       RADP_REG_ID_ROCE_ACCL, v);
	if (!strcmp(opt, "--reg_len") && v != 0x40 && v != 0x80)
		return adp_usage_error(ctx, "invalid value \"%s\" for \"--reg_len\": ROCE_ACCL is 0x40 or 0x80 bytes",
				       value);
	return 0;
}

/* mlxreg's options taken as they are; "OPT VALUE" or "OPT=VALUE". */
static const char *const mlxreg_value_opts[] = {
	"--set", "-s", "--indexes", "-i", "--reg_name", "--reg_id",
	"--reg_len", "--device", "-d",
};

int accl_parse_set(const struct adp_ctx *ctx, struct accl_req *req,
		   struct profile_req *prof, int argc, char **argv)
{
	struct adp_arg dev = {
		ADP_ARG_DEV(&req->dev),
	};
	struct mlxreg_list l = { .accl = &req->accl, .p = &prof->p };
	const struct adp_field *f;
	bool any = false;
	char *opt, *value, *eq;
	unsigned int k;
	int i, ret;

	memset(req, 0, sizeof(*req));
	memset(prof, 0, sizeof(*prof));
	for (i = 0; i < argc; i++) {
		f = adp_field_find(adp_accl_fields, argv[i]);
		opt = argv[i];
		eq = opt[0] == '-' ? strchr(opt, '=') : NULL;
		for (k = 0; k < ARRAY_SIZE(mlxreg_value_opts); k++)
			if (eq ? !strncmp(opt, mlxreg_value_opts[k],
					  eq - opt) &&
				 !mlxreg_value_opts[k][eq - opt] :
				 !strcmp(opt, mlxreg_value_opts[k]))
				break;
		if (!strcmp(argv[i], "dev")) {
			ret = adp_take_arg(ctx, &dev, argc, argv, &i);
		} else if (k < ARRAY_SIZE(mlxreg_value_opts)) {
			if (eq) {
				*eq = '\0';
				value = eq + 1;
			} else if (i + 1 < argc) {
				value = argv[++i];
			} else {
				return adp_usage_error(ctx, "missing value for \"%s\"",
						       opt);
			}
			if (!strcmp(opt, "-d") || !strcmp(opt, "--device")) {
				if (dev.seen)
					return adp_usage_error(ctx, "\"dev\" is given twice");
				dev.seen = true;
				req->dev = adp_dev_resolve(value);
				ret = 0;
			} else if (!strncmp(opt, "--reg_", 6)) {
				ret = mlxreg_check_reg(ctx, opt, value);
			} else {
				/* --indexes: ROCE_ACCL's is adp_retx_profile_id. */
				bool set = !strcmp(opt, "--set") ||
					   !strcmp(opt, "-s");

				ret = mlxreg_take_list(ctx, &l, value, !set);
				any |= set;
			}
		} else if (!strcmp(opt, "--yes")) {
			ret = 0;	/* adpctl does not ask */
		} else if (!strcmp(opt, "--get") || !strcmp(opt, "-g")) {
			return adp_usage_error(ctx, "\"accl set\" writes; \"adpctl accl show\" reads");
		} else if (f) {
			ret = adp_field_take(ctx, argv[i], f, &req->accl,
					     argc, argv, &i, "");
			any = true;
		} else if (strchr(argv[i], '=')) {
			ret = mlxreg_take_list(ctx, &l, argv[i], false);
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
	if (adp_profile_any(&prof->p)) {
		if (!prof->p.v.has[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID])
			return adp_usage_error(ctx, "missing \"adp_retx_profile_id\": the profile fields need the profile they change (in --indexes or the list)");
		prof->dev = req->dev;
	} else if (l.profile_select) {
		return adp_usage_error(ctx, "\"adp_retx_profile_select=1\" without a profile field: nothing to write to the profile");
	}
	if (!any || (!adp_words_any(adp_accl_fields, &req->accl, -1) &&
		     !prof->dev))
		return adp_usage_error(ctx, "nothing to set");
	return 0;
}

int accl_build_set(struct nl_msg *msg, void *arg)
{
	const struct accl_req *req = arg;
	struct nlattr *nest;

	nest = adp_put_dev_nest(msg, req->dev, ROCE_ADP_A_ACCL,
				adp_accl_fields, &req->accl);
	if (!nest)
		return -NLE_NOMEM;
	return nla_nest_end(msg, nest);
}

static int accl_set(struct adp_ctx *ctx, int argc, char **argv)
{
	struct profile_req prof;
	struct accl_req req;
	int ret;

	ret = accl_parse_set(ctx, &req, &prof, argc, argv);
	if (ret)
		return ret;
	/*
	 * An mlxreg list with profile fields: the profile first, checked by
	 * the kernel's rules, then the enables; each read back is printed.
	 */
	if (prof.dev) {
		ret = adp_show_req(ctx, ROCE_ADP_CMD_PROFILE_SET, 0,
				   profile_build_set, &prof, profile_print_msg,
				   NULL);
		if (ret || !adp_words_any(adp_accl_fields, &req.accl, -1))
			return ret;
	}
	return adp_show_req(ctx, ROCE_ADP_CMD_ACCL_SET, 0, accl_build_set,
			    &req, accl_print, NULL);
}

static void accl_set_details(FILE *fp)
{
	fputs("\nNAME, one or more of:\n", fp);
	adp_fields_help(fp, adp_accl_fields, -1);
	fputs("\nOnly the features given change; the state read back is printed as\n"
	      "by \"accl show\".  An enable also takes 1, 0, true and false; a name\n"
	      "also the spec's (1-5kb, discard) and the PRM's (BURST_1_5KB).\n"
	      "\n"
	      "NAME=VALUE[,NAME=VALUE]... is mlxreg's --set list, taken as it is:\n"
	      "the fields as mstflint's database (roce_accl_reg_ext) names them,\n"
	      "values read by strtoul(.., 0) (0x1a hex, 010 octal 8), a *_select\n"
	      "given as any spelling of 1 (its 0 is refused: leave the field out).\n"
	      "Profile fields by name (time_base), path (adp_retx_profile.time_base,\n"
	      "timeout_range[1].range_size; a bare range field is entry 0) or raw\n"
	      "ADDRESS.BIT:SIZE (0x10.0:16), with adp_retx_profile_id, are written\n"
	      "as by \"profile set\" before the features.\n"
	      "\n"
	      "MLXREG_OPTION, mlxreg's, so that its line runs unchanged (each also\n"
	      "as OPTION=VALUE):\n"
	      "  --set LIST           the list (-s LIST)\n"
	      "  --indexes LIST       adp_retx_profile_id=N (-i LIST)\n"
	      "  --reg_name NAME      ROCE_ACCL; another register is refused\n"
	      "  --reg_id ID          0x402c\n"
	      "  --reg_len LEN        0x40 or 0x80\n"
	      "  --device DEV         as dev DEV (-d DEV): 03:00.0, pci/0000:03:00.0\n"
	      "  --yes                taken and ignored: adpctl does not ask\n", fp);
}

ADP_CMD_TABLE(accl_cmds, ADP_ACCL_CMDS);
