# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# shellcheck disable=SC2154 # exp_<field>: set by eval (exp_defaults, exp_overrides)
# Reading an experiment file: the one reader of the format, sourced by
# the driver (run-experiment) and a few tools; every other tool, awk
# and make included, asks plan/experiment (this file as a command) for
# what it needs of an experiment or of the resolved copy that exp_write
# puts into a run folder.
#
# An experiment is lines of "field value...", '#' starts a comment:
#   compare BASE NEW TESTCASE... [cpu=MODEL] [mask=FLAGS]   (one or more;
#     FLAGS like erms,fsrm or erms+fsrm, the form a run's copy is written in)
#   FIELD VALUE  for each of the fields below, every one optional (its
#     default in EXP_DEFAULTS): profile accel cpu mask smp tasks interval
#     warmup samples repeats shift seed plugin warnings min_effect
#     fail_on_regression mode (processes, threads or both) mem (guest MB)
#     max_repeats max_seconds alpha (repeats auto: boots until a verdict)
#     duet (1: the two kernels' boots run two at a time, on disjoint CPUs)
#     reproduces (none, or the published figures the experiment sets out
#     to reproduce: seeds of results/published.csv, 001,002; only these
#     get a "published vs measured" row)
#   icount_interval SEC  the sample length when the boots run
#     under icount, where a figure is an instruction count and needs
#     thousands of ops, not seconds; tcg, kvm and native keep interval (and
#     an INTERVAL= override without ICOUNT_INTERVAL= sets it for icount too)
#   series VARIANT      (instead of compare: every prefix of its series)
#   proxy VARIANT:TESTCASE = A + B - C   (optional, any number: a signed sum
#     of testcases that stands natively for a cell the host cannot run;
#     its terms boot with VARIANT; native/proxy-check checks it in the guest)
# A compare line's cpu= and mask= replace the experiment's for its boots.
# Overrides come as KEY=VALUE arguments (the make command line passes
# them): a field in capitals (ACCEL=tcg), COMPARE="BASE:NEW ..." (replaces
# the compare lines' kernels) and TESTS="a,b" (their testcases). Variables
# in the environment are never read.

EXP_FIELDS="profile accel cpu mask smp tasks interval warmup samples repeats shift
seed plugin warnings min_effect fail_on_regression mode mem icount_interval
max_repeats max_seconds alpha duet reproduces"
# Their defaults, in order (README.md's experiment table says the same).
EXP_DEFAULTS="minimal auto max none 1 1 0.2 1 3 auto 0
1 on drop 1 none processes 512 none
12 none 0.05 0 none"

. lib/common.sh

# exp_is_field NAME: is NAME one of the fields above?
exp_is_field() { case " $(echo $EXP_FIELDS) " in *" $1 "*) return 0 ;; esac; return 1; }

# exp_bad MSG: one more error of the file being read; exp_errors prints
# them all (one line each) and exits 2, so a file's every bad line shows
# at once. exp_at FIELD: where FIELD's value came from, for a message.
exp_bad() { exp_err="$exp_err$*
"; }
exp_errors() {
	[ -n "$exp_err" ] || return 0
	printf '%s' "$exp_err" | sed 's/^/kabench: /' >&2
	exit 2
}
exp_at() {
	eval "o=\$ov_$1 l=\${exp_line_$1-}"
	if [ -n "$o" ]; then echo "command line: $(echo "$1" | tr a-z A-Z)"
	elif [ -n "$l" ]; then echo "$file:$l"
	else echo "$file (default)"; fi
}

# exp_read FILE [KEY=VALUE...]: sets exp_<field> and exp_compare (one
# "BASE NEW CPU MASK TESTS..." a line; CPU and MASK resolved, "-" for none).
exp_read() {
	file=$1; shift
	exp_parse "$file" "$@"
	exp_defaults
	exp_resolve_compare
	exp_resolve_proxy "$file"
	[ -n "$exp_compare" ] || [ -n "$exp_series" ] || exp_bad "$file: no compare line (compare BASE NEW TESTCASE...)"
	exp_check
}

# exp_load FILE: read a run's resolved copy (or a fixture of one) as it
# is: no field is required, no value checked, no override taken.
exp_load() {
	exp_parse "$1"
	exp_errors
	exp_defaults
	exp_resolve_compare
	exp_resolve_proxy "$1"
}

# exp_defaults: the fields left unset get their defaults.
exp_defaults() {
	# (Positional, not one cut per field: every tool that reads a run's
	# experiment pays for this.)
	set -- $EXP_DEFAULTS
	for f in $EXP_FIELDS; do
		eval "[ -n \"\$exp_$f\" ] || exp_$f=\$1"
		shift
	done
}

# exp_parse FILE [KEY=VALUE...]: the lines of FILE, then the overrides.
exp_parse() {
	file=$1; shift
	[ -r "$file" ] || die2 "no experiment file '$file'"
	exp_compare= exp_raw_compare= exp_series= exp_raw_proxy= exp_err=
	for f in $EXP_FIELDS; do eval "exp_$f= ov_$f= exp_line_$f="; done
	exp_overrides "$@"
	n=0
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		line=${line%%#*}
		set -- $line
		[ $# -gt 0 ] || continue
		key=$1; shift
		case $key in
		compare)
			[ $# -ge 3 ] || { exp_bad "$file:$n: 'compare $*' needs BASE NEW TESTCASE..."; continue; }
			exp_raw_compare="$exp_raw_compare$*
" ;;
		*[!a-z_]*) exp_bad "$file:$n: unknown field '$key'" ;;
		proxy)
			p=$(echo "$*" | awk '$1 ~ /^[A-Za-z0-9._~+-]+:[A-Za-z0-9_]+$/ && $2 == "=" && NF % 2 == 1 {
				out = $1 " +" $3
				for (i = 4; i < NF; i += 2) {
					if ($i != "+" && $i != "-" || $(i + 1) !~ /^[A-Za-z0-9_]+$/) exit
					out = out " " $i $(i + 1)
				}
				if ($3 ~ /^[A-Za-z0-9_]+$/) print out }')
			[ -n "$p" ] || { exp_bad "$file:$n: bad proxy '$*' (want VARIANT:TESTCASE = A + B - C)"; continue; }
			exp_raw_proxy="$exp_raw_proxy$p
" ;;
		series)	# a series experiment (plan/run-experiment plans its prefixes)
			[ $# -eq 1 ] || { exp_bad "$file:$n: 'series' wants one variant, got '$*'"; continue; }
			exp_series=$1 ;;
		*)
			exp_is_field "$key" || { exp_bad "$file:$n: unknown field '$key' (fields: $(echo $EXP_FIELDS))"; continue; }
			[ $# -eq 1 ] || { exp_bad "$file:$n: field '$key' wants one value, got '$*'"; continue; }
			eval "l=\$exp_line_$key"
			[ -z "$l" ] || { exp_bad "$file:$n: field '$key' set again (first on line $l)"; continue; }
			eval "exp_$key=\$1 exp_line_$key=$n" ;;
		esac
	done <"$file"
	for f in $EXP_FIELDS; do
		eval "[ -z \"\$ov_$f\" ] || exp_$f=\$ov_$f"
	done
	# INTERVAL= on the command line is the interval under every accelerator.
	[ -z "$ov_interval" ] || [ -n "$ov_icount_interval" ] || exp_icount_interval=
}

# exp_overrides KEY=VALUE...: the command line's settings, into ov_<field>.
exp_overrides() {
	exp_over_compare= exp_over_tests= exp_tests_auto=
	for kv in "$@"; do
		k=${kv%%=*} v=${kv#*=}
		[ "$k" != "$kv" ] || die2 "bad setting '$kv' (want KEY=VALUE)"
		# shellcheck disable=SC2034 # (exp_tests_auto: read by run-experiment)
		case $k in
		COMPARE) exp_over_compare=$v ;;
		# TESTS=auto: the compare lines' own testcases, narrowed by
		# run-experiment once the kernels are built (plan/tests-auto)
		TESTS) if [ "$v" = auto ]; then exp_tests_auto=1; else exp_over_tests=$v; fi ;;
		*)
			f=$(echo "$k" | tr A-Z a-z)
			[ "$k" = "$(echo "$f" | tr a-z A-Z)" ] && exp_is_field "$f" ||
				die2 "unknown setting '$k' (make help lists them)"
			case $v in *[!A-Za-z0-9.,_+-]*) die2 "bad $k '$v'" ;; esac
			eval "ov_$f=\$v" ;;
		esac
	done
}

# exp_resolve_compare: exp_raw_compare plus the overrides -> exp_compare.
exp_resolve_compare() {
	exp_compare=
	raw=$exp_raw_compare
	if [ -n "$exp_over_compare" ]; then
		tests=$(printf '%s' "$raw" | awk '{ for (i = 3; i <= NF; i++) if ($i !~ /=/ && !seen[$i]++) printf "%s ", $i }')
		raw=
		for pair in $exp_over_compare; do
			case $pair in
			?*:?*) raw="$raw${pair%%:*} ${pair#*:} $tests
" ;;
			*) die2 "COMPARE entry '$pair' is not BASE:NEW" ;;
			esac
		done
	fi
	exp_compare=$(printf '%s' "$raw" | awk -v c="$exp_cpu" -v m="$exp_mask" -v t="$exp_over_tests" '
		NF {
			cpu = c; mask = m; tests = ""
			for (i = 3; i <= NF; i++) {
				if ($i ~ /^cpu=/) cpu = substr($i, 5)
				else if ($i ~ /^mask=/) { mask = substr($i, 6); gsub(/\+/, ",", mask) }
				else if ($i ~ /=/) { print "bad " $i; exit }
				else tests = tests " " $i
			}
			if (t != "") { tests = t; gsub(",", " ", tests); tests = " " tests }
			print $1, $2, (cpu == "" ? "-" : cpu), (mask == "" || mask == "none" ? "-" : mask) tests
		}')
	case $exp_compare in bad\ *|*"
bad "*) die2 "unknown compare option '$(echo "$exp_compare" | sed -n 's/^bad //p')' (cpu= or mask=)" ;; esac
}

# exp_resolve_proxy FILE: exp_raw_proxy -> exp_proxy ("VARIANT TESTCASE +A
# +B -C" a line): the proxies of a cell some compare line runs. Without
# COMPARE or TESTS overrides a proxy for any other cell is an error; with
# them it is left out.
exp_resolve_proxy() {
	exp_proxy=
	[ -n "$exp_raw_proxy" ] || return 0
	# COMPARE= naming a kernel the experiment's own lines do not: a user's
	# own run, which the experiment's proxies (made for its kernels) leave
	# alone.
	if [ -n "$exp_over_compare" ] && echo "$exp_over_compare" | tr ' :' '\n\n' | grep . |
		grep -qvxF "$(printf '%s' "$exp_raw_compare" | awk '{ print $1; print $2 }')"; then
		return 0
	fi
	exp_proxy=$(printf '%s' "$exp_raw_proxy" | awk -v cmp="$exp_compare" '
		BEGIN { n = split(cmp, l, "\n"); for (i = 1; i <= n; i++) { k = split(l[i], w, " ")
			for (j = 5; j <= k; j++) { runs[w[1] ":" w[j]] = 1; runs[w[2] ":" w[j]] = 1 } } }
		NF { split($1, vt, ":"); if ($1 in runs) { $1 = vt[1] " " vt[2]; print } else print "unrun " $1 }')
	bad=$(echo "$exp_proxy" | sed -n 's/^unrun //p' | head -n 1)
	[ -z "$bad" ] || [ -n "$exp_over_compare$exp_over_tests" ] ||
		die2 "$1: proxy for '$bad', a cell no compare line runs"
	exp_proxy=$(echo "$exp_proxy" | grep -v '^unrun ' || true)
}


exp_check() {
	case $exp_accel in auto|kvm|tcg|icount|native) ;; *) exp_bad "$(exp_at accel): unknown accelerator '$exp_accel' (auto, kvm, tcg, icount or native)" ;; esac
	case $exp_profile in minimal|distro) ;; *) exp_bad "$(exp_at profile): unknown profile '$exp_profile' (minimal or distro)" ;; esac
	is_uint "$exp_smp" && [ "$exp_smp" -ge 1 ] || exp_bad "$(exp_at smp): bad smp '$exp_smp' (a whole number >= 1)"
	[ "$exp_repeats" = auto ] || { is_uint "$exp_repeats" && [ "$exp_repeats" -ge 1 ]; } ||
		exp_bad "$(exp_at repeats): bad repeats '$exp_repeats' (a whole number >= 1, or auto)"
	is_uint "$exp_max_repeats" && [ "$exp_max_repeats" -ge 4 ] && [ "$exp_max_repeats" -le 64 ] ||
		exp_bad "$(exp_at max_repeats): bad max_repeats '$exp_max_repeats' (4 to 64 boots a kernel)"
	[ "$exp_max_seconds" = none ] || { is_uint "$exp_max_seconds" && [ "$exp_max_seconds" -ge 1 ]; } ||
		exp_bad "$(exp_at max_seconds): bad max_seconds '$exp_max_seconds' (whole seconds >= 1, or none)"
	case $exp_duet in 0|1) ;; *) exp_bad "$(exp_at duet): bad duet '$exp_duet' (0 or 1)" ;; esac
	[ "$exp_reproduces" = none ] || echo "$exp_reproduces" | grep -Eqx '[0-9]{3}(,[0-9]{3})*' ||
		exp_bad "$(exp_at reproduces): bad reproduces '$exp_reproduces' (none, or seeds of results/published.csv: 001,002)"
	is_decimal "$exp_alpha" && awk -v a="$exp_alpha" 'BEGIN { exit !(a > 0 && a < 0.5) }' ||
		exp_bad "$(exp_at alpha): bad alpha '$exp_alpha' (above 0, under 0.5)"
	is_uint "$exp_shift" && [ "$exp_shift" -le 10 ] || exp_bad "$(exp_at shift): bad shift '$exp_shift' (0 to 10)"
	is_uint "$exp_seed" || exp_bad "$(exp_at seed): bad seed '$exp_seed' (a whole number)"
	case $exp_plugin in on|off) ;; *) exp_bad "$(exp_at plugin): bad plugin '$exp_plugin' (on or off)" ;; esac
	case $exp_warnings in drop|keep) ;; *) exp_bad "$(exp_at warnings): bad warnings '$exp_warnings' (drop or keep)" ;; esac
	is_decimal "$exp_min_effect" || exp_bad "$(exp_at min_effect): bad min_effect '$exp_min_effect' (percent >= 0)"
	[ "$exp_fail_on_regression" = none ] || is_decimal "$exp_fail_on_regression" ||
		exp_bad "$(exp_at fail_on_regression): bad fail_on_regression '$exp_fail_on_regression' (percent, or none)"
	case $exp_mode in processes|threads|both) ;; *) exp_bad "$(exp_at mode): bad mode '$exp_mode' (processes, threads or both)" ;; esac
	is_uint "$exp_mem" && [ "$exp_mem" -ge 64 ] || exp_bad "$(exp_at mem): bad mem '$exp_mem' (guest memory in MB, >= 64)"
	while read -r b n cpu mask rest; do
		[ -n "$b" ] || continue
		case $cpu in ''|*[!A-Za-z0-9._-]*) exp_bad "$file: compare $b $n: bad cpu '$cpu' (a QEMU CPU model name)" ;; esac
		case $mask in -) ;; *[!a-z0-9_.,-]*|,*|*,|*,,*) exp_bad "$file: compare $b $n: bad mask '$mask' (flag names like erms,fsrm)" ;; esac
	done <<EOT
$exp_compare
EOT
	exp_errors
	[ -n "$exp_compare" ] || return 0
	# The plan's numbers and testcase names: build/bench/kabench is their one reader.
	make $kb_make_s build/bench/kabench >&2 || exit 1
	[ "$exp_icount_interval" = none ] || build/bench/kabench --check-plan --test getppid \
		--interval "$exp_icount_interval" >/dev/null 2>&1 ||
		die2 "bad icount_interval '$exp_icount_interval' (decimal seconds, 0 < SEC <= 3600, or none)"
	build/bench/kabench --check-plan --test "$(exp_all_tests | paste -sd,)" --tasks "$exp_tasks" \
		--interval "$exp_interval" --warmup "$exp_warmup" --samples "$exp_samples" >/dev/null || exit 2
}

# exp_open NAME [KEY=VALUE...]: read bench/experiments/NAME.exp (or the
# .exp file NAME) and set exp_name.
exp_open() {
	case $1 in
	*/*|*.exp) f=$1 ;;
	*) f=bench/experiments/$1.exp ;;
	esac
	[ -f "$f" ] || die2 "unknown experiment '$1' (see bench/experiments/)"
	exp_name=$(basename "$f" .exp)
	case $exp_name in *[!A-Za-z0-9._+-]*|''|.*) die2 "bad experiment name '$exp_name' (letters, digits, . _ + - only)" ;; esac
	shift
	exp_read "$f" "$@"
}

# Every testcase of the experiment, each once, one a line.
exp_all_tests() {
	printf '%s\n%s\n' "$exp_compare" "$exp_proxy" | awk 'NF >= 5 && $3 !~ /^[+-]/ { for (i = 5; i <= NF; i++) if (!seen[$i]++) print $i }
		$3 ~ /^[+-]/ { for (i = 3; i <= NF; i++) if (!seen[substr($i, 2)]++) print substr($i, 2) }'
}

# new_run SUFFIX: make a new folder results/<UTC time>-SUFFIX, print it.
new_run() {
	mkdir -p "${KABENCH_RESULTS:-results}" || die "cannot create the results folder ${KABENCH_RESULTS:-results} (KABENCH_RESULTS)"
	while :; do
		r=${KABENCH_RESULTS:-results}/$(date -u +%Y%m%dT%H%M%SZ)-$1
		# Another run took this second's name: wait for the next; any other
		# error (a read-only folder) is final.
		err=$(mkdir "$r" 2>&1) && break
		[ -e "$r" ] || die "cannot create a run folder in ${KABENCH_RESULTS:-results}: ${err##*: }"
		sleep 1
	done
	echo "$r"
}

# kb_cells_left [--why] RUN [VARIANT...]: the cells of RUN's plan (of
# those kernels only, when named) that have no ok verdict, one a line;
# --why adds what they have instead: "CELL (VERDICT)", or "CELL (no boot
# folder)". run-experiment's RESUME and compare-runs' check of both runs.
kb_cells_left() {
	kb_why=
	[ "$1" != --why ] || { kb_why=1; shift; }
	kb_run=$1; shift
	awk -F'\t' -v vs=" $* " 'NR > 1 && (vs == "  " || index(vs, " " $2 " ")) { print $1 }' "$kb_run/plan" |
		while read -r c; do
			first_line "$kb_run/boots/$c/verdict" || :
			[ "$first" != ok ] || continue
			if [ -n "$kb_why" ]; then printf '%s (%s)\n' "$c" "${first:-no boot folder}"; else printf '%s\n' "$c"; fi
		done
}

# The kernels of the experiment, each once, in order of appearance.
exp_variants() {
	echo "$exp_compare" | awk 'NF { print $1; print $2 }' | awk '!seen[$0]++'
}

# exp_groups: one "VARIANT CPU MASK TESTS COMPARED" line per kernel and
# CPU: TESTS the testcases of every compare line that boots it so,
# comma-separated, then the terms of the proxies; COMPARED the compare
# lines' testcases alone (what a boot after the first runs: a proxy's
# terms are read from the exact profile, which one boot gives).
# A proxy's terms boot on both kernels of every compare line that runs its
# cell (with that line's CPU): the guest shows whether the stock and the
# patched kernel run them alike, which the host's figures for them assume.
exp_groups() {
	printf '%s\n%s\n' "$exp_compare" "$exp_proxy" | awk '$3 ~ /^[+-]/ { px[++np] = $0; next } NF {
		nl++; line[nl] = $0
		for (k = 1; k <= 2; k++) {
			g = $k " " $3 " " $4
			if (!(g in tests)) order[++n] = g
			for (i = 5; i <= NF; i++) if (!seen[g, $i]++) tests[g] = tests[g] (tests[g] != "" ? "," : "") $i
		}
	} END {
		for (i = 1; i <= n; i++) compared[order[i]] = tests[order[i]]
		for (p = 1; p <= np; p++) {
			k = split(px[p], w, " ")
			for (l = 1; l <= nl; l++) {
				m = split(line[l], c, " ")
				if (c[1] != w[1] && c[2] != w[1]) continue
				runs = 0
				for (i = 5; i <= m; i++) if (c[i] == w[2]) runs = 1
				if (!runs) continue
				for (s = 1; s <= 2; s++) {
					g = c[s] " " c[3] " " c[4]
					for (j = 3; j <= k; j++) { t = substr(w[j], 2)
						if (!seen[g, t]++) tests[g] = tests[g] "," t }
				}
			}
		}
		for (i = 1; i <= n; i++) print order[i], tests[order[i]], compared[order[i]] }'
}

# exp_plan ACCEL PROFILE: the run's plan, a header and one tab-separated
# line a cell: one cell per kernel, CPU and boot (repeats auto: 3, as
# under icount; run-experiment plans an adaptive run's max_repeats itself
# and boots them a look at a time); boot k is seeded with
# seed+k-1 on every kernel. Boots are interleaved (all kernels once, then
# again) so that a drift of the host spreads over every kernel. A testcase
# only a proxy needs runs in the first boot alone, and PROFILE (on: the
# plugin counts instructions) is the first boot's: its exact counts are
# what a profile gives, and the plugin costs a boot 0.4-0.6 s.
exp_plan() {
	printf 'cell\tvariant\tboot\tseed\taccel\tshift\tcpu\tmask\tsmp\ttests\ttasks\tinterval\twarmup\tsamples\tprofile\tmode\tmem\n'
	exp_groups | awk -v reps="$(if [ "$exp_repeats" = auto ]; then echo 3; else echo "$exp_repeats"; fi)" -v seed="$exp_seed" -v a="$1" -v sh="$exp_shift" \
		-v smp="$exp_smp" -v t="$exp_tasks" -v i="$exp_interval" -v w="$exp_warmup" \
		-v m="$exp_samples" -v p="$2" -v mo="$exp_mode" -v mem="$exp_mem" 'BEGIN { OFS = "\t" }
	{ line[++n] = $0 }
	END {
		for (r = 1; r <= reps; r++) {
			split("", g)
			for (k = 1; k <= n; k++) {
				split(line[k], f, " ")
				c = ++g[f[1]]
				print f[1] (c > 1 ? ".cpu" c : "") "-" r, f[1], r, seed + r - 1, a, sh, f[2], (f[3] == "-" ? "none" : f[3]),
					smp, (r == 1 ? f[4] : f[5]), t, i, w, m, (r == 1 ? p : "off"), mo, mem
			}
		}
	}'
}

# exp_write: the effective experiment, in the file format.
exp_write() {
	echo "$exp_compare" | awk 'NF { m = $4 == "-" ? "none" : $4; gsub(",", "+", m)
		printf "compare %s %s", $1, $2; for (i = 5; i <= NF; i++) printf " %s", $i; printf " cpu=%s mask=%s\n", $3, m }'
	[ -z "$exp_proxy" ] || echo "$exp_proxy" | awk '{ printf "proxy %s:%s =", $1, $2
		for (i = 3; i <= NF; i++) printf "%s %s", (i == 3 ? "" : " " substr($i, 1, 1)), substr($i, 2); print "" }'
	for f in $EXP_FIELDS; do eval "echo \"$f \$exp_$f\""; done
}
