/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small JSON reader (RFC 8259) for the profile files adpctl takes: the
 * output of "adpctl -j profile show" or profile objects alike.  The whole
 * document becomes a tree of nodes; numbers keep their text so that
 * integers are read exactly.
 */
#ifndef ADPCTL_JSON_IN_H
#define ADPCTL_JSON_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum json_type {
	JSON_NULL,
	JSON_BOOL,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
};

struct json {
	enum json_type type;
	bool boolean;
	char *str;		/* STRING: the value, NUMBER: its text */
	char *key;		/* a member of an object: its name */
	struct json *child;	/* ARRAY, OBJECT: the first element */
	struct json *next;	/* the next element of the parent */
	unsigned int line;	/* where the value starts, from 1 */
};

/*
 * Parse text (len bytes).  Returns the tree, or NULL with err filled with
 * "line N: what is wrong".
 */
struct json *json_parse(const char *text, size_t len, char *err,
			size_t errlen);
void json_free(struct json *j);

/* The member called key of an object, or NULL. */
const struct json *json_get(const struct json *obj, const char *key);
/* A number that is a whole value in 0..UINT32_MAX (true = 1, false = 0). */
bool json_u32(const struct json *j, uint32_t *v);
const char *json_type_name(enum json_type t);

#endif /* ADPCTL_JSON_IN_H */
