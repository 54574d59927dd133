// SPDX-License-Identifier: GPL-2.0
/*
 * nl.c's receive path as a command meets it: "adpctl dev show" against
 * the fake kernel, which answers at the transport as the kernel writes
 * its messages: an extack in an NLMSG_ERROR, a plain errno, an error in a
 * dump's NLMSG_DONE, a dump flagged NLM_F_DUMP_INTR, a reply its policy
 * refuses, an answer that stops before its end, a family that does not
 * exist; and "adpctl monitor" meeting a notification its policy refuses.
 * What each prints is nl.c's own.  TAP.
 */
#include <errno.h>
#include <string.h>

#include "fake_kernel.h"

static void put_dev(const char *name)
{
	fake_put_dev(fake_reply(ROCE_ADP_CMD_DEV_GET), name);
}

/*
 * Queue a cmd message of emu0 whose u32 attribute attr is one byte, which
 * the policy refuses; returns the error nl.c prints for it.
 */
static const char *put_malformed(uint8_t cmd, int attr)
{
	static char want[256];
	struct nl_msg *msg = fake_reply(cmd);

	nla_put_string(msg, ROCE_ADP_A_DEV_NAME, "emu0");
	nla_put_u8(msg, attr, 1);
	snprintf(want, sizeof(want),
		 "Error: malformed message from the kernel: %s.\n",
		 nl_geterror(-NLE_RANGE));
	return want;
}

static int dev_show(bool json, const char *line)
{
	return fake_run("dev", dev_cmds, "show", json, line);
}

#define EMU0_TEXT "emu0: backend emulated fw 22.41.1010 roce_accl supported\n"
#define EMU0_JSON "{\"name\":\"emu0\",\"backend\":\"emulated\"," \
		  "\"fw_version\":\"22.41.1010\",\"roce_accl\":true}"

/* The answer nl.c reads in full: one reply, then the ACK. */
static bool test_do_ack(void)
{
	fake_reset();
	put_dev("emu0");
	return outcome(dev_show(false, "emu0"), 0, EMU0_TEXT, "") &&
	       fake.calls == 1 && fake.flags == 0 &&
	       same("dev", fake.dev, "emu0");
}

/* NLMSG_ERROR with NLM_F_ACK_TLVS: the extack is the message. */
static bool test_extack(void)
{
	fake_reset();
	fake.error = ENODEV;
	fake.extack = "no device \"emu7\"";
	return outcome(dev_show(false, "emu7"), ADP_EXIT_KERNEL, "",
		       "Error: no device \"emu7\".\n");
}

/* NLMSG_ERROR without TLVs: strerror() of the errno. */
static bool test_plain_errno(void)
{
	fake_reset();
	fake.error = EPERM;
	return outcome(dev_show(true, "emu0"), ADP_EXIT_KERNEL, "",
		       "Error: Operation not permitted.\n");
}

/* A dump failing half way: its NLMSG_DONE carries -errno and the extack. */
static bool test_dump_done_error(void)
{
	fake_reset();
	put_dev("emu0");
	fake.error = EBUSY;
	fake.extack = "firmware command timed out";
	return outcome(dev_show(true, ""), ADP_EXIT_KERNEL, "[" EMU0_JSON "]\n",
		       "Error: firmware command timed out.\n") &&
	       fake.flags == NLM_F_DUMP;
}

/* NLM_F_DUMP_INTR: every entry shown, then the one error, exit 1. */
static bool test_dump_intr(void)
{
	fake_reset();
	put_dev("emu0");
	put_dev("emu1");
	fake.dump_intr = true;
	return outcome(dev_show(false, ""), 1,
		       EMU0_TEXT
		       "emu1: backend emulated fw 22.41.1010 roce_accl supported\n",
		       "Error: " ADP_NL_DUMP_INTR_MSG ".\n");
}

/* A reply the policy refuses: a u32 attribute of one byte. */
static bool test_malformed_reply(void)
{
	const char *want;

	fake_reset();
	want = put_malformed(ROCE_ADP_CMD_DEV_GET, ROCE_ADP_A_DEV_BACKEND);
	return outcome(dev_show(false, "emu0"), 1, "", want);
}

/* The answer stops after a reply: no ACK, no NLMSG_DONE. */
static bool test_cut(void)
{
	fake_reset();
	put_dev("emu0");
	fake.cut = true;
	return outcome(dev_show(false, ""), 1, EMU0_TEXT,
		       "Error: netlink reply ended before its ACK or NLMSG_DONE.\n");
}

/* nlctrl knows no roce_adp: nothing is sent to the family. */
static bool test_no_module(void)
{
	fake_reset();
	fake.no_module = true;
	return outcome(dev_show(false, ""), 1, "",
		       "Error: roce_adp module is not loaded (generic netlink family \"roce_adp\" not found).\n") &&
	       fake.calls == 0;
}

/* A notification its policy refuses ends "monitor" with the error. */
static bool test_malformed_notification(void)
{
	const char *want;

	fake_reset();
	want = put_malformed(ROCE_ADP_CMD_DEV_NTF, ROCE_ADP_A_DEV_EVENT);
	put_dev("emu1");
	return outcome(fake_run("monitor", monitor_cmds, "monitor", false, ""),
		       1, "", want) &&
	       same("group", fake.group, "config");
}

TAP_MAIN(
	{ "a do: its reply, then the ACK", test_do_ack },
	{ "NLMSG_ERROR with an extack: Error: <extack>.", test_extack },
	{ "NLMSG_ERROR without one: Error: <strerror>.", test_plain_errno },
	{ "NLMSG_DONE with an error: the entries, then the extack",
	  test_dump_done_error },
	{ "NLM_F_DUMP_INTR: every entry, then the error", test_dump_intr },
	{ "a reply its policy refuses: malformed, exit 1",
	  test_malformed_reply },
	{ "an answer without its end: an error, no hang", test_cut },
	{ "no roce_adp family: the module is not loaded", test_no_module },
	{ "monitor: a malformed notification ends it, exit 1",
	  test_malformed_notification },
)
