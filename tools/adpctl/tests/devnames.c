// SPDX-License-Identifier: GPL-2.0
/*
 * devnames.c against a sysfs tree of its own ($ADPCTL_SYSFS): RDMA and net
 * device names resolve to their PCI function, "dev" arguments accept them,
 * and the names of a function print in text and JSON. TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adpctl.h"
#include "tap.h"

#define PCI	"0000:03:00.0"
#define PCI2	"0000:81:00.1"

static char root[] = "/tmp/adpctl-devnames.XXXXXX";

static bool mk(const char *fmt, const char *a)
{
	char path[512], *p;

	snprintf(path, sizeof(path), "%s/", root);
	snprintf(path + strlen(path), sizeof(path) - strlen(path), fmt, a);
	for (p = path + strlen(root) + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	return !mkdir(path, 0755);
}

static bool ln(const char *target, const char *fmt, const char *a)
{
	char path[512];
	int n;

	n = snprintf(path, sizeof(path), "%s/", root);
	snprintf(path + n, sizeof(path) - n, fmt, a);
	return !symlink(target, path);
}

/*
 * As on a ConnectX host: the class entries link to the function's
 * directory under /sys/devices, which holds infiniband/ and net/.
 */
static bool make_tree(const char *dir)
{
	bool ok = true;

	setenv("ADPCTL_SYSFS", dir, 1);
	ok &= mk("devices/pci0000:00/0000:00:02.0/%s/infiniband/mlx5_0", PCI);
	ok &= mk("devices/pci0000:00/0000:00:02.0/%s/net/eth1", PCI);
	ok &= mk("devices/pci0000:00/0000:00:02.0/%s/net/enp3s0f0np0", PCI);
	ok &= mk("devices/pci0000:80/%s/net/eth7", PCI2);
	ok &= mk("devices/virtual/net/%s", "lo");
	ok &= mk("bus/pci/devices%s", "");
	ok &= ln("../../../devices/pci0000:00/0000:00:02.0/" PCI,
		 "bus/pci/devices/%s", PCI);
	ok &= ln("../../../devices/pci0000:80/" PCI2, "bus/pci/devices/%s", PCI2);
	ok &= mk("class/infiniband/%s", "mlx5_0");
	ok &= ln("../../../devices/pci0000:00/0000:00:02.0/" PCI,
		 "class/infiniband/%s/device", "mlx5_0");
	ok &= mk("class/net/%s", "eth1");
	ok &= ln("../../../devices/pci0000:00/0000:00:02.0/" PCI,
		 "class/net/%s/device", "eth1");
	ok &= mk("class/net/%s", "eth7");
	ok &= ln("../../../devices/pci0000:80/" PCI2, "class/net/%s/device",
		 "eth7");
	/* A device whose parent is not a PCI function. */
	ok &= mk("class/net/%s", "usb0");
	ok &= ln("../../../devices/usb1/1-1", "class/net/%s/device", "usb0");
	return ok;
}

static bool resolves(const char *name, const char *want)
{
	return same(name, adp_dev_resolve(name), want);
}

static bool test_resolve(void)
{
	bool ok = true;

	ok &= resolves("mlx5_0", PCI);
	ok &= resolves("eth1", PCI);
	ok &= resolves("eth7", PCI2);
	ok &= resolves(PCI, PCI);
	ok &= resolves("emu0", "emu0");
	/* neither, or not a PCI function: left for the kernel to refuse */
	ok &= resolves("usb0", "usb0");
	ok &= resolves("lo", "lo");
	ok &= resolves("mlx5_9", "mlx5_9");
	ok &= resolves("../mlx5_0", "../mlx5_0");
	ok &= resolves("..", "..");
	return ok;
}

/* The names devlink, lspci and mlxreg print for a PCI function. */
static bool test_other_tools(void)
{
	static const char *const cases[][2] = {
		{ "pci/0000:03:00.0", PCI },
		{ "03:00.0", PCI },
		{ "81:00.1", "0000:81:00.1" },
		{ "pci/0000:81:00.1", PCI2 },
		{ "0000:1A:00.1", "0000:1a:00.1" },
		{ "1a:1f.7", "0000:1a:1f.7" },
		/* no PCI function: slot past 0x1f, function past 7, leftovers */
		{ "03:20.0", "03:20.0" },
		{ "03:00.8", "03:00.8" },
		{ "03:00.0x", "03:00.0x" },
		{ "pci/03:00.0", "pci/03:00.0" },
		{ "pci/0000:03:00", "pci/0000:03:00" },
		{ "0x:00.0", "0x:00.0" },
		{ "-3:00.0", "-3:00.0" },
	};
	bool ok = true;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		ok &= resolves(cases[i][0], cases[i][1]);
	return ok;
}

static bool test_dev_argument(void)
{
	const struct adp_obj obj = { .name = "accl" };
	const struct adp_cmd cmd = { .name = "show" };
	struct adp_ctx ctx = { .obj = &obj, .cmd = &cmd };
	const char *dev = NULL, *name = NULL;
	struct adp_arg args[] = {
		{ .key = "dev", .type = ADP_ARG_STR, .val = &dev,
		  .positional = true },
		{ .key = "name", .type = ADP_ARG_STR, .val = &name },
		{ }
	};
	char *argv[] = { "dev", "eth1", "name", "eth7" };
	char *argv2[] = { "dev", "pci/0000:03:00.0", "name", "03:00.0" };
	char *argv3[] = { "03:00.0" };
	bool ok;

	capture(false, false);
	ok = adp_parse_args(&ctx, args, 4, argv) == 0;
	release();
	/* only "dev" is a device */
	ok = ok && same("dev", dev, PCI) && same("name", name, "eth7");
	dev = name = NULL;
	capture(false, false);
	ok &= adp_parse_args(&ctx, args, 4, argv2) == 0;
	release();
	ok = ok && same("dev", dev, PCI) && same("name", name, "03:00.0");
	dev = NULL;
	capture(false, false);
	ok &= adp_parse_args(&ctx, args, 1, argv3) == 0;
	release();
	return ok && same("positional dev", dev, PCI);
}

static bool test_print_text(void)
{
	bool ok;

	capture(false, false);
	adp_print_dev_names(PCI);
	adp_print_dev_names(PCI2);
	adp_print_dev_names("0000:04:00.0");	/* no such function */
	adp_print_dev_names("emu0");
	release();
	ok = same("text", out_buf, " rdma mlx5_0 netdev enp3s0f0np0,eth1 netdev eth7");
	return ok;
}

static bool test_print_json(void)
{
	capture(true, false);
	open_json_array(NULL);
	open_json_object(NULL);
	adp_print_dev_names(PCI);
	close_json_object();
	open_json_object(NULL);
	adp_print_dev_names("0000:04:00.0");
	close_json_object();
	close_json_array();
	release();
	return same("json", out_buf,
		    "[{\"rdma_devs\":[\"mlx5_0\"],\"netdevs\":[\"enp3s0f0np0\",\"eth1\"]},{}]\n") &&
	       python_accepts(out_buf,
			      "[{'rdma_devs': ['mlx5_0'], 'netdevs': ['enp3s0f0np0', 'eth1']}, {}]");
}

static const struct tap_test tests[] = {
	{ "RDMA and net device names resolve to their PCI function", test_resolve },
	{ "devlink's pci/ADDR and lspci's BB:SS.F name the same function", test_other_tools },
	{ "a dev argument accepts them", test_dev_argument },
	{ "the names of a function, text", test_print_text },
	{ "the names of a function, JSON", test_print_json },
};

int main(void)
{
	return tap_main_in(tests, ARRAY_SIZE(tests), root, make_tree);
}
