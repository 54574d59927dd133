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
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <json-c/json.h>
#include <netlink/genl/genl.h>

#include "adpctl.h"
#include "profile_src.h"
#include "radp_json.h"

#define APPLY_NPROF	(ROCE_ADP_PROFILE_ID_MAX + 1)
#define APPLY_MAX_SECT	64

/* What one section ([all], [dev X], [... profile N]) asks for. */
struct apply_want {
	char dev[ROCE_ADP_DEV_NAME_LEN];	/* "" for [all] */
	bool has_accl;
	struct adp_vals accl;
	bool has_prof[APPLY_NPROF];
	struct adp_profile prof[APPLY_NPROF];	/* v without the id */
};

struct apply {
	struct apply_want want[APPLY_MAX_SECT];	/* [0] is [all] */
	int n;
	bool check;
	bool quiet;		/* metrics: count the changes, print nothing */
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

/* The "ENABLE VALUE" pairs of a line of an [all] or [dev X] section. */
static int take_enables(const char *where, struct adp_vals *vals, char **w,
			int n)
{
	const struct adp_field *f;
	char expect[96];
	int i;

	for (i = 0; i < n; i += 2) {
		f = adp_field_find(adp_accl_fields, w[i]);
		if (!f) {
			print_error("%s: unknown enable \"%s\"", where, w[i]);
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

/*
 * A line of a profile section: the words of "profile set" (radp_words.h),
 * less the id, which is the section's; a line closes its "range I" group.
 */
static int take_profile_words(const char *where, struct adp_words *pw,
			      char **w, int n)
{
	const struct adp_field *f;
	struct adp_words_err e;
	const char *value;
	uint32_t v;
	int i, ret;

	adp_words_close(pw);
	for (i = 0; i < n; i += 2) {
		value = i + 1 < n ? w[i + 1] : NULL;
		f = adp_field_find(adp_profile_fields, w[i]);
		if (!strcmp(w[i], "id") || (f && f->attr == ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID)) {
			print_error("%s: unknown profile field \"%s\"", where, w[i]);
			return -EINVAL;
		}
		if (!strcmp(w[i], "range") &&
		    (!value || adp_field_value(&adp_range_index_field, value, &v)))
			goto bad_range;
		ret = adp_words_take(pw, w[i], value, &e);
		if (ret == ADP_WORDS_OTHER) {
			print_error("%s: unknown %s \"%s\"", where,
				    pw->group < 0 ? "profile field" : "range field",
				    w[i]);
			return -EINVAL;
		}
		if (ret == ADP_WORDS_ERROR) {
			print_error("%s: %s", where, e.msg);
			return -EINVAL;
		}
	}
	if (!adp_words_check(pw, &e))
		return 0;
bad_range:
	print_error("%s: \"range\" takes an index 0..%d and its fields", where,
		    ROCE_ADP_RANGES_MAX - 1);
	return -EINVAL;
}

/*
 * "[all]", "[dev X]", "[all profile N]" or "[dev X profile N]": the words
 * of a line whose first starts with '['; the last must end with ']'.
 */
static int parse_section(struct apply *ap, const char *where, char **words,
			 int nwords, struct apply_want **cur, int *prof)
{
	char *w[4], *end, *last = words[nwords - 1];
	size_t len = strlen(last);
	int n = 0, i = 0, k;
	unsigned long id;

	*prof = -1;
	if (last[len - 1] != ']')
		goto bad;
	last[len - 1] = '\0';
	for (k = 0; k < nwords; k++) {
		char *word = k ? words[k] : words[k] + 1;

		if (strpbrk(word, "[]"))
			goto bad;
		if (*word && n == (int)ARRAY_SIZE(w))
			goto bad;
		if (*word)
			w[n++] = word;
	}
	if (n >= 1 && !strcmp(w[0], "all")) {
		*cur = want_get(ap, "");
		ap->any_all = true;
		i = 1;
	} else if (n >= 2 && !strcmp(w[0], "dev") &&
		   strlen(adp_dev_resolve(w[1])) < ROCE_ADP_DEV_NAME_LEN) {
		/* named as anywhere else: 03:00.0, pci/..., mlx5_0 */
		*cur = want_get(ap, adp_dev_resolve(w[1]));
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

/*
 * An [all profile N] or [dev X profile N] section's words go to a profile
 * of their own, laid over the one the file wants when the section ends: a
 * field given twice in a section is an error, a later section wins.
 */
static int parse_conf(struct apply *ap, const char *path, char *text)
{
	struct apply_want *cur = NULL;
	char where[512], *w[64];
	int prof = -1, n, ret = 0;
	struct adp_profile sect;
	struct adp_wordfile f;
	struct adp_words pw;

	adp_wordfile_init(&f, text);
	while (!ret && (n = adp_wordfile_line(&f, w, ARRAY_SIZE(w))) != 0) {
		snprintf(where, sizeof(where), "%s:%u", path, f.line);
		if (n < 0) {
			print_error("%s: more than %zu words on a line", where,
				    ARRAY_SIZE(w));
			ret = -EINVAL;
		} else if (w[0][0] == '[') {
			if (prof > 0)
				adp_profile_overlay(&cur->prof[prof], &sect);
			ret = parse_section(ap, where, w, n, &cur, &prof);
			adp_words_init(&pw, &sect);
		} else if (!cur) {
			print_error("%s: a setting before the first section", where);
			ret = -EINVAL;
		} else if (prof < 0) {
			ret = take_enables(where, &cur->accl, w, n);
			cur->has_accl = true;
		} else {
			ret = take_profile_words(where, &pw, w, n);
		}
	}
	if (!ret && prof > 0)
		adp_profile_overlay(&cur->prof[prof], &sect);
	return ret;
}

/* A PROFILE of a device's "profiles" (on line): its id says which. */
static int json_profile(struct adp_json_doc *d, struct json_object *obj,
			unsigned int line, struct apply_want *w,
			struct adp_json_err *e)
{
	struct adp_profile p;
	uint32_t id;
	int ret;

	ret = adp_json_profile(d, obj, line, &p, e);
	if (ret)
		return ret;
	if (!adp_profile_take_id(&p, &id) || id < 1 ||
	    id > ROCE_ADP_PROFILE_ID_MAX)
		return adp_json_error(e, d, line, "a profile needs \"adp_retx_profile_id\" 1..%d",
				      ROCE_ADP_PROFILE_ID_MAX);
	adp_profile_overlay(&w->prof[id], &p);
	w->has_prof[id] = true;
	return 0;
}

/*
 * A DEVICE of "devices", or with all the "all" member (no "dev"), on
 * line; its members in document order, so that each is found on its line.
 */
static int json_dev(struct apply *ap, struct adp_json_doc *d,
		    struct json_object *obj, unsigned int line, bool all,
		    struct adp_json_err *e)
{
	struct json_object_iterator it, end;
	struct json_object *name = NULL, *m;
	struct apply_want *w;
	const char *key;
	unsigned int at;
	size_t i;
	int ret = 0;

	if (!all && (!json_object_is_type(obj, json_type_object) ||
		     !json_object_object_get_ex(obj, "dev", &name) ||
		     !json_object_is_type(name, json_type_string) ||
		     json_object_get_string_len(name) >= ROCE_ADP_DEV_NAME_LEN))
		return adp_json_error(e, d, line, "a device needs \"dev\", its name");
	if (!json_object_is_type(obj, json_type_object))
		return adp_json_error(e, d, line, "a device must be an object, not %s",
				      adp_json_type_str(obj));
	w = want_get(ap, all ? "" : json_object_get_string(name));
	if (!w)
		return adp_json_error(e, d, line, "more than %d devices",
				      APPLY_MAX_SECT);
	ap->any_all |= all;
	w->has_accl = true;
	it = json_object_iter_begin(obj);
	end = json_object_iter_end(obj);
	for (; !ret && !json_object_iter_equal(&it, &end);
	     json_object_iter_next(&it)) {
		key = json_object_iter_peek_name(&it);
		m = json_object_iter_peek_value(&it);
		if (!all && !strcmp(key, "dev")) {
			adp_json_key_line(d, key);
			continue;
		}
		if (strcmp(key, "profiles")) {
			ret = adp_json_member(d, key, m, adp_accl_fields,
					      &w->accl, "a device", e);
			continue;
		}
		at = adp_json_key_line(d, key);
		if (!json_object_is_type(m, json_type_array))
			return adp_json_error(e, d, at, "\"profiles\" must be an array");
		for (i = 0; i < json_object_array_length(m) && !ret; i++)
			ret = json_profile(d, json_object_array_get_idx(m, i),
					   at, w, e);
	}
	return ret;
}

/* The array of devices (on line). */
static int json_devs(struct apply *ap, struct adp_json_doc *d,
		     struct json_object *devs, unsigned int line,
		     struct adp_json_err *e)
{
	size_t i;
	int ret = 0;

	if (!json_object_is_type(devs, json_type_array))
		return adp_json_error(e, d, line, "\"devices\" must be an array");
	for (i = 0; i < json_object_array_length(devs) && !ret; i++)
		ret = json_dev(ap, d, json_object_array_get_idx(devs, i), line,
			       false, e);
	return ret;
}

/*
 * The JSON form ("adpctl -j config export"): {"all": DEVICE, "devices":
 * [DEVICE...]} or just the array of devices, where a DEVICE is {"dev":
 * NAME, ENABLE: VALUE..., "profiles": [PROFILE...]} ("dev" only in
 * "devices") and a PROFILE is what radp_json.h reads.  Any member may be
 * left out: what is not given is left as it is.
 */
static int parse_json(struct apply *ap, const char *file, const char *text)
{
	struct json_object_iterator it, end;
	struct adp_json_err e;
	struct adp_json_doc d;
	const char *key;
	unsigned int at;
	int ret;

	ret = adp_json_open(&d, file, text, strlen(text), &e);
	if (ret)
		goto out;
	if (!json_object_is_type(d.root, json_type_object)) {
		ret = json_devs(ap, &d, d.root, 1, &e);
		goto out;
	}
	it = json_object_iter_begin(d.root);
	end = json_object_iter_end(d.root);
	for (; !ret && !json_object_iter_equal(&it, &end);
	     json_object_iter_next(&it)) {
		key = json_object_iter_peek_name(&it);
		at = adp_json_key_line(&d, key);
		if (!strcmp(key, "all"))
			ret = json_dev(ap, &d, json_object_iter_peek_value(&it),
				       at, true, &e);
		else if (!strcmp(key, "devices"))
			ret = json_devs(ap, &d, json_object_iter_peek_value(&it),
					at, &e);
		else
			ret = adp_json_error(&e, &d, at, "unknown member \"%s\": expected \"all\" or \"devices\"",
					     key);
	}
out:
	adp_json_close(&d);
	if (ret)
		print_error("%s", e.msg);
	return ret;
}

static bool has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(name), m = strlen(suffix);

	return n > m && !strcmp(name + n - m, suffix);
}

/* A file, or "-" for standard input: JSON when "*.json" or it starts with '{'. */
static int parse_file(struct apply *ap, const char *path)
{
	const char *file, *s;
	size_t len;
	char *text;
	int ret;

	if (adp_file_read(path, &file, &text, &len))
		return -EINVAL;
	for (s = text; isspace((unsigned char)*s); s++)
		;
	if (has_suffix(path, ".json") || *s == '{')
		ret = parse_json(ap, file, text);
	else
		ret = parse_conf(ap, file, text);
	free(text);
	return ret;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory: its *.conf and *.json files in name order, later ones win. */
static int parse_path(struct apply *ap, const char *path)
{
	char **names = NULL, full[4096];
	struct dirent *de;
	struct stat st;
	size_t n = 0, i;
	int ret = 0;
	DIR *d;

	if (!strcmp(path, "-") || stat(path, &st) || !S_ISDIR(st.st_mode))
		return parse_file(ap, path);
	d = opendir(path);
	if (!d) {
		print_error("cannot open %s: %s", path, strerror(errno));
		return -errno;
	}
	while ((de = readdir(d))) {
		if (!has_suffix(de->d_name, ".conf") &&
		    !has_suffix(de->d_name, ".json"))
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
	struct adp_profile cur[APPLY_NPROF];
	struct accl_req accl_req;
	struct profile_req prof_req[APPLY_NPROF];
	bool accl_change, prof_change[APPLY_NPROF];
	uint32_t get_id;			/* of the profile-get being sent */
	bool roce_accl;				/* dev-get: it has ROCE_ACCL */
	int error;				/* dev-get: it could not be read */
	int changes;				/* planned for it */
};

static void want_merge(struct apply_want *to, const struct apply_want *from)
{
	int i;

	to->has_accl |= from->has_accl;
	adp_vals_overlay(&to->accl, &from->accl);
	for (i = 0; i < APPLY_NPROF; i++) {
		if (!from->has_prof[i])
			continue;
		to->has_prof[i] = true;
		adp_profile_overlay(&to->prof[i], &from->prof[i]);
	}
}

/* What the files want of d: [all], then [dev D] over it. */
static void want_for(const struct apply *ap, struct apply_dev *d)
{
	int i;

	for (i = 0; i < ap->n; i++)
		if (!ap->want[i].dev[0])
			want_merge(&d->want, &ap->want[i]);
	for (i = 0; i < ap->n; i++)
		if (ap->want[i].dev[0] && !strcmp(ap->want[i].dev, d->name))
			want_merge(&d->want, &ap->want[i]);
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
	struct adp_profile p;
	struct nlattr *a;
	int rem;

	nla_for_each_attr(a, genlmsg_attrdata(gnlh, 0),
			  genlmsg_attrlen(gnlh, 0), rem) {
		if (nla_type(a) != ROCE_ADP_A_PROFILE)
			continue;
		if (profile_decode(a, &p))
			return -EBADMSG;
		if (p.v.v[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] < APPLY_NPROF)
			d->cur[p.v.v[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]] = p;
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
	v = adp_grow(l->v, l->n, sizeof(*v));
	if (!v)
		return -ENOMEM;
	l->v = v;
	snprintf(v[l->n].name, sizeof(v[0].name), "%s", name);
	l->n++;
	return 0;
}

static int list_dev(const struct adp_nl_msg *msg, void *arg)
{
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);

	return name ? dev_list_add(arg, name) : 0;
}

/* A device of the dev-get dump: whether it has ROCE_ACCL, or its error. */
static int list_dev_get(const struct adp_nl_msg *msg, void *arg)
{
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);
	struct dev_list *l = arg;
	struct apply_dev *d;
	int ret;

	if (!name)
		return 0;
	ret = dev_list_add(l, name);
	if (ret)
		return ret;
	for (d = l->v; strcmp(d->name, name); d++)
		;
	d->error = adp_nl_dev_error(msg);
	d->roce_accl = msg->tb[ROCE_ADP_A_DEV_ROCE_ACCL] &&
		       nla_get_u8(msg->tb[ROCE_ADP_A_DEV_ROCE_ACCL]);
	return 0;
}

static void print_change(const char *dev, int prof, int range,
			 const struct adp_field *f, uint32_t from, uint32_t to)
{
	char a[32], b[32], key[64];

	if (range >= 0)
		snprintf(key, sizeof(key), "timeout_range[%d].%s", range,
			 adp_field_key(f));
	else
		snprintf(key, sizeof(key), "%s", adp_field_key(f));
	open_json_object(NULL);
	print_string(PRINT_ANY, "dev", "%s", dev);
	if (prof >= 0)
		print_uint(PRINT_ANY, "profile", " profile %u", prof);
	print_string(PRINT_ANY, "field", ": %s", key);
	print_enum_val(PRINT_ANY, "before", " %s", from,
		       adp_field_str(f, from, a, sizeof(a)));
	print_enum_val(PRINT_ANY, "after", " -> %s\n", to,
		       adp_field_str(f, to, b, sizeof(b)));
	close_json_object();
}

/* Fields of want that differ from cur go into req; returns how many. */
static int diff_vals(const struct apply *ap, const char *dev, int prof,
		     int range, const struct adp_field *fields,
		     const struct adp_vals *cur,
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
		if (!ap->quiet)
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
	char val[32];

	ret = adp_nl_request(nl, ROCE_ADP_CMD_ACCL_GET, 0, build_accl_get,
			     read_accl, d);
	if (ret)
		return ret;
	if (d->want.has_accl) {
		for (f = adp_accl_fields; f->attr; f++)
			if (d->want.accl.has[f->attr] &&
			    d->conf.has[f->attr] && !d->conf.v[f->attr] &&
			    d->accl.v[f->attr] != d->want.accl.v[f->attr]) {
				print_error("%s: %s is not configurable on this device (fixed at %s)",
					    d->name, adp_field_key(f),
					    adp_field_str(f, d->accl.v[f->attr],
							  val, sizeof(val)));
				return -EPERM;
			}
		d->accl_req.dev = d->name;
		n = diff_vals(ap, d->name, -1, -1, adp_accl_fields, &d->accl,
			      &d->want.accl, &d->accl_req.accl);
		d->accl_change = n > 0;
		ap->changes += n;
	}
	caps = (struct radp_caps) { };
	adp_caps_apply_vals(&caps, &d->caps);
	for (id = 1; id < APPLY_NPROF; id++) {
		struct profile_req *req = &d->prof_req[id];
		struct adp_profile *want = &d->want.prof[id], *cur = &d->cur[id];

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
		req->p.v.v[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] = id;
		req->p.v.has[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] = true;
		n = diff_vals(ap, d->name, id, -1, adp_profile_fields, &cur->v,
			      &want->v, &req->p.v);
		for (r = 0; r < ROCE_ADP_RANGES_MAX; r++) {
			int m = diff_vals(ap, d->name, id, r, adp_range_fields,
					  &cur->range[r], &want->range[r],
					  &req->p.range[r]);

			req->p.has_range[r] = m > 0;
			n += m;
		}
		d->prof_change[id] = n > 0;
		ap->changes += n;

		/* The profile as it will be, against the driver's rules. */
		adp_profile_overlay(cur, want);
		memset(&rp, 0, sizeof(rp));
		adp_profile_to_radp(cur, &rp);
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

/* Is d one the files name, or [all] there? */
static bool wanted(const struct apply *ap, const struct apply_dev *d)
{
	int i;

	for (i = 0; i < ap->n; i++)
		if (!ap->want[i].dev[0] || !strcmp(ap->want[i].dev, d->name))
			return true;
	return false;
}

/*
 * Every device the files name (or all with [all]), each on its own: a
 * device that cannot be read, planned or written is told ("Error: DEV:
 * ...") and left as it is, and the others are still configured.
 */
static int apply_run(struct adp_ctx *ctx, struct apply *ap)
{
	struct dev_list l = { };
	struct apply_dev *d;
	char summary[64];
	int i, j, ret, failed = 0, told = 0, made = 0;

	if (!adp_ctx_nl(ctx))
		return ADP_EXIT_FAIL;
	/*
	 * The devices from dev-get, which needs no firmware: one that is
	 * resetting is still listed, and then fails alone.
	 */
	ret = adp_nl_request(adp_ctx_nl(ctx), ROCE_ADP_CMD_DEV_GET,
			     NLM_F_DUMP, NULL, list_dev_get, &l);
	for (i = 0; i < ap->n && !ret; i++) {
		if (!ap->want[i].dev[0])
			continue;
		for (j = 0; j < l.n; j++)
			if (!strcmp(l.v[j].name, ap->want[i].dev) &&
			    (l.v[j].roce_accl || l.v[j].error))
				break;
		/* It may come later: its udev rule applies the files then. */
		if (j == l.n)
			print_warning("%s: no such device with ROCE_ACCL, skipped",
				      ap->want[i].dev);
	}
	if (ret)
		goto out;
	for (i = 0; i < l.n; i++)
		want_for(ap, &l.v[i]);

	open_json_object(NULL);
	print_bool(PRINT_JSON, "check", NULL, ap->check);
	open_json_array("changes");
	for (i = 0; i < l.n; i++) {
		d = &l.v[i];
		if ((!d->roce_accl && !d->error) || !wanted(ap, d))
			continue;
		if (d->error) {
			print_error("%s: %s", d->name, strerror(d->error));
			failed++;
			told++;
			continue;
		}
		j = ap->changes;
		adp_nl_err_dev(adp_ctx_nl(ctx), d->name, 0);
		d->error = plan_dev(ctx, ap, d) ? -1 : 0;
		d->changes = ap->changes - j;
		ap->changes = j + (d->error ? 0 : d->changes);
		failed += !!d->error;
	}
	close_json_array();
	for (i = 0; i < l.n && !ap->check; i++) {
		d = &l.v[i];
		if (d->error || !d->changes)
			continue;
		adp_nl_err_dev(adp_ctx_nl(ctx), d->name, 0);
		if (write_dev(ctx, d)) {
			d->error = -1;
			failed++;
		} else {
			made += d->changes;
		}
	}
	adp_nl_err_dev(adp_ctx_nl(ctx), NULL, 0);
	if (!ap->check)
		ap->changes = made;
	/* The text's last line says what changed or would. */
	if (!ap->changes)
		snprintf(summary, sizeof(summary), "no changes");
	else
		snprintf(summary, sizeof(summary), ap->check ?
			 "%u changes to make (--check: nothing written)" :
			 "%u changes made", ap->changes);
	print_bool_str(PRINT_ANY, "changed",
		       !ap->changes && failed ? NULL : "%s\n",
		       ap->changes, summary, summary);
	/* The devices left as they were, each told on stderr. */
	if (failed) {
		open_json_array("failed");
		for (i = 0; i < l.n; i++)
			if (l.v[i].error)
				print_string(PRINT_JSON, NULL, NULL,
					     l.v[i].name);
		close_json_array();
	}
	close_json_object();
out:
	free(l.v);
	/* A device the kernel told in band failed in the kernel too. */
	if (told)
		return ADP_EXIT_KERNEL;
	if (ret || failed)
		return ADP_EXIT_FAIL;
	return ap->changes ? ADP_EXIT_CHANGED : ADP_EXIT_OK;
}

struct apply *apply_load(const char *path)
{
	struct apply *ap = calloc(1, sizeof(*ap));

	if (!ap) {
		print_error("out of memory");
		return NULL;
	}
	ap->quiet = true;
	if (parse_path(ap, path)) {
		free(ap);
		return NULL;
	}
	return ap;
}

int apply_dev_changes(struct adp_ctx *ctx, struct apply *ap, const char *dev)
{
	struct apply_dev *d;
	int ret;

	if (!adp_ctx_nl(ctx))
		return -ENOTCONN;
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	snprintf(d->name, sizeof(d->name), "%s", dev);
	want_for(ap, d);
	ap->changes = 0;
	adp_nl_err_dev(adp_ctx_nl(ctx), dev, 0);
	ret = plan_dev(ctx, ap, d);
	adp_nl_err_dev(adp_ctx_nl(ctx), NULL, 0);
	free(d);
	return ret ? ret : ap->changes;
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
	      "the driver's rules first.  Each device stands alone: one that cannot\n"
	      "be read (e.g. in a firmware reset), breaks a rule or refuses a write\n"
	      "is told as \"Error: DEV: MESSAGE.\" and nothing more is written to it,\n"
	      "and the other devices are still configured (-j: \"failed\" lists it).\n"
	      "  --check, -c   print the differences, write nothing\n"
	      "\n"
	      "Exit status: 0 nothing to change, 3 changed (with --check: would\n"
	      "change), 1 usage or file error (nothing written) or a device broke\n"
	      "a rule, 2 the kernel failed a device (could not read it, or refused\n"
	      "a write); a failed device wins over 3.\n",
	      fp);
}

ADP_CMD_TABLE(apply_cmds, ADP_APPLY_CMDS);

/*
 * "config export [dev DEV]": what apply takes, from the devices.  JSON:
 * {"devices": [{"dev": .., ENABLE: .., "profiles": [..]}]}, the enables
 * as "accl show -j" and the profiles 1..profile_max_id as "profile show
 * -j" print them; text: the same as a configuration file.
 */
static int export_dev(struct adp_nl *nl, struct apply_dev *d)
{
	struct profile_style export = { .lead = "", .end = "\n" };
	char head[2 * ROCE_ADP_DEV_NAME_LEN + 32];
	char before[ROCE_ADP_DEV_NAME_LEN + 16];
	uint32_t id, max;
	int ret;

	ret = adp_nl_request(nl, ROCE_ADP_CMD_ACCL_GET, 0, build_accl_get,
			     read_accl, d);
	if (ret)
		return ret;
	open_json_object(NULL);
	print_string(PRINT_ANY, "dev", "[dev %s]\n", d->name);
	adp_vals_print_words(adp_accl_fields, &d->accl, "%s %s", -1);
	print_nl();
	open_json_array("profiles");
	max = d->caps.v[ROCE_ADP_A_CAPS_PROFILE_MAX_ID];
	for (id = 1; id <= max && id < APPLY_NPROF && !ret; id++) {
		d->get_id = id;
		ret = adp_nl_request(nl, ROCE_ADP_CMD_PROFILE_GET, 0,
				     build_prof_get, read_profile, d);
		if (ret || !d->cur[id].v.has[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID])
			continue;
		snprintf(before, sizeof(before), "\n[dev %s profile ", d->name);
		export.head = profile_head_fmt(head, sizeof(head), before,
					       "]\n");
		profile_print(NULL, &d->cur[id], &export);
	}
	close_json_array();
	close_json_object();
	print_nl();
	return ret;
}

static int config_export(struct adp_ctx *ctx, int argc, char **argv)
{
	const char *dev = NULL;
	struct adp_arg args[] = {
		{ ADP_ARG_DEV(&dev), .positional = true },
		{ }
	};
	struct dev_list l = { };
	int i, ret;

	ret = adp_parse_args(ctx, args, argc, argv);
	if (ret)
		return ret;
	if (!adp_ctx_nl(ctx))
		return ADP_EXIT_FAIL;
	if (dev)
		ret = dev_list_add(&l, dev);
	else
		ret = adp_nl_request(adp_ctx_nl(ctx), ROCE_ADP_CMD_ACCL_GET,
				     NLM_F_DUMP, NULL, list_dev, &l);
	if (!ret) {
		open_json_object(NULL);
		open_json_array("devices");
		for (i = 0; i < l.n && !ret; i++)
			ret = export_dev(adp_ctx_nl(ctx), &l.v[i]);
		close_json_array();
		close_json_object();
	}
	free(l.v);
	return ret ? ADP_EXIT_FAIL : ADP_EXIT_OK;
}

static void config_export_details(FILE *fp)
{
	fputs("\nPrints the enables and the writable profiles (1..profile_max_id) of\n"
	      "every device with ROCE_ACCL, or of DEV, as \"adpctl apply\" takes them:\n"
	      "with -j one JSON document {\"devices\": [{\"dev\": DEV, ENABLE: VALUE...,\n"
	      "\"profiles\": [PROFILE...]}]} (a PROFILE as \"profile show -j\" prints\n"
	      "it), else a configuration file of [dev DEV] and [dev DEV profile N]\n"
	      "sections.  Saved as FILE.json (or .conf) it is a file for apply; on\n"
	      "a host with the same devices \"apply --check FILE\" finds nothing to\n"
	      "change.\n", fp);
}

ADP_CMD_TABLE(config_cmds, ADP_CONFIG_CMDS);
