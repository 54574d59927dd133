// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl apply PATH... [--check]": bring devices to the state that
 * configuration files give (format: Documentation/adpctl-apply.rst and
 * adpctl.8), with the fewest writes: one accl-set per device whose enables
 * differ, one profile-set per profile that differs, each carrying only the
 * fields that differ.  Everything is read and every resulting profile is
 * checked with the driver's rules before the first write: a file with one
 * invalid profile changes nothing.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <netlink/genl/genl.h>

#include "adpctl.h"
#include "profile_src.h"

#define APPLY_NPROF	(ROCE_ADP_PROFILE_ID_MAX + 1)
#define APPLY_MAX_SECT	64

/* What one section ([all], [dev X], [... profile N]) asks for. */
struct apply_want {
	char dev[ROCE_ADP_DEV_NAME_LEN];	/* "" for [all] */
	bool has_accl;
	struct adp_vals accl;
	bool has_prof[APPLY_NPROF];
	struct profile prof[APPLY_NPROF];	/* v without the id */
};

struct apply {
	struct apply_want want[APPLY_MAX_SECT];	/* [0] is [all] */
	int n;
	bool check;
	int changes;
	bool any_all;
};

static struct apply_want *want_get(struct apply *ap, const char *dev)
{
	int i;

	for (i = 0; i < ap->n; i++)
		if (!strcmp(ap->want[i].dev, dev))
			return &ap->want[i];
	if (ap->n == APPLY_MAX_SECT)
		return NULL;
	memset(&ap->want[ap->n], 0, sizeof(ap->want[0]));
	snprintf(ap->want[ap->n].dev, sizeof(ap->want[0].dev), "%s", dev);
	return &ap->want[ap->n++];
}

/* Split line into words at blanks; '#' starts a comment. */
static int split(char *line, char **w, int max)
{
	int n = 0;
	char *tok, *save;

	line[strcspn(line, "#\n")] = '\0';
	for (tok = strtok_r(line, " \t\r", &save); tok && n < max;
	     tok = strtok_r(NULL, " \t\r", &save))
		w[n++] = tok;
	return n;
}

/* Take "FIELD VALUE" pairs of w[from..n) into vals. */
static int take_fields(const char *where, const struct adp_field *fields,
		       struct adp_vals *vals, char **w, int from, int n,
		       const char *what)
{
	const struct adp_field *f;
	char expect[96];
	int i;

	for (i = from; i < n; i += 2) {
		f = adp_field_find(fields, w[i]);
		/* The id is the section's. */
		if (!f || (fields == adp_profile_fields &&
			   f->attr == ADP_PROFILE_ID_ATTR)) {
			print_error("%s: unknown %s \"%s\"", where, what, w[i]);
			return -EINVAL;
		}
		if (i + 1 >= n) {
			print_error("%s: missing value for \"%s\"", where, w[i]);
			return -EINVAL;
		}
		if (adp_field_value(f, w[i + 1], &vals->v[f->attr])) {
			print_error("%s: invalid value \"%s\" for \"%s\": expected %s",
				    where, w[i + 1], w[i],
				    adp_field_expect(f, expect, sizeof(expect)));
			return -EINVAL;
		}
		vals->has[f->attr] = true;
	}
	return 0;
}

/* "[all]", "[dev X]", "[all profile N]" or "[dev X profile N]". */
static int parse_section(struct apply *ap, const char *where, char *line,
			 struct apply_want **cur, int *prof)
{
	char *w[5], *end;
	int n, i = 0;
	unsigned long id;

	line[strcspn(line, "]")] = '\0';
	n = split(line + 1, w, 5);
	*prof = -1;
	if (n >= 1 && !strcmp(w[0], "all")) {
		*cur = want_get(ap, "");
		ap->any_all = true;
		i = 1;
	} else if (n >= 2 && !strcmp(w[0], "dev") &&
		   strlen(w[1]) < ROCE_ADP_DEV_NAME_LEN) {
		*cur = want_get(ap, w[1]);
		i = 2;
	} else {
		goto bad;
	}
	if (!*cur) {
		print_error("%s: more than %d devices", where, APPLY_MAX_SECT);
		return -EINVAL;
	}
	if (n == i)
		return 0;
	if (n != i + 2 || strcmp(w[i], "profile"))
		goto bad;
	errno = 0;
	id = strtoul(w[i + 1], &end, 0);
	if (errno || *end || !*w[i + 1] || id < 1 || id > ROCE_ADP_PROFILE_ID_MAX) {
		print_error("%s: invalid profile \"%s\": expected 1..%d", where,
			    w[i + 1], ROCE_ADP_PROFILE_ID_MAX);
		return -EINVAL;
	}
	*prof = id;
	(*cur)->has_prof[id] = true;
	return 0;
bad:
	print_error("%s: invalid section: expected [all], [dev DEV], [all profile N] or [dev DEV profile N]",
		    where);
	return -EINVAL;
}

static int parse_file(struct apply *ap, const char *path)
{
	struct apply_want *cur = NULL;
	char line[1024], where[512], *w[64], *end;
	unsigned long r;
	int prof = -1, n, lineno = 0, ret = 0;
	struct profile *p;
	FILE *fp;

	fp = fopen(path, "r");
	if (!fp) {
		print_error("cannot open %s: %s", path, strerror(errno));
		return -errno;
	}
	while (!ret && fgets(line, sizeof(line), fp)) {
		lineno++;
		snprintf(where, sizeof(where), "%s:%d", path, lineno);
		n = strspn(line, " \t");
		if (line[n] == '[') {
			ret = parse_section(ap, where, line + n, &cur, &prof);
			continue;
		}
		n = split(line, w, ARRAY_SIZE(w));
		if (!n)
			continue;
		if (!cur) {
			print_error("%s: a setting before the first section", where);
			ret = -EINVAL;
		} else if (prof < 0) {
			ret = take_fields(where, adp_accl_fields, &cur->accl,
					  w, 0, n, "enable");
			cur->has_accl = true;
		} else if (!strcmp(w[0], "range")) {
			p = &cur->prof[prof];
			r = n > 1 ? strtoul(w[1], &end, 0) : ROCE_ADP_RANGES_MAX;
			if (n < 2 || *end || r >= ROCE_ADP_RANGES_MAX) {
				print_error("%s: \"range\" takes an index 0..%d and its fields",
					    where, ROCE_ADP_RANGES_MAX - 1);
				ret = -EINVAL;
				continue;
			}
			p->has_range[r] = true;
			ret = take_fields(where, adp_range_fields,
					  &p->range[r], w, 2, n,
					  "range field");
		} else {
			ret = take_fields(where, adp_profile_fields,
					  &cur->prof[prof].v, w, 0, n,
					  "profile field");
		}
	}
	fclose(fp);
	return ret;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory: its *.conf files in name order, later ones win. */
static int parse_path(struct apply *ap, const char *path)
{
	char **names = NULL, full[4096];
	struct dirent *de;
	struct stat st;
	size_t n = 0, i, len;
	int ret = 0;
	DIR *d;

	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		return parse_file(ap, path);
	d = opendir(path);
	if (!d) {
		print_error("cannot open %s: %s", path, strerror(errno));
		return -errno;
	}
	while ((de = readdir(d))) {
		len = strlen(de->d_name);
		if (len <= 5 || strcmp(de->d_name + len - 5, ".conf"))
			continue;
		char **nn = realloc(names, (n + 1) * sizeof(*names));

		if (!nn || !(nn[n] = strdup(de->d_name))) {
			names = nn ? nn : names;
			ret = -ENOMEM;
			print_error("out of memory");
			break;
		}
		names = nn;
		n++;
	}
	closedir(d);
	if (!ret)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		snprintf(full, sizeof(full), "%s/%s", path, names[i]);
		if (!ret)
			ret = parse_file(ap, full);
		free(names[i]);
	}
	free(names);
	return ret;
}

/* One device as it is and as it is to be. */
struct apply_dev {
	char name[ROCE_ADP_DEV_NAME_LEN];
	struct adp_vals accl, conf, caps;
	struct apply_want want;			/* [all] + [dev X] */
	struct profile cur[APPLY_NPROF];
	struct accl_req accl_req;
	struct profile_req prof_req[APPLY_NPROF];
	bool accl_change, prof_change[APPLY_NPROF];
	uint32_t get_id;			/* of the profile-get being sent */
};

static void overlay(struct adp_vals *to, const struct adp_vals *from)
{
	int i;

	for (i = 0; i < ADP_NEST_ATTRS; i++)
		if (from->has[i]) {
			to->v[i] = from->v[i];
			to->has[i] = true;
		}
}

static void want_merge(struct apply_want *to, const struct apply_want *from)
{
	int i, r;

	to->has_accl |= from->has_accl;
	overlay(&to->accl, &from->accl);
	for (i = 0; i < APPLY_NPROF; i++) {
		if (!from->has_prof[i])
			continue;
		to->has_prof[i] = true;
		overlay(&to->prof[i].v, &from->prof[i].v);
		for (r = 0; r < ROCE_ADP_RANGES_MAX; r++) {
			to->prof[i].has_range[r] |= from->prof[i].has_range[r];
			overlay(&to->prof[i].range[r], &from->prof[i].range[r]);
		}
	}
}

static int read_accl(const struct adp_nl_msg *msg, void *arg)
{
	struct apply_dev *d = arg;

	memset(&d->accl, 0, sizeof(d->accl));
	memset(&d->conf, 0, sizeof(d->conf));
	memset(&d->caps, 0, sizeof(d->caps));
	if ((msg->tb[ROCE_ADP_A_ACCL] &&
	     adp_vals_parse(adp_accl_fields, msg->tb[ROCE_ADP_A_ACCL],
			    &d->accl, "enables")) ||
	    (msg->tb[ROCE_ADP_A_ACCL_CONFIGURABLE] &&
	     adp_vals_parse(adp_accl_fields,
			    msg->tb[ROCE_ADP_A_ACCL_CONFIGURABLE], &d->conf,
			    "configurable enables")) ||
	    (msg->tb[ROCE_ADP_A_CAPS] &&
	     adp_vals_parse(adp_caps_fields, msg->tb[ROCE_ADP_A_CAPS],
			    &d->caps, "capabilities")))
		return -EBADMSG;
	return 0;
}

static int read_profile(const struct adp_nl_msg *msg, void *arg)
{
	struct apply_dev *d = arg;
	struct genlmsghdr *gnlh = genlmsg_hdr(msg->nlh);
	struct profile p;
	struct nlattr *a;
	int rem;

	nla_for_each_attr(a, genlmsg_attrdata(gnlh, 0),
			  genlmsg_attrlen(gnlh, 0), rem) {
		if (nla_type(a) != ROCE_ADP_A_PROFILE)
			continue;
		if (profile_decode(a, &p))
			return -EBADMSG;
		if (p.v.v[ADP_PROFILE_ID_ATTR] < APPLY_NPROF)
			d->cur[p.v.v[ADP_PROFILE_ID_ATTR]] = p;
	}
	return 0;
}

static int build_accl_get(struct nl_msg *msg, void *arg)
{
	const struct apply_dev *d = arg;

	return nla_put_string(msg, ROCE_ADP_A_DEV_NAME, d->name);
}

static int build_prof_get(struct nl_msg *msg, void *arg)
{
	const struct apply_dev *d = arg;

	return nla_put_string(msg, ROCE_ADP_A_DEV_NAME, d->name) ?:
	       nla_put_u32(msg, ROCE_ADP_A_PROFILE_ID, d->get_id);
}

static int ignore_reply(const struct adp_nl_msg *msg, void *arg)
{
	(void)msg;
	(void)arg;
	return 0;
}

/* Every device with ROCE_ACCL, for [all]. */
struct dev_list {
	struct apply_dev *v;
	int n;
};

static int dev_list_add(struct dev_list *l, const char *name)
{
	struct apply_dev *v;
	int i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].name, name))
			return 0;
	v = realloc(l->v, (l->n + 1) * sizeof(*v));
	if (!v) {
		print_error("out of memory");
		return -ENOMEM;
	}
	l->v = v;
	memset(&v[l->n], 0, sizeof(v[0]));
	snprintf(v[l->n].name, sizeof(v[0].name), "%s", name);
	l->n++;
	return 0;
}

static int list_dev(const struct adp_nl_msg *msg, void *arg)
{
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);

	return name ? dev_list_add(arg, name) : 0;
}

static void print_change(const char *dev, int prof, int range,
			 const struct adp_field *f, uint32_t from, uint32_t to)
{
	char a[32], b[32], key[64], line[256];

	if (range >= 0)
		snprintf(key, sizeof(key), "timeout_range[%d].%s", range,
			 adp_field_key(f));
	else
		snprintf(key, sizeof(key), "%s", adp_field_key(f));
	open_json_object(NULL);
	print_string(PRINT_JSON, "dev", NULL, dev);
	if (prof >= 0)
		print_uint(PRINT_JSON, "profile", NULL, prof);
	print_string(PRINT_JSON, "field", NULL, key);
	print_uint(PRINT_JSON, "from", NULL, from);
	print_uint(PRINT_JSON, "to", NULL, to);
	close_json_object();
	if (prof >= 0)
		snprintf(line, sizeof(line), "%s profile %d: %s %s -> %s", dev,
			 prof, key, adp_field_str(f, from, a, sizeof(a)),
			 adp_field_str(f, to, b, sizeof(b)));
	else
		snprintf(line, sizeof(line), "%s: %s %s -> %s", dev, key,
			 adp_field_str(f, from, a, sizeof(a)),
			 adp_field_str(f, to, b, sizeof(b)));
	print_string(PRINT_FP, NULL, "%s\n", line);
}

/* Fields of want that differ from cur go into req; returns how many. */
static int diff_vals(const char *dev, int prof, int range,
		     const struct adp_field *fields, const struct adp_vals *cur,
		     const struct adp_vals *want, struct adp_vals *req)
{
	const struct adp_field *f;
	int n = 0;

	for (f = fields; f->attr; f++) {
		if (!want->has[f->attr] ||
		    (cur->has[f->attr] && cur->v[f->attr] == want->v[f->attr]))
			continue;
		req->v[f->attr] = want->v[f->attr];
		req->has[f->attr] = true;
		print_change(dev, prof, range, f, cur->v[f->attr],
			     want->v[f->attr]);
		n++;
	}
	return n;
}

/* Read a device, work out and print its changes, check them. */
static int plan_dev(struct adp_ctx *ctx, struct apply *ap,
		    struct apply_dev *d)
{
	struct adp_nl *nl = adp_ctx_nl(ctx);
	struct radp_violation viol;
	struct radp_profile rp;
	struct radp_caps caps;
	const struct adp_field *f;
	int id, r, n, ret;

	ret = adp_nl_request(nl, ROCE_ADP_CMD_ACCL_GET, 0, build_accl_get,
			     read_accl, d);
	if (ret)
		return ret;
	if (d->want.has_accl) {
		for (f = adp_accl_fields; f->attr; f++)
			if (d->want.accl.has[f->attr] &&
			    d->conf.has[f->attr] && !d->conf.v[f->attr] &&
			    d->accl.v[f->attr] != d->want.accl.v[f->attr]) {
				print_error("%s: %s is fixed on this device",
					    d->name, adp_field_key(f));
				return -EPERM;
			}
		d->accl_req.dev = d->name;
		n = diff_vals(d->name, -1, -1, adp_accl_fields, &d->accl,
			      &d->want.accl, &d->accl_req.accl);
		d->accl_change = n > 0;
		ap->changes += n;
	}
	caps = (struct radp_caps) { };
	adp_caps_apply_vals(&caps, &d->caps);
	for (id = 1; id < APPLY_NPROF; id++) {
		struct profile_req *req = &d->prof_req[id];
		struct profile *want = &d->want.prof[id], *cur = &d->cur[id];

		if (!d->want.has_prof[id])
			continue;
		if ((uint32_t)id > caps.profile_max_id) {
			print_error("%s: profile %d: the device has profiles 1..%u",
				    d->name, id, caps.profile_max_id);
			return -EINVAL;
		}
		d->get_id = id;
		ret = adp_nl_request(nl, ROCE_ADP_CMD_PROFILE_GET, 0,
				     build_prof_get, read_profile, d);
		if (ret)
			return ret;
		req->dev = d->name;
		req->profile.v[ADP_PROFILE_ID_ATTR] = id;
		req->profile.has[ADP_PROFILE_ID_ATTR] = true;
		n = diff_vals(d->name, id, -1, adp_profile_fields, &cur->v,
			      &want->v, &req->profile);
		for (r = 0; r < ROCE_ADP_RANGES_MAX; r++) {
			int m = diff_vals(d->name, id, r, adp_range_fields,
					  &cur->range[r], &want->range[r],
					  &req->range[r]);

			req->range_given[r] = m > 0;
			n += m;
		}
		d->prof_change[id] = n > 0;
		ap->changes += n;

		/* The profile as it will be, against the driver's rules. */
		overlay(&cur->v, &want->v);
		for (r = 0; r < ROCE_ADP_RANGES_MAX; r++)
			overlay(&cur->range[r], &want->range[r]);
		memset(&rp, 0, sizeof(rp));
		adp_profile_apply_vals(&rp, -1, adp_profile_fields, &cur->v);
		for (r = 0; r < ROCE_ADP_RANGES_MAX; r++)
			adp_profile_apply_vals(&rp, r, adp_range_fields,
					       &cur->range[r]);
		if (!radp_profile_check(id, &rp, &caps, &viol)) {
			print_error("%s: profile %d: %s", d->name, id, viol.msg);
			return -EINVAL;
		}
	}
	return 0;
}

static int write_dev(struct adp_ctx *ctx, struct apply_dev *d)
{
	struct adp_nl *nl = adp_ctx_nl(ctx);
	int id, ret;

	if (d->accl_change) {
		ret = adp_nl_request(nl, ROCE_ADP_CMD_ACCL_SET, 0,
				     accl_build_set, ignore_reply,
				     &d->accl_req);
		if (ret)
			return ret;
	}
	for (id = 1; id < APPLY_NPROF; id++) {
		if (!d->prof_change[id])
			continue;
		ret = adp_nl_request(nl, ROCE_ADP_CMD_PROFILE_SET, 0,
				     profile_build_set, ignore_reply,
				     &d->prof_req[id]);
		if (ret)
			return ret;
	}
	return 0;
}

static int apply_run(struct adp_ctx *ctx, struct apply *ap)
{
	struct dev_list l = { }, present = { };
	struct apply_want *all = NULL;
	int i, j, ret;

	if (!adp_ctx_nl(ctx))
		return ADP_EXIT_FAIL;
	/* The devices with ROCE_ACCL, each once, in the kernel's order. */
	ret = adp_nl_request(adp_ctx_nl(ctx), ROCE_ADP_CMD_ACCL_GET,
			     NLM_F_DUMP, NULL, list_dev, &present);
	for (i = 0; i < ap->n && !ret; i++) {
		if (!ap->want[i].dev[0]) {
			all = &ap->want[i];
			continue;
		}
		for (j = 0; j < present.n; j++)
			if (!strcmp(present.v[j].name, ap->want[i].dev))
				break;
		/* It may come later: its udev rule applies the files then. */
		if (j == present.n)
			print_warning("%s: no such device with ROCE_ACCL, skipped",
				      ap->want[i].dev);
	}
	for (i = 0; i < present.n && !ret; i++) {
		for (j = 0; j < ap->n; j++)
			if (!strcmp(ap->want[j].dev, present.v[i].name))
				break;
		if (all || j < ap->n)
			ret = dev_list_add(&l, present.v[i].name);
	}
	free(present.v);
	if (ret)
		goto out;
	for (i = 0; i < l.n; i++) {
		struct apply_want *w;
		int j;

		if (all)
			want_merge(&l.v[i].want, all);
		for (j = 0; j < ap->n; j++) {
			w = &ap->want[j];
			if (w->dev[0] && !strcmp(w->dev, l.v[i].name))
				want_merge(&l.v[i].want, w);
		}
	}

	open_json_object(NULL);
	print_bool(PRINT_JSON, "check", NULL, ap->check);
	open_json_array("changes");
	for (i = 0; i < l.n && !ret; i++)
		ret = plan_dev(ctx, ap, &l.v[i]);
	close_json_array();
	/* Nothing is written unless every device could be planned. */
	if (!ret && !ap->check)
		for (i = 0; i < l.n && !ret; i++)
			ret = write_dev(ctx, &l.v[i]);
	print_bool(PRINT_JSON, "changed", NULL, !ret && ap->changes);
	close_json_object();
	if (!ret && !ap->changes)
		print_string(PRINT_FP, NULL, "%s\n", "no changes");
	else if (!ret && ap->check)
		print_uint(PRINT_FP, NULL, "%u changes to make (--check: nothing written)\n",
			   ap->changes);
	else if (!ret)
		print_uint(PRINT_FP, NULL, "%u changes made\n", ap->changes);
out:
	free(l.v);
	if (ret)
		return ADP_EXIT_FAIL;
	return ap->changes ? ADP_EXIT_CHANGED : ADP_EXIT_OK;
}

static int apply(struct adp_ctx *ctx, int argc, char **argv)
{
	struct apply *ap;
	int i, npaths = 0, ret = 0;

	ap = calloc(1, sizeof(*ap));
	if (!ap) {
		print_error("out of memory");
		return ADP_EXIT_FAIL;
	}
	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--check") || !strcmp(argv[i], "-c"))
			ap->check = true;
		else if (argv[i][0] == '-' && argv[i][1])
			ret = adp_usage_error(ctx, "unknown option \"%s\"",
					      argv[i]);
		else
			npaths++;
		if (ret)
			goto out;
	}
	if (!npaths) {
		ret = adp_usage_error(ctx, "missing argument \"PATH\"");
		goto out;
	}
	for (i = 0; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1])
			continue;
		if (parse_path(ap, argv[i])) {
			ret = ADP_EXIT_FAIL;
			goto out;
		}
	}
	ret = apply_run(ctx, ap);
out:
	free(ap);
	return ret;
}

static void apply_details(FILE *fp)
{
	fputs("\nPATH is a file, or a directory whose *.conf files are read in name\n"
	      "order (a later setting of a field wins).  A file holds sections:\n"
	      "\n"
	      "  [all]                    enables of every device with ROCE_ACCL\n"
	      "  [dev DEV]                enables of DEV (over [all])\n"
	      "  [all profile N]          profile N of every device\n"
	      "  [dev DEV profile N]      profile N of DEV (over [all profile N])\n"
	      "\n"
	      "and in them lines \"FIELD VALUE [FIELD VALUE]...\" (PRM names, as\n"
	      "\"accl set\" and \"profile set\" take them) or, in a profile section,\n"
	      "\"range I RANGE_FIELD VALUE...\"; \"#\" starts a comment.  Fields\n"
	      "left out are left as they are.  A [dev DEV] whose device is not\n"
	      "there (yet) is skipped with a warning.\n"
	      "\n"
	      "Prints each difference as \"DEV[ profile N]: FIELD CURRENT -> DESIRED\",\n"
	      "then writes only those fields: one accl-set per device, one\n"
	      "profile-set per profile.  Every resulting profile is checked with\n"
	      "the driver's rules first; if any device fails, nothing is written.\n"
	      "  --check, -c   print the differences, write nothing\n"
	      "\n"
	      "Exit status: 0 nothing to change, 3 changed (with --check: would\n"
	      "change), 1 error (nothing written if found before writing), 2 usage.\n",
	      fp);
}

const struct adp_cmd apply_cmds[] = {
	{
		.name = "apply",
		.func = apply,
		.help = "bring devices to the state configuration files give",
		.usage = "PATH... [--check]",
		.details = apply_details,
	},
	{ }
};
