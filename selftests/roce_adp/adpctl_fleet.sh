#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# adpctl with the tools fleets run, the real ones from the host's /usr:
# config export -> apply across two emulated devices; the Ansible
# collection of dist/ansible (copied to ./ansible) run by ansible-core;
# adpctl metrics read by prometheus-node-exporter's textfile collector
# and scraped over loopback, a firmware reset in the restore series; a
# device held in a reset fails alone in metrics.
. ./lib.sh

export HOME=/tmp LC_ALL=C.UTF-8
TEXTDIR=/tmp/textfile
CONFDIR=/tmp/roce_adp
PORT=19100

# Two devices as the module makes them: emu0, and emu1 added on the bus.
two_devices()
{
	module_default
	echo 1 >$BUS/new_device
	adpctl dev show emu1 >/dev/null
}

test_export_apply_round_trip()
{
	two_devices || return 1
	set_full >/dev/null || return 1
	adpctl accl set dev emu0 roce_slow_restart_en on >/dev/null || return 1
	adpctl -j config export dev emu0 >/tmp/emu0.json || return 1
	sed 's/"dev":"emu0"/"dev":"emu1"/' /tmp/emu0.json >/tmp/emu1.json

	run_cmd adpctl apply --check /tmp/emu1.json
	expect_eq "$RC" 3 "--check before: exit status ($ERR)" || return 1
	expect_match "$OUT" '^emu1 profile 1: time_base 4 -> 8$' "--check before" || return 1
	run_cmd adpctl apply /tmp/emu1.json
	expect_eq "$RC" 3 "apply: exit status ($ERR)" || return 1
	run_cmd adpctl apply --check /tmp/emu1.json
	expect_eq "$RC" 0 "--check after: exit status ($ERR)" || return 1
	expect_eq "$OUT" "no changes" "--check after" || return 1
	# emu1 exports what emu0 did, byte for byte.
	run_cmd adpctl -j config export dev emu1
	expect_eq "$OUT" "$(sed 's/"dev":"emu0"/"dev":"emu1"/' /tmp/emu0.json)" \
		"export of emu1" || return 1

	# A drift, as JSON for tools.
	adpctl profile set dev emu1 id 1 time_base 16 >/dev/null || return 1
	run_cmd adpctl -j apply --check /tmp/emu1.json
	expect_eq "$RC" 3 "-j --check: exit status ($ERR)" || return 1
	expect_eq "$(json_get "$OUT" 'j["changes"]')" \
		"[{'dev': 'emu1', 'profile': 1, 'field': 'time_base', 'before': 16, 'after': 8}]" \
		"-j --check changes"
}

PLAYBOOK=/tmp/fleet.yml

write_playbook()
{
	cat >$PLAYBOOK <<'EOP'
- hosts: localhost
  gather_facts: false
  vars:
    desired:
      devices:
        - dev: emu0
          roce_slow_restart_en: true
          profiles:
            - {adp_retx_profile_id: 1, time_base: 16}
  tasks:
    - name: check
      roce_adp.roce_adp.adp_config: {config: "{{ desired }}"}
      check_mode: true
      diff: true
      register: check
    - name: apply
      roce_adp.roce_adp.adp_config: {config: "{{ desired }}"}
      register: apply
    - name: again
      roce_adp.roce_adp.adp_config: {config: "{{ desired }}"}
      register: again
    - name: bad
      roce_adp.roce_adp.adp_config:
        config:
          all:
            roce_slow_restart_en: false
            profiles: [{adp_retx_profile_id: 1, time_base: 12}]
      ignore_errors: true
      register: bad
    - name: facts
      roce_adp.roce_adp.adp_facts: {dev: emu0}
      register: facts
    - name: results
      ansible.builtin.debug:
        var: results
      vars:
        results: {check: "{{ check }}", apply: "{{ apply }}", again: "{{ again }}",
                  bad: "{{ bad }}", facts: "{{ facts }}"}
EOP
}

# task NAME PYEXPR: PYEXPR of the result "r" of task NAME, from the
# last task's "localhost | SUCCESS => {...}" in $OUT (minimal callback);
# python3 -S as json_get
task()
{
	printf '%s' "$OUT" | python3 -S -c "import json, sys
j = json.JSONDecoder().raw_decode(sys.stdin.read().rsplit('SUCCESS => ', 1)[1])[0]
r = j['results']['$1']
print(($2))"
}

test_ansible()
{
	module_default
	set_full >/dev/null || return 1
	write_playbook
	start=$(date +%s)
	run_cmd env ANSIBLE_COLLECTIONS_PATH="$PWD/ansible" \
		ANSIBLE_STDOUT_CALLBACK=minimal ANSIBLE_LOCAL_TEMP=/tmp/.ansible \
		ANSIBLE_PIPELINING=1 \
		ANSIBLE_PYTHON_INTERPRETER=/usr/bin/python3 \
		ansible-playbook -c local -i localhost, $PLAYBOOK
	echo "figure: ansible_playbook_seconds $(($(date +%s) - start))"
	expect_eq "$RC" 0 "ansible-playbook: exit status ($ERR)" || { echo "$OUT" | tail -n 20; return 1; }

	changes="[{'dev': 'emu0', 'field': 'roce_slow_restart_en', 'before': 0, 'after': 1}, {'dev': 'emu0', 'profile': 1, 'field': 'time_base', 'before': 8, 'after': 16}]"
	# Check mode: changed, the diff, and nothing written: the real run
	# finds the same values before.
	expect_eq "$(task check "r['changed'], r['changes'] == $changes")" \
		"(True, True)" "check mode" || { task check r; return 1; }
	expect_eq "$(task check 'r["diff"]["before"] + r["diff"]["after"]')" \
		"emu0: roce_slow_restart_en 0
emu0 profile 1: time_base 8
emu0: roce_slow_restart_en 1
emu0 profile 1: time_base 16" "check mode diff" || return 1
	expect_eq "$(task apply "r['changed'], r['changes'] == $changes")" \
		"(True, True)" "real run" || { task apply r; return 1; }
	expect_eq "$(task again 'r["changed"], r["changes"]')" "(False, [])" \
		"second run" || return 1
	expect_eq "$(task bad 'r["failed"], r["msg"]')" \
		"(True, 'Error: emu0: profile 1: time_base must be a power of two.')" \
		"bad value" || return 1
	# The bad run changed nothing, not even the valid enable.
	expect_eq "$(task facts 'r["ansible_facts"]["roce_adp"]["devices"][0]["roce_slow_restart_en"], r["ansible_facts"]["roce_adp"]["devices"][0]["profiles"][0]["time_base"]')" \
		"(True, 16)" "facts after the bad run" || return 1
	run_cmd adpctl -j profile show dev emu0 id 1
	expect_eq "$(json_get "$OUT" 'j[0]["profiles"][0]["time_base"]')" 16 \
		"time_base read back"
}

# scrape: the page node_exporter serves, in $OUT
scrape()
{
	adpctl metrics --textfile $TEXTDIR --config $CONFDIR || return 1
	OUT=$(wget -qO- "http://127.0.0.1:$PORT/metrics") || {
		echo "scrape failed"
		return 1
	}
}

# has LINE: the scrape has exactly this line
has()
{
	printf '%s\n' "$OUT" | grep -qxF -- "$1" && return 0
	echo "no line \"$1\" in:"
	printf '%s\n' "$OUT" | grep -E '^(roce_adp|node_textfile)'
	return 1
}

test_node_exporter()
{
	two_devices || return 1
	set_full >/dev/null || return 1
	mkdir -p $TEXTDIR $CONFDIR
	ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up
	printf '[all]\nroce_slow_restart_en on\n' >$CONFDIR/site.conf
	adpctl apply $CONFDIR >/dev/null
	adpctl accl set dev emu1 roce_slow_restart_en off >/dev/null || return 1
	adpctl metrics --textfile $TEXTDIR --config $CONFDIR || return 1

	prometheus-node-exporter --web.listen-address=127.0.0.1:$PORT \
		--collector.disable-defaults --collector.textfile \
		--collector.textfile.directory=$TEXTDIR >/tmp/node_exporter.log 2>&1 &
	NE_PID=$!
	for _ in $(seq 50); do
		wget -qO /dev/null "http://127.0.0.1:$PORT/metrics" 2>/dev/null && break
		sleep 0.2
	done
	fw=$(json_get "$(adpctl -j dev show emu0)" 'j[0]["fw_version"]')
	ok=0
	scrape &&
	has 'node_textfile_scrape_error 0' &&
	has "roce_adp_device_info{backend=\"emulated\",device=\"emu0\",fw_version=\"$fw\",pci=\"\",rdma=\"\"} 1" &&
	has 'roce_adp_retrans_enabled{device="emu0"} 1' &&
	has 'roce_adp_active_profile_id{device="emu0"} 1' &&
	has 'roce_adp_config_valid 1' &&
	has 'roce_adp_config_match{device="emu0"} 1' &&
	has 'roce_adp_config_match{device="emu1"} 0' &&
	has 'roce_adp_config_drift_fields{device="emu1"} 1' &&
	has 'roce_adp_restore_enabled{device="emu0"} 1' &&
	has 'roce_adp_firmware_resets_total{device="emu0"} 0' &&
	has 'roce_adp_restore_last_outcome{device="emu0",outcome="none"} 1' || ok=1

	# A firmware reset: counted, restored, when.
	if [ $ok = 0 ]; then
		echo 10 >$DBG/emu0/fw_reset
		for _ in $(seq 50); do
			adpctl dev show emu0 | grep -q 'resets 1 last restored' && break
			sleep 0.1
		done
		scrape &&
		has 'roce_adp_firmware_resets_total{device="emu0"} 1' &&
		has 'roce_adp_restore_last_outcome{device="emu0",outcome="restored"} 1' &&
		has 'roce_adp_restore_last_outcome{device="emu0",outcome="none"} 0' &&
		has 'roce_adp_config_match{device="emu0"} 1' &&
		# node_exporter prints it as a float: 1.795624719e+09
		expect_eq "$(printf '%s\n' "$OUT" | python3 -S -c "import sys, time
v = [float(l.split()[1]) for l in sys.stdin
     if l.startswith('roce_adp_restore_last_timestamp_seconds{device=\"emu0\"}')]
print(len(v) == 1 and abs(v[0] - time.time()) < 600)")" True "restore time" || ok=1
	fi
	kill "$NE_PID"
	wait "$NE_PID" 2>/dev/null
	[ $ok = 0 ] && [ ! -e $TEXTDIR/.roce_adp.prom.* ] ||
		{ cat /tmp/node_exporter.log; ls -a $TEXTDIR; return 1; }
}

# page_has LINE...: the textfile has each line exactly
page_has()
{
	for line in "$@"; do
		grep -qxF -- "$line" $TEXTDIR/roce_adp.prom && continue
		echo "no line \"$line\" in:"
		cat $TEXTDIR/roce_adp.prom
		return 1
	done
}

# page_lacks PATTERN: no line of the textfile matches it (grep -E)
page_lacks()
{
	grep -qE -- "$1" $TEXTDIR/roce_adp.prom || return 0
	echo "a line matches /$1/ in:"
	cat $TEXTDIR/roce_adp.prom
	return 1
}

# emu1 held in a firmware reset (10 s, the longest) while metrics runs:
# emu0 has its series, emu1 is named, has device_up 0 and no series but
# device_info, exit status 2 (apply's side: adpctl_apply.sh). With the
# module gone the textfile is roce_adp_up 0 alone, not the last good page.
test_device_resetting()
{
	two_devices || return 1
	mkdir -p $TEXTDIR $CONFDIR
	printf '[all]\nroce_slow_restart_en on\n' >$CONFDIR/site.conf
	adpctl apply $CONFDIR >/dev/null
	echo 10000 >$DBG/emu1/fw_reset || return 1
	run_cmd adpctl metrics --textfile $TEXTDIR --config $CONFDIR
	expect_eq "$RC" 2 "metrics: exit status ($ERR)" || return 1
	expect_match "$ERR" '^Error: emu1: .+\.$' "metrics: emu1 named" || return 1
	page_has 'roce_adp_up 1' 'roce_adp_device_up{device="emu0"} 1' \
		'roce_adp_device_up{device="emu1"} 0' \
		'roce_adp_retrans_enabled{device="emu0"} 1' \
		'roce_adp_config_match{device="emu0"} 1' || return 1
	page_lacks '^roce_adp_(retrans_enabled|config_match|restore_enabled)\{device="emu1"\}' ||
		return 1
	run_cmd promtool check metrics <$TEXTDIR/roce_adp.prom
	expect_eq "$RC" 0 "promtool check metrics ($OUT$ERR)" || return 1

	modprobe -r roce_adp_emu && modprobe -r roce_adp || return 1
	run_cmd adpctl metrics --textfile $TEXTDIR --config $CONFDIR
	expect_eq "$RC" 1 "metrics without the module: exit status ($ERR)" ||
		return 1
	page_has 'roce_adp_up 0' && page_lacks 'device='
}

run_test config_export_apply_round_trip test_export_apply_round_trip
run_test ansible_check_apply_again_bad test_ansible
run_test node_exporter_textfile_scrape test_node_exporter
run_test device_in_reset_metrics_others_served test_device_resetting
module_default
tap_end
