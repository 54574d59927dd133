// SPDX-License-Identifier: GPL-2.0
/*
 * The request path of nl.c against the kernel's own "nlctrl" family,
 * which every kernel has: do, dump, kernel errors with and without an
 * extended ACK, draining after a parse failure, multicast groups.  TAP;
 * everything fails where no generic netlink socket can be opened.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>
#include <netlink/genl/genl.h>

#include "nl.h"
#include "print.h"

#define NTESTS	9

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

static int test_no;
static int failed;

static void report(bool ok, const char *name)
{
	printf("%sok %d - %s\n", ok ? "" : "not ", ++test_no, name);
	failed += !ok;
}

static char *err_buf;
static size_t err_len;
static FILE *err_fp;

/* Route "Error: ..." lines into err_buf, closed by errors(). */
static void collect(void)
{
	free(err_buf);
	err_buf = NULL;
	err_fp = open_memstream(&err_buf, &err_len);
	print_init(stdout, err_fp, false, false);
}

static const char *errors(void)
{
	print_fini();
	fclose(err_fp);
	if (*err_buf)
		printf("# stderr: %s", err_buf);
	return err_buf;
}

int main(void)
{
	struct families f;
	struct adp_nl *nl;
	const struct adp_nl_err *e;
	char longname[64];
	int ret, i;

	setvbuf(stdout, NULL, _IONBF, 0);
	printf("TAP version 13\n1..%d\n", NTESTS);

	collect();
	ret = adp_nl_open_family(&nl, "nlctrl", 2, ctrl_policy,
				 CTRL_ATTR_MAX);
	errors();
	if (ret) {
		/* What every kernel has: not reaching it is a failure. */
		for (i = 1; i <= NTESTS; i++)
			printf("not ok %d - open and resolve nlctrl (error %d)\n",
			       i, ret);
		return 1;
	}
	report(true, "open and resolve nlctrl");

	memset(&f, 0, sizeof(f));
	collect();
	ret = adp_nl_request(nl, CTRL_CMD_GETFAMILY, NLM_F_DUMP, NULL,
			     count_family, &f);
	report(!ret && f.count > 1 && f.saw_nlctrl && !*errors(),
	       "dump lists the families, nlctrl among them");

	memset(&f, 0, sizeof(f));
	f.name = "nlctrl";
	collect();
	ret = adp_nl_request(nl, CTRL_CMD_GETFAMILY, 0, put_name,
			     count_family, &f);
	report(!ret && f.count == 1 && f.nlctrl_id == GENL_ID_CTRL &&
	       !*errors(), "do by name returns exactly that family");

	memset(&f, 0, sizeof(f));
	f.name = "adp-no-such";	/* within GENL_NAMSIZ */
	collect();
	ret = adp_nl_request(nl, CTRL_CMD_GETFAMILY, 0, put_name,
			     count_family, &f);
	e = adp_nl_last_err(nl);
	errors();
	report(ret == -ENOENT && e->error == ENOENT &&
	       !strncmp(err_buf, "Error: ", 7) &&
	       !strcmp(strchr(err_buf, '\n') - 1, ".\n"),
	       "kernel error is one \"Error: ...\" line with the errno");

	/* Longer than GENL_NAMSIZ: the kernel's policy rejects it. */
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	memset(&f, 0, sizeof(f));
	f.name = longname;
	collect();
	ret = adp_nl_request(nl, CTRL_CMD_GETFAMILY, 0, put_name,
			     count_family, &f);
	e = adp_nl_last_err(nl);
	printf("# errno %d, extack \"%s\", attr %d\n", e->error, e->msg,
	       e->attr);
	errors();
	report(ret < 0 && e->msg[0] && e->attr == CTRL_ATTR_FAMILY_NAME &&
	       !strncmp(err_buf, "Error: ", 7) && strstr(err_buf, e->msg),
	       "extack message and offending attribute are reported");

	memset(&f, 0, sizeof(f));
	f.fail_with = -EPROTO;
	collect();
	ret = adp_nl_request(nl, CTRL_CMD_GETFAMILY, NLM_F_DUMP, NULL,
			     count_family, &f);
	errors();
	report(ret == -EPROTO, "a parse failure ends the request");

	memset(&f, 0, sizeof(f));
	collect();
	ret = adp_nl_request(nl, CTRL_CMD_GETFAMILY, NLM_F_DUMP, NULL,
			     count_family, &f);
	report(!ret && f.saw_nlctrl && !*errors(),
	       "the socket is in sync after errors");

	collect();
	ret = adp_nl_join_group(nl, "notify");
	report(!ret && !*errors(), "join an existing multicast group");

	collect();
	ret = adp_nl_join_group(nl, "no-such-group");
	report(ret == -ENOENT && !strcmp(errors(),
	       "Error: multicast group \"no-such-group\" of family \"nlctrl\" not found.\n"),
	       "joining a missing group fails");

	adp_nl_close(nl);
	free(err_buf);
	return failed ? 1 : 0;
}
