// SPDX-License-Identifier: GPL-2.0
/*
 * The request path of nl.c against the kernel's own "nlctrl" family,
 * which every kernel has: do, dump, kernel errors with and without an
 * extended ACK, draining after a parse failure, multicast groups.  TAP;
 * everything is skipped where no generic netlink socket can be opened.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>
#include <netlink/genl/genl.h>

#include "adpctl.h"
#include "nl.h"
#include "print.h"
#include "tap.h"

static const struct nla_policy ctrl_policy[CTRL_ATTR_MAX + 1] = {
	[CTRL_ATTR_FAMILY_ID]		= { .type = NLA_U16 },
	[CTRL_ATTR_FAMILY_NAME]		= { .type = NLA_STRING },
	[CTRL_ATTR_VERSION]		= { .type = NLA_U32 },
	[CTRL_ATTR_HDRSIZE]		= { .type = NLA_U32 },
	[CTRL_ATTR_MAXATTR]		= { .type = NLA_U32 },
	[CTRL_ATTR_OPS]			= { .type = NLA_NESTED },
	[CTRL_ATTR_MCAST_GROUPS]	= { .type = NLA_NESTED },
};

/* Shared by build and parse, as adp_nl_request() passes one arg. */
struct families {
	const char *name;	/* to ask for, NULL for all */
	int count;
	bool saw_nlctrl;
	int nlctrl_id;
	int fail_with;		/* parse returns this when non-zero */
};

static int put_name(struct nl_msg *msg, void *arg)
{
	struct families *f = arg;

	return nla_put_string(msg, CTRL_ATTR_FAMILY_NAME, f->name);
}

static int count_family(const struct adp_nl_msg *msg, void *arg)
{
	struct families *f = arg;
	const char *name = adp_nl_str(msg->tb[CTRL_ATTR_FAMILY_NAME]);

	if (f->fail_with)
		return f->fail_with;
	if (msg->cmd != CTRL_CMD_NEWFAMILY || !name)
		return -EBADMSG;
	f->count++;
	if (!strcmp(name, "nlctrl") && msg->tb[CTRL_ATTR_FAMILY_ID]) {
		f->saw_nlctrl = true;
		f->nlctrl_id = nla_get_u16(msg->tb[CTRL_ATTR_FAMILY_ID]);
	}
	return 0;
}

/* The socket the tests share; NULL where none could be opened. */
static struct adp_nl *nl;

/* What nl.c reported since capture(), told as a diagnostic. */
static const char *errors(void)
{
	release();
	if (*err_buf)
		printf("# stderr: %s", err_buf);
	return err_buf;
}

/* Every kernel has nlctrl: not reaching it fails every case, never skips. */
static bool no_netlink(void)
{
	if (nl)
		return false;
	printf("# nlctrl could not be opened\n");
	return true;
}

/* CTRL_CMD_GETFAMILY of f->name, or of all (a dump), told to count_family. */
static int get_family(struct families *f)
{
	capture(false, false);
	return adp_nl_request(nl, CTRL_CMD_GETFAMILY, f->name ? 0 : NLM_F_DUMP,
			      f->name ? put_name : NULL, count_family, f);
}

static bool test_open(void)
{
	int ret;

	capture(false, false);
	ret = adp_nl_open_family(&nl, "nlctrl", 2, ctrl_policy,
				 CTRL_ATTR_MAX);
	errors();
	if (ret)
		nl = NULL;
	return !no_netlink();
}

/* A dump of every family finds nlctrl, and nothing is said on stderr. */
static bool dump_finds_nlctrl(struct families *f)
{
	if (no_netlink())
		return false;
	return !get_family(f) && f->saw_nlctrl && !*errors();
}

static bool test_dump(void)
{
	struct families f = { };

	return dump_finds_nlctrl(&f) && f.count > 1;
}

static bool test_do(void)
{
	struct families f = { .name = "nlctrl" };
	int ret;

	if (no_netlink())
		return false;
	ret = get_family(&f);
	return !ret && f.count == 1 && f.nlctrl_id == GENL_ID_CTRL &&
	       !*errors();
}

static bool test_kernel_error(void)
{
	/* Within GENL_NAMSIZ. */
	struct families f = { .name = "adp-no-such" };
	const struct adp_nl_err *e;
	int ret;

	if (no_netlink())
		return false;
	ret = get_family(&f);
	e = adp_nl_last_err(nl);
	errors();
	return ret == -ENOENT && e->error == ENOENT &&
	       !strncmp(err_buf, "Error: ", 7) &&
	       !strcmp(strchr(err_buf, '\n') - 1, ".\n");
}

static bool test_extack(void)
{
	struct families f = { };
	const struct adp_nl_err *e;
	char longname[64];
	int ret;

	if (no_netlink())
		return false;
	/* Longer than GENL_NAMSIZ: the kernel's policy rejects it. */
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	f.name = longname;
	ret = get_family(&f);
	e = adp_nl_last_err(nl);
	printf("# errno %d, extack \"%s\", attr %d\n", e->error, e->msg,
	       e->attr);
	errors();
	return ret < 0 && e->msg[0] && e->attr == CTRL_ATTR_FAMILY_NAME &&
	       !strncmp(err_buf, "Error: ", 7) && strstr(err_buf, e->msg);
}

static bool test_parse_failure(void)
{
	struct families f = { .fail_with = -EPROTO };
	int ret;

	if (no_netlink())
		return false;
	ret = get_family(&f);
	errors();
	return ret == -EPROTO;
}

static bool test_in_sync(void)
{
	struct families f = { };

	return dump_finds_nlctrl(&f);
}

/* Joining group returns want, and stderr says want_err. */
static bool join_says(const char *group, int want, const char *want_err)
{
	if (no_netlink())
		return false;
	capture(false, false);
	return adp_nl_join_group(nl, group) == want &&
	       same("stderr", errors(), want_err);
}

static bool test_join(void)
{
	return join_says("notify", 0, "");
}

static bool test_join_missing(void)
{
	return join_says("no-such-group", -ENOENT,
			 "Error: multicast group \"no-such-group\" of family \"nlctrl\" not found.\n");
}

static const struct tap_test tests[] = {
	{ "open and resolve nlctrl", test_open },
	{ "dump lists the families, nlctrl among them", test_dump },
	{ "do by name returns exactly that family", test_do },
	{ "kernel error is one \"Error: ...\" line with the errno",
	  test_kernel_error },
	{ "extack message and offending attribute are reported", test_extack },
	{ "a parse failure ends the request", test_parse_failure },
	{ "the socket is in sync after errors", test_in_sync },
	{ "join an existing multicast group", test_join },
	{ "joining a missing group fails", test_join_missing },
};

int main(void)
{
	int ret = tap_main(tests, ARRAY_SIZE(tests));

	adp_nl_close(nl);
	return ret;
}
