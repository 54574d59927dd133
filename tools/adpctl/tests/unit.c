// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the print layer and the argument helpers, as TAP.
 * Output is captured in memory streams and compared byte for byte; JSON
 * is also fed to Debian's python3 json module when it is installed.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "adpctl.h"
#include "tap.h"

static bool out_is(const char *want)
{
	return same("stdout", out_buf, want) & same("stderr", err_buf, "");
}

static bool err_is(const char *want)
{
	return same("stdout", out_buf, "") & same("stderr", err_buf, want);
}

static bool json_string_is(const char *value, const char *want)
{
	capture(true, false);
	print_string(PRINT_ANY, NULL, "%s", value);
	release();
	return out_is(want);
}

static bool test_escape_quotes_backslash(void)
{
	return json_string_is("a\"b\\c/d", "\"a\\\"b\\\\c/d\"\n");
}

static bool test_escape_control(void)
{
	return json_string_is("\b\f\n\r\t\x01\x1f\x7f",
			      "\"\\b\\f\\n\\r\\t\\u0001\\u001f\x7f\"\n");
}

static bool test_utf8_passthrough(void)
{
	/* 2-, 3- and 4-byte sequences: é, €, U+1D11E. */
	return json_string_is("h\xc3\xa9 \xe2\x82\xac \xf0\x9d\x84\x9e",
			      "\"h\xc3\xa9 \xe2\x82\xac \xf0\x9d\x84\x9e\"\n");
}

static bool test_utf8_invalid(void)
{
	/* Stray continuation, overlong, surrogate, truncated at the end. */
	return json_string_is("\x80|\xc0\xaf|\xed\xa0\x80|\xe2\x82",
			      "\"\\ufffd|\\ufffd\\ufffd|"
			      "\\ufffd\\ufffd\\ufffd|\\ufffd\\ufffd\"\n");
}

/* One document with every kind of value and container. */
static void print_sample(void)
{
	open_json_object(NULL);
	print_string(PRINT_ANY, "name", "%s", "emu0");
	print_uint(PRINT_ANY, "u", "%u", 7);
	print_int(PRINT_ANY, "i", "%d", -3);
	print_u64(PRINT_ANY, "big", "%llu", UINT64_MAX);
	print_bool(PRINT_ANY, "b", "%s", true);
	print_bool_str(PRINT_ANY, "s", "%s", false, "on", "off");
	print_null(PRINT_ANY, "z", "%s", "none");
	print_string(PRINT_FP, "text_only", "%s", "hidden");
	open_json_array("list");
	open_json_object(NULL);
	print_uint(PRINT_JSON, "a", NULL, 1);
	close_json_object();
	open_json_array(NULL);
	close_json_array();
	print_string(PRINT_JSON, NULL, NULL, "x");
	close_json_array();
	open_json_object("empty");
	close_json_object();
	close_json_object();
}

static const char sample_compact[] =
	"{\"name\":\"emu0\",\"u\":7,\"i\":-3,\"big\":18446744073709551615,"
	"\"b\":true,\"s\":false,\"z\":null,"
	"\"list\":[{\"a\":1},[],\"x\"],\"empty\":{}}\n";

static const char sample_pretty[] =
	"{\n"
	"    \"name\": \"emu0\",\n"
	"    \"u\": 7,\n"
	"    \"i\": -3,\n"
	"    \"big\": 18446744073709551615,\n"
	"    \"b\": true,\n"
	"    \"s\": false,\n"
	"    \"z\": null,\n"
	"    \"list\": [\n"
	"        {\n"
	"            \"a\": 1\n"
	"        },\n"
	"        [],\n"
	"        \"x\"\n"
	"    ],\n"
	"    \"empty\": {}\n"
	"}\n";

static bool test_nested_compact(void)
{
	capture(true, false);
	print_sample();
	release();
	return out_is(sample_compact);
}

static bool test_nested_pretty(void)
{
	capture(true, true);
	print_sample();
	release();
	return out_is(sample_pretty);
}

/* JSON has no infinity or NaN: null in their place, text as printf has it. */
static bool test_float_not_finite(void)
{
	bool ok;

	capture(true, false);
	open_json_object(NULL);
	print_float(PRINT_ANY, "inf", "%g", INFINITY);
	print_float(PRINT_ANY, "minus_inf", "%g", -INFINITY);
	print_float(PRINT_ANY, "nan", "%g", NAN);
	print_float(PRINT_ANY, "one", "%g", 1.5);
	close_json_object();
	release();
	ok = out_is("{\"inf\":null,\"minus_inf\":null,\"nan\":null,\"one\":1.5}\n");
	capture(false, false);
	print_float(PRINT_ANY, "inf", "%g ", INFINITY);
	print_float(PRINT_ANY, "one", "%g", 1.5);
	release();
	return ok & out_is("inf 1.5");
}

static bool test_pretty_implies_json(void)
{
	capture(false, true);
	release();
	return is_json_context();
}

static bool test_empty_array(void)
{
	bool ok;

	capture(true, false);
	open_json_array(NULL);
	close_json_array();
	release();
	ok = out_is("[]\n");
	capture(true, true);
	open_json_array(NULL);
	close_json_array();
	release();
	return out_is("[]\n") && ok;
}

/* The dev show layout: an array of objects, one per reply. */
static void print_devs(void)
{
	static const char *const names[] = { "emu0", "mlx5_0" };
	size_t i;

	open_json_array(NULL);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		open_json_object(NULL);
		print_string(PRINT_ANY, "name", "%s:", names[i]);
		print_string(PRINT_ANY, "backend", " backend %s", "emulated");
		print_uint(PRINT_ANY, "n", " n %u", i);
		print_bool_str(PRINT_ANY, "roce_accl", " roce_accl %s", i,
			       "supported", "unsupported");
		close_json_object();
		print_nl();
	}
	close_json_array();
}

static bool test_text_mode(void)
{
	capture(false, false);
	print_devs();
	print_string(PRINT_JSON, "json_only", "%s", "hidden");
	print_string(PRINT_ANY, "no_fmt", NULL, "hidden");
	release();
	return !is_json_context() &&
	       out_is("emu0: backend emulated n 0 roce_accl unsupported\n"
		      "mlx5_0: backend emulated n 1 roce_accl supported\n");
}

static bool test_json_array_of_objects(void)
{
	capture(true, false);
	print_devs();
	release();
	return out_is("[{\"name\":\"emu0\",\"backend\":\"emulated\","
		      "\"n\":0,\"roce_accl\":false},"
		      "{\"name\":\"mlx5_0\",\"backend\":\"emulated\","
		      "\"n\":1,\"roce_accl\":true}]\n");
}

static bool test_fini_closes_open(void)
{
	capture(true, false);
	open_json_array(NULL);
	open_json_object(NULL);
	print_uint(PRINT_ANY, "a", "%u", 1);
	release();
	return out_is("[{\"a\":1}]\n");
}

static bool test_error_period(void)
{
	bool ok;

	capture(false, false);
	print_error("no such device");
	print_error("already %s.", "done");
	print_warning("%d left", 2);
	release();
	ok = err_is("Error: no such device.\nError: already done.\n"
		    "Warning: 2 left.\n");
	/* Errors never touch the JSON document. */
	capture(true, false);
	print_error("x");
	release();
	return err_is("Error: x.\n") && ok;
}


static bool test_python_validates(void)
{
	static const char nasty[] = "q\"b\\c\n\x01\xc3\xa9\xff";
	bool ok = true;

	if (access(PYTHON, X_OK))
		return tap_missing(PYTHON);

	capture(true, false);
	print_sample();
	release();
	ok &= python_accepts(out_buf, "{'name': 'emu0', 'u': 7, 'i': -3, "
			     "'big': 2**64 - 1, 'b': True, 's': False, "
			     "'z': None, 'list': [{'a': 1}, [], 'x'], "
			     "'empty': {}}");
	capture(true, true);
	print_sample();
	release();
	ok &= python_accepts(out_buf, "json.loads(json.dumps(v))");
	capture(true, true);
	open_json_array(NULL);
	print_string(PRINT_ANY, NULL, NULL, nasty);
	close_json_array();
	release();
	ok &= python_accepts(out_buf,
			     "['q\"b\\\\c\\n\\x01\\xe9\\ufffd']");
	return ok;
}

/* A table shaped like adp_cmd: the name first. */
struct named {
	const char *name;
	int id;
};

static const struct named words[] = {
	{ "show", 1 }, { "set", 2 }, { "settings", 3 }, { "monitor", 4 },
	{ }
};

static int match_id(const char *word)
{
	const void *found;
	int ret;

	ret = adp_match(words, sizeof(words[0]), word, &found);
	if (ret)
		return found ? -100 : ret;
	return ((const struct named *)found)->id;
}

static bool test_prefix_unique(void)
{
	return match_id("show") == 1 && match_id("sh") == 1 &&
	       match_id("m") == 4 && match_id("monitor") == 4 &&
	       match_id("setti") == 3 &&
	       /* An exact name wins over the longer names it prefixes. */
	       match_id("set") == 2;
}

static bool test_prefix_ambiguous(void)
{
	return match_id("s") == -EINVAL && match_id("se") == -EINVAL;
}

static bool test_prefix_unknown(void)
{
	return match_id("x") == -ENOENT && match_id("") == -ENOENT &&
	       match_id("shows") == -ENOENT && match_id("SHOW") == -ENOENT;
}

static bool test_lookup_messages(void)
{
	const void *a, *b, *c;

	capture(false, false);
	a = adp_lookup(words, sizeof(words[0]), "x", "object", "adpctl help");
	b = adp_lookup(words, sizeof(words[0]), "se", "command",
		       "adpctl dev help");
	c = adp_lookup(words, sizeof(words[0]), "mon", "command", "-");
	release();
	return !a && !b && c == &words[3] &&
	       err_is("Error: unknown object \"x\". Try \"adpctl help\".\n"
		      "Error: ambiguous command \"se\" (set, settings). "
		      "Try \"adpctl dev help\".\n");
}

static bool test_is_help(void)
{
	return adp_is_help("help") && adp_is_help("-h") &&
	       adp_is_help("--help") && !adp_is_help("he") &&
	       !adp_is_help("-help");
}

static const struct adp_cmd test_cmd = { .name = "set", .help = "", .usage = "" };
static const struct adp_obj test_obj = { .name = "accl", .help = "" };
static const struct adp_ctx test_ctx = { .obj = &test_obj, .cmd = &test_cmd };

struct parsed {
	const char *dev;
	const char *name;
	uint32_t count;
	bool enable;
	struct adp_arg args[5];
};

/* Parse line, split at spaces, with the argument table of a "set". */
static int parse(struct parsed *p, bool need_enable, const char *line)
{
	static char buf[256];
	char *argv[16], *tok;
	int argc = 0;

	memset(p, 0, sizeof(*p));
	p->args[0] = (struct adp_arg){ .key = "dev", .type = ADP_ARG_STR,
				       .val = &p->dev, .positional = true,
				       .maxlen = 5 };
	p->args[1] = (struct adp_arg){ .key = "name", .type = ADP_ARG_STR,
				       .val = &p->name, .positional = true };
	p->args[2] = (struct adp_arg){ .key = "count", .type = ADP_ARG_U32,
				       .val = &p->count };
	p->args[3] = (struct adp_arg){ .key = "enable",
				       .type = ADP_ARG_ON_OFF,
				       .val = &p->enable,
				       .required = need_enable };
	/* Static: the parsed strings point into it. */
	snprintf(buf, sizeof(buf), "%s", line);
	for (tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	return adp_parse_args(&test_ctx, p->args, argc, argv);
}

static bool test_args_ok(void)
{
	struct parsed p;
	bool ok = true;

	capture(false, false);
	ok &= parse(&p, true, "emu0 count 0x10 enable on") == 0 &&
	      !strcmp(p.dev, "emu0") && !p.name && p.count == 16 &&
	      p.enable && p.args[0].seen && !p.args[1].seen &&
	      p.args[2].seen && p.args[3].seen;
	ok &= parse(&p, true, "enable off name n1 dev emu1 count 4294967295")
		== 0 && !strcmp(p.dev, "emu1") && !strcmp(p.name, "n1") &&
	      p.count == UINT32_MAX && !p.enable;
	/* Bare values fill the positional slots in order. */
	ok &= parse(&p, false, "emu2 n2") == 0 && !strcmp(p.dev, "emu2") &&
	      !strcmp(p.name, "n2") && !p.args[2].seen;
	ok &= parse(&p, false, "") == 0 && !p.dev && !p.args[0].seen;
	release();
	return ok && err_is("");
}

static bool test_args_errors(void)
{
	static const struct {
		const char *line;
		const char *msg;
	} cases[] = {
		{ "dev", "missing value for \"dev\"" },
		{ "dev a dev b", "\"dev\" is given twice" },
		{ "a b c", "unexpected argument \"c\"" },
		{ "a -j", "unknown option \"-j\" (options go before the object)" },
		{ "count -1", "invalid value \"-1\" for \"count\": expected a number up to 4294967295" },
		{ "count 4294967296", "invalid value \"4294967296\" for \"count\": expected a number up to 4294967295" },
		{ "count 12x", "invalid value \"12x\" for \"count\": expected a number up to 4294967295" },
		{ "enable yes", "invalid value \"yes\" for \"enable\": expected \"on\" or \"off\"" },
		{ "emu0", "missing argument \"enable\"" },
		{ "toolong enable on", "value of \"dev\" is longer than 5 characters" },
	};
	char want[4096] = "";
	struct parsed p;
	bool ok = true;
	size_t i, off = 0;

	capture(false, false);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		if (parse(&p, true, cases[i].line) != ADP_EXIT_USAGE) {
			printf("# \"%s\" was accepted\n", cases[i].line);
			ok = false;
		}
		off += snprintf(want + off, sizeof(want) - off,
				"Error: %s. Try \"adpctl accl set help\".\n",
				cases[i].msg);
	}
	release();
	return err_is(want) && ok;
}

TAP_MAIN(
	{ "json escapes quotes and backslash", test_escape_quotes_backslash },
	{ "json escapes control characters", test_escape_control },
	{ "json passes valid UTF-8 through", test_utf8_passthrough },
	{ "json replaces invalid UTF-8", test_utf8_invalid },
	{ "json nested containers, compact", test_nested_compact },
	{ "json nested containers, pretty", test_nested_pretty },
	{ "pretty implies json", test_pretty_implies_json },
	{ "a float that is not finite: null in JSON, as printf prints it in text", test_float_not_finite },
	{ "json empty array, compact and pretty", test_empty_array },
	{ "text mode uses the formats only", test_text_mode },
	{ "json array of device objects", test_json_array_of_objects },
	{ "print_fini closes what is open", test_fini_closes_open },
	{ "errors end in exactly one period", test_error_period },
	{ "python3 parses our json", test_python_validates },
	{ "prefix match: exact and unique prefixes", test_prefix_unique },
	{ "prefix match: ambiguous prefix rejected", test_prefix_ambiguous },
	{ "prefix match: unknown word rejected", test_prefix_unknown },
	{ "lookup reports unknown and ambiguous", test_lookup_messages },
	{ "help words", test_is_help },
	{ "keyword and positional arguments", test_args_ok },
	{ "argument errors are usage errors", test_args_errors },
)
