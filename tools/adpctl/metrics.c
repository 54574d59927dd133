// SPDX-License-Identifier: GPL-2.0
/*
 * "adpctl metrics [--textfile DIR] [--config PATH]": the configuration
 * state of every device in the Prometheus text format, for node_exporter's
 * textfile collector (Documentation/fleet.rst lists the series).  With
 * --textfile the page goes to DIR/roce_adp.prom, written to a temporary
 * file in DIR and renamed over it, so that a scrape never sees half of it.
 * Counters of the NIC (hw_counters) are node_exporter's own: not here.
 *
 * Each device stands alone: one that cannot be read is roce_adp_device_up
 * 0 with no series but device_info, the others are all there.  A run that cannot
 * list the devices at all still writes its page, roce_adp_up 0 alone, so
 * that the file never keeps series older than the last run.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <netlink/genl/genl.h>

#include "adpctl.h"
#include "histogram.h"
#include "prom.h"

#define METRICS_FILE	"roce_adp.prom"
#define METRICS_CONFIG	"/etc/roce_adp"

struct metrics_dev {
	char name[ROCE_ADP_DEV_NAME_LEN];
	bool has_info;			/* dev-get read it */
	bool roce_accl;
	int error;			/* positive errno: it could not be read */
	bool inband;			/* error from a dump, not yet told */
	const char *backend;		/* a name of the spec, or NULL */
	char fw[64];
	bool has_restore;
	uint32_t restore[ROCE_ADP_A_RESTORE_MAX + 1];
	uint64_t restore_time;
	bool has_accl;
	struct adp_vals accl;
	bool has_active;
	uint32_t active;
	int changes;			/* apply --check; < 0: cannot say */
};

struct metrics {
	struct metrics_dev *v;
	int n;
	struct hist_list hist;		/* the devices with a histogram */
};

static struct metrics_dev *metrics_dev(struct metrics *m, const char *name)
{
	struct metrics_dev *v;
	int i;

	for (i = 0; i < m->n; i++)
		if (!strcmp(m->v[i].name, name))
			return &m->v[i];
	v = adp_grow(m->v, m->n, sizeof(*v));
	if (!v)
		return NULL;
	m->v = v;
	v = &m->v[m->n++];
	snprintf(v->name, sizeof(v->name), "%s", name);
	return v;
}

static int read_dev(const struct adp_nl_msg *msg, void *arg)
{
	struct nlattr *r[ROCE_ADP_A_RESTORE_MAX + 1], **tb = msg->tb;
	const char *name = adp_nl_str(tb[ROCE_ADP_A_DEV_NAME]);
	struct metrics_dev *d;
	uint32_t backend;
	int i;

	if (!name)
		return 0;
	d = metrics_dev(arg, name);
	if (!d)
		return -ENOMEM;
	d->error = adp_nl_dev_error(msg);
	d->inband = d->error;
	if (d->error)
		return 0;
	d->has_info = true;
	d->roce_accl = tb[ROCE_ADP_A_DEV_ROCE_ACCL] &&
		       nla_get_u8(tb[ROCE_ADP_A_DEV_ROCE_ACCL]);
	if (tb[ROCE_ADP_A_DEV_BACKEND]) {
		backend = nla_get_u32(tb[ROCE_ADP_A_DEV_BACKEND]);
		if (backend < ARRAY_SIZE(adp_backend_names))
			d->backend = adp_backend_names[backend];
	}
	snprintf(d->fw, sizeof(d->fw), "%s",
		 adp_nl_str(tb[ROCE_ADP_A_DEV_FW_VERSION]) ?: "");
	if (!tb[ROCE_ADP_A_RESTORE])
		return 0;
	if (nla_parse_nested(r, ROCE_ADP_A_RESTORE_MAX, tb[ROCE_ADP_A_RESTORE],
			     adp_restore_policy) < 0) {
		print_error("kernel reply with a malformed restore attribute");
		return -EBADMSG;
	}
	d->has_restore = true;
	for (i = 0; i <= ROCE_ADP_A_RESTORE_MAX; i++) {
		if (r[i] && adp_restore_policy[i].type == NLA_U8)
			d->restore[i] = nla_get_u8(r[i]);
		else if (r[i] && adp_restore_policy[i].type == NLA_U32)
			d->restore[i] = nla_get_u32(r[i]);
	}
	if (r[ROCE_ADP_A_RESTORE_TIME])
		d->restore_time = nla_get_u64(r[ROCE_ADP_A_RESTORE_TIME]);
	return 0;
}

static int read_accl(const struct adp_nl_msg *msg, void *arg)
{
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);
	struct metrics_dev *d;

	if (!name)
		return 0;
	d = metrics_dev(arg, name);
	if (!d)
		return -ENOMEM;
	if (!d->error) {
		d->error = adp_nl_dev_error(msg);
		d->inband = d->error;
	}
	if (d->error)
		return 0;
	if (msg->tb[ROCE_ADP_A_ACCL]) {
		d->has_accl = true;
		if (adp_vals_parse(adp_accl_fields, msg->tb[ROCE_ADP_A_ACCL],
				   &d->accl, "enables"))
			return -EBADMSG;
	}
	if (msg->tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]) {
		d->has_active = true;
		d->active = nla_get_u32(msg->tb[ROCE_ADP_A_ACTIVE_PROFILE_ID]);
	}
	return 0;
}

/* The RDMA device of a PCI function, from sysfs; "" when there is none. */
static void rdma_name(const char *pci, char *buf, size_t len)
{
	char path[128];
	struct dirent *de;
	DIR *d;

	*buf = '\0';
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/infiniband", pci);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.') {
			snprintf(buf, len, "%s", de->d_name);
			break;
		}
	closedir(d);
}

static void header(FILE *fp, const char *name, const char *type,
		   const char *help)
{
	fprintf(fp, "# HELP roce_adp_%s %s\n# TYPE roce_adp_%s %s\n", name,
		help, name, type);
}

static bool get_retrans(const struct metrics_dev *d, long long *v)
{
	*v = d->accl.v[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN];
	return d->has_accl && d->accl.has[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN];
}

static bool get_active(const struct metrics_dev *d, long long *v)
{
	*v = d->active;
	return d->has_active;
}

static bool get_match(const struct metrics_dev *d, long long *v)
{
	*v = d->changes == 0;
	return d->has_accl;
}

static bool get_drift(const struct metrics_dev *d, long long *v)
{
	*v = d->changes;
	return d->has_accl;
}

static bool get_restore_on(const struct metrics_dev *d, long long *v)
{
	*v = d->restore[ROCE_ADP_A_RESTORE_ENABLED];
	return d->has_restore;
}

static bool get_resets(const struct metrics_dev *d, long long *v)
{
	*v = d->restore[ROCE_ADP_A_RESTORE_RESETS];
	return d->has_restore;
}

static bool get_restore_time(const struct metrics_dev *d, long long *v)
{
	*v = d->restore_time;
	return d->has_restore && d->restore[ROCE_ADP_A_RESTORE_RESETS];
}

/* The series of one sample per device; config: only with a configuration. */
static const struct metrics_series {
	const char *name, *type, *help;
	bool (*get)(const struct metrics_dev *d, long long *v);
	bool config;
} metrics_series[] = {
	{ "retrans_enabled", "gauge",
	  "Whether adaptive retransmission (roce_adp_retrans_en) is on.",
	  get_retrans, false },
	{ "active_profile_id", "gauge",
	  "The adaptive retransmission profile in effect (0: the firmware's).",
	  get_active, false },
	{ "config_match", "gauge",
	  "Whether the device is as the configuration asks (apply --check finds nothing).",
	  get_match, true },
	{ "config_drift_fields", "gauge",
	  "Fields of the device that differ from the configuration (-1: cannot be checked).",
	  get_drift, true },
	{ "restore_enabled", "gauge",
	  "Whether the module restores the configuration after a firmware reset.",
	  get_restore_on, false },
	{ "firmware_resets_total", "counter",
	  "Firmware resets seen, each followed by a restore of the configuration.",
	  get_resets, false },
	{ "restore_last_timestamp_seconds", "gauge",
	  "When the last restore ran, in seconds since the epoch.",
	  get_restore_time, false },
	{ }
};

/* One sample per device for which t->get() gives a value. */
static void series(FILE *fp, const struct metrics *m,
		   const struct metrics_series *t)
{
	long long v;
	int i;

	header(fp, t->name, t->type, t->help);
	for (i = 0; i < m->n; i++) {
		if (m->v[i].error || !t->get(&m->v[i], &v))
			continue;
		fprintf(fp, "roce_adp_%s{", t->name);
		adp_prom_label(fp, "device", m->v[i].name, "} ");
		fprintf(fp, "%lld\n", v);
	}
}

static void write_state(FILE *fp, const struct metrics *m, int config)
{
	const struct metrics_series *t;
	const struct metrics_dev *d;
	char rdma[256];
	uint32_t o;
	int i;

	header(fp, "up", "gauge",
	       "Whether adpctl could list the devices of roce_adp (0: no other series).");
	fputs("roce_adp_up 1\n", fp);
	header(fp, "device_up", "gauge",
	       "Whether adpctl could read the device (0: no series of it but device_info).");
	for (i = 0; i < m->n; i++) {
		fputs("roce_adp_device_up{", fp);
		adp_prom_label(fp, "device", m->v[i].name, "} ");
		fprintf(fp, "%d\n", !m->v[i].error);
	}
	header(fp, "device_info", "gauge",
	       "Device known to roce_adp: backend, firmware, PCI and RDMA names.");
	for (i = 0; i < m->n; i++) {
		d = &m->v[i];
		if (!d->has_info)
			continue;
		fputs("roce_adp_device_info{", fp);
		adp_prom_label(fp, "device", d->name, ",");
		adp_prom_label(fp, "backend", d->backend ?: "unknown", ",");
		adp_prom_label(fp, "fw_version", d->fw, ",");
		rdma[0] = '\0';
		if (d->backend && !strcmp(d->backend, "mlx5"))
			rdma_name(d->name, rdma, sizeof(rdma));
		adp_prom_label(fp, "pci", d->backend && !strcmp(d->backend, "mlx5") ?
		      d->name : "", ",");
		adp_prom_label(fp, "rdma", rdma, "} 1\n");
	}
	for (t = metrics_series; t->name; t++) {
		if (t->config && config < 0)
			continue;
		if (!strcmp(t->name, "config_match")) {
			header(fp, "config_valid", "gauge",
			       "Whether the configuration could be read and checked.");
			fprintf(fp, "roce_adp_config_valid %d\n", config);
		}
		series(fp, m, t);
	}
	header(fp, "restore_last_outcome", "gauge",
	       "Outcome of the last restore: 1 for the outcome it had, 0 for the others.");
	for (i = 0; i < m->n; i++) {
		d = &m->v[i];
		if (!d->has_restore || d->error)
			continue;
		for (o = 0; o < ARRAY_SIZE(adp_restore_outcome_names); o++) {
			if (!adp_restore_outcome_names[o])
				continue;
			fputs("roce_adp_restore_last_outcome{", fp);
			adp_prom_label(fp, "device", d->name, ",");
			adp_prom_label(fp, "outcome", adp_restore_outcome_names[o], "} ");
			fprintf(fp, "%d\n",
				d->restore[ROCE_ADP_A_RESTORE_OUTCOME] == o);
		}
	}
	header(fp, "restore_last_duration_seconds", "gauge",
	       "How long the last restore took after the reset ended.");
	for (i = 0; i < m->n; i++) {
		d = &m->v[i];
		if (!d->has_restore || !d->restore[ROCE_ADP_A_RESTORE_RESETS] ||
		    d->error)
			continue;
		fputs("roce_adp_restore_last_duration_seconds{", fp);
		adp_prom_label(fp, "device", d->name, "} ");
		fprintf(fp, "%u.%06u\n",
			d->restore[ROCE_ADP_A_RESTORE_DURATION_US] / 1000000,
			d->restore[ROCE_ADP_A_RESTORE_DURATION_US] % 1000000);
	}
}

/* The configuration state, then the retransmission histograms. */
static void write_page(FILE *fp, const struct metrics *m, int config)
{
	write_state(fp, m, config);
	hist_prom_counters(fp, &m->hist);
}

/* The page to DIR/roce_adp.prom: a temporary file in DIR, renamed. */
static int write_textfile(const char *dir, const char *page, size_t len)
{
	char tmp[4096], path[4096];
	int fd, ret = 0;

	snprintf(path, sizeof(path), "%s/" METRICS_FILE, dir);
	snprintf(tmp, sizeof(tmp), "%s/." METRICS_FILE ".XXXXXX", dir);
	fd = mkstemp(tmp);
	if (fd < 0) {
		ret = -errno;
		print_error("cannot create a file in %s: %s", dir,
			    strerror(-ret));
		return ret;
	}
	if (write(fd, page, len) != (ssize_t)len || fchmod(fd, 0644) ||
	    fsync(fd))
		ret = errno ? -errno : -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (!ret)
		return 0;
	print_error("cannot write %s: %s", path, strerror(-ret));
	unlink(tmp);
	return ret;
}

/* config_valid: 1, 0 (cannot be read), -1 (path absent). */
static int check_config(struct adp_ctx *ctx, struct metrics *m,
			const char *path)
{
	struct apply *ap;
	struct stat st;
	int i;

	if (stat(path, &st) && errno == ENOENT)
		return -1;
	ap = apply_load(path);
	for (i = 0; i < m->n; i++)
		m->v[i].changes = ap && !m->v[i].error && m->v[i].has_accl ?
				  apply_dev_changes(ctx, ap, m->v[i].name) : -1;
	for (i = 0; i < m->n; i++)
		if (m->v[i].changes < 0)
			m->v[i].changes = -1;
	free(ap);
	return !!ap;
}

/* The device read_devices() asks about. */
static const char *asked_dev;

static int build_dev(struct nl_msg *msg, void *arg)
{
	(void)arg;
	return nla_put_string(msg, ROCE_ADP_A_DEV_NAME, asked_dev);
}

/* A histogram of the dump, or the error of its device (else lenient). */
static int read_hist(const struct adp_nl_msg *msg, void *arg)
{
	struct metrics *m = arg;
	const char *name = adp_nl_str(msg->tb[ROCE_ADP_A_DEV_NAME]);
	struct metrics_dev *d;

	if (name && adp_nl_dev_error(msg)) {
		d = metrics_dev(m, name);
		if (!d)
			return -ENOMEM;
		if (!d->error) {
			d->error = adp_nl_dev_error(msg);
			d->inband = true;
		}
		return 0;
	}
	return hist_collect(msg, &m->hist);
}

/* The histogram of device m->v[i] alone, for hist_collect(). */
static int read_hist_one(const struct adp_nl_msg *msg, void *arg)
{
	return hist_collect(msg, &((struct metrics *)arg)->hist);
}

/*
 * cmd as a dump of all devices: a device it cannot read is told in band.
 * A module that cannot say so fails the whole dump; then each device of
 * dev-get (with ROCE_ACCL if roce_accl, read so far) is asked alone, and
 * one that fails is marked, told as "Error: DEV: ...", unless its errno
 * is quiet (e.g. EOPNOTSUPP: no histogram).
 */
static void read_devices(struct adp_nl *nl, struct metrics *m, uint8_t cmd,
			 int (*dump)(const struct adp_nl_msg *, void *),
			 int (*one)(const struct adp_nl_msg *, void *),
			 bool roce_accl, int quiet)
{
	struct metrics_dev *d;
	int i, ret;

	adp_nl_err_dev(nl, NULL, -1);
	ret = adp_nl_request(nl, cmd, NLM_F_DUMP, NULL, dump, m);
	adp_nl_err_dev(nl, NULL, 0);
	if (!ret)
		return;
	if (cmd == ROCE_ADP_CMD_HISTOGRAM_GET)
		m->hist.n = 0;
	for (i = 0; i < m->n; i++) {
		d = &m->v[i];
		if (d->error || (roce_accl && !d->roce_accl))
			continue;
		adp_nl_err_dev(nl, d->name, quiet);
		asked_dev = d->name;
		ret = adp_nl_request(nl, cmd, 0, build_dev, one, m);
		if (ret && ret != -quiet)
			d->error = ret < 0 ? -ret : EIO;
	}
	adp_nl_err_dev(nl, NULL, 0);
}

/* Everything of every device; 0, or the error that left no device. */
static int read_all(struct adp_nl *nl, struct metrics *m)
{
	int ret;

	ret = adp_nl_request(nl, ROCE_ADP_CMD_DEV_GET, NLM_F_DUMP, NULL,
			     read_dev, m);
	if (ret)
		return ret;
	read_devices(nl, m, ROCE_ADP_CMD_ACCL_GET, read_accl, read_accl,
		     true, 0);
	read_devices(nl, m, ROCE_ADP_CMD_HISTOGRAM_GET, read_hist,
		     read_hist_one, false, EOPNOTSUPP);
	return 0;
}

static int metrics(struct adp_ctx *ctx, int argc, char **argv)
{
	const char *dir = NULL, *config = METRICS_CONFIG;
	struct adp_arg args[] = {
		{ .key = "--textfile", .type = ADP_ARG_STR, .val = &dir },
		{ .key = "--config", .type = ADP_ARG_STR, .val = &config },
		{ }
	};
	struct metrics m = { .hist.lenient = true };
	int ret, i, failed = 0, told = 0;
	char *page = NULL;
	size_t len = 0;
	struct adp_nl *nl;
	FILE *fp;

	ret = adp_parse_args(ctx, args, argc, argv);
	if (ret)
		return ret;
	if (ctx->json)
		return adp_usage_error(ctx, "the metrics are Prometheus text: no -j");
	nl = adp_ctx_nl(ctx);
	ret = nl ? read_all(nl, &m) : -ENOTCONN;
	for (i = 0; i < m.n; i++) {
		failed += !!m.v[i].error;
		/* Told by the kernel in band, not yet on stderr. */
		if (m.v[i].inband) {
			print_error("%s: %s", m.v[i].name,
				    strerror(m.v[i].error));
			told++;
		}
	}
	fp = open_memstream(&page, &len);
	if (fp) {
		/* No device list: the page says so, and nothing else. */
		if (ret)
			fputs("# HELP roce_adp_up Whether adpctl could list the devices of roce_adp (0: no other series).\n"
			      "# TYPE roce_adp_up gauge\nroce_adp_up 0\n", fp);
		else
			write_page(fp, &m, check_config(ctx, &m, config));
		if (fclose(fp)) {
			free(page);
			page = NULL;
		}
	}
	if (!page) {
		print_error("%s", strerror(ENOMEM));
		ret = ret ?: -ENOMEM;
	} else if (dir) {
		if (write_textfile(dir, page, len))
			ret = ret ?: -EIO;
	} else {
		print_page(page);
	}
	free(page);
	free(m.v);
	free(m.hist.v);
	if (told)
		return ADP_EXIT_KERNEL;
	return ret || failed ? ADP_EXIT_FAIL : ADP_EXIT_OK;
}

static void metrics_details(FILE *fp)
{
	fputs("\nPrints the configuration state of every device in the Prometheus\n"
	      "text format: up, device_up, device_info, retrans_enabled, active_profile_id,\n"
	      "config_match and config_drift_fields (against PATH as \"apply --check\"\n"
	      "compares), config_valid, restore_enabled, firmware_resets_total,\n"
	      "restore_last_outcome, restore_last_timestamp_seconds and\n"
	      "restore_last_duration_seconds, each named roce_adp_*, and the\n"
	      "retransmission histogram of each device that has one as the counter\n"
	      "retx_timeouts_total by upper_bound (no histogram: the firmware\n"
	      "counts no _sum).\n"
	      "A device that cannot be read (e.g. in a firmware reset) is told as\n"
	      "\"Error: DEV: MESSAGE.\" and has device_up 0 and no series but\n"
	      "device_info; the others are all there, and the exit status is 2.\n"
	      "When the devices cannot be listed at all (no module) the page is\n"
	      "\"roce_adp_up 0\" alone, written all the same, so that an old page\n"
	      "never stays unmarked.\n"
	      "  --textfile DIR  write DIR/" METRICS_FILE " instead, atomically, for\n"
	      "                  node_exporter's textfile collector\n"
	      "  --config PATH   the configuration (default " METRICS_CONFIG ");\n"
	      "                  when it does not exist no config_* series\n", fp);
}

ADP_CMD_TABLE(metrics_cmds, ADP_METRICS_CMDS);
