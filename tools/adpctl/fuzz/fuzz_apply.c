// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: apply's configuration files, the INI-like .conf form
 * and the JSON document "config export -j" prints (a file that starts
 * with '{' is read as JSON), as apply and metrics read them before they
 * talk to a device.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "adpctl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfd_create("apply", 0);
	char path[64];

	if (fd < 0)
		return 0;
	if (write(fd, data, size) == (ssize_t)size) {
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		free(apply_load(path));
	}
	close(fd);
	return 0;
}
