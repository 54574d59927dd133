// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the values of simulate's and tune's words, times
 * ("30ms", "1.5ms", a bare number of us), losses ("0.01", "1%") and seeds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "simulate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct adp_ctx ctx = fuzz_ctx();
	char *word = strndup((const char *)data, size);
	uint64_t v;
	double p;

	if (!word)
		return 0;
	adp_parse_time(&ctx, "outage", word, &v);
	adp_parse_loss(&ctx, word, &p);
	adp_parse_seed(&ctx, word, &v);
	free(word);
	return 0;
}
