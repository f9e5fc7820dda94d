#!/bin/sh
# selftest.sh - run.sh fails on each kind of violation it is there to
# catch, with the exact message, and passes on the tree as it is.  Each
# case copies the sources (*.c, *.h of the layered folders) to a
# temporary tree, adds a deliberate violation, and runs run.sh on it.
#   sh tests/layers/selftest.sh   (from anywhere; exit 1 if a case fails)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 bad=0

# the sources only, at $tmp/t; fresh: as they are (the last case's
# additions, all named zz_*, removed)
mkdir -p "$tmp/t" &&
	(cd "$top" && find model stats ingest analysis render cli \
		-name '*.[ch]' | tar -cf - -T -) | (cd "$tmp/t" && tar -xf -) ||
	exit 1
fresh() {
	find "$tmp/t" -depth -name 'zz_*' -exec rm -rf {} +
}

# expect NAME STATUS WANTED-LINE: run.sh on $tmp/t exits STATUS and (if
# WANTED-LINE is not empty) prints exactly that line among its others.
expect() {
	LAYERS_TOP=$tmp/t sh "$here/run.sh" >"$tmp/out" 2>&1
	st=$?
	if [ "$st" != "$2" ]; then
		echo "layers selftest: $1: run.sh exits $st, not $2:"
		sed 's/^/  /' "$tmp/out"
		bad=$((bad + 1))
	elif [ -n "$3" ] && ! grep -q -x -F "$3" "$tmp/out"; then
		echo "layers selftest: $1: no line \"$3\" in:"
		sed 's/^/  /' "$tmp/out"
		bad=$((bad + 1))
	else
		pass=$((pass + 1))
	fi
}

fresh
expect "the tree as it is" 0 ""

# cli/ calls a stats/ function it sees through analysis/analysis.h
fresh
printf '#include "cli.h"\n\n/* br_summarize in a comment is fine */\nint zz(const struct br_sample *s, struct br_summary *m);\nint zz(const struct br_sample *s, struct br_summary *m)\n{\n\treturn br_summarize(s, 0.95, m, NULL);\n}\n' \
	>"$tmp/t/cli/zz_call.c"
expect "cli calls stats" 1 "layers: cli/zz_call.c:7 uses br_summarize, a stats/ function: cli/ reaches stats/ only through the analysis (doc/design.md section 3.1)"

# the same from a subfolder of cli/
fresh
mkdir -p "$tmp/t/cli/zz_sub"
printf '#include "../cli.h"\nstatic double (*q)(double, double) = br_t_quantile;\n' \
	>"$tmp/t/cli/zz_sub/zz_ptr.c"
expect "cli/sub takes a stats function" 1 "layers: cli/zz_sub/zz_ptr.c:2 uses br_t_quantile, a stats/ function: cli/ reaches stats/ only through the analysis (doc/design.md section 3.1)"

# cli/ sees stats/ through a render/ header (render/ may include stats/)
fresh
mkdir -p "$tmp/t/render/zz_sub"
printf '#include "../../stats/stats.h"\n' >"$tmp/t/render/zz_sub/zz_leak.h"
printf '#include "render/zz_sub/zz_leak.h"\n' >"$tmp/t/cli/zz_leak.c"
expect "cli sees stats through render" 1 "layers: cli/zz_leak.c reaches stats/stats.h through render/zz_sub/zz_leak.h (#include \"../../stats/stats.h\"): cli/ may see stats/ only through analysis/ (doc/design.md section 3.1)"

# ... and a render/ file that includes it for itself is fine
fresh
mkdir -p "$tmp/t/render/zz_sub"
printf '#include "../../stats/stats.h"\n' >"$tmp/t/render/zz_sub/zz_leak.h"
printf '#include "zz_leak.h"\n' >"$tmp/t/render/zz_sub/zz_own.c"
expect "render includes stats" 0 ""

# cli/ includes stats/ directly
fresh
printf '#include "stats/stats.h"\n' >"$tmp/t/cli/zz_direct.c"
expect "cli includes stats" 1 "layers: cli/zz_direct.c includes \"stats/stats.h\": cli/ may not include stats/ (doc/design.md section 3.1)"

# a reader reaches up into render/ from a subfolder
fresh
h=$(cd "$tmp/t" && find render -name '*.h' | LC_ALL=C sort | head -n 1)
mkdir -p "$tmp/t/ingest/zz_sub"
printf '#include "../../%s"\n' "$h" >"$tmp/t/ingest/zz_sub/zz_up.c"
expect "ingest/zz_sub includes render" 1 "layers: ingest/zz_sub/zz_up.c includes \"../../$h\": ingest/ may not include render/ (doc/design.md section 3.1)"

# a header that is not there
fresh
printf '#include "nowhere.h"\n' >"$tmp/t/model/zz_missing.c"
expect "missing header" 1 "layers: model/zz_missing.c: #include \"nowhere.h\": no such header"

echo "layers selftest: $pass passed, $bad failed"
[ "$bad" = 0 ]
