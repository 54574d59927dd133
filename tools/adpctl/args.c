// SPDX-License-Identifier: GPL-2.0
/*
 * Command line helpers: table lookup by unique prefix, keyword arguments,
 * a device and the raw option, values of the field tables.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "adpctl.h"

static const char *entry_name(const void *table, size_t entry_size, size_t i)
{
	/* Every table entry starts with its name. */
	return *(const char *const *)((const char *)table + i * entry_size);
}

int adp_match(const void *table, size_t entry_size, const char *word,
	      const void **found)
{
	size_t len = strlen(word), i, hits = 0;
	const char *name;

	*found = NULL;
	if (!len)
		return -ENOENT;
	for (i = 0; (name = entry_name(table, entry_size, i)); i++) {
		/* An exact name wins even when it prefixes another. */
		if (!strcmp(name, word)) {
			*found = (const char *)table + i * entry_size;
			return 0;
		}
		if (!strncmp(name, word, len)) {
			*found = (const char *)table + i * entry_size;
			hits++;
		}
	}
	if (hits == 1)
		return 0;
	*found = NULL;
	return hits ? -EINVAL : -ENOENT;
}

const void *adp_lookup(const void *table, size_t entry_size, const char *word,
		       const char *what, const char *hint)
{
	size_t len = strlen(word), i, off = 0;
	const void *found;
	const char *name;
	char list[256] = "";
	int ret;

	ret = adp_match(table, entry_size, word, &found);
	if (!ret)
		return found;
	if (ret == -ENOENT) {
		print_error("unknown %s \"%s\". Try \"%s\"", what, word, hint);
		return NULL;
	}
	for (i = 0; (name = entry_name(table, entry_size, i)); i++) {
		if (strncmp(name, word, len) || off >= sizeof(list))
			continue;
		off += snprintf(list + off, sizeof(list) - off, "%s%s",
				off ? ", " : "", name);
	}
	print_error("ambiguous %s \"%s\" (%s). Try \"%s\"", what, word, list,
		    hint);
	return NULL;
}

void *adp_grow(void *v, size_t n, size_t size)
{
	char *grown = realloc(v, (n + 1) * size);

	if (!grown) {
		print_error("out of memory");
		return NULL;
	}
	memset(grown + n * size, 0, size);
	return grown;
}

bool adp_is_help(const char *word)
{
	return !strcmp(word, "help") || !strcmp(word, "-h") ||
	       !strcmp(word, "--help");
}

int adp_usage_error(const struct adp_ctx *ctx, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (ctx->obj->is_cmd)
		print_error("%s. Try \"adpctl %s help\"", msg, ctx->obj->name);
	else
		print_error("%s. Try \"adpctl %s %s help\"", msg,
			    ctx->obj->name, ctx->cmd->name);
	return ADP_EXIT_USAGE;
}

static int store_arg(const struct adp_ctx *ctx, struct adp_arg *a,
		     const char *word)
{
	unsigned long long u;
	char *end;

	switch (a->type) {
	case ADP_ARG_STR:
		if (!*word)
			return adp_usage_error(ctx, "empty value for \"%s\"",
					       a->key);
		if (a->maxlen && strlen(word) > a->maxlen)
			return adp_usage_error(ctx, "value of \"%s\" is longer than %zu characters",
					       a->key, a->maxlen);
		/* A device may also be named by its RDMA or net device. */
		*(const char **)a->val = strcmp(a->key, "dev") ? word :
					 adp_dev_resolve(word);
		return 0;
	case ADP_ARG_U32:
		errno = 0;
		u = strtoull(word, &end, 0);
		if (!*word || *end || errno || word[0] == '-' ||
		    u > UINT32_MAX)
			return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\": expected a number up to %" PRIu32,
					       word, a->key, UINT32_MAX);
		*(uint32_t *)a->val = u;
		return 0;
	case ADP_ARG_ON_OFF:
		/* 1/0 and true/false too, as the register and JSON say it */
		if (!strcmp(word, "on") || !strcmp(word, "1") ||
		    !strcmp(word, "true")) {
			*(bool *)a->val = true;
		} else if (!strcmp(word, "off") || !strcmp(word, "0") ||
			   !strcmp(word, "false")) {
			*(bool *)a->val = false;
		} else {
			return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\": expected \"on\" or \"off\"",
					       word, a->key);
		}
		return 0;
	}
	return adp_usage_error(ctx, "bad argument table");
}

int adp_take_arg(const struct adp_ctx *ctx, struct adp_arg *a, int argc,
		 char **argv, int *i)
{
	int ret;

	if (a->seen)
		return adp_usage_error(ctx, "\"%s\" is given twice", a->key);
	if (*i + 1 >= argc)
		return adp_usage_error(ctx, "missing value for \"%s\"", a->key);
	++*i;
	ret = store_arg(ctx, a, argv[*i]);
	if (ret)
		return ret;
	a->seen = true;
	return 0;
}

int adp_parse_args(const struct adp_ctx *ctx, struct adp_arg *args,
		   int argc, char **argv)
{
	struct adp_arg *a;
	const char *word;
	int i, ret;

	for (a = args; a->key; a++)
		a->seen = false;

	for (i = 0; i < argc; i++) {
		word = argv[i];
		/* Keys match exactly: a bare value may look like a prefix. */
		for (a = args; a->key && strcmp(a->key, word); a++)
			;
		if (a->key) {
			ret = adp_take_arg(ctx, a, argc, argv, &i);
			if (ret)
				return ret;
			continue;
		}
		if (word[0] == '-')
			return adp_usage_error(ctx, "unknown option \"%s\" (options go before the object)",
					       word);
		for (a = args; a->key; a++)
			if (a->positional && !a->seen)
				break;
		if (!a->key)
			return adp_usage_error(ctx, "unexpected argument \"%s\"",
					       word);
		ret = store_arg(ctx, a, word);
		if (ret)
			return ret;
		a->seen = true;
	}

	for (a = args; a->key; a++)
		if (a->required && !a->seen)
			return adp_usage_error(ctx, "missing argument \"%s\"",
					       a->key);
	return 0;
}

int adp_parse_dev(const struct adp_ctx *ctx, int argc, char **argv,
		  const char **dev)
{
	struct adp_arg args[] = {
		{ ADP_ARG_DEV(dev), .positional = true },
		{ }
	};

	*dev = NULL;
	return adp_parse_args(ctx, args, argc, argv);
}

int adp_take_raw_opt(int argc, char **argv, bool *raw)
{
	int i, n;

	*raw = false;
	for (i = n = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-r") || !strcmp(argv[i], "--raw"))
			*raw = true;
		else
			argv[n++] = argv[i];
	}
	return n;
}

int adp_mlxreg_number(const char *word, uint32_t *v)
{
	unsigned long long u;
	char *end;

	if (!isdigit((unsigned char)word[0]))
		return -EINVAL;
	errno = 0;
	u = strtoull(word, &end, 0);
	if (*end || errno || u > UINT32_MAX)
		return -EINVAL;
	*v = u;
	return 0;
}

int adp_field_parse(const struct adp_ctx *ctx, const char *key,
		    const struct adp_field *f, const char *word, uint32_t *v)
{
	char expect[128];

	if (!adp_field_value(f, word, v))
		return 0;
	return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\": expected %s",
			       word, key,
			       adp_field_expect(f, expect, sizeof(expect)));
}

int adp_parse_time(const struct adp_ctx *ctx, const char *key,
		   const char *word, uint64_t *v)
{
	if (!adp_time_parse(word, v))
		return 0;
	return adp_usage_error(ctx, "invalid value \"%s\" for \"%s\": expected a time such as 30ms, 1.5ms, 100us or 2s",
			       word, key);
}

int adp_field_take(const struct adp_ctx *ctx, const char *key,
		   const struct adp_field *f, struct adp_vals *vals,
		   int argc, char **argv, int *i, const char *where)
{
	int ret;

	if (vals->has[f->attr])
		return adp_usage_error(ctx, "\"%s\" is given twice%s", key,
				       where);
	if (*i + 1 >= argc)
		return adp_usage_error(ctx, "missing value for \"%s\"", key);
	++*i;
	ret = adp_field_parse(ctx, key, f, argv[*i], &vals->v[f->attr]);
	if (ret)
		return ret;
	vals->has[f->attr] = true;
	return 0;
}
