// SPDX-License-Identifier: GPL-2.0
/*
 * The field tables on their own: time formatting, values of each field
 * kind (args.c, print.c), the tables themselves, and fields to attributes
 * and back (nl.c).  TAP.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/genl/genl.h>

#include "adpctl.h"
#include "radp_mpt.h"
#include "radp_nl_put.h"
#include "tap.h"

static const struct adp_cmd test_cmd = { .name = "set", .help = "", .usage = "" };
static const struct adp_obj test_obj = { .name = "profile", .help = "" };
static const struct adp_ctx test_ctx = { .obj = &test_obj, .cmd = &test_cmd };

/* A time and how adp_fmt_time() prints it. */
struct time_case {
	uint64_t v;
	const char *want;
};

static bool times_print(const struct time_case *cases, size_t n,
			enum adp_unit unit)
{
	char buf[48];
	bool ok = true;
	size_t i;

	for (i = 0; i < n; i++)
		ok &= same("time", adp_fmt_time(buf, sizeof(buf), cases[i].v,
						unit), cases[i].want);
	return ok;
}

static bool test_time_us(void)
{
	static const struct time_case cases[] = {
		{ 0, "0us" }, { 4, "4us" }, { 999, "999us" },
		{ 1000, "1ms" }, { 1001, "1.001ms" }, { 1500, "1.5ms" },
		{ 1024, "1.024ms" }, { 8192, "8.192ms" }, { 65536, "65.536ms" },
		{ 999999, "999.999ms" }, { 1000000, "1s" },
		{ 2097152, "2.097s" }, { 4194304, "4.194s" },
		/* Seconds keep 3 decimals: rounded half up, zeros dropped. */
		{ 1000499, "1s" }, { 1000500, "1.001s" }, { 1999999, "2s" },
		{ 1100000, "1.1s" }, { 999999999, "1000s" },
		{ 3600000000ULL, "3600s" },
		{ UINT64_MAX, "18446744073709.552s" },
	};

	return times_print(cases, ARRAY_SIZE(cases), ADP_UNIT_US);
}

static bool test_time_ns(void)
{
	static const struct time_case cases[] = {
		{ 0, "0ns" }, { 999, "999ns" }, { 4000, "4us" },
		{ 4500, "4.5us" }, { 0xfffff, "1.049ms" },
		/* 999.9995us rounds up into the next unit. */
		{ 999999500, "1s" }, { 999999499, "999.999ms" },
	};

	return times_print(cases, ARRAY_SIZE(cases), ADP_UNIT_NS);
}

/* Exact times: never rounded, so a value with a 4th decimal stays finer. */
static bool test_time_exact(void)
{
	static const struct time_case cases[] = {
		{ 0, "0ns" }, { 999, "999ns" }, { 1000, "1us" },
		{ 1500500, "1500.5us" }, { 1500000, "1.5ms" },
		{ 1000001, "1000.001us" }, { 1001000, "1.001ms" },
		{ 65535000000ULL, "65.535s" }, { 65535000001ULL, "65535000.001us" },
		{ 999999000, "999.999ms" }, { 999999999, "999999.999us" },
		{ 3600000000000ULL, "3600s" },
	};
	char buf[48];
	bool ok = true;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		ok &= same("exact", adp_fmt_time_exact(buf, sizeof(buf),
						       cases[i].v),
			   cases[i].want);
	return ok;
}

static bool test_time_shift(void)
{
	static const struct {
		uint32_t base, shift, unit;
		const char *want;
	} cases[] = {
		{ 8, 0, 1, "8us" }, { 8, 3, 1, "64us" }, { 8, 18, 1, "2.097s" },
		{ 4, 8, 1, "1.024ms" }, { 0, 300, 1, "0us" },
		/* The widest value that fits 64 bits, then past it. */
		{ 65535, 48, 1, "18446462598732.841s" },
		{ 65535, 49, 1, "3.689e+13s" }, { 1, 64, 1, "1.845e+13s" },
		{ 1, 510, 1, "3.352e+147s" },
		/* Units adpctl does not know stay expressions. */
		{ 16, 3, 2, "16<<3" }, { 16, 0, 2, "16" }, { 16, 3, 0, "16<<3" },
	};
	char buf[48];
	bool ok = true;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		ok &= same("shift", adp_fmt_shift(buf, sizeof(buf),
						  cases[i].base,
						  cases[i].shift,
						  cases[i].unit),
			   cases[i].want);
	return ok;
}

static const struct adp_field *field(const struct adp_field *t,
				     const char *name)
{
	const struct adp_field *f = adp_field_find(t, name);

	if (!f) {
		printf("Bail out! no field %s\n", name);
		exit(1);
	}
	return f;
}

/* The value of word for field name, or -1 for a usage error. */
static long value(const struct adp_field *t, const char *name,
		  const char *word)
{
	uint32_t v = 12345;
	int ret;

	ret = adp_field_parse(&test_ctx, name, field(t, name), word, &v);
	return ret ? -1 : (long)v;
}

static bool test_parse_values(void)
{
	const struct adp_field *p = adp_profile_fields;
	const struct adp_field *r = adp_range_fields;
	const struct adp_field *a = adp_accl_fields;
	bool ok;

	capture(false, false);
	ok = value(p, "time_base", "0") == 0 &&
	     value(p, "time_base", "65535") == 65535 &&
	     value(p, "time_base", "0xffff") == 65535 &&
	     value(p, "time_base", "0XA") == 10 &&
	     /* Leading zeros are decimal, not octal. */
	     value(p, "time_base", "010") == 10 &&
	     value(p, "time_base", "65536") == -1 &&
	     value(p, "time_base", "0x10000") == -1 &&
	     value(p, "time_base", "+1") == -1 &&
	     value(p, "time_base", " 1") == -1 &&
	     value(p, "time_base", "") == -1 &&
	     value(p, "time_base", "99999999999999999999999") == -1 &&
	     value(p, "qp_total_timeout", "on") == 1 &&
	     value(p, "qp_total_timeout", "off") == 0 &&
	     value(p, "qp_total_timeout", "1") == 1 &&
	     value(p, "qp_total_timeout", "ON") == -1 &&
	     value(p, "time_unit", "usec") == 1 &&
	     value(p, "time_unit", "3") == 3 &&
	     value(p, "time_unit", "4") == -1 &&
	     value(r, "dec_mode", "div4") == 0 &&
	     value(r, "dec_mode", "div2") == 1 &&
	     value(r, "dec_mode", "low_bound") == 2 &&
	     value(r, "dec_mode", "3") == 3 &&
	     value(r, "timeout_retry_num", "1023") == 1023 &&
	     value(r, "timeout_retry_num", "1024") == -1 &&
	     value(r, "range_low_bound", "255") == 255 &&
	     value(r, "prev_range_index", "8") == -1 &&
	     value(a, "roce_adp_retrans_en", "on") == 1 &&
	     value(a, "roce_adp_retrans_en", "0") == 0 &&
	     /* JSON's booleans, the spec's and the PRM's enum names */
	     value(a, "roce_adp_retrans_en", "true") == 1 &&
	     value(a, "roce_adp_retrans_en", "false") == 0 &&
	     value(a, "roce_adp_retrans_en", "True") == -1 &&
	     value(p, "qp_total_timeout", "true") == 1 &&
	     value(p, "time_unit", "TIME_USEC") == 1 &&
	     value(r, "dec_mode", "to-div-4") == 0 &&
	     value(r, "dec_mode", "to-div-2") == 1 &&
	     value(r, "dec_mode", "to-low-bound") == 2 &&
	     value(r, "dec_mode", "TO_DIV_4") == 0 &&
	     value(r, "dec_mode", "TO_DIV_2") == 1 &&
	     value(r, "dec_mode", "TO_LOW_BOUND") == 2 &&
	     value(a, "cc_burst_size", "4KB") == 0 &&
	     value(a, "cc_burst_size", "4kb") == 0 &&
	     value(a, "cc_burst_size", "16kb") == 2 &&
	     value(a, "cc_burst_size", "1-5kb") == 7 &&
	     value(a, "cc_burst_size", "BURST_8KB") == 1 &&
	     value(a, "cc_burst_size", "BURST_1_5KB") == 7 &&
	     value(a, "cc_probe_mp_mode", "discard") == 1 &&
	     value(a, "cc_probe_mp_mode", "PROBE_DISCARD") == 1 &&
	     value(a, "cc_probe_mp_mode", "PROBE_ACCEPT") == 0;
	release();
	return ok;
}

static bool test_parse_message(void)
{
	uint32_t v;

	capture(false, false);
	adp_field_parse(&test_ctx, "dec_mode",
			field(adp_range_fields, "dec_mode"), "div3", &v);
	adp_field_parse(&test_ctx, "id", &adp_range_index_field, "9", &v);
	release();
	return same("stderr", err_buf,
		    "Error: invalid value \"div3\" for \"dec_mode\": expected div4, div2, low_bound or 0..3. Try \"adpctl profile set help\".\n"
		    "Error: invalid value \"9\" for \"id\": expected 0..3. Try \"adpctl profile set help\".\n") &&
	       same("stdout", out_buf, "");
}

static bool test_expect(void)
{
	char buf[128], small[8];

	return same("expect", adp_field_expect(field(adp_profile_fields,
						     "time_unit"),
					       buf, sizeof(buf)),
		    "usec or 0..3") &&
	       same("expect", adp_field_expect(field(adp_profile_fields,
						     "qp_total_timeout"),
					       buf, sizeof(buf)),
		    "off, on or 0..1") &&
	       same("expect", adp_field_expect(field(adp_profile_fields,
						     "time_base"),
					       buf, sizeof(buf)),
		    "0..65535") &&
	       /* Truncated, but terminated. */
	       strlen(adp_field_expect(field(adp_range_fields, "dec_mode"),
				       small, sizeof(small))) < sizeof(small);
}

static bool test_field_str(void)
{
	const struct adp_field *caps_min =
		adp_field_by_attr(adp_caps_fields,
				  ROCE_ADP_A_CAPS_BASE_TIMEOUT_MIN);
	const struct adp_field *dec = field(adp_range_fields, "dec_mode");
	char buf[32];

	return same("str", adp_field_str(caps_min, 4000, buf, sizeof(buf)),
		    "4us") &&
	       same("str", adp_field_str(dec, 1, buf, sizeof(buf)), "div2") &&
	       same("str", adp_field_str(dec, 3, buf, sizeof(buf)), "3") &&
	       same("str", adp_field_str(field(adp_accl_fields,
					       "roce_tx_window_en"), 1, buf,
					 sizeof(buf)), "on") &&
	       same("str", adp_field_str(field(adp_profile_fields,
					       "time_base"), 8, buf,
					 sizeof(buf)), "8") &&
	       !adp_field_name(dec, 3) && !adp_field_name(dec, 99) &&
	       !adp_field_name(field(adp_profile_fields, "time_base"), 0);
}

/* Widths, types and numbering of every table, and unique keywords. */
static bool check_table(const struct adp_field *t, int maxattr, int n)
{
	const struct adp_field *f, *g;
	bool ok = true;
	int count = 0;

	for (f = t; f->attr; f++, count++) {
		ok &= f->attr > 0 && f->attr <= maxattr && f->attr < ADP_NEST_ATTRS;
		ok &= f->type == NLA_U8 ? adp_field_max(f) <= UINT8_MAX :
		      f->type == NLA_U32;
		ok &= (f->kind == ADP_FIELD_ENUM || f->kind == ADP_FIELD_BOOL) ==
		      (f->names != NULL);
		ok &= f->nnames <= (size_t)adp_field_max(f) + 1;
		/* Keywords of the grammar are never field names. */
		ok &= strcmp(adp_field_key(f), "dev") && strcmp(adp_field_key(f), "id") &&
		      strcmp(adp_field_key(f), "range");
		for (g = t; g < f; g++)
			ok &= g->attr != f->attr && strcmp(adp_field_key(g), adp_field_key(f));
		if (!ok) {
			printf("# bad entry %s\n", adp_field_key(f));
			return false;
		}
	}
	if (count != n)
		printf("# %d entries, want %d\n", count, n);
	return count == n;
}

static bool test_tables(void)
{
	const struct adp_field *f;
	bool ok;

	ok = check_table(adp_accl_fields, ROCE_ADP_A_ACCL_MAX, 14) &&
	     check_table(adp_caps_fields, ROCE_ADP_A_CAPS_MAX, 3) &&
	     check_table(adp_profile_fields, ROCE_ADP_A_PROFILE_MAX, 9) &&
	     check_table(adp_range_fields, ROCE_ADP_A_RANGE_MAX, 5);
	/* profile set takes both tables' names in one namespace. */
	for (f = adp_range_fields; f->attr; f++)
		ok &= !adp_field_find(adp_profile_fields, adp_field_key(f));
	/* The register widths. */
	ok &= field(adp_profile_fields, "qp_total_timeout")->type == NLA_U8 &&
	      adp_field_max(field(adp_profile_fields, "time_base")) == 0xffff &&
	      adp_field_max(field(adp_profile_fields, "time_unit")) == 3 &&
	      adp_field_max(field(adp_profile_fields, "range_num")) == 7 &&
	      adp_field_max(field(adp_range_fields, "timeout_retry_num")) == 1023 &&
	      adp_field_max(field(adp_range_fields, "dec_mode")) == 3 &&
	      adp_field_max(&adp_range_index_field) == ROCE_ADP_RANGES_MAX - 1;
	return ok;
}

/*
 * The MPT entry nest against the codec: each member in an attribute of
 * its own whose type fits its width (as the kernel picks it: u64 for the
 * 64-bit members, u8 for single bits, else u32), or one of the access
 * flags; the spec's attributes all in the policy.
 */
static bool test_mpt_tables(void)
{
	const struct radp_mpt_member *mm;
	const struct radp_field *f;
	bool used[ROCE_ADP_A_MPT_ENTRY_MAX + 1] = { };
	uint32_t flags = 0;
	int attr, want, a;
	unsigned int i;
	size_t j;
	bool ok = true;

	for (i = 0; i < radp_mpt_members_count; i++) {
		mm = &radp_mpt_members[i];
		f = &radp_fields[mm->fld];
		attr = radp_fields[mm->fld].attr;
		want = mm->lo >= 0 ? NLA_U64 : f->hi == f->lo ? NLA_U8 : NLA_U32;
		for (j = 0; j < RADP_MPT_ACCESS_BITS; j++)
			if (radp_mpt_access[j].fld == mm->fld)
				break;
		if (attr) {
			ok &= j == RADP_MPT_ACCESS_BITS && !used[attr] &&
			      adp_mpt_entry_policy[attr].type == want;
			used[attr] = true;
		} else {
			ok &= j < RADP_MPT_ACCESS_BITS && want == NLA_U8 &&
			      !(flags & radp_mpt_access[j].flag);
			flags |= radp_mpt_access[j].flag;
		}
		if (!ok) {
			printf("# member %s\n", mm->name);
			return false;
		}
	}
	ok &= flags == (ROCE_ADP_MPT_ACCESS_EB << 1) - 1;
	/* What is no member: the framing, the index, the flags, the bytes. */
	for (a = ROCE_ADP_A_MPT_ENTRY_INDEX; a <= ROCE_ADP_A_MPT_ENTRY_MAX; a++) {
		if (a == ROCE_ADP_A_MPT_ENTRY_INDEX ||
		    a == ROCE_ADP_A_MPT_ENTRY_ACCESS ||
		    a == ROCE_ADP_A_MPT_ENTRY_RAW)
			continue;
		if (!used[a])
			printf("# attribute %d carries no member\n", a);
		ok &= used[a];
	}
	return ok && adp_mpt_entry_policy[ROCE_ADP_A_MPT_ENTRY_RAW].minlen ==
		     RADP_MPT_LEN;
}

static bool test_vals_roundtrip(void)
{
	struct adp_vals in = { }, out;
	struct nl_msg *msg = nlmsg_alloc();
	struct nlattr *nest, *a;
	int rem, n = 0;
	bool ok = true;

	in.v[ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT] = 1;
	in.has[ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT] = true;
	in.v[ROCE_ADP_A_PROFILE_TIME_BASE] = 65535;
	in.has[ROCE_ADP_A_PROFILE_TIME_BASE] = true;
	/* Not in the table: never sent. */
	in.v[ROCE_ADP_A_PROFILE_RANGE] = 3;
	in.has[ROCE_ADP_A_PROFILE_RANGE] = true;
	nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE | NLA_F_NESTED);
	ok &= adp_vals_put(msg, adp_profile_fields, &in) == 0;
	nla_nest_end(msg, nest);

	nla_for_each_nested(a, nest, rem) {
		n++;
		if (nla_type(a) == ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT)
			ok &= nla_len(a) == 1;
		else
			ok &= nla_type(a) == ROCE_ADP_A_PROFILE_TIME_BASE &&
			      nla_len(a) == 4;
	}
	ok &= n == 2;
	capture(false, false);
	ok &= adp_vals_parse(adp_profile_fields, nest, &out, "profile") == 0;
	release();
	ok &= out.has[ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT] &&
	      out.v[ROCE_ADP_A_PROFILE_QP_TOTAL_TIMEOUT] == 1 &&
	      out.has[ROCE_ADP_A_PROFILE_TIME_BASE] &&
	      out.v[ROCE_ADP_A_PROFILE_TIME_BASE] == 65535 &&
	      !out.has[ROCE_ADP_A_PROFILE_RANGE] &&
	      !out.has[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID];
	nlmsg_free(msg);
	return ok && same("stderr", err_buf, "");
}

/* Distinct values within each member's field, @base apart per object. */
static void members_fill(void *obj, const struct radp_member *m,
			 unsigned int n, u32 base)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		*radp_member_ptr(obj, &m[i]) =
			(base + i + 1) & radp_field_mask(&radp_fields[m[i].fld]);
}

/* The members in @tb: each one's type, length, value, zeroed padding. */
static bool members_read_back(struct nlattr **tb, const void *obj,
			      const struct radp_member *m, unsigned int n)
{
	bool ok = true;
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct radp_field *f = &radp_fields[m[i].fld];
		u32 want = *radp_member_ptr((void *)obj, &m[i]);
		struct nlattr *a = tb[f->attr];
		bool u8 = f->nla == RADP_NLA_U8;

		if (!a || nla_len(a) != (u8 ? 1 : 4) ||
		    (u8 ? nla_get_u8(a) : nla_get_u32(a)) != want ||
		    (u8 && memcmp((char *)nla_data(a) + 1, "\0\0\0", 3))) {
			printf("# %s: attribute %d missing or not %u\n",
			       f->name, f->attr, want);
			ok = false;
		}
	}
	return ok;
}

/* The nest as one nla_put() per attribute would write it. */
static void put_profile_each(struct nl_msg *msg, u32 id,
			     const struct radp_profile *p)
{
	struct nlattr *nest = nla_nest_start(msg, ROCE_ADP_A_PROFILE);
	unsigned int r;

	nla_put_u32(msg, ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID, id);
	radp_nl_put_members(msg, p, radp_profile_members,
			    radp_profile_members_count);
	for (r = 0; r < RADP_RANGES; r++) {
		struct nlattr *range = nla_nest_start(msg,
						      ROCE_ADP_A_PROFILE_RANGE);

		nla_put_u32(msg, ROCE_ADP_A_RANGE_INDEX, r);
		radp_nl_put_members(msg, &p->range[r], radp_range_members,
				    radp_range_members_count);
		nla_nest_end(msg, range);
	}
	nla_nest_end(msg, nest);
}

/*
 * radp_nl_put_profile() writes a profile's nest in one pass: parsed back,
 * every attribute holds its member's value (u8 ones a byte long, their
 * padding zero), the ranges in order with their index; as a consistency
 * check, the bytes are those of one nla_put() per attribute, the nests
 * flagged NLA_F_NESTED as nla_nest_start() flags them.
 */
static bool test_put_profile(void)
{
	struct nl_msg *one = nlmsg_alloc(), *each = nlmsg_alloc();
	struct nlattr *tb[ROCE_ADP_A_PROFILE_MAX + 1];
	struct nlattr *rtb[ROCE_ADP_A_RANGE_MAX + 1];
	struct radp_profile p;
	struct nlattr *nest, *a;
	unsigned int r = 0;
	bool ok = true;
	int rem;

	members_fill(&p, radp_profile_members, radp_profile_members_count, 0);
	for (rem = 0; rem < RADP_RANGES; rem++)
		members_fill(&p.range[rem], radp_range_members,
			     radp_range_members_count, 10 * (rem + 1));
	ok &= radp_nl_put_profile(one, 5, &p) == 0;
	nest = nlmsg_attrdata(nlmsg_hdr(one), 0);
	ok &= nlmsg_datalen(nlmsg_hdr(one)) == radp_nl_profile_len() &&
	      nla_type(nest) == ROCE_ADP_A_PROFILE &&
	      nla_total_size(nla_len(nest)) == radp_nl_profile_len();
	ok &= nla_parse_nested(tb, ROCE_ADP_A_PROFILE_MAX, nest, NULL) == 0 &&
	      tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID] &&
	      nla_get_u32(tb[ROCE_ADP_A_PROFILE_ADP_RETX_PROFILE_ID]) == 5;
	ok &= members_read_back(tb, &p, radp_profile_members,
				radp_profile_members_count);
	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != ROCE_ADP_A_PROFILE_RANGE)
			continue;
		ok &= r < RADP_RANGES &&
		      nla_parse_nested(rtb, ROCE_ADP_A_RANGE_MAX, a, NULL) == 0 &&
		      rtb[ROCE_ADP_A_RANGE_INDEX] &&
		      nla_get_u32(rtb[ROCE_ADP_A_RANGE_INDEX]) == r;
		if (r < RADP_RANGES)
			ok &= members_read_back(rtb, &p.range[r],
						radp_range_members,
						radp_range_members_count);
		r++;
	}
	ok &= r == RADP_RANGES;

	put_profile_each(each, 5, &p);
	ok &= nlmsg_datalen(nlmsg_hdr(each)) ==
	      nlmsg_datalen(nlmsg_hdr(one)) &&
	      !memcmp(nlmsg_data(nlmsg_hdr(each)), nlmsg_data(nlmsg_hdr(one)),
		      nlmsg_datalen(nlmsg_hdr(one)));
	nlmsg_free(one);
	nlmsg_free(each);
	return ok;
}

/* v of the table fields as one JSON object, printed as adpctl -j does. */
static const char *vals_json(const struct adp_field *fields,
			     const struct adp_vals *v)
{
	capture(true, false);
	open_json_object(NULL);
	adp_vals_print_json(fields, v);
	close_json_object();
	release();
	return out_buf;
}

static bool test_vals_json(void)
{
	struct adp_vals v = { };
	bool ok;

	v.v[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN] = 1;
	v.has[ROCE_ADP_A_ACCL_ROCE_TX_WINDOW_EN] = true;
	v.has[ROCE_ADP_A_ACCL_ROCE_ADP_RETRANS_EN] = true;
	ok = same("json", vals_json(adp_accl_fields, &v),
		  "{\"roce_adp_retrans_en\":false,\"roce_tx_window_en\":true}\n");

	/* Numbers stay numbers, symbolic fields included. */
	memset(&v, 0, sizeof(v));
	v.v[ROCE_ADP_A_RANGE_DEC_MODE] = 2;
	v.has[ROCE_ADP_A_RANGE_DEC_MODE] = true;
	return same("json", vals_json(adp_range_fields, &v),
		    "{\"dec_mode\":2}\n") && ok;
}

static bool test_help(void)
{
	FILE *fp;
	char *buf = NULL;
	size_t len;
	bool ok;

	fp = open_memstream(&buf, &len);
	adp_fields_help(fp, adp_range_fields, ROCE_ADP_A_RANGE_RANGE_SIZE);
	fclose(fp);
	ok = same("help", buf,
		  "  prev_range_index   0..7\n"
		  "  dec_mode           div4, div2, low_bound or 0..3\n"
		  "  timeout_retry_num  0..1023\n"
		  "  range_low_bound    0..255\n");
	free(buf);
	return ok;
}

TAP_MAIN(
	{ "times in microseconds: units and decimals", test_time_us },
	{ "times in nanoseconds, rounding into the next unit", test_time_ns },
	{ "exact times: the unit that needs no rounding", test_time_exact },
	{ "time_base << shift, overflow, unknown units", test_time_shift },
	{ "values: numbers, hex, symbols, widths", test_parse_values },
	{ "invalid values name the field and the choices", test_parse_message },
	{ "expected-value lists", test_expect },
	{ "text form of values", test_field_str },
	{ "tables: numbering, types, widths, unique names", test_tables },
	{ "MPT entry: an attribute per member, types by width", test_mpt_tables },
	{ "put and parse a nest: types and lengths", test_vals_roundtrip },
	{ "a profile's nest in one pass: values, lengths, padding",
	  test_put_profile },
	{ "json: booleans for enables, numbers otherwise", test_vals_json },
	{ "field help lines", test_help },
)
