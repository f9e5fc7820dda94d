#!/bin/sh
# run.sh - hostile and huge inputs: a clear error or a correct result,
# bounded memory, no hang, and no output file when the input is rejected.
#   BR=./benchreport sh tests/limits/run.sh [quick|full]
# quick (make check): cases that take seconds.  full (make limits): also
# a 1 GB input and a million systems / tests (about two minutes, 3 GB of
# temporary disk).  Inputs are generated on the fly in a temp directory.
# Each case: expected exit status, a stderr pattern, peak RSS bound
# (/usr/bin/time -f %M), a time limit (timeout), and -o must not exist
# after a failure.
set -u
: "${BR:?set BR to the benchreport binary}"
mode=${1:-quick}
BR=$(cd "$(dirname "$BR")" && pwd)/$(basename "$BR")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 3
pass=0 fail=0

# expect NAME STATUS STDERR_REGEX MAX_MB MAX_SECONDS OUT -- ARGS...
# OUT is the -o file (checked absent on failure, present on success).
expect() {
	name=$1 want=$2 pat=$3 maxmb=$4 secs=$5 out=$6
	shift 7
	rm -f "$out"
	timeout "$secs" /usr/bin/time -f %M -o time.txt "$BR" "$@" \
		-o "$out" > stdout.txt 2> stderr.txt
	st=$?
	kb=$(tail -n 1 time.txt 2>/dev/null)
	case $kb in ''|*[!0-9]*) kb=0 ;; esac
	mb=$((kb / 1024))
	ok=1 why=
	if [ "$st" = 124 ]; then ok=0 why="timed out after ${secs}s"
	elif [ "$st" != "$want" ]; then ok=0 why="exit $st, expected $want"
	fi
	if [ -n "$pat" ] && ! grep -Eq -- "$pat" stderr.txt; then
		ok=0 why="$why; stderr lacks /$pat/"
	fi
	if [ "$mb" -gt "$maxmb" ]; then ok=0 why="$why; peak ${mb} MB > ${maxmb} MB"; fi
	if [ "$want" != 0 ] && [ -e "$out" ]; then ok=0 why="$why; $out written"; fi
	if [ "$want" = 0 ] && [ ! -s "$out" ]; then ok=0 why="$why; no $out"; fi
	if ls -A | grep -q '\.tmp\.'; then ok=0 why="$why; temporary file left"; fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
		printf 'ok   %-36s exit %s, %5d MB peak\n' "$name" "$st" "$mb"
	else
		fail=$((fail + 1))
		printf 'FAIL %-36s %s\n' "$name" "$why"
		sed 's/^/     | /' stderr.txt | head -3
	fi
	rm -f ./*.tmp.* 2>/dev/null
}

# value CSV_FILE COLUMN: the stats CSV value of COLUMN in the first row.
value() {
	awk -F, -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++)
		if ($i == col) c = i } NR == 2 { print $c }' "$1"
}
check_value() { # name file column want
	got=$(value "$2" "$3")
	if [ "$got" = "$4" ]; then pass=$((pass + 1))
		printf 'ok   %-36s %s = %s\n' "$1" "$3" "$got"
	else fail=$((fail + 1))
		printf 'FAIL %-36s %s = %s, expected %s\n' "$1" "$3" "$got" "$4"
	fi
}

tidy() { printf 'system,test,value,unit\n'; }

# --- bytes that are not text -----------------------------------------
{ tidy; printf 'box\0x,t1,5,MB/s\n'; } > nul.csv
expect nul-byte-csv 1 'NUL byte' 50 20 out.csv -- stats nul.csv
printf '<?xml version="1.0"?>\n<PhoronixTestSuite>\0</PhoronixTestSuite>\n' \
	> nul.xml
expect nul-byte-xml 1 'nul.xml' 50 20 out.csv -- stats --input-format \
	pts-xml nul.xml
{ tidy; printf '\377\376box,t1,5,MB/s\n'; } > badutf.csv
expect invalid-utf8-csv 1 'invalid UTF-8' 50 20 out.csv -- stats badutf.csv
printf '<?xml version="1.0"?>\n<PhoronixTestSuite><Generated><Title>\377'\
'</Title></Generated></PhoronixTestSuite>\n' > badutf.xml
expect invalid-utf8-xml 1 'badutf.xml' 50 20 out.xml -- convert badutf.xml
printf '\377\376<\0?\0x\0m\0l\0 \0' > utf16.xml
expect utf16-xml 1 'not UTF-8' 50 20 out.csv -- stats --input-format \
	pts-xml utf16.xml
printf '\0\0\0<\0\0\0?' > ucs4.xml
expect ucs4-xml 1 'not UTF-8' 50 20 out.csv -- stats --input-format \
	pts-xml ucs4.xml

# --- numbers at the edges ---------------------------------------------
printf '1e308\n1e308\n1e308\n' > big.num
expect 1e308-runs 0 '' 50 20 big.csv -- stats -q big.num --format csv
check_value 1e308-mean big.csv mean 1e+308
printf '1.7e308\n-1.7e308\n1e308\n' > huge-spread.num
expect 1.7e308-spread 0 '' 50 20 spread.csv -- stats -q huge-spread.num \
	--format csv
printf -- '-0\n0\n-0\n' > negzero.num
expect negative-zero 0 '' 50 20 negz.csv -- stats -q negzero.num \
	--format csv
check_value negative-zero-mean negz.csv mean 0
printf 'nan\n1\n2\n' > nan.num
expect nan-run 1 'not a number: "nan"' 50 20 out.csv -- stats \
	--input-format numbers nan.num
printf '1\ninf\n2\n' > inf.num
expect inf-run 1 'inf' 50 20 out.csv -- stats --input-format numbers \
	inf.num
printf '1e400\n1\n' > overflow.num
expect 1e400-overflows 1 '1e400' 50 20 out.csv -- stats --input-format \
	numbers overflow.num
printf '1e308\n1e308\n' > a.num; printf '1e-308\n2e-308\n' > b.num
expect compare-1e308-vs-1e-308 0 '' 50 20 cmp.txt -- compare -q a.num b.num

# --- long lines --------------------------------------------------------
awk 'BEGIN { s = "1111111111"; while (length(s) < 10000000) s = s s;
	print substr(s, 1, 10000000) }' > line10m.num
expect 10mb-line-junk 1 'not a format' 60 20 out.csv -- stats line10m.num
expect 10mb-number 1 'not a number' 100 20 out.csv -- stats \
	--input-format numbers line10m.num
{ tidy; printf 'box,'; cat line10m.num | tr 1 t | tr -d '\n'
  printf ',5,MB/s\nbox2,'; cat line10m.num | tr 1 t | tr -d '\n'
  printf ',6,MB/s\n'; } > line10m.csv
expect 10mb-test-name 0 '' 200 30 long.csv -- stats -q line10m.csv \
	--format csv

# --- big inputs -------------------------------------------------------
truncate -s 3G sparse3g.xml
expect 3gb-over-the-cap 1 'input larger than' 50 20 out.csv -- stats \
	sparse3g.xml
head -c 67108864 /dev/zero | tr '\0' 'x' > junk64m.txt
expect 64mb-junk 1 'not a format' 50 20 out.csv -- stats junk64m.txt
mkdir -p deep && d=deep && i=0
while [ $i -lt 40 ]; do d=$d/d; i=$((i + 1)); done
mkdir -p "$d" && cp big.num "$d/"
expect directories-40-deep 1 'nested too deeply' 50 20 out.csv -- stats deep
awk 'BEGIN { print "system,test,value,unit";
	for (i = 0; i < 100000; i++) printf "sys%d,t1,%d,MB/s\n", i, i % 97 + 1 }' \
	> sys100k.csv
expect 100k-systems-compare 0 '' 400 60 cmp100k.csv -- compare -q \
	sys100k.csv --format csv
expect 100k-systems-render 2 'more than it draws' 400 60 out.svg -- render \
	-q sys100k.csv

if [ "$mode" = full ]; then
	head -c 1073741824 /dev/urandom > junk1g.bin
	expect 1gb-junk 1 'not a format' 50 30 out.csv -- stats junk1g.bin
	rm -f junk1g.bin
	{ printf 'dbench version 4.00 - Copyright Andrew Tridgell 1999-2004\n\n'
	  yes '   2    182461  1112.84 MB/sec  execute   1 sec  latency 8.191 ms' |
		head -c 1000000000
	  printf '\n Operation      Count    AvgLat    MaxLat\n'
	  printf ' ----------------------------------------\n'
	  printf ' NTCreateX     173727     0.010     2.729\n\n'
	  printf 'Throughput 1101.35 MB/sec  2 clients  2 procs  max_latency=8.191 ms\n'
	} > dbench1g.txt
	# The whole file is held in memory while it is read: 1 GB + model.
	expect 1gb-dbench-log 0 '' 1100 120 dbench.csv -- stats -q \
		dbench1g.txt --format csv
	check_value 1gb-dbench-throughput dbench.csv mean 1101.35
	rm -f dbench1g.txt
	# A 1 GB result file (one result, then 1 GB of XML comments): parsed
	# as it is read, so memory is the model's, not the file's.
	{ printf '<?xml version="1.0"?>\n<PhoronixTestSuite>\n'
	  printf '<System><Identifier>A</Identifier></System>\n'
	  printf '<Result><Title>T</Title><Scale>MB/s</Scale><Proportion>HIB'
	  printf '</Proportion><DisplayFormat>BAR_GRAPH</DisplayFormat><Data>'
	  printf '<Entry><Identifier>A</Identifier><Value>5.5</Value>'
	  printf '<RawString>5:6</RawString></Entry></Data></Result>\n'
	  yes '<!-- padding padding padding padding padding padding padding -->' |
		head -n 15000000
	  printf '</PhoronixTestSuite>\n'
	} > pts1g.xml
	expect 1gb-pts-xml-streamed 0 '' 60 120 pts.csv -- stats -q pts1g.xml \
		--format csv
	check_value 1gb-pts-xml-mean pts.csv mean 5.5
	rm -f pts1g.xml
	awk 'BEGIN { print "system,test,value,unit";
		for (i = 0; i < 1000000; i++)
			printf "sys%d,t1,%d,MB/s\n", i, i % 97 + 1 }' > sys1m.csv
	awk 'BEGIN { print "system,test,value,unit";
		for (i = 0; i < 1000000; i++)
			printf "box,t%d,%d,MB/s\n", i, i % 97 + 1 }' > tests1m.csv
	expect 1m-systems-inspect 0 '' 1000 120 i.txt -- inspect -q sys1m.csv
	# Linear, not bounded by a constant: about 1.7 KB per system for
	# stats and 3.4 KB for compare (summaries, comparison rows and the
	# output table are all kept until written).
	expect 1m-systems-stats 0 '' 2000 120 s.csv -- stats -q sys1m.csv
	expect 1m-systems-compare 0 '' 4000 120 c.csv -- compare -q sys1m.csv
	expect 1m-systems-render 2 'more than it draws' 1000 120 r.pdf -- \
		render -q sys1m.csv
	expect 1m-tests-stats 0 '' 2200 120 t.csv -- stats -q tests1m.csv
	expect 1m-tests-render 2 'more than it draws' 1200 120 t.pdf -- \
		render -q tests1m.csv
fi
echo "limits ($mode): $pass passed, $fail failed"
[ "$fail" = 0 ]
