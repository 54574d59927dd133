// SPDX-License-Identifier: GPL-2.0
/*
 * adpctl - control RoCE adaptive retransmission (ROCE_ACCL) through the
 * roce_adp generic netlink family.
 *
 * adpctl [OPTIONS] OBJECT [COMMAND [ARGS]], as in iproute2: global options
 * end at the object, objects and commands come from the tables below and
 * may be abbreviated to a unique prefix.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "adpctl.h"
#include "fwctl.h"
#include "histogram.h"

#ifndef ADPCTL_VERSION
#error "ADPCTL_VERSION: the Makefile passes the tree's VERSION"
#endif

#define ADP_OBJ(obj, cmd, text) \
	{ .name = #obj, .cmds = obj##_cmds, .help = text, .is_cmd = cmd },
const struct adp_obj adp_objs[] = { ADP_OBJECTS { } };
#undef ADP_OBJ

static void usage(FILE *fp)
{
	const struct adp_obj *obj;

	fputs("Usage: adpctl [OPTIONS] OBJECT [COMMAND [ARGS]]\n"
	      "       adpctl [OPTIONS] OBJECT help\n"
	      "       adpctl help\n"
	      "\n"
	      "Options:\n"
	      "  -j, --json     print JSON\n"
	      "  -p, --pretty   print indented JSON (implies --json)\n"
	      "  -F, --fwctl    go through fwctl, not the roce_adp module\n"
	      "  -h, --help     print this help and exit\n"
	      "  -V, --version  print the version and exit\n"
	      "\n"
	      "Objects:\n", fp);
	for (obj = adp_objs; obj->name; obj++)
		fprintf(fp, "  %-14s %s\n", obj->name, obj->help);
	fputs("\n"
	      "Objects and commands may be abbreviated to a unique prefix;\n"
	      "an object alone runs its first command.\n"
	      "Run \"adpctl OBJECT help\" for the commands of an object.\n",
	      fp);
}

static void obj_usage(const struct adp_obj *obj)
{
	const struct adp_cmd *cmd;
	const char *lead = "Usage:";

	for (cmd = obj->cmds; cmd->name; cmd++) {
		if (cmd->hidden)
			continue;
		printf("%s adpctl %s %s%s%s\n", lead, obj->name, cmd->name,
		       *cmd->usage ? " " : "", cmd->usage);
		lead = "      ";
	}
	printf("       adpctl %s help\n\nCommands:\n", obj->name);
	for (cmd = obj->cmds; cmd->name; cmd++)
		if (!cmd->hidden)
			printf("  %-14s %s\n", cmd->name, cmd->help);
}

/*
 * "adpctl help --commands": OBJECT COMMAND a line, from the tables, for the
 * bash completion and the tests (not in the help: not for people).
 */
static void list_commands(void)
{
	const struct adp_obj *obj;
	const struct adp_cmd *cmd;

	for (obj = adp_objs; obj->name; obj++)
		for (cmd = obj->cmds; cmd->name; cmd++)
			if (!cmd->hidden)
				printf("%s %s\n", obj->name, cmd->name);
}

static void cmd_usage(const struct adp_obj *obj, const struct adp_cmd *cmd)
{
	/* The one-line help, as a sentence. */
	printf("Usage: adpctl %s%s%s%s%s\n\n%c%s.\n", obj->name,
	       obj->is_cmd ? "" : " ", obj->is_cmd ? "" : cmd->name,
	       *cmd->usage ? " " : "", cmd->usage,
	       toupper((unsigned char)cmd->help[0]), cmd->help + 1);
	if (cmd->details)
		cmd->details(stdout);
}

static bool wants_help(int argc, char **argv)
{
	int i;

	/* "help" only first: later on it could be a value. */
	if (argc && !strcmp(argv[0], "help"))
		return true;
	for (i = 0; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return true;
	return false;
}

static int dispatch(struct adp_ctx *ctx, int argc, char **argv)
{
	char hint[64];

	if (!argc) {
		usage(stderr);
		return ADP_EXIT_USAGE;
	}
	if (adp_is_help(argv[0])) {
		if (argc > 1 && !strcmp(argv[1], "--commands"))
			list_commands();
		else
			usage(stdout);
		return ADP_EXIT_OK;
	}
	ctx->obj = adp_lookup(adp_objs, sizeof(adp_objs[0]), argv[0],
			      "object", "adpctl help");
	if (!ctx->obj)
		return ADP_EXIT_USAGE;
	argc--;
	argv++;

	if (!argc || ctx->obj->is_cmd) {
		ctx->cmd = &ctx->obj->cmds[0];
	} else if (adp_is_help(argv[0])) {
		obj_usage(ctx->obj);
		return ADP_EXIT_OK;
	} else {
		snprintf(hint, sizeof(hint), "adpctl %s help", ctx->obj->name);
		ctx->cmd = adp_lookup(ctx->obj->cmds, sizeof(ctx->obj->cmds[0]),
				      argv[0], "command", hint);
		if (!ctx->cmd)
			return ADP_EXIT_USAGE;
		argc--;
		argv++;
	}

	if (wants_help(argc, argv)) {
		cmd_usage(ctx->obj, ctx->cmd);
		return ADP_EXIT_OK;
	}
	return ctx->cmd->func(ctx, argc, argv);
}

int main(int argc, char **argv)
{
	static const struct option long_opts[] = {
		{ "json",	no_argument,	NULL, 'j' },
		{ "pretty",	no_argument,	NULL, 'p' },
		{ "fwctl",	no_argument,	NULL, 'F' },
		{ "help",	no_argument,	NULL, 'h' },
		{ "version",	no_argument,	NULL, 'V' },
		{ }
	};
	struct adp_ctx ctx = { };
	bool json = false, pretty = false;
	int opt, ret;

	opterr = 0;
	/* "+": options end at the object, the rest belongs to the command. */
	while ((opt = getopt_long(argc, argv, "+jpFhV", long_opts,
				  NULL)) != -1) {
		switch (opt) {
		case 'j':
			json = true;
			break;
		case 'p':
			pretty = true;
			break;
		case 'F':
			adp_fwctl_wanted = true;
			break;
		case 'h':
			usage(stdout);
			return ADP_EXIT_OK;
		case 'V':
			printf("adpctl %s\n", ADPCTL_VERSION);
			return ADP_EXIT_OK;
		default:
			if (optopt)
				print_error("unknown option \"-%c\". Try \"adpctl help\"",
					    optopt);
			else
				print_error("unknown option \"%s\". Try \"adpctl help\"",
					    argv[optind - 1]);
			return ADP_EXIT_USAGE;
		}
	}

	print_init(stdout, stderr, json, pretty);
	ctx.json = json || pretty;
	ret = dispatch(&ctx, argc - optind, argv + optind);
	if (print_fini() && !ret) {
		print_error("cannot write output: %s", strerror(errno));
		ret = ADP_EXIT_FAIL;
	}
	ret = adp_exit_status(&ctx, ret);
	adp_nl_close(ctx.nl);
	return ret;
}
