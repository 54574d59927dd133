/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Kernel type names for the user-space builds of shared kernel sources. */
#ifndef _RADP_USER_TYPES_H
#define _RADP_USER_TYPES_H

#include <endian.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef uint32_t __be32;

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#define cpu_to_be32(x)	htobe32(x)
#define be32_to_cpu(x)	be32toh(x)

/* Kernel exports are plain declarations in user space. */
#define EXPORT_SYMBOL_GPL(sym)	extern __typeof__(sym) sym

#endif /* _RADP_USER_TYPES_H */
