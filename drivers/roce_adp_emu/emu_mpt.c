// SPDX-License-Identifier: GPL-2.0
/*
 * The emulated device's MPT table and its QUERY_MPT command.
 *
 * The table holds raw 64-byte hermon entries, as firmware keeps them in
 * ICM; an entry nobody created reads back with status "not valid". Tests
 * and benchmarks fill it through debugfs knobs in the device's directory:
 *
 *   mpt_size	number of entries (writing it empties the table)
 *   mpt_entry	"index=N field=value ..." creates one entry
 *   mpt_fill	"COUNT SEED" empties the table, then creates COUNT random
 *		valid entries at random indexes (the same for the same seed)
 *   mpt_clear	any write empties the table
 *
 * Every change moves the device's mpt_gen, which dumps watch.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "emu.h"

#define RADP_EMU_MPT_DEFAULT_SIZE	1024
#define RADP_EMU_MPT_MAX_SIZE		(4U * 1024 * 1024)	/* 256 MiB of entries */

/**
 * struct radp_emu_mpt_field - a field the mpt_entry knob sets, by name
 * @name: the PRM's, without _h/_l for a 64-bit value
 * @hi: the field, or the high half of a 64-bit value
 * @lo: the low half of a 64-bit value; .sz 0 for none
 */
struct radp_emu_mpt_field {
	const char *name;
	struct radp_emu_fld hi;
	struct radp_emu_fld lo;
};

static const struct radp_emu_mpt_field radp_emu_mpt_fields[] = {
	{ "r_w", { __mlx5_bit_off(emu_mpt, r_w), __mlx5_bit_sz(emu_mpt, r_w) } },
	{ "pa", { __mlx5_bit_off(emu_mpt, pa), __mlx5_bit_sz(emu_mpt, pa) } },
	{ "lr", { __mlx5_bit_off(emu_mpt, lr), __mlx5_bit_sz(emu_mpt, lr) } },
	{ "lw", { __mlx5_bit_off(emu_mpt, lw), __mlx5_bit_sz(emu_mpt, lw) } },
	{ "rr", { __mlx5_bit_off(emu_mpt, rr), __mlx5_bit_sz(emu_mpt, rr) } },
	{ "rw", { __mlx5_bit_off(emu_mpt, rw), __mlx5_bit_sz(emu_mpt, rw) } },
	{ "atomic", { __mlx5_bit_off(emu_mpt, atomic), __mlx5_bit_sz(emu_mpt, atomic) } },
	{ "eb", { __mlx5_bit_off(emu_mpt, eb), __mlx5_bit_sz(emu_mpt, eb) } },
	{ "atc_req", { __mlx5_bit_off(emu_mpt, atc_req), __mlx5_bit_sz(emu_mpt, atc_req) } },
	{ "atc_xlated",
	  { __mlx5_bit_off(emu_mpt, atc_xlated), __mlx5_bit_sz(emu_mpt, atc_xlated) } },
	{ "no_snoop", { __mlx5_bit_off(emu_mpt, no_snoop), __mlx5_bit_sz(emu_mpt, no_snoop) } },
	{ "status", { __mlx5_bit_off(emu_mpt, status), __mlx5_bit_sz(emu_mpt, status) } },
	{ "bqp", { __mlx5_bit_off(emu_mpt, bqp), __mlx5_bit_sz(emu_mpt, bqp) } },
	{ "qpn", { __mlx5_bit_off(emu_mpt, qpn), __mlx5_bit_sz(emu_mpt, qpn) } },
	{ "mem_key", { __mlx5_bit_off(emu_mpt, mem_key), __mlx5_bit_sz(emu_mpt, mem_key) } },
	{ "pd", { __mlx5_bit_off(emu_mpt, pd), __mlx5_bit_sz(emu_mpt, pd) } },
	{ "en_rinv", { __mlx5_bit_off(emu_mpt, en_rinv), __mlx5_bit_sz(emu_mpt, en_rinv) } },
	{ "ei", { __mlx5_bit_off(emu_mpt, ei), __mlx5_bit_sz(emu_mpt, ei) } },
	{ "nce", { __mlx5_bit_off(emu_mpt, nce), __mlx5_bit_sz(emu_mpt, nce) } },
	{ "fre", { __mlx5_bit_off(emu_mpt, fre), __mlx5_bit_sz(emu_mpt, fre) } },
	{ "rae", { __mlx5_bit_off(emu_mpt, rae), __mlx5_bit_sz(emu_mpt, rae) } },
	{ "w_dif", { __mlx5_bit_off(emu_mpt, w_dif), __mlx5_bit_sz(emu_mpt, w_dif) } },
	{ "m_dif", { __mlx5_bit_off(emu_mpt, m_dif), __mlx5_bit_sz(emu_mpt, m_dif) } },
	{ "start_addr",
	  { __mlx5_bit_off(emu_mpt, start_addr_h), __mlx5_bit_sz(emu_mpt, start_addr_h) },
	  { __mlx5_bit_off(emu_mpt, start_addr_l), __mlx5_bit_sz(emu_mpt, start_addr_l) } },
	{ "len",
	  { __mlx5_bit_off(emu_mpt, len_h), __mlx5_bit_sz(emu_mpt, len_h) },
	  { __mlx5_bit_off(emu_mpt, len_l), __mlx5_bit_sz(emu_mpt, len_l) } },
	{ "lkey", { __mlx5_bit_off(emu_mpt, lkey), __mlx5_bit_sz(emu_mpt, lkey) } },
	{ "win_cnt", { __mlx5_bit_off(emu_mpt, win_cnt), __mlx5_bit_sz(emu_mpt, win_cnt) } },
	{ "mtt_rep", { __mlx5_bit_off(emu_mpt, mtt_rep), __mlx5_bit_sz(emu_mpt, mtt_rep) } },
	{ "block_mode",
	  { __mlx5_bit_off(emu_mpt, block_mode), __mlx5_bit_sz(emu_mpt, block_mode) } },
	{ "len64", { __mlx5_bit_off(emu_mpt, len64), __mlx5_bit_sz(emu_mpt, len64) } },
	{ "fbo_en", { __mlx5_bit_off(emu_mpt, fbo_en), __mlx5_bit_sz(emu_mpt, fbo_en) } },
	{ "mtt_adr",
	  { __mlx5_bit_off(emu_mpt, mtt_adr_h), __mlx5_bit_sz(emu_mpt, mtt_adr_h) },
	  { __mlx5_bit_off(emu_mpt, mtt_adr_l), __mlx5_bit_sz(emu_mpt, mtt_adr_l) } },
	{ "mtt_size", { __mlx5_bit_off(emu_mpt, mtt_size), __mlx5_bit_sz(emu_mpt, mtt_size) } },
	{ "entity_size",
	  { __mlx5_bit_off(emu_mpt, entity_size), __mlx5_bit_sz(emu_mpt, entity_size) } },
	{ "mtt_fbo", { __mlx5_bit_off(emu_mpt, mtt_fbo), __mlx5_bit_sz(emu_mpt, mtt_fbo) } },
};

static const struct radp_emu_mpt_field *radp_emu_mpt_field_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(radp_emu_mpt_fields); i++)
		if (!strcmp(radp_emu_mpt_fields[i].name, name))
			return &radp_emu_mpt_fields[i];
	return NULL;
}

/* The largest value of @f. */
static u64 radp_emu_mpt_field_max(const struct radp_emu_mpt_field *f)
{
	u64 max = radp_emu_fld_mask(&f->hi);

	return f->lo.sz ? max << 32 | radp_emu_fld_mask(&f->lo) : max;
}

static void radp_emu_mpt_field_set(void *entry,
				   const struct radp_emu_mpt_field *f, u64 v)
{
	if (f->lo.sz) {
		radp_emu_fld_set(entry, &f->hi, v >> 32);
		radp_emu_fld_set(entry, &f->lo, (u32)v);
	} else {
		radp_emu_fld_set(entry, &f->hi, v);
	}
}

/* The entry stores the key rotated, {key[7:0], key[31:8]}. */
static void radp_emu_mpt_set_key(void *entry, u32 key)
{
	MLX5_SET(emu_mpt, entry, mem_key, key << 24 | key >> 8);
}

static u32 radp_emu_mpt_get_key(const void *entry)
{
	u32 hw = MLX5_GET(emu_mpt, entry, mem_key);

	return hw << 8 | hw >> 24;
}

static void *radp_emu_mpt_entry(struct radp_emu_mpt *t, u32 index)
{
	return t->entries + (size_t)index * RADP_EMU_MPT_LEN;
}

static void radp_emu_mpt_clear_locked(struct radp_emu *emu)
{
	struct radp_emu_mpt *t = &emu->mpt;
	u32 i;

	memset(t->entries, 0, (size_t)t->size * RADP_EMU_MPT_LEN);
	for (i = 0; i < t->size; i++)
		MLX5_SET(emu_mpt, radp_emu_mpt_entry(t, i), status,
			 RADP_EMU_MPT_STATUS_INVALID);
	atomic_inc(&emu->radp.mpt_gen);
}

/* Replace the table by an empty one of @size entries. */
static int radp_emu_mpt_resize_locked(struct radp_emu *emu, u32 size)
{
	struct radp_emu_mpt *t = &emu->mpt;
	u8 *entries;

	if (!size || size > RADP_EMU_MPT_MAX_SIZE)
		return -EINVAL;
	entries = kvcalloc(size, RADP_EMU_MPT_LEN, GFP_KERNEL);
	if (!entries)
		return -ENOMEM;
	kvfree(t->entries);
	t->entries = entries;
	t->size = size;
	WRITE_ONCE(emu->radp.mpt_count, size);
	radp_emu_mpt_clear_locked(emu);
	return 0;
}

int radp_emu_mpt_init(struct radp_emu *emu)
{
	return radp_emu_mpt_resize_locked(emu, RADP_EMU_MPT_DEFAULT_SIZE);
}

void radp_emu_mpt_fini(struct radp_emu *emu)
{
	kvfree(emu->mpt.entries);
	emu->mpt.entries = NULL;
}

u8 radp_emu_query_mpt(struct radp_emu *emu, const void *in, size_t inlen,
		      void *out, size_t outlen, u32 *syndrome)
{
	u32 index = MLX5_GET(emu_query_mpt_in, in, input_modifier);
	u8 status = RADP_EMU_STAT_OK;

	if (outlen < RADP_EMU_MPT_OUT_OFF + RADP_EMU_MPT_LEN) {
		*syndrome = RADP_EMU_SYND_BAD_OUTP_LEN;
		return RADP_EMU_STAT_BAD_OUTP_LEN;
	}
	down_read(&emu->fw_lock);
	if (index < emu->mpt.size) {
		memcpy((u8 *)out + RADP_EMU_MPT_OUT_OFF,
		       radp_emu_mpt_entry(&emu->mpt, index), RADP_EMU_MPT_LEN);
	} else {
		*syndrome = RADP_EMU_SYND_MPT_INDEX;
		status = RADP_EMU_STAT_BAD_PARAM;
	}
	up_read(&emu->fw_lock);
	return status;
}

/* xorshift64*: the same entries for the same seed, on any kernel. */
static u64 radp_emu_rand(u64 *state)
{
	u64 x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/*
 * A live region (3 in 4) or window with plausible, varied contents, into
 * the zeroed @entry.
 */
static void radp_emu_mpt_random(u32 index, u64 *rs, void *entry)
{
	u64 r = radp_emu_rand(rs);
	u32 page_shift = 12 + (r >> 60) % 10;	/* 4 KiB .. 2 MiB pages */
	bool r_w = (r & 3) != 0, rw = r & BIT(4), ei = r & BIT(24);
	bool fre = r & BIT(27), bqp = r & BIT(30);
	u64 start, len, mtt_adr;

	MLX5_SET(emu_mpt, entry, status, RADP_EMU_MPT_STATUS_HW);
	MLX5_SET(emu_mpt, entry, r_w, r_w);
	MLX5_SET(emu_mpt, entry, lr, 1);
	MLX5_SET(emu_mpt, entry, lw, !!(r & BIT(2)));
	MLX5_SET(emu_mpt, entry, rr, !!(r & BIT(3)));
	MLX5_SET(emu_mpt, entry, rw, rw);
	MLX5_SET(emu_mpt, entry, atomic, rw && (r & BIT(5)));
	MLX5_SET(emu_mpt, entry, pd, (r >> 8) & 0xf);
	radp_emu_mpt_set_key(entry, index << 8 | ((r >> 16) & 0xff));
	MLX5_SET(emu_mpt, entry, ei, ei);
	MLX5_SET(emu_mpt, entry, en_rinv, ei && (r & BIT(25)));
	if (r_w) {
		MLX5_SET(emu_mpt, entry, eb, !!(r & BIT(26)));
		MLX5_SET(emu_mpt, entry, fre, fre);
		MLX5_SET(emu_mpt, entry, rae, fre && (r & BIT(28)));
		MLX5_SET(emu_mpt, entry, win_cnt, (r >> 29) & 3);
	} else {
		MLX5_SET(emu_mpt, entry, bqp, bqp);
		MLX5_SET(emu_mpt, entry, qpn, bqp ? (r >> 32) & 0xffffff : 0);
		MLX5_SET(emu_mpt, entry, lkey, (u32)radp_emu_rand(rs));
	}
	r = radp_emu_rand(rs);
	start = (r & GENMASK_ULL(46, 0)) & ~((1ULL << page_shift) - 1);
	len = ((r >> 47) % 4096 + 1) << page_shift;
	MLX5_SET(emu_mpt, entry, start_addr_h, start >> 32);
	MLX5_SET(emu_mpt, entry, start_addr_l, (u32)start);
	MLX5_SET(emu_mpt, entry, len_h, len >> 32);
	MLX5_SET(emu_mpt, entry, len_l, (u32)len);
	MLX5_SET(emu_mpt, entry, entity_size, page_shift);
	MLX5_SET(emu_mpt, entry, mtt_size, len >> page_shift);
	mtt_adr = (radp_emu_rand(rs) & GENMASK_ULL(39, 0)) & ~7ULL;
	MLX5_SET(emu_mpt, entry, mtt_adr_h, mtt_adr >> 32);
	MLX5_SET(emu_mpt, entry, mtt_adr_l, (u32)mtt_adr);
}

/* Knuth's selection sampling: @count distinct indexes, in order. */
static int radp_emu_mpt_fill_locked(struct radp_emu *emu, u32 count, u64 seed)
{
	struct radp_emu_mpt *t = &emu->mpt;
	u64 rs = seed ?: 1;
	u32 i, chosen = 0;

	if (count > t->size)
		return -EINVAL;
	radp_emu_mpt_clear_locked(emu);
	for (i = 0; i < t->size && chosen < count; i++) {
		void *entry;

		if (mul_u64_u32_shr(radp_emu_rand(&rs) >> 32, t->size - i, 32) >=
		    count - chosen)
			continue;
		entry = radp_emu_mpt_entry(t, i);
		memset(entry, 0, RADP_EMU_MPT_LEN);
		radp_emu_mpt_random(i, &rs, entry);
		chosen++;
		if (!(chosen % 65536))
			cond_resched();
	}
	return 0;
}

/*
 * "index=N field=value ...": a live entry (status 0) with lr set and the
 * key N << 8 unless the fields say otherwise, into @entry. The key must
 * name its index.
 */
static int radp_emu_mpt_parse_entry(struct radp_emu *emu, char *buf,
				    u32 *index, u8 *entry)
{
	bool have_index = false, have_key = false;
	char *tok, *val;
	u64 v;

	memset(entry, 0, RADP_EMU_MPT_LEN);
	MLX5_SET(emu_mpt, entry, lr, 1);
	while ((tok = strsep(&buf, " \t\n"))) {
		const struct radp_emu_mpt_field *f;

		if (!*tok)
			continue;
		val = strchr(tok, '=');
		if (!val || kstrtou64(val + 1, 0, &v))
			goto err_syntax;
		*val = '\0';
		if (!strcmp(tok, "index")) {
			if (v > U32_MAX)
				goto err_syntax;
			*index = v;
			have_index = true;
			continue;
		}
		f = radp_emu_mpt_field_find(tok);
		if (!f) {
			pr_err("%s: mpt_entry: unknown field \"%s\"\n",
			       emu->radp.name, tok);
			return -EINVAL;
		}
		if (v > radp_emu_mpt_field_max(f)) {
			pr_err("%s: mpt_entry: %s=%llu does not fit the field\n",
			       emu->radp.name, tok, v);
			return -ERANGE;
		}
		if (!strcmp(f->name, "mem_key")) {
			radp_emu_mpt_set_key(entry, v);
			have_key = true;
		} else {
			radp_emu_mpt_field_set(entry, f, v);
		}
	}
	if (!have_index)
		goto err_syntax;
	if (!have_key)
		radp_emu_mpt_set_key(entry, *index << 8);
	/* The MPT index is the key's upper 24 bits. */
	if (radp_emu_mpt_get_key(entry) >> 8 != *index) {
		pr_err("%s: mpt_entry: mem_key 0x%x does not belong to index %u\n",
		       emu->radp.name, radp_emu_mpt_get_key(entry), *index);
		return -EINVAL;
	}
	return 0;

err_syntax:
	pr_err("%s: mpt_entry: format is \"index=N [field=value ...]\"\n",
	       emu->radp.name);
	return -EINVAL;
}

static char *radp_emu_knob_string(const char __user *ubuf, size_t count)
{
	if (count > PAGE_SIZE)
		return ERR_PTR(-E2BIG);
	return memdup_user_nul(ubuf, count);
}

static ssize_t radp_emu_mpt_entry_write(struct file *file,
					const char __user *ubuf,
					size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	u8 entry[RADP_EMU_MPT_LEN];
	u32 index = 0;
	char *buf;
	int err;

	buf = radp_emu_knob_string(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	err = radp_emu_mpt_parse_entry(emu, buf, &index, entry);
	kfree(buf);
	if (err)
		return err;

	down_write(&emu->fw_lock);
	if (index < emu->mpt.size) {
		memcpy(radp_emu_mpt_entry(&emu->mpt, index), entry,
		       RADP_EMU_MPT_LEN);
		atomic_inc(&emu->radp.mpt_gen);
	} else {
		err = -ERANGE;
	}
	up_write(&emu->fw_lock);
	if (err)
		pr_err("%s: mpt_entry: index %u beyond the table (%u entries)\n",
		       emu->radp.name, index, emu->mpt.size);
	return err ?: count;
}

static ssize_t radp_emu_mpt_fill_write(struct file *file,
				       const char __user *ubuf,
				       size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;
	unsigned long long seed;
	unsigned int n;
	char *buf;
	int err;

	buf = radp_emu_knob_string(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	err = sscanf(buf, "%u %llu", &n, &seed) == 2 ? 0 : -EINVAL;
	kfree(buf);
	if (err) {
		pr_err("%s: mpt_fill: format is \"COUNT SEED\"\n",
		       emu->radp.name);
		return err;
	}

	down_write(&emu->fw_lock);
	err = radp_emu_mpt_fill_locked(emu, n, seed);
	up_write(&emu->fw_lock);
	if (err)
		pr_err("%s: mpt_fill: %u entries do not fit a table of %u\n",
		       emu->radp.name, n, emu->mpt.size);
	return err ?: count;
}

static ssize_t radp_emu_mpt_clear_write(struct file *file,
					const char __user *ubuf,
					size_t count, loff_t *ppos)
{
	struct radp_emu *emu = file->private_data;

	down_write(&emu->fw_lock);
	radp_emu_mpt_clear_locked(emu);
	up_write(&emu->fw_lock);
	return count;
}

static u64 radp_emu_mpt_size_get(struct radp_emu *emu)
{
	return READ_ONCE(emu->mpt.size);
}

static int radp_emu_mpt_size_set(struct radp_emu *emu, u64 size)
{
	int err;

	down_write(&emu->fw_lock);
	err = radp_emu_mpt_resize_locked(emu, size);
	up_write(&emu->fw_lock);
	return err;
}

RADP_EMU_DEFINE_KNOB(mpt_entry, NULL, radp_emu_mpt_entry_write);
RADP_EMU_DEFINE_KNOB(mpt_fill, NULL, radp_emu_mpt_fill_write);
RADP_EMU_DEFINE_KNOB(mpt_clear, NULL, radp_emu_mpt_clear_write);

static const struct radp_emu_knob radp_emu_mpt_knobs[] = {
	{ "mpt_size",	0600, .get = radp_emu_mpt_size_get,
	  .set = radp_emu_mpt_size_set, .min = 1,
	  .max = RADP_EMU_MPT_MAX_SIZE },
	{ "mpt_entry",	0200, &radp_emu_mpt_entry_fops },
	{ "mpt_fill",	0200, &radp_emu_mpt_fill_fops },
	{ "mpt_clear",	0200, &radp_emu_mpt_clear_fops },
};

void radp_emu_mpt_debugfs_init(struct radp_emu *emu)
{
	radp_emu_knobs_create(emu, radp_emu_mpt_knobs,
			      ARRAY_SIZE(radp_emu_mpt_knobs));
}
