// SPDX-License-Identifier: GPL-2.0
/*
 * The command table of the profile object, whose commands live in four
 * files (profile.c, lint.c, simulate.c, tune.c): held here, the table
 * makes profile.c lead to none of the others, which print profiles with
 * its printer.  The other objects' tables stay in their own files.
 */
#include "adpctl.h"

ADP_CMD_TABLE(profile_cmds, ADP_PROFILE_CMDS);
