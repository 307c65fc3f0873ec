# Reading an experiment file (sourced by run-experiment and make-report).
#
# An experiment is lines of "field value...":
#   compare BASE NEW TESTCASE...   (one or more)
#   profile accel cpu mask smp tasks interval warmup samples repeats shift
# An environment variable named like the field in capitals (ACCEL=tcg)
# overrides it; COMPARE="BASE:NEW ..." replaces the compare lines' kernels
# and TESTS="a,b" their testcases.

EXP_FIELDS="profile accel cpu mask smp tasks interval warmup samples repeats shift"

die2() { echo "kabench: $*" >&2; exit 2; }

# exp_read FILE: sets exp_<field> and exp_compare (one "BASE NEW TESTS..." a line).
exp_read() {
	[ -r "$1" ] || die2 "no experiment file '$1'"
	exp_compare=
	for f in $EXP_FIELDS; do eval "exp_$f="; done
	while read -r key rest; do
		case $key in
		''|'#'*) ;;
		compare)
			set -- $rest
			[ $# -ge 3 ] || die2 "$1: 'compare $rest' needs BASE NEW TESTCASE..."
			exp_compare="$exp_compare$rest
" ;;
		profile|accel|cpu|mask|smp|tasks|interval|warmup|samples|repeats|shift)
			eval "exp_$key=\$rest" ;;
		*) die2 "unknown field '$key' in experiment file $1" ;;
		esac
	done <"$1"
	for f in $EXP_FIELDS; do
		F=$(echo "$f" | tr a-z A-Z)
		eval "v=\${$F-}"
		[ -n "$v" ] && eval "exp_$f=\$v"
		eval "v=\$exp_$f"
		[ -n "$v" ] || die2 "experiment $1 does not set '$f'"
	done
	exp_override_compare
	[ -n "$exp_compare" ] || die2 "experiment $1 has no compare line"
	exp_check
}

exp_override_compare() {
	if [ -n "${COMPARE-}" ]; then
		tests=$(exp_all_tests | tr '\n' ' ')
		exp_compare=
		for pair in $COMPARE; do
			case $pair in
			?*:?*) exp_compare="$exp_compare${pair%%:*} ${pair#*:} $tests
" ;;
			*) die2 "COMPARE entry '$pair' is not BASE:NEW" ;;
			esac
		done
	fi
	if [ -n "${TESTS-}" ]; then
		exp_compare=$(echo "$exp_compare" | awk -v t="$TESTS" 'NF { gsub(",", " ", t); print $1, $2, t }')
	fi
}

is_uint() { case $1 in ''|*[!0-9]*) return 1 ;; esac; }
is_decimal() {
	case $1 in ''|.|*[!0-9.]*|*.*.*) return 1 ;; esac
	awk -v x="$1" 'BEGIN { exit !(x > 0) }'
}

exp_check() {
	case $exp_accel in auto|kvm|tcg|icount) ;; *) die2 "unknown accelerator '$exp_accel' (auto, kvm, tcg or icount)" ;; esac
	case $exp_profile in minimal|distro) ;; *) die2 "unknown profile '$exp_profile' (minimal or distro)" ;; esac
	echo "$exp_tasks" | grep -Eq '^[1-9][0-9]*(-[1-9][0-9]*)?(,[1-9][0-9]*(-[1-9][0-9]*)?)*$' ||
		die2 "bad task list '$exp_tasks' (e.g. 1 or 1,2,4 or 1-8)"
	is_uint "$exp_smp" && [ "$exp_smp" -ge 1 ] || die2 "bad smp '$exp_smp' (a whole number >= 1)"
	is_uint "$exp_warmup" || die2 "bad warmup '$exp_warmup' (a whole number of samples)"
	is_uint "$exp_samples" && [ "$exp_samples" -ge 1 ] || die2 "bad samples '$exp_samples' (a whole number >= 1)"
	is_uint "$exp_repeats" && [ "$exp_repeats" -ge 1 ] || die2 "bad repeats '$exp_repeats' (a whole number >= 1)"
	is_uint "$exp_shift" && [ "$exp_shift" -le 10 ] || die2 "bad shift '$exp_shift' (0 to 10)"
	is_decimal "$exp_interval" || die2 "bad interval '$exp_interval' (seconds > 0)"
}

# exp_open NAME: read bench/experiments/NAME.exp (or the .exp file NAME)
# and set exp_name.
exp_open() {
	case $1 in
	*/*|*.exp) f=$1 ;;
	*) f=bench/experiments/$1.exp ;;
	esac
	[ -f "$f" ] || die2 "unknown experiment '$1' (see bench/experiments/)"
	exp_name=$(basename "$f" .exp)
	exp_read "$f"
}

# Every testcase of the experiment, each once, one a line.
exp_all_tests() {
	echo "$exp_compare" | awk 'NF { for (i = 3; i <= NF; i++) if (!seen[$i]++) print $i }'
}

# exp_check_tests: stop on a testcase bench/kabench does not know.
exp_check_tests() {
	known=$(bench/kabench --list | cut -f1)
	for t in $(exp_all_tests); do
		echo "$known" | grep -qx -- "$t" || die2 "unknown testcase '$t' (bench/kabench --list)"
	done
}

# new_run SUFFIX: make a new folder results/<UTC time>-SUFFIX, print it.
new_run() {
	mkdir -p results
	while :; do
		r=results/$(date -u +%Y%m%dT%H%M%SZ)-$1
		mkdir "$r" 2>/dev/null && break
		sleep 1
	done
	echo "$r"
}

# The kernels of the experiment, each once, in order of appearance.
exp_variants() {
	echo "$exp_compare" | awk 'NF { print $1; print $2 }' | awk '!seen[$0]++'
}

# exp_tests VARIANT: the testcases to run on VARIANT, comma-separated.
exp_tests() {
	echo "$exp_compare" | awk -v v="$1" 'NF && ($1 == v || $2 == v) {
		for (i = 3; i <= NF; i++) if (!seen[$i]++) out = out (out ? "," : "") $i
	} END { print out }'
}

# exp_write: the effective experiment, in the file format.
exp_write() {
	echo "$exp_compare" | awk 'NF { print "compare", $0 }'
	for f in $EXP_FIELDS; do eval "echo \"$f \$exp_$f\""; done
}
