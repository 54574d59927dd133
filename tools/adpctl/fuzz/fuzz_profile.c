// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: where lint, simulate and tune take a profile. The
 * first byte picks the input: even, the rest are command-line words (split
 * at blanks, as a shell does without quotes) for the one grammar of a
 * profile's words; odd, the rest is a profile file (JSON as "profile show
 * -j" prints it, or profile set words) read through "file PATH".
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "profile_src.h"

#define MAX_WORDS	160

static void run(int argc, char **argv)
{
	struct adp_ctx ctx = fuzz_ctx();
	struct adp_profile_set set = { 0 };
	struct adp_profile_args a;

	if (adp_profile_args_parse(&ctx, &a, NULL, argc, argv))
		return;
	/* The caller frees the set, whether the load worked or not. */
	adp_profile_load(&ctx, &a, false, &set);
	adp_profile_set_free(&set);
	/* "dev DEV" opened the socket (to the fake kernel). */
	adp_nl_close(ctx.nl);
}

static void words(const uint8_t *data, size_t size)
{
	char *text = strndup((const char *)data, size);
	char *argv[MAX_WORDS], *save = NULL, *w;
	int argc = 0;

	if (!text)
		return;
	for (w = strtok_r(text, " \t\n", &save); w && argc < MAX_WORDS;
	     w = strtok_r(NULL, " \t\n", &save))
		argv[argc++] = w;
	run(argc, argv);
	free(text);
}

static void file(const uint8_t *data, size_t size)
{
	int fd = memfd_create("profile", 0);
	char path[64];
	char *argv[] = { "file", path };

	if (fd < 0)
		return;
	if (write(fd, data, size) == (ssize_t)size) {
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		run(2, argv);
	}
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	if (data[0] & 1)
		file(data + 1, size - 1);
	else
		words(data + 1, size - 1);
	return 0;
}
