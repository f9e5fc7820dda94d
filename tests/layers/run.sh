#!/bin/sh
# run.sh - the layout rules of doc/design.md section 3.1: what each
# folder may #include, and no source file over 1,500 lines.
#   sh tests/layers/run.sh        (from anywhere; exit 1 on a violation)
# An include is resolved as the compiler does with -I. at the top: beside
# the including file first, then from the top of the tree.  System and
# library headers (<...>) are not counted.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1

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

fail=0 n=0
for dir in model stats ingest analysis render cli; do
	ok=$(allowed "$dir")
	for f in "$dir"/*.c "$dir"/*.h; do
		[ -f "$f" ] || continue
		sed -n 's/^[ 	]*#[ 	]*include[ 	]*"\([^"]*\)".*/\1/p' "$f" |
		while read -r inc; do
			if [ -f "$dir/$inc" ]; then
				path=$(cd "$dir/$(dirname "$inc")" && pwd)
			elif [ -f "$inc" ]; then
				path=$(cd "$(dirname "$inc")" && pwd)
			else
				echo "layers: $f: #include \"$inc\": no such header"
				echo x
				continue
			fi
			to=${path#"$top"/}
			to=${to%%/*}
			[ "$to" = "$dir" ] && continue
			case " $ok " in
			*" $to "*) ;;
			*) echo "layers: $f includes \"$inc\": $dir/ may not include $to/ (doc/design.md section 3.1)"
			   echo x ;;
			esac
		done
	done
done > layers.out.$$
n=$(grep -c '^x$' layers.out.$$)
grep -v '^x$' layers.out.$$
rm -f layers.out.$$
[ "$n" -gt 0 ] && fail=1

for f in $(git ls-files '*.c' '*.h' 2>/dev/null || find . -name '*.[ch]'); do
	lines=$(wc -l < "$f")
	if [ "$lines" -gt 1500 ]; then
		echo "layers: $f has $lines lines; no source file over 1500 (split it along its seams)"
		fail=1
	fi
done
if [ $fail = 0 ]; then
	echo "layers: includes follow doc/design.md section 3.1; no file over 1500 lines"
fi
exit $fail
