/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every object and command of adpctl, one line each, in the order the help,
 * "adpctl help --commands" (the bash completion) and the man page give
 * them.  An X-macro list, as include/net/dropreason-core.h:
 *
 *   ADP_OBJ(OBJECT, IS_CMD, HELP)   adpctl.c's adp_objs[]; an object that
 *	is a command of its own (IS_CMD) has one command, named as it is.
 *   ADP_CMD(NAME, FUNC, DETAILS, HELP, USAGE)   a row of OBJECT_cmds[],
 *	which the object's file defines with ADP_CMD_TABLE(), next to the
 *	static FUNC and DETAILS: HELP one line, lower case, no period; USAGE
 *	the arguments, "" when none; DETAILS prints more help, or NULL.
 *   ADP_ALIAS(...)   the same, kept for a release: it works, help and
 *	completion omit it.
 */
#ifndef ADPCTL_COMMANDS_H
#define ADPCTL_COMMANDS_H

#define ADP_OBJECTS \
	ADP_OBJ(dev, false, "devices and their ROCE_ACCL capability") \
	ADP_OBJ(accl, false, "RoCE acceleration enables, limits, active profile") \
	ADP_OBJ(profile, false, "adaptive retransmission profiles") \
	ADP_OBJ(mpt, false, "memory protection table: memory regions and windows") \
	ADP_OBJ(histogram, false, "retransmission timeouts that fired, by timeout") \
	ADP_OBJ(monitor, true, "print configuration changes and device events") \
	ADP_OBJ(apply, true, "bring devices to the state a configuration file gives") \
	ADP_OBJ(config, false, "the configuration of the devices as one document") \
	ADP_OBJ(metrics, true, "the configuration state of the devices for Prometheus")

#define ADP_DEV_CMDS \
	ADP_CMD(show, dev_show, dev_show_details, "list devices, their backend, firmware, ROCE_ACCL support and restore state", "[[dev] DEV]")

#define ADP_ACCL_CMDS \
	ADP_CMD(show, accl_show, NULL, "show the RoCE features, profile limits and active profile", "[[dev] DEV] [-r | --raw]") \
	ADP_CMD(set, accl_set, accl_set_details, "change RoCE features: enables on or off, the others' values", "dev DEV { NAME { on | off | VALUE } | [--set] NAME=VALUE[,...] | MLXREG_OPTION }...")

#define ADP_PROFILE_CMDS \
	ADP_CMD(show, profile_show, NULL, "show retransmission profiles and the timeouts they give", "[[dev] DEV] [id N]") \
	ADP_CMD(set, profile_set, profile_set_details, "change fields of profile N", "dev DEV id N [FIELD VALUE]... [range I RANGE_FIELD VALUE...]...") \
	ADP_CMD(lint, profile_lint, profile_lint_details, "check a profile before the firmware does: errors and warnings", PROFILE_SRC_USAGE " [QP] [CAPS]") \
	ADP_CMD(simulate, profile_simulate, profile_simulate_details, "run the retransmission algorithm of a profile for a QP against a loss scenario", PROFILE_SRC_USAGE " QP SCENARIO [OPTION]... [--svg FILE] [--events]") \
	ADP_CMD(tune, profile_tune, profile_tune_details, "find the profile for a path: round trip, loss, outages", "rtt TIME[..TIME] {[loss P] [outage TIME]... | from-histogram [FILE PROFILE]} [dev DEV] [QP] [CAPS] [OPTION]...") \
	ADP_CMD(forget, profile_forget, profile_forget_details, "forget the profile: firmware defaults after the next firmware reset", "[dev] DEV") \
	/* Its name until 0.2, where "reset" meant the firmware's too. */ \
	ADP_ALIAS(reset, profile_forget, profile_forget_details, "forget the profile: firmware defaults after the next firmware reset", "[dev] DEV")

#define ADP_MPT_CMDS \
	ADP_CMD(show, mpt_show, mpt_show_details, "show memory protection table entries (memory regions and windows)", "[[dev] DEV] [index N | key K] [pd P] [qpn Q] [-r | --raw]")

#define ADP_HISTOGRAM_CMDS \
	ADP_CMD(show, histogram_show, show_details, "show the retransmission histogram: bins, counts, shares", "[[dev] DEV] [--svg FILE] [--prometheus]") \
	ADP_CMD(config, histogram_config, config_details, "configure the histogram's bins and counting", "dev DEV [bins N] [width0 TIME] [width1 TIME] [mode fixed|double] [count on|off] [clear_on_read on|off] [vhca ID|any] [FIELD VALUE]... [[--set] FIELD=VALUE[,...]]") \
	ADP_CMD(clear, histogram_clear, NULL, "clear the histogram's counts", "[dev] DEV") \
	ADP_CMD(compare, histogram_compare, compare_details, "the histogram beside the simulator's prediction for a profile", "dev DEV | measured FILE [dev DEV] [--svg FILE] SIMULATE...")

#define ADP_MONITOR_CMDS \
	ADP_CMD(monitor, monitor, monitor_details, "print configuration changes and device events as they happen", "[[dev] DEV]")

#define ADP_APPLY_CMDS \
	ADP_CMD(apply, apply, apply_details, "bring devices to the state configuration files give", "PATH... [--check]")

#define ADP_CONFIG_CMDS \
	ADP_CMD(export, config_export, config_export_details, "print the configuration of the devices as apply takes it", "[[dev] DEV]")

#define ADP_METRICS_CMDS \
	ADP_CMD(metrics, metrics, metrics_details, "print the configuration state of the devices for Prometheus", "[--textfile DIR] [--config PATH]")

#endif /* ADPCTL_COMMANDS_H */
