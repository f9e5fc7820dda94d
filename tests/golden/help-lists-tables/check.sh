#!/bin/sh
# check.sh - --help, the man page and the errors that list choices agree
# with the tables that define them: the option table (cli/main.c
# options[]), the chart table (render/chart/chart_*.c rows of
# br_chart_types[])
# and the output format table (render/output/formats.c br_out_formats[]).  The
# names are read from the source here, not from benchreport, so a list
# that is written by hand, or a generator that drops a row, fails.
# Run from the top of the tree with $BR set (tests/golden/run.sh does).
set -u
: "${BR:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# the man page as text: roff escapes and font changes undone
sed 's/\\-/-/g; s/\\f[BIR]//g; s/\\e/\\/g; s/\\&//g' doc/benchreport.1 \
	>"$tmp/man"
for c in inspect stats compare render convert history; do
	"$BR" "$c" --help >"$tmp/help-$c" || fail "$c --help exits $?"
done
cat "$tmp"/help-* >"$tmp/help-all"

# The help text of option NAME in file $2, joined into one line.
opt_help() {
	awk -v o="--$1" '
		!on && $0 ~ ("^ *(-[a-z], )?" o "( |$)") { on = 1; print; next }
		on && /^(  (-|    --)|\.TP|\.SH)/ { exit }
		on { print }' "$2" | tr -s ' \n' '  '
}

# --- options: every row in some --help and in the man page, and every
# option --help shows is a row
sed -n '/^static const struct option_def options\[\] = {/,/^};/p' cli/main.c |
	sed -n 's/^	{"\([a-z0-9-]*\)", .*/\1/p' >"$tmp/opts"
[ -s "$tmp/opts" ] || fail "no option rows found in cli/main.c"
while read -r o; do
	grep -q -- "--$o\\b" "$tmp/help-all" || fail "--$o is in no --help"
	grep -q -- "^--$o\\b\\|, --$o\\b" "$tmp/man" ||
		fail "--$o has no entry in the man page"
done <"$tmp/opts"
grep -o -- '^ *\(-[a-z], \)\?--[a-z0-9-]*' "$tmp/help-all" |
	sed 's/.*--//' | sort -u >"$tmp/shown"
sort -u "$tmp/opts" | comm -13 - "$tmp/shown" | while read -r o; do
	echo "FAIL: --help shows --$o, which is not in the option table"
done | grep . && bad=1
echo "options: each row of the option table is in --help and the man page"

# --- charts: every row's name in render --help's --chart and the man page
# (rows are designated initializers, every slot of struct br_chart_type
# named, render/chart/chart.h)
sed -n '/^struct br_chart_type {/,/^};/p' render/chart/chart.h |
	sed -n 's/^	[a-z].*[ (*]\**\([a-z_]*\)\(;\|)(\).*/\1/p' |
	sort >"$tmp/slots"
[ "$(wc -l <"$tmp/slots")" -ge 10 ] || fail "no slots found in render/chart/chart.h"
for f in render/chart/chart_*.c; do
	sed -n '/^const struct br_chart_type br_chart_[a-z]*_type = {/,/^};/p' \
		"$f" >"$tmp/row"
	[ -s "$tmp/row" ] || continue
	sed -n 's/^	\.name = "\([a-z]*\)".*/\1/p' "$tmp/row"
	sed -n 's/^	\.\([a-z_]*\) = .*/\1/p' "$tmp/row" | sort |
		cmp -s - "$tmp/slots" || echo "FAIL: $f: its row does" \
		"not set each slot of struct br_chart_type once" >&2
done 2>"$tmp/row-err" | sort -u >"$tmp/charts"
[ -s "$tmp/row-err" ] && { cat "$tmp/row-err"; bad=1; }
[ -s "$tmp/charts" ] || fail "no chart rows found in render/"
opt_help chart "$tmp/help-render" >"$tmp/chart-help"
opt_help chart "$tmp/man" >"$tmp/chart-man"
"$BR" render --chart nosuch x -o x.svg 2>"$tmp/chart-err"
for k in auto $(cat "$tmp/charts"); do
	grep -q "\\b$k\\b" "$tmp/chart-help" ||
		fail "chart '$k' is not in render --help"
	grep -q "\\b$k\\b" "$tmp/chart-man" ||
		fail "chart '$k' is not in the man page"
	grep -q "\\b$k\\b" "$tmp/chart-err" ||
		fail "chart '$k' is not in --chart's error"
done
echo "charts: each row of the chart table is in --help, the man page and the error"

# --- output formats: each row in the --help of the commands that write
# it, in the man page, and in the errors that list them
# (a row is {.name = "...", ..., .uses = A | B, ...}, over several lines)
sed -n '/^const struct br_out_format br_out_formats\[\] = {/,/^};/p' \
	render/output/formats.c | tr '\n\t' '  ' | sed 's/}, */}\n/g' |
	sed -n 's/.*{\.name = "\([a-z]*\)",.*\.uses = \([A-Z_ |]*\),.*/\1 \2/p' \
	>"$tmp/formats"
[ -s "$tmp/formats" ] || fail "no format rows found in render/output/formats.c"
opt_help format "$tmp/man" >"$tmp/fmt-man"
"$BR" render x -o x.jpg 2>"$tmp/err-render"
"$BR" render x --format jpg -o x 2>>"$tmp/err-render"
"$BR" convert x -o x.jpg 2>"$tmp/err-convert"
"$BR" convert x 2>>"$tmp/err-convert"
"$BR" stats x --format jpg 2>"$tmp/err-stats"
"$BR" stats x -o x.jpg 2>>"$tmp/err-stats"
while read -r name uses; do
	grep -q "\\b$name\\b" "$tmp/fmt-man" ||
		fail "format $name is not in the man page's --format"
	for use in TABLE CHART REPORT CONVERT; do
		case $uses in *"BR_OUT_$use"*) ;; *) continue ;; esac
		case $use in
		TABLE) cmds="stats compare"; err=stats ;;
		CHART | REPORT) cmds=render; err=render ;;
		CONVERT) cmds=convert; err=convert ;;
		esac
		for c in $cmds; do
			opt_help format "$tmp/help-$c" | grep -q "\\b$name\\b" ||
				fail "format $name is not in $c --help's --format"
		done
		[ "$(grep -c "\\b$name\\b" "$tmp/err-$err")" -ge 2 ] ||
			fail "format $name is not in each of $err's errors"
	done
done <"$tmp/formats"
echo "formats: each row of the format table is in its commands' --help, the man page and the errors"
exit $bad
