// SPDX-License-Identifier: GPL-2.0
/* Shared by the bench_* programs; see bench.h. */

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/roce_adp.h>

#include "bench.h"

#define BENCH_MAX_WORKERS	8

void bench_result(const char *metric, double value, const char *unit,
		  const char *goal)
{
	printf("RESULT %s %.6g %s%s%s\n", metric, value, unit,
	       goal ? " " : "", goal ? goal : "");
	fflush(stdout);
}

void bench_note(const char *fmt, ...)
{
	va_list ap;

	fputs("NOTE ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void bench_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int bench_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -errno : 0;
}

int bench_cpus(void)
{
	return (int)sysconf(_SC_NPROCESSORS_ONLN);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double bench_median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int bench_knob(const char *dev, const char *knob, const char *val)
{
	char path[256];

	snprintf(path, sizeof(path), BENCH_DBG "%s/%s", dev, knob);
	return sysfs_write(path, val);
}

long bench_fw_busy_ns(const char *dev)
{
	char path[256];

	snprintf(path, sizeof(path), BENCH_DBG "%s/fw_busy_ns", dev);
	return sysfs_read_long(path);
}

/* A do without NLM_F_ACK: one request, one reply, on both sides. */
static void bench_req_init(struct bench_req *r, uint16_t family, uint8_t cmd,
			   uint8_t version, const char *what)
{
	nl_msg_init(&r->m, family, 0, cmd, version);
	r->m.nlh.nlmsg_flags &= ~NLM_F_ACK;
	r->what = what;
	r->reply_len = 0;
}

void bench_req_profile_get(struct nl_sock *sk, struct bench_req *r,
			   const char *dev, int id)
{
	bench_req_init(r, sk->family, ROCE_ADP_CMD_PROFILE_GET, sk->version,
		       "PROFILE_GET");
	nl_put_str(&r->m, ROCE_ADP_A_DEV_NAME, dev);
	if (id >= 0)
		nl_put_u32(&r->m, ROCE_ADP_A_PROFILE_ID, id);
}

void bench_req_dev_get(struct nl_sock *sk, struct bench_req *r,
		       const char *dev)
{
	bench_req_init(r, sk->family, ROCE_ADP_CMD_DEV_GET, sk->version,
		       "DEV_GET");
	nl_put_str(&r->m, ROCE_ADP_A_DEV_NAME, dev);
}

void bench_req_profile_set(struct nl_sock *sk, struct bench_req *r,
			   const char *dev, uint32_t id)
{
	bench_req_init(r, sk->family, ROCE_ADP_CMD_PROFILE_SET, sk->version,
		       "PROFILE_SET");
	nl_put_str(&r->m, ROCE_ADP_A_DEV_NAME, dev);
	nl_put_profile(&r->m, id, &radp_valid_prof, 3, NULL);
}

void bench_req_getfamily(struct bench_req *r, const char *family)
{
	bench_req_init(r, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1,
		       "CTRL_CMD_GETFAMILY");
	nl_put_str(&r->m, CTRL_ATTR_FAMILY_NAME, family);
}

double bench_loop(struct nl_sock *sk, struct bench_req *r, unsigned long n)
{
	static char rbuf[NL_BUF_LEN];
	const struct nlmsghdr *nlh = (const struct nlmsghdr *)rbuf;
	double t0 = bench_now();
	unsigned long i;

	for (i = 0; i < n; i++) {
		ssize_t len;

		r->m.nlh.nlmsg_seq = ++sk->seq;
		if (send(sk->fd, r->m.buf, r->m.nlh.nlmsg_len, 0) < 0)
			bench_fail("%s: send: %s", r->what, strerror(errno));
		len = recv(sk->fd, rbuf, sizeof(rbuf), 0);
		if (len < 0)
			bench_fail("%s: recv: %s", r->what, strerror(errno));
		if (!NLMSG_OK(nlh, len) || nlh->nlmsg_seq != sk->seq)
			bench_fail("%s: unexpected reply (%zd bytes)", r->what,
				   len);
		if (nlh->nlmsg_type == NLMSG_ERROR) {
			const struct nlmsgerr *e = NLMSG_DATA(nlh);

			bench_fail("%s: %s", r->what, strerror(-e->error));
		}
		r->reply_len = len;
	}
	return bench_now() - t0;
}

struct bench_shared {
	int ready;
	int go;
	int stop;
	struct {
		unsigned long ops;
		double secs;
		char err[160];
	} w[BENCH_MAX_WORKERS];
};

#define LOAD(x)		__atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define STORE(x, v)	__atomic_store_n(&(x), (v), __ATOMIC_RELEASE)

/* The loop of one worker process; says what went wrong in sh->w[i].err. */
static int bench_worker_run(struct bench_shared *sh, int i,
			    const struct bench_worker *w)
{
	struct nl_sock sk = { .fd = -1 };
	struct bench_req *r = NULL;
	unsigned long ops = 0;
	double t0;
	int err;

	err = w->cpu >= 0 ? bench_pin(w->cpu) : 0;
	if (err) {
		snprintf(sh->w[i].err, sizeof(sh->w[i].err),
			 "pinning to CPU %d: %s", w->cpu, strerror(-err));
		return 1;
	}
	if (w->work != BENCH_SYSCALL) {
		err = nl_open(&sk, "roce_adp");
		r = malloc(sizeof(*r));
		if (err || !r) {
			snprintf(sh->w[i].err, sizeof(sh->w[i].err),
				 "netlink family roce_adp: %s", strerror(err ? -err : ENOMEM));
			return 1;
		}
		switch (w->work) {
		case BENCH_WRITE:
			bench_req_profile_set(&sk, r, BENCH_DEV, 1);
			break;
		case BENCH_DEV_GET:
			bench_req_dev_get(&sk, r, BENCH_DEV);
			break;
		case BENCH_CTRL:
			bench_req_getfamily(r, "nlctrl");
			break;
		default:
			bench_req_profile_get(&sk, r, BENCH_DEV,
					      w->work == BENCH_READ ? 0 : -1);
		}
	}

	__atomic_add_fetch(&sh->ready, 1, __ATOMIC_ACQ_REL);
	while (!LOAD(sh->go))
		usleep(200);
	t0 = bench_now();
	while (!LOAD(sh->stop)) {
		if (r)
			bench_loop(&sk, r, 1);
		else
			getppid();
		ops++;
	}
	sh->w[i].secs = bench_now() - t0;
	sh->w[i].ops = ops;
	nl_close(&sk);
	free(r);
	return 0;
}

void bench_run_workers(struct bench_worker *w, int n, double secs)
{
	struct bench_shared *sh;
	struct timespec ts = {
		.tv_sec = (time_t)secs,
		.tv_nsec = (long)((secs - (time_t)secs) * 1e9),
	};
	pid_t pid[BENCH_MAX_WORKERS];
	int i, status, died = 0, failed = 0;

	if (n > BENCH_MAX_WORKERS)
		bench_fail("at most %d workers", BENCH_MAX_WORKERS);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		bench_fail("mmap: %s", strerror(errno));
	memset(sh, 0, sizeof(*sh));

	fflush(stdout);
	for (i = 0; i < n; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			bench_fail("fork: %s", strerror(errno));
		if (!pid[i])
			_exit(bench_worker_run(sh, i, &w[i]));
	}
	/* Start together once every worker has its socket. */
	while (LOAD(sh->ready) < n) {
		if (waitpid(-1, &status, WNOHANG) > 0) {
			died = 1;	/* before it was ready: reported below */
			break;
		}
		usleep(1000);
	}
	STORE(sh->go, 1);
	if (!died)
		nanosleep(&ts, NULL);
	STORE(sh->stop, 1);

	for (i = 0; i < n; i++) {
		if (waitpid(pid[i], &status, 0) < 0 ||
		    !WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "error: worker %d: %s\n", i,
				sh->w[i].err[0] ? sh->w[i].err : "died");
			failed = 1;
			continue;
		}
		w[i].ops = sh->w[i].ops;
		w[i].secs = sh->w[i].secs;
		w[i].rate = w[i].secs > 0 ? w[i].ops / w[i].secs : 0;
	}
	munmap(sh, sizeof(*sh));
	if (failed)
		exit(1);
}

const char *bench_tracefs(void)
{
	if (!access("/sys/kernel/tracing/trace", W_OK))
		return "/sys/kernel/tracing";
	if (!access("/sys/kernel/debug/tracing/trace", W_OK))
		return "/sys/kernel/debug/tracing";
	return NULL;
}

/* Write @val to tracefs file @file opened with @flags: 0 or -errno. */
static int bench_trace_file(const char *file, const char *val, int flags)
{
	const char *dir = bench_tracefs();
	char path[256];

	if (!dir)
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return write_file(path, val, flags);
}

int bench_trace_write(const char *file, const char *val)
{
	/* O_TRUNC: set_ftrace_filter and set_ftrace_pid append without it */
	return bench_trace_file(file, val, O_TRUNC);
}

void bench_fg_reset(void)
{
	bench_trace_write("tracing_on", "0");
	bench_trace_write("current_tracer", "nop");
	bench_trace_write("set_ftrace_filter", "");
	bench_trace_write("set_ftrace_pid", "");
	bench_trace_write("set_event", "");
	bench_trace_write("set_event_pid", "");
	bench_trace_write("trace", "");
}

/* Append @val to @file; 0 or -errno (a name tracefs does not know). */
static int bench_trace_append(const char *file, const char *val)
{
	return bench_trace_file(file, val, O_APPEND);
}

/* The memory allocations each request makes, counted beside the calls. */
static const char *const fg_alloc_events[] = {
	"kmem:kmalloc", "kmem:kmalloc_node", "kmem:kmem_cache_alloc",
	"kmem:kmem_cache_alloc_node",
};

int bench_fg_start(const char *funcs, char *missing, size_t len)
{
	static const char *const opts[][2] = {
		{ "options/funcgraph-tail", "1" },	/* names on "}" lines */
		{ "options/funcgraph-overhead", "0" },	/* no "+ !" marks */
		{ "options/funcgraph-proc", "0" },
		{ "options/funcgraph-abstime", "0" },
		{ "options/funcgraph-cpu", "1" },
		{ "options/funcgraph-duration", "1" },
		{ "buffer_size_kb", "8192" },
	};
	char pid[32], fn[128];
	const char *p = funcs;
	unsigned int i;
	int err;

	if (!bench_tracefs())
		return -ENOENT;
	bench_fg_reset();
	missing[0] = 0;
	/* One name at a time: a name the kernel lacks is reported, not fatal */
	while (sscanf(p, " %127s", fn) == 1) {
		p = strstr(p, fn) + strlen(fn);
		if (bench_trace_append("set_ftrace_filter", fn))
			snprintf(missing + strlen(missing),
				 len - strlen(missing), "%s%s",
				 missing[0] ? " " : "", fn);
	}
	for (i = 0; i < sizeof(fg_alloc_events) / sizeof(fg_alloc_events[0]);
	     i++)
		bench_trace_append("set_event", fg_alloc_events[i]);
	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	err = bench_trace_write("set_ftrace_pid", pid) ?:
	      bench_trace_write("set_event_pid", pid) ?:
	      bench_trace_write("current_tracer", "function_graph");
	for (i = 0; !err && i < sizeof(opts) / sizeof(opts[0]); i++)
		err = bench_trace_write(opts[i][0], opts[i][1]);
	if (!err)
		err = bench_trace_write("tracing_on", "1");
	if (err)
		bench_fg_reset();
	return err;
}

static struct bench_fg_fn *fg_slot(struct bench_fg *fg, const char *name,
				   const char *parent)
{
	int i;

	for (i = 0; i < fg->n; i++)
		if (!strcmp(fg->fn[i].name, name) &&
		    !strcmp(fg->fn[i].parent, parent))
			return &fg->fn[i];
	if (fg->n == BENCH_FG_MAX)
		return NULL;
	fg->fn[fg->n].incl_v = NULL;
	fg->fn[fg->n].excl_v = NULL;
	snprintf(fg->fn[fg->n].name, sizeof(fg->fn[0].name), "%s", name);
	snprintf(fg->fn[fg->n].parent, sizeof(fg->fn[0].parent), "%s",
		 parent);
	return &fg->fn[fg->n++];
}

/* One call of @name from @parent that took @incl ns, @excl ns its own. */
static void fg_call(struct bench_fg *fg, const char *name, const char *parent,
		    double incl, double excl)
{
	struct bench_fg_fn *f = fg_slot(fg, name, parent);

	if (!f)
		return;
	/* room for calls 2^k .. 2^(k+1) - 1 when the count reaches 2^k */
	if (!(f->calls & (f->calls - 1))) {
		size_t cap = f->calls ? 2 * f->calls : 1;

		f->incl_v = realloc(f->incl_v, cap * sizeof(double));
		f->excl_v = realloc(f->excl_v, cap * sizeof(double));
		if (!f->incl_v || !f->excl_v)
			bench_fail("out of memory");
	}
	f->incl_v[f->calls] = incl;
	f->excl_v[f->calls] = excl;
	f->calls++;
	f->incl_ns += incl;
	f->excl_ns += excl;
}

#define FG_CPUS		64
#define FG_DEPTH	32

struct fg_frame {
	char name[64];
	double child_ns;
};

/* "name [mod]() {", "name();" or "} / * name [mod] * /": the name alone */
static void fg_name(const char *s, char *name, size_t len)
{
	size_t n = strcspn(s, " ([;*");

	if (n >= len)
		n = len - 1;
	memcpy(name, s, n);
	name[n] = 0;
}

static void fg_line(struct bench_fg *fg, struct fg_frame st[][FG_DEPTH],
		    int *depth, const char *line)
{
	const char *bar = strchr(line, '|');
	const char *body;
	char name[64];
	double ns = 0, v;
	int cpu, *d;

	if (!bar || sscanf(line, " %d)", &cpu) != 1 || cpu < 0 ||
	    cpu >= FG_CPUS)
		return;
	d = &depth[cpu];
	/* "1.234 us" between the CPU and the bar, when the line ends a call */
	if (sscanf(strchr(line, ')') + 1, " %lf us", &v) == 1)
		ns = v * 1000;
	body = bar + 1;
	while (*body == ' ')
		body++;
	if (*body == '}') {			/* a call ends */
		if (*d == 0) {
			fg->lost++;		/* began before the trace did */
			return;
		}
		(*d)--;
		fg_call(fg, st[cpu][*d].name, *d ? st[cpu][*d - 1].name : "",
			ns, ns - st[cpu][*d].child_ns);
		if (*d)
			st[cpu][*d - 1].child_ns += ns;
		return;
	}
	if (!strncmp(body, "/* kmalloc", 10) ||
	    !strncmp(body, "/* kmem_cache_alloc", 19)) {
		fg->allocs++;
		return;
	}
	if (!isalpha((unsigned char)*body) && *body != '_')
		return;				/* a comment, "=>" */
	fg_name(body, name, sizeof(name));
	if (strstr(body, "() {")) {		/* a call begins */
		if (*d == FG_DEPTH) {
			fg->lost++;
			return;
		}
		snprintf(st[cpu][*d].name, sizeof(st[0][0].name), "%s", name);
		st[cpu][*d].child_ns = 0;
		(*d)++;
	} else if (strstr(body, "();")) {	/* a call without traced ones */
		fg_call(fg, name, *d ? st[cpu][*d - 1].name : "", ns, ns);
		if (*d)
			st[cpu][*d - 1].child_ns += ns;
	}
}

int bench_fg_stop(struct bench_fg *fg)
{
	static struct fg_frame st[FG_CPUS][FG_DEPTH];
	int depth[FG_CPUS] = { 0 };
	char path[256], line[512];
	FILE *f;

	memset(fg, 0, sizeof(*fg));
	bench_trace_write("tracing_on", "0");
	snprintf(path, sizeof(path), "%s/trace", bench_tracefs());
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (line[0] != '#')
			fg_line(fg, st, depth, line);
	fclose(f);
	bench_trace_write("trace", "");
	return 0;
}

void bench_fg_free(struct bench_fg *fg)
{
	int i;

	for (i = 0; i < fg->n; i++) {
		free(fg->fn[i].incl_v);
		free(fg->fn[i].excl_v);
	}
	fg->n = 0;
}

double bench_fg_ns(const struct bench_fg *fg, const char *name,
		   const char *parent, int incl)
{
	double ns = 0;
	int i;

	for (i = 0; i < fg->n; i++) {
		const struct bench_fg_fn *f = &fg->fn[i];

		if (strcmp(f->name, name) || (parent && strcmp(f->parent, parent)))
			continue;
		ns += bench_median(incl ? f->incl_v : f->excl_v, f->calls) *
		      f->calls;
	}
	return ns;
}

unsigned long bench_fg_calls(const struct bench_fg *fg, const char *name,
			     const char *parent)
{
	unsigned long n = 0;
	int i;

	for (i = 0; i < fg->n; i++)
		if (!strcmp(fg->fn[i].name, name) &&
		    (!parent || !strcmp(fg->fn[i].parent, parent)))
			n += fg->fn[i].calls;
	return n;
}
