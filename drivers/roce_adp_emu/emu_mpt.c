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

static void *radp_emu_mpt_entry(struct radp_emu_mpt *t, u32 index)
{
	return t->entries + (size_t)index * RADP_MPT_LEN;
}

static void radp_emu_mpt_clear_locked(struct radp_emu *emu)
{
	struct radp_emu_mpt *t = &emu->mpt;
	u32 i;

	memset(t->entries, 0, (size_t)t->size * RADP_MPT_LEN);
	for (i = 0; i < t->size; i++)
		radp_set(radp_emu_mpt_entry(t, i), RADP_MPT_STATUS,
			 RADP_MPT_STATUS_INVALID);
	atomic_inc(&emu->radp.mpt_gen);
}

/* Replace the table by an empty one of @size entries. */
static int radp_emu_mpt_resize_locked(struct radp_emu *emu, u32 size)
{
	struct radp_emu_mpt *t = &emu->mpt;
	u8 *entries;

	if (!size || size > RADP_EMU_MPT_MAX_SIZE)
		return -EINVAL;
	entries = kvcalloc(size, RADP_MPT_LEN, GFP_KERNEL);
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
	u32 index = radp_get(in, RADP_QUERY_MPT_IN_INPUT_MODIFIER);
	u8 status = RADP_CMD_STAT_OK;

	if (outlen < RADP_QUERY_MPT_OUT_ENTRY_OFF + RADP_MPT_LEN) {
		*syndrome = RADP_EMU_SYND_BAD_OUTP_LEN;
		return RADP_CMD_STAT_BAD_OUTP_LEN;
	}
	down_read(&emu->fw_lock);
	if (index < emu->mpt.size) {
		memcpy((u8 *)out + RADP_QUERY_MPT_OUT_ENTRY_OFF,
		       radp_emu_mpt_entry(&emu->mpt, index), RADP_MPT_LEN);
	} else {
		*syndrome = RADP_EMU_SYND_MPT_INDEX;
		status = RADP_CMD_STAT_BAD_PARAM;
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

/* A live region (3 in 4) or window with plausible, varied contents. */
static void radp_emu_mpt_random(u32 index, u64 *rs, struct radp_mpt *m)
{
	u64 r = radp_emu_rand(rs);
	u32 page_shift = 12 + (r >> 60) % 10;	/* 4 KiB .. 2 MiB pages */

	memset(m, 0, sizeof(*m));
	m->status = RADP_MPT_STATUS_HW;
	m->r_w = (r & 3) != 0;
	m->lr = 1;
	m->lw = !!(r & BIT(2));
	m->rr = !!(r & BIT(3));
	m->rw = !!(r & BIT(4));
	m->atomic = m->rw && (r & BIT(5));
	m->pd = (r >> 8) & 0xf;
	m->mem_key = index << 8 | ((r >> 16) & 0xff);
	m->ei = !!(r & BIT(24));
	m->en_rinv = m->ei && (r & BIT(25));
	if (m->r_w) {
		m->eb = !!(r & BIT(26));
		m->fre = !!(r & BIT(27));
		m->rae = m->fre && (r & BIT(28));
		m->win_cnt = (r >> 29) & 3;
	} else {
		m->bqp = !!(r & BIT(30));
		m->qpn = m->bqp ? (r >> 32) & 0xffffff : 0;
		m->lkey = (u32)radp_emu_rand(rs);
	}
	r = radp_emu_rand(rs);
	m->start_addr = (r & GENMASK_ULL(46, 0)) & ~((1ULL << page_shift) - 1);
	m->len = ((r >> 47) % 4096 + 1) << page_shift;
	m->entity_size = page_shift;
	m->mtt_size = m->len >> page_shift;
	m->mtt_adr = (radp_emu_rand(rs) & GENMASK_ULL(39, 0)) & ~7ULL;
	m->present = RADP_MPT_ALL;
}

/* Knuth's selection sampling: @count distinct indexes, in order. */
static int radp_emu_mpt_fill_locked(struct radp_emu *emu, u32 count, u64 seed)
{
	struct radp_emu_mpt *t = &emu->mpt;
	u64 rs = seed ?: 1;
	struct radp_mpt m;
	u32 i, chosen = 0;

	if (count > t->size)
		return -EINVAL;
	radp_emu_mpt_clear_locked(emu);
	for (i = 0; i < t->size && chosen < count; i++) {
		if (mul_u64_u32_shr(radp_emu_rand(&rs) >> 32, t->size - i, 32) >=
		    count - chosen)
			continue;
		radp_emu_mpt_random(i, &rs, &m);
		radp_mpt_pack(radp_emu_mpt_entry(t, i), &m);
		chosen++;
		if (!(chosen % 65536))
			cond_resched();
	}
	return 0;
}

static int radp_emu_mpt_value_ok(const struct radp_mpt_member *mm, u64 val)
{
	const struct radp_field *f = &radp_fields[mm->fld];
	u64 max = radp_field_mask(f);

	if (mm->lo >= 0)
		max = max << 32 | U32_MAX;
	return val <= max;
}

/*
 * "index=N field=value ...": a live entry (status 0) with lr set and the
 * key N << 8 unless the fields say otherwise. The key must name its index.
 */
static int radp_emu_mpt_parse_entry(struct radp_emu *emu, char *buf,
				    u32 *index, struct radp_mpt *m)
{
	bool have_index = false, have_key = false;
	char *tok, *val;
	u64 v;

	memset(m, 0, sizeof(*m));
	m->lr = 1;
	while ((tok = strsep(&buf, " \t\n"))) {
		const struct radp_mpt_member *mm;

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
		mm = radp_mpt_member_find(tok);
		if (!mm) {
			pr_err("%s: mpt_entry: unknown field \"%s\"\n",
			       emu->radp.name, tok);
			return -EINVAL;
		}
		if (!radp_emu_mpt_value_ok(mm, v)) {
			pr_err("%s: mpt_entry: %s=%llu does not fit the field\n",
			       emu->radp.name, tok, v);
			return -ERANGE;
		}
		radp_mpt_member_set(m, mm, v);
		have_key |= mm->fld == RADP_MPT_MEM_KEY;
	}
	if (!have_index)
		goto err_syntax;
	if (!have_key)
		m->mem_key = *index << 8;
	if (radp_mpt_key_index(m->mem_key) != *index) {
		pr_err("%s: mpt_entry: mem_key 0x%x does not belong to index %u\n",
		       emu->radp.name, m->mem_key, *index);
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
	struct radp_mpt m;
	u32 index = 0;
	char *buf;
	int err;

	buf = radp_emu_knob_string(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	err = radp_emu_mpt_parse_entry(emu, buf, &index, &m);
	kfree(buf);
	if (err)
		return err;

	down_write(&emu->fw_lock);
	if (index < emu->mpt.size) {
		radp_mpt_pack(radp_emu_mpt_entry(&emu->mpt, index), &m);
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

static int radp_emu_mpt_size_get(void *data, u64 *val)
{
	struct radp_emu *emu = data;

	*val = READ_ONCE(emu->mpt.size);
	return 0;
}

static int radp_emu_mpt_size_set(void *data, u64 val)
{
	struct radp_emu *emu = data;
	int err;

	if (val > RADP_EMU_MPT_MAX_SIZE || !val) {
		pr_err("%s: mpt_size: 1 .. %u entries\n", emu->radp.name,
		       RADP_EMU_MPT_MAX_SIZE);
		return -EINVAL;
	}
	down_write(&emu->fw_lock);
	err = radp_emu_mpt_resize_locked(emu, val);
	up_write(&emu->fw_lock);
	return err;
}

DEFINE_DEBUGFS_ATTRIBUTE(radp_emu_mpt_size_fops, radp_emu_mpt_size_get,
			 radp_emu_mpt_size_set, "%llu\n");

RADP_EMU_DEFINE_KNOB(mpt_entry, NULL, radp_emu_mpt_entry_write);
RADP_EMU_DEFINE_KNOB(mpt_fill, NULL, radp_emu_mpt_fill_write);
RADP_EMU_DEFINE_KNOB(mpt_clear, NULL, radp_emu_mpt_clear_write);

static const struct radp_emu_knob radp_emu_mpt_knobs[] = {
	{ "mpt_size",	0600, &radp_emu_mpt_size_fops, true },
	{ "mpt_entry",	0200, &radp_emu_mpt_entry_fops },
	{ "mpt_fill",	0200, &radp_emu_mpt_fill_fops },
	{ "mpt_clear",	0200, &radp_emu_mpt_clear_fops },
};

void radp_emu_mpt_debugfs_init(struct radp_emu *emu)
{
	radp_emu_knobs_create(emu, radp_emu_mpt_knobs,
			      ARRAY_SIZE(radp_emu_mpt_knobs));
}
