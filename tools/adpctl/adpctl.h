/* SPDX-License-Identifier: GPL-2.0 */
/* Declarations shared by the adpctl objects; see adpctl.c for the tables. */
#ifndef ADPCTL_H
#define ADPCTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/roce_adp.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "commands.h"
#include "nl.h"
#include "print.h"
#include "radp_words.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * ip(8)'s statuses: 1 for an error found in user space (the command line
 * above all), 2 when the kernel reported one.  Commands return FAIL for
 * any runtime error; main() makes it KERNEL when an error reply came.
 */
enum adp_exit {
	ADP_EXIT_OK = 0,
	ADP_EXIT_USAGE = 1,	/* bad command line or input */
	ADP_EXIT_FAIL = 1,	/* a runtime error found in user space */
	ADP_EXIT_KERNEL = 2,	/* the kernel answered with an error */
	ADP_EXIT_CHANGED = 3,	/* apply: something was (or would be) changed */
};

struct adp_ctx;

/*
 * One COMMAND of an OBJECT; tables end with an entry whose name is NULL.
 * The rows are in commands.h.
 */
struct adp_cmd {
	const char *name;
	/* argv holds the arguments after the command name. */
	int (*func)(struct adp_ctx *ctx, int argc, char **argv);
	const char *help;	/* one line, lower case, no period */
	const char *usage;	/* arguments, "" when there are none */
	/* More help after the usage, e.g. the fields a set takes; or NULL. */
	void (*details)(FILE *fp);
	/* An old name kept for a release: it works, help and completion omit it. */
	bool hidden;
};

/*
 * One OBJECT; its first command is the default ("adpctl dev").  An object
 * that is a command of its own ("adpctl monitor [dev DEV]") has just
 * cmds[0], which takes every argument after the object.
 */
struct adp_obj {
	const char *name;
	const struct adp_cmd *cmds;
	const char *help;
	bool is_cmd;
};

struct adp_ctx {
	const struct adp_obj *obj;
	const struct adp_cmd *cmd;
	struct adp_nl *nl;	/* opened by the first adp_ctx_nl() */
	bool json;		/* -j or -p: for the options that refuse it */
};

/*
 * nl.c: the netlink socket, opened on first use; NULL once the error is
 * told.  The caller of the command closes it with adp_nl_close().
 */
struct adp_nl *adp_ctx_nl(struct adp_ctx *ctx);
/*
 * The status to exit with after a command returned ret: ADP_EXIT_KERNEL
 * for a failure once the kernel has sent an error reply on ctx's socket.
 */
int adp_exit_status(const struct adp_ctx *ctx, int ret);

/* adpctl.c: the object table. */
extern const struct adp_obj adp_objs[];

/*
 * OBJECT_cmds[], defined by the object's file from its commands.h list
 * (profile's by commands.c: its commands live in several files).
 */
#define ADP_OBJ(obj, is_cmd, help)	extern const struct adp_cmd obj##_cmds[];
ADP_OBJECTS
#undef ADP_OBJ

#define ADP_CMD(cmd, fn, more, text, args) \
	{ .name = #cmd, .func = fn, .details = more, .help = text, .usage = args },
#define ADP_ALIAS(cmd, fn, more, text, args) \
	{ .name = #cmd, .func = fn, .details = more, .help = text, .usage = args, \
	  .hidden = true },
/* ADP_CMD_TABLE(accl_cmds, ADP_ACCL_CMDS); */
#define ADP_CMD_TABLE(table, rows)	const struct adp_cmd table[] = { rows { } }

/* args.c: name lookup and keyword arguments. */

/*
 * Find word in a table of structs that each start with a const char *name
 * (NULL-terminated, entry_size apart): an exact name or a unique prefix.
 * Returns 0 and sets *found, -ENOENT if nothing matches, -EINVAL if the
 * prefix is ambiguous.
 */
int adp_match(const void *table, size_t entry_size, const char *word,
	      const void **found);
/* adp_match() that reports failures as 'unknown/ambiguous <what> "word"'. */
const void *adp_lookup(const void *table, size_t entry_size, const char *word,
		       const char *what, const char *hint);
bool adp_is_help(const char *word);
/*
 * The array v of n elements of size bytes, realloc()ed to one more, that
 * one zeroed; NULL (v untouched) after saying "out of memory".
 */
void *adp_grow(void *v, size_t n, size_t size);

enum adp_arg_type {
	ADP_ARG_STR,		/* const char ** */
	ADP_ARG_U32,		/* uint32_t *, decimal or 0x hex */
	ADP_ARG_ON_OFF,		/* bool *, "on" or "off" */
};

/*
 * One "KEY VALUE" argument of a command; arrays end with a NULL key.
 * A positional argument may also be given as a bare VALUE, in order.
 */
struct adp_arg {
	const char *key;
	enum adp_arg_type type;
	void *val;
	bool positional;
	bool required;
	size_t maxlen;		/* ADP_ARG_STR: longest value, 0 = any */
	bool seen;		/* set by adp_parse_args() */
};

/* The word "dev DEV" of every command, into the const char * at ptr. */
#define ADP_ARG_DEV(ptr) \
	.key = "dev", .type = ADP_ARG_STR, .val = (ptr), \
	.maxlen = ROCE_ADP_DEV_NAME_LEN - 1

/* 0, or ADP_EXIT_USAGE after saying what is wrong. */
int adp_parse_args(const struct adp_ctx *ctx, struct adp_arg *args,
		   int argc, char **argv);
/*
 * argv[*i] is the key of a: store the value after it and leave *i there.
 * For parsers of their own; errors as adp_parse_args().
 */
int adp_take_arg(const struct adp_ctx *ctx, struct adp_arg *a, int argc,
		 char **argv, int *i);
/* Prints 'Error: <msg>. Try "adpctl OBJ CMD help".' and returns 2. */
int adp_usage_error(const struct adp_ctx *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * A value as mlxreg reads it (strtoul base 0: 0x hex, a leading 0 octal,
 * else decimal; no sign, nothing after): 0, or -EINVAL.
 */
int adp_mlxreg_number(const char *word, uint32_t *v);
/*
 * Parse word as a value of f (radp_words.h); key is the word the user gave
 * for it.  Returns 0, or ADP_EXIT_USAGE after 'invalid value "word" for
 * "key": expected ...'.
 */
int adp_field_parse(const struct adp_ctx *ctx, const char *key,
		    const struct adp_field *f, const char *word, uint32_t *v);
/*
 * argv[*i] is the keyword key of f: store the value after it in vals and
 * leave *i at that value.  Rejects a field given twice ('"key" is given
 * twice<where>') and a missing value.  Returns 0 or ADP_EXIT_USAGE.
 */
int adp_field_take(const struct adp_ctx *ctx, const char *key,
		   const struct adp_field *f, struct adp_vals *vals,
		   int argc, char **argv, int *i, const char *where);
/*
 * word as a time (radp_time.h's adp_time_parse()): 0, or ADP_EXIT_USAGE
 * after 'invalid value "word" for "key": expected a time such as ...'.
 */
int adp_parse_time(const struct adp_ctx *ctx, const char *key,
		   const char *word, uint64_t *v);
/* "[dev] DEV" as a command's only arguments: *dev, NULL when not given. */
int adp_parse_dev(const struct adp_ctx *ctx, int argc, char **argv,
		  const char **dev);
/*
 * Take "-r"/"--raw", the one option after a show's object, out of argv;
 * returns the words left.
 */
int adp_take_raw_opt(int argc, char **argv, bool *raw);

/* dev.c */
/* The "restore" nest of a DEV reply, inside the device's object. */
int adp_print_restore(const struct nlattr *nest, bool same_line);

/* devnames.c: the RDMA and net devices of a PCI function, from sysfs. */
/*
 * The PCI address of the function whose RDMA or net device is NAME; NAME
 * itself when it is neither. The result lasts until the next call.
 */
const char *adp_dev_resolve(const char *name);
/* " rdma mlx5_0 netdev eth0,eth1" of function PCI ("rdma_devs", "netdevs"). */
void adp_print_dev_names(const char *pci);

/* nl.c: the request and reply every command makes. */
/*
 * Decode a nest of the reply into vals, each field by its type.  Returns
 * 0, or -EBADMSG after reporting a malformed nest named what.
 */
int adp_vals_parse(const struct adp_field *fields, const struct nlattr *nest,
		   struct adp_vals *vals, const char *what);
/* Put every field present in vals into msg; 0 or a negative NLE_*. */
int adp_vals_put(struct nl_msg *msg, const struct adp_field *fields,
		 const struct adp_vals *vals);
/*
 * ROCE_ADP_A_DEV_NAME dev, then the nest attr of the fields present in
 * vals, left open for more (nla_nest_end() closes it); NULL when msg is
 * full.
 */
struct nlattr *adp_put_dev_nest(struct nl_msg *msg, const char *dev,
				int attr, const struct adp_field *fields,
				const struct adp_vals *vals);
/* Build callback: ROCE_ADP_A_DEV_NAME from arg (a device name or NULL). */
int adp_put_dev(struct nl_msg *msg, void *dev);
/* The device a reply names; NULL, the error reported, when it names none. */
const char *adp_reply_dev(const struct adp_nl_msg *msg);
/*
 * The show pattern of every object: a do for dev, a dump without it, each
 * reply handed to print with arg, all inside one JSON array.  Returns an
 * exit code.
 */
int adp_show(struct adp_ctx *ctx, uint8_t cmd, const char *dev,
	     int (*print)(const struct adp_nl_msg *msg, void *arg),
	     void *arg);
/*
 * adp_show() with any request: flags (0 or NLM_F_DUMP) and the attributes
 * build puts from build_arg.  Also prints the reply of a set, which reads
 * the state back, exactly as the matching show would.
 */
int adp_show_req(struct adp_ctx *ctx, uint8_t cmd, int flags,
		 int (*build)(struct nl_msg *msg, void *arg), void *build_arg,
		 int (*print)(const struct adp_nl_msg *msg, void *arg),
		 void *arg);
/*
 * A command whose only arguments are "[dev] DEV" around adp_show(): a do
 * for DEV, else a dump; need_dev: DEV is required, a do.
 */
int adp_dev_cmd(struct adp_ctx *ctx, int argc, char **argv, uint8_t cmd,
		bool need_dev,
		int (*print)(const struct adp_nl_msg *msg, void *arg), void *arg);

/* profile.c */
/* What "profile set" sends: the profile id, the fields and ranges given. */
struct profile_req {
	const char *dev;
	struct adp_profile p;
};

int profile_parse_set(const struct adp_ctx *ctx, struct profile_req *req,
		      int argc, char **argv);
int profile_build_set(struct nl_msg *msg, void *req);
/* A PROFILE_GET or PROFILE_SET reply, printed as "profile show" does. */
int profile_print_msg(const struct adp_nl_msg *msg, void *arg);

/* accl.c */
/* What "accl set" sends: the enables given, nothing else. */
struct accl_req {
	const char *dev;
	struct adp_vals accl;	/* adp_accl_fields */
};

/*
 * "accl set": the enables in req; profile fields of an mlxreg list (its
 * adp_retx_profile part) in prof, prof->dev NULL when there are none.
 */
int accl_parse_set(const struct adp_ctx *ctx, struct accl_req *req,
		   struct profile_req *prof, int argc, char **argv);
int accl_build_set(struct nl_msg *msg, void *req);

/* 0, or -EBADMSG after reporting a malformed nest. */
int profile_decode(const struct nlattr *nest, struct adp_profile *p);
/*
 * profile.c: a profile, the one printer of show, set, monitor and config
 * export: JSON an object (under key) of its fields by PRM name and its
 * timeout_range array; text its fields as the words profile set and apply
 * take, a line of the profile's and one per range, each after lead and
 * ending in end; with id the profile's id among them (else the caller
 * names it, or head does), with times what the fields amount to in
 * parentheses.  A NULL lead: JSON only, but for head.  head: the id in
 * the text as a head line, a format for its %u (profile_head_fmt() makes
 * one).
 */
struct profile_style {
	const char *lead;
	const char *end;
	const char *head;
	bool id;
	bool times;
};
void profile_print(const char *key, const struct adp_profile *p,
		   const struct profile_style *st);
/* "BEFORE%uAFTER", a '%' of before or after doubled. */
const char *profile_head_fmt(char *buf, size_t len, const char *before,
			     const char *after);
/* A profile on one line, id included (monitor; simulate -j). */
void profile_print_nest(const char *key, const struct adp_profile *p);

/*
 * The commands of the profile object, whose table commands.c holds: the
 * files of lint, simulate and tune print profiles with profile.c's
 * printer, so profile.c does not lead to them.
 */
int profile_show(struct adp_ctx *ctx, int argc, char **argv);
int profile_set(struct adp_ctx *ctx, int argc, char **argv);
void profile_set_details(FILE *fp);
int profile_forget(struct adp_ctx *ctx, int argc, char **argv);
void profile_forget_details(FILE *fp);

/* lint.c, simulate.c: commands of the profile object, see profile_src.h. */
#define PROFILE_SRC_USAGE \
	"[dev DEV] [id N] [file FILE] [FIELD VALUE]... [range I RANGE_FIELD VALUE...]..."
int profile_lint(struct adp_ctx *ctx, int argc, char **argv);
void profile_lint_details(FILE *fp);
int profile_simulate(struct adp_ctx *ctx, int argc, char **argv);
void profile_simulate_details(FILE *fp);
/* tune.c */
int profile_tune(struct adp_ctx *ctx, int argc, char **argv);
/*
 * Profiles one search scores at most, 0 (adpctl's) without a limit: set by
 * the fuzzer (fuzz/fuzz_words.c), whose instrumentation makes a whole
 * search of tens of thousands of profiles take minutes.
 */
extern unsigned long adp_tune_search_max;
void profile_tune_details(FILE *fp);

/*
 * apply.c for metrics.c: the configuration at path (file or directory),
 * or NULL after saying what is wrong; free() it.  apply_dev_changes()
 * counts the fields of dev that "apply --check" would change, printing
 * nothing, or returns a negative errno after an error message.
 */
struct apply *apply_load(const char *path);
int apply_dev_changes(struct adp_ctx *ctx, struct apply *ap, const char *dev);

#endif /* ADPCTL_H */
