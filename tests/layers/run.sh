#!/bin/sh
# run.sh - the layout rules of doc/design.md section 3.1: what each
# folder may #include, that cli/ reaches stats/ only through the
# analysis, and no source file over 1,500 lines.
#   sh tests/layers/run.sh        (from anywhere; exit 1 on a violation)
#   LAYERS_TOP=DIR sh run.sh      checks the tree at DIR (selftest.sh)
# A folder's rule covers every file under it, subfolders included (the
# rules are per top folder).  An include is resolved as the compiler does
# with -I. at the top: beside the including file first, then from the
# top of the tree.  System and library headers (<...>) are not counted.
set -u
top=${LAYERS_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$top" || exit 1
top=$(pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
folders="model stats ingest analysis render cli"

# folder: the folders it may include besides itself
allowed() {
	case $1 in
	model) echo "" ;;
	stats) echo "model" ;;
	ingest) echo "model" ;;
	analysis) echo "model stats" ;;
	render) echo "model stats analysis" ;;
	cli) echo "model ingest analysis render" ;;
	esac
}

# Every project #include of the tree, one "FILE HEADER AS-WRITTEN" line
# (paths from the top, "a/../" folded), or "missing FILE AS-WRITTEN".
for dir in $folders; do
	[ -d "$dir" ] && find "$dir" -name '*.[ch]'
done | LC_ALL=C sort >"$tmp/files"
: >"$tmp/incs"
[ -s "$tmp/files" ] && xargs awk '
	match($0, /^[ \t]*#[ \t]*include[ \t]*"[^"]*"/) {
		s = substr($0, RSTART, RLENGTH)
		sub(/^[^"]*"/, "", s)
		sub(/"$/, "", s)
		print FILENAME, s
	}' <"$tmp/files" >"$tmp/incs"
while read -r f inc; do
	if [ -f "${f%/*}/$inc" ]; then
		echo "$f ${f%/*}/$inc $inc"
	elif [ -f "$inc" ]; then
		echo "$f $inc $inc"
	else
		echo "missing $f $inc"
	fi
done <"$tmp/incs" | awk '
	$1 != "missing" {
		n = split($2, part, "/")
		k = 0
		for (i = 1; i <= n; i++) {
			if (part[i] == "." || part[i] == "")
				continue
			if (part[i] == ".." && k > 0 && out[k] != "..")
				k--
			else
				out[++k] = part[i]
		}
		p = out[1]
		for (i = 2; i <= k; i++)
			p = p "/" out[i]
		$2 = p
	}
	{ print }' >"$tmp/edges"

# 1. Direct includes: each folder includes only what it may.
for dir in $folders; do
	echo "$dir $(allowed "$dir")"
done >"$tmp/rules"
awk -v rules="$tmp/rules" '
	BEGIN {
		while ((getline line < rules) > 0) {
			n = split(line, w, " ")
			for (i = 2; i <= n; i++)
				ok[w[1] " " w[i]] = 1
		}
	}
	$1 == "missing" {
		printf "layers: %s: #include \"%s\": no such header\n", $2, $3
		next
	}
	{
		from = $1; sub(/\/.*/, "", from)
		to = $2; sub(/\/.*/, "", to)
		if (from != to && !((from " " to) in ok))
			printf "layers: %s includes \"%s\": %s/ may not " \
			       "include %s/ (doc/design.md section 3.1)\n",
			       $1, $3, from, to
	}' "$tmp/edges" >"$tmp/out" ||
	echo "layers: rule 1 could not be checked" >>"$tmp/out"

# 2. cli/ reaches stats/ only through the analysis: following includes
# from every cli/ file, a header outside analysis/ (a render/ header, say)
# that includes stats/ lets cli/ see stats/ unseen by rule 1.
awk '
	$1 == "missing" { next }
	{ n_edge++; from[n_edge] = $1; to[n_edge] = $2; inc[n_edge] = $3 }
	$1 ~ /^cli\// { root[$1] = $1 }
	END {
		# who reaches what from cli/: root[file] = a cli/ file
		do {
			grew = 0
			for (e = 1; e <= n_edge; e++)
				if ((from[e] in root) && !(to[e] in root)) {
					root[to[e]] = root[from[e]]
					grew = 1
				}
		} while (grew)
		for (e = 1; e <= n_edge; e++) {
			if (!(from[e] in root) || to[e] !~ /^stats\//)
				continue
			if (from[e] ~ /^(cli|analysis|stats)\//)
				continue   # cli/: rule 1 says it
			printf "layers: %s reaches %s through %s (#include " \
			       "\"%s\"): cli/ may see stats/ only through " \
			       "analysis/ (doc/design.md section 3.1)\n",
			       root[from[e]], to[e], from[e], inc[e]
		}
	}' "$tmp/edges" >>"$tmp/out" ||
	echo "layers: rule 2 could not be checked" >>"$tmp/out"

# 3. ... and calls none of its functions: every function a stats/ header
# declares is the analysis' to call.
find stats -name '*.h' -exec sed -n \
	-e 's/^[A-Za-z_][^(]*[^A-Za-z0-9_(]\(br_[A-Za-z0-9_]*\)(.*/\1/p' \
	-e 's/^\(br_[A-Za-z0-9_]*\)(.*/\1/p' {} + | LC_ALL=C sort -u \
	>"$tmp/stats-fns"
[ -s "$tmp/stats-fns" ] ||
	echo "layers: no function declarations found in stats/" >>"$tmp/out"
if [ -d cli ] && [ -s "$tmp/stats-fns" ]; then
	find cli -name '*.[ch]' | LC_ALL=C sort | while read -r f; do
		# code lines only: not in or starting a comment
		awk '
			/\/\*/ && !/\*\// { c = 1; next }
			c { if (/\*\//) c = 0; next }
			/^[ \t]*(\/\*|\/\/|\*)/ { next }
			{ print FILENAME ":" FNR ":" $0 }' "$f"
	done | grep -w -F -f "$tmp/stats-fns" | while IFS= read -r hit; do
		where=${hit%%:*}:$(echo "$hit" | cut -d: -f2)
		for fn in $(echo "$hit" | cut -d: -f3- |
			    grep -o -w -F -f "$tmp/stats-fns" | sort -u); do
			echo "layers: $where uses $fn, a stats/ function: cli/ reaches stats/ only through the analysis (doc/design.md section 3.1)"
		done
	done >>"$tmp/out"
fi

fail=0
if [ -s "$tmp/out" ]; then
	cat "$tmp/out"
	fail=1
fi

for f in $(git ls-files '*.c' '*.h' 2>/dev/null || find . -name '*.[ch]'); do
	lines=$(wc -l < "$f")
	if [ "$lines" -gt 1500 ]; then
		echo "layers: $f has $lines lines; no source file over 1500 (split it along its seams)"
		fail=1
	fi
done
if [ $fail = 0 ]; then
	echo "layers: includes follow doc/design.md section 3.1 (cli/ reaches stats/ only through analysis/); no file over 1500 lines"
fi
exit $fail
