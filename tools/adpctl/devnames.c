// SPDX-License-Identifier: GPL-2.0
/*
 * The names operators know a ConnectX function by. The kernel names an
 * mlx5 device by its PCI address, which devlink prints as pci/ADDRESS and
 * lspci and mlxreg as BB:SS.F; the RDMA device (mlx5_0) and the network
 * interfaces registered on that function are found in sysfs: the class
 * entries' "device" links point at the function, and the function's
 * "infiniband" and "net" directories list them. Read under $ADPCTL_SYSFS
 * (/sys by default), so that host tests can give a tree of their own.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adpctl.h"

#define DEVNAMES_MAX	16

static const char *sysfs_root(void)
{
	const char *root = getenv("ADPCTL_SYSFS");

	return root && *root ? root : "/sys";
}

/* DDDD:BB:SS.F, as the kernel names a PCI function. */
static bool is_pci_name(const char *s)
{
	unsigned int dom, bus, slot, fn;
	int end = 0;

	return strlen(s) == 12 &&
	       sscanf(s, "%4x:%2x:%2x.%1x%n", &dom, &bus, &slot, &fn, &end) == 4 &&
	       end == 12;
}

/*
 * A PCI function as other tools print it, in the kernel's form: devlink's
 * pci/DDDD:BB:SS.F, lspci's and mlxreg's BB:SS.F (domain 0), either in
 * capitals.  NULL when name is none of them.
 */
static const char *pci_alias(const char *name)
{
	static char ring[4][16];
	static unsigned int next;
	unsigned int dom = 0, bus, slot, fn;
	const char *s = name;
	char *out;
	int end = 0;

	if (!strncmp(s, "pci/", 4))
		s += 4;
	if (strlen(s) == 12 && s[4] == ':')
		sscanf(s, "%4x:%2x:%2x.%1x%n", &dom, &bus, &slot, &fn, &end);
	else if (s == name && strlen(s) == 7)
		sscanf(s, "%2x:%2x.%1x%n", &bus, &slot, &fn, &end);
	if (!end || s[end] || strspn(s, "0123456789abcdefABCDEF:.") !=
	    strlen(s) || slot > 0x1f || fn > 7)
		return NULL;
	out = ring[next++ % ARRAY_SIZE(ring)];
	snprintf(out, sizeof(ring[0]), "%04x:%02x:%02x.%x", dom, bus, slot,
		 fn);
	return out;
}

const char *adp_dev_resolve(const char *name)
{
	static const char *const classes[] = { "infiniband", "net" };
	static char pci[16];
	char path[PATH_MAX], target[PATH_MAX];
	const char *base, *alias;
	unsigned int i;
	ssize_t n;

	alias = pci_alias(name);
	if (alias)
		return alias;
	if (strchr(name, '/') || !strcmp(name, "..") || !strcmp(name, "."))
		return name;
	for (i = 0; i < ARRAY_SIZE(classes); i++) {
		if (snprintf(path, sizeof(path), "%s/class/%s/%s/device",
			     sysfs_root(), classes[i], name) >= (int)sizeof(path))
			continue;
		n = readlink(path, target, sizeof(target) - 1);
		if (n < 0)
			continue;
		target[n] = '\0';
		base = strrchr(target, '/');
		base = base ? base + 1 : target;
		if (is_pci_name(base)) {
			memcpy(pci, base, 13);	/* is_pci_name(): 12 and NUL */
			return pci;
		}
	}
	return name;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of DIR, sorted; how many (at most DEVNAMES_MAX). */
static int list_names(const char *dir, char *names[DEVNAMES_MAX])
{
	struct dirent *de;
	DIR *d;
	int n = 0;

	d = opendir(dir);
	if (!d)
		return 0;
	while ((de = readdir(d)) && n < DEVNAMES_MAX) {
		if (de->d_name[0] == '.')
			continue;
		names[n] = strdup(de->d_name);
		if (names[n])
			n++;
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp_names);
	return n;
}

/* " KEY a,b" in text, "JSON_KEY": ["a", "b"] in JSON; nothing if none. */
static void print_names(const char *pci, const char *subdir, const char *key,
			const char *json_key)
{
	char *names[DEVNAMES_MAX];
	char dir[PATH_MAX], first[32];
	int i, n;

	snprintf(dir, sizeof(dir), "%s/bus/pci/devices/%s/%s", sysfs_root(),
		 pci, subdir);
	n = list_names(dir, names);
	if (!n)
		return;
	/* The text's key leads the first name. */
	snprintf(first, sizeof(first), " %s %%s", key);
	open_json_array(json_key);
	for (i = 0; i < n; i++) {
		print_string(PRINT_ANY, NULL, i ? ",%s" : first, names[i]);
		free(names[i]);
	}
	close_json_array();
}

void adp_print_dev_names(const char *pci)
{
	if (!is_pci_name(pci))
		return;
	print_names(pci, "infiniband", "rdma", "rdma_devs");
	print_names(pci, "net", "netdev", "netdevs");
}
