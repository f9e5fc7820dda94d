#!/bin/sh
# run.sh - hostile and huge inputs: a clear error or a correct result,
# bounded memory, no hang, and no output file when the input is rejected;
# hostile outputs (issue 13): devices, FIFOs, sockets and symlinks given
# to -o, long names, a full disk, signals.
#   BR=./benchreport sh tests/limits/run.sh [quick|full]
# quick (make check): cases that take seconds.  full (make limits): also
# a 1 GB input and a million systems / tests (about two minutes, 3 GB of
# temporary disk).  Inputs are generated on the fly in a temp directory.
# Each case: expected exit status, a stderr pattern, peak RSS bound
# (/usr/bin/time -f %M), a time limit (timeout), and -o must not exist
# after a failure.  Cases that need root (device nodes, a small tmpfs)
# say "skip" without it.  Device nodes are made here, in the temp
# directory: never point a test at /dev.
set -u
: "${BR:?set BR to the benchreport binary}"
mode=${1:-quick}
BR=$(cd "$(dirname "$BR")" && pwd)/$(basename "$BR")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'umount "$tmp/small" 2> /dev/null; rm -rf "$tmp"' EXIT
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
	if temps_left .; then ok=0 why="$why; temporary file left"; fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
		printf 'ok   %-36s exit %s, %5d MB peak\n' "$name" "$st" "$mb"
	else
		fail=$((fail + 1))
		printf 'FAIL %-36s %s\n' "$name" "$why"
		sed 's/^/     | /' stderr.txt | head -3
	fi
	rm -f ./*.tmp.* ./.benchreport-tmp.* 2>/dev/null
}

# temps_left DIR: a temporary output file (ours, or the old name) in DIR.
temps_left() { ls -A "$1" 2>/dev/null | grep -q '\.tmp\.\|^\.benchreport-tmp\.'; }

# ok NAME WHAT / bad NAME WHY / skip NAME WHY, for the cases expect()
# does not fit.
ok() { pass=$((pass + 1)); printf 'ok   %-36s %s\n' "$1" "$2"; }
bad() {
	fail=$((fail + 1))
	printf 'FAIL %-36s %s\n' "$1" "$2"
	sed 's/^/     | /' stderr.txt 2>/dev/null | head -3
}
skip() { printf 'skip %-36s %s\n' "$1" "$2"; }
root=0
[ "$(id -u)" = 0 ] && root=1

# wait_temp DIR: until a temporary file shows up in DIR (at most 5 s).
wait_temp() {
	n=0
	while [ $n -lt 500 ] && ! temps_left "$1"; do sleep 0.01; n=$((n + 1)); done
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

# --- outputs: what -o names is written into, not replaced ---------------
expect 245-char-output-name 0 '' 50 20 \
	"$(printf '%0241d' 0 | tr 0 n).csv" -- stats -q big.num --format csv
printf 'secret\n' > keep600.csv && chmod 600 keep600.csv
"$BR" stats -q big.num --format csv -o keep600.csv 2> stderr.txt
st=$? perm=$(stat -c %a keep600.csv)
if [ $st = 0 ] && [ "$perm" = 600 ] && grep -q mean keep600.csv; then
	ok overwritten-file-keeps-mode "exit 0, mode $perm"
else bad overwritten-file-keeps-mode "exit $st, mode $perm (was 600)"; fi
printf 'old\n' > target.csv && ln -s target.csv link.csv
"$BR" stats -q big.num --format csv -o link.csv 2> stderr.txt
st=$?
if [ $st = 0 ] && [ -L link.csv ] && grep -q mean target.csv; then
	ok symlink-target-replaced "exit 0, link.csv still a link"
else bad symlink-target-replaced "exit $st; link.csv a link: $([ -L link.csv ] && echo yes || echo no)"; fi
ln -s /proc/self/fd/1 out-stdout
"$BR" stats -q big.num --format csv -o out-stdout > captured.txt 2> stderr.txt
st=$?
if [ $st = 0 ] && [ -L out-stdout ] && grep -q mean captured.txt; then
	ok o-dev-stdout-prints "exit 0, on stdout, link kept"
else bad o-dev-stdout-prints "exit $st; captured $(wc -c < captured.txt) bytes"; fi
mkfifo out.fifo
timeout 5 cat out.fifo > fifo.txt &
reader=$!
timeout 10 "$BR" stats -q big.num --format csv -o out.fifo 2> stderr.txt
st=$?
wait $reader
if [ $st = 0 ] && [ -p out.fifo ] && grep -q mean fifo.txt; then
	ok fifo-written-in-place "exit 0, the reader got it"
else bad fifo-written-in-place "exit $st; a FIFO still: $([ -p out.fifo ] && echo yes || echo no)"; fi
if command -v python3 > /dev/null; then
	python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("out.sock")'
	"$BR" stats -q big.num --format csv -o out.sock 2> stderr.txt
	st=$?
	if [ $st = 3 ] && [ -S out.sock ] && grep -q socket stderr.txt; then
		ok socket-refused "exit 3, still a socket"
	else bad socket-refused "exit $st; a socket still: $([ -S out.sock ] && echo yes || echo no)"; fi
else skip socket-refused "no python3 to make a socket"; fi
if [ $root = 1 ]; then
	mknod out.null c 1 3 && mknod out.full c 1 7
	"$BR" stats -q big.num --format csv -o out.null 2> stderr.txt
	st=$?
	if [ $st = 0 ] && [ -c out.null ]; then ok null-device-kept "exit 0, still a device"
	else bad null-device-kept "exit $st; a device still: $([ -c out.null ] && echo yes || echo no)"; fi
	"$BR" stats -q big.num --format csv -o out.full 2> stderr.txt
	st=$?
	if [ $st = 3 ] && [ -c out.full ] && grep -q 'out.full: write error: No space left on device' stderr.txt; then
		ok full-device-kept "exit 3, ENOSPC said, still a device"
	else bad full-device-kept "exit $st; a device still: $([ -c out.full ] && echo yes || echo no)"; fi
	# a block device no driver answers (major 240, local use): ENXIO
	if ! awk '/^Block/ { b = 1 } b && $1 == 240 { f = 1 } END { exit !f }' /proc/devices; then
		mknod out.blk b 240 0
		"$BR" stats -q big.num --format csv -o out.blk 2> stderr.txt
		st=$?
		if [ $st = 3 ] && [ -b out.blk ]; then ok block-device-kept "exit 3, still a device"
		else bad block-device-kept "exit $st; a device still: $([ -b out.blk ] && echo yes || echo no)"; fi
	else skip block-device-kept "block major 240 is in use here"; fi
else
	skip device-nodes "not root: no mknod"
fi
rm -f keep600.csv target.csv link.csv out-stdout captured.txt out.fifo \
	fifo.txt out.sock out.null out.full out.blk

# --- signals: no temporary file left; a leftover is never read ----------
# A FIFO input nobody writes to holds the run after --depfile's temporary
# file is made.  A background job of sh ignores SIGINT: env gives it back.
mkfifo in.fifo && mkdir -p sig
if env --default-signal=INT true 2> /dev/null; then
	dflt="env --default-signal=INT"
	sigs="TERM HUP INT"
else
	dflt= sigs="TERM HUP"
	skip sigint "env has no --default-signal"
fi
for sig in $sigs; do
	$dflt "$BR" stats -q in.fifo -o sig/s.csv --depfile sig/s.d 2> stderr.txt &
	pid=$!
	wait_temp sig
	kill -$sig $pid
	{ wait $pid; } 2> /dev/null
	st=$?
	case $sig in HUP) want=129 ;; INT) want=130 ;; *) want=143 ;; esac
	if [ $st = $want ] && ! temps_left sig && [ -z "$(ls -A sig)" ]; then
		ok "sig$sig-no-temporary-file" "killed by SIG$sig (status $st)"
	else bad "sig$sig-no-temporary-file" "status $st (want $want); left: $(ls -A sig | tr '\n' ' ')"; fi
	rm -f sig/* sig/.[!.]*
done
# SIGKILL cannot be caught: the leftover must be one the walk skips (even
# with results in it).
printf '1\n2\n3\n' > sig/a.num
"$BR" stats -q in.fifo -o sig/s.csv --depfile sig/s.d 2> stderr.txt &
pid=$!
wait_temp sig
kill -KILL $pid
{ wait $pid; } 2> /dev/null
for f in sig/* sig/.[!.]*; do
	case $f in *tmp*) printf '100\n200\n300\n' > "$f" ;; esac
done
"$BR" stats -q sig --format csv > walk.csv 2> stderr.txt
st=$?
if [ $st = 0 ] && [ "$(cut -d, -f6 walk.csv | sed 1d)" = a.num ]; then
	ok leftover-temp-not-read "the walk read a.num only"
else bad leftover-temp-not-read "exit $st; read: $(cut -d, -f6 walk.csv | tr '\n' ' ')"; fi
rm -rf sig walk.csv
# An interrupted render -o DIR/ leaves DIR as it was.
printf 'system,test,value,unit\nA,alpha,1,s\nB,alpha,2,s\nA,beta,3,s\nB,beta,4,s\n' > ab.csv
awk 'BEGIN { print "system,test,value,unit";
	for (t = 1; t <= 5000; t++) printf "A,t%d,%d,s\nB,t%d,%d,s\n", t, t, t, t + 1 }' > t5000.csv
"$BR" render -q ab.csv -o charts/ 2> stderr.txt && echo mine > charts/README
(cd charts && ls -A | xargs md5sum) > before.md5
$dflt "$BR" render -q t5000.csv -o charts/ 2> stderr.txt &
pid=$!
wait_temp charts
kill -INT $pid 2> /dev/null || kill -TERM $pid
{ wait $pid; } 2> /dev/null
st=$?
if [ $st -gt 128 ] && (cd charts && ls -A | xargs md5sum) | cmp -s - before.md5; then
	ok interrupted-render-dir-unchanged "killed (status $st), DIR as before"
else bad interrupted-render-dir-unchanged "status $st; DIR: $(ls -A charts | wc -l) files, $(ls -A charts | head -3 | tr '\n' ' ')"; fi

# --- a full disk: render -o DIR/ writes every chart or none --------------
if [ $root = 1 ] && mkdir small && mount -t tmpfs -o size=200k tmpfs small 2> /dev/null; then
	printf 'system,test,value,unit\nA,beta,1,s\nB,beta,2,s\nA,gamma,3,s\nB,gamma,4,s\n' > bg.csv
	"$BR" render -q ab.csv -o small/c/ 2> stderr.txt && echo mine > small/c/README
	(cd small/c && ls -A | xargs md5sum) > before.md5
	"$BR" render -q t5000.csv -o small/c/ 2> stderr.txt
	st=$?
	if [ $st = 3 ] && grep -q 'No space left on device' stderr.txt &&
	   (cd small/c && ls -A | xargs md5sum) | cmp -s - before.md5; then
		ok full-disk-render-dir-unchanged "exit 3, DIR as before"
	else bad full-disk-render-dir-unchanged "exit $st; DIR: $(ls -A small/c | wc -l) files"; fi
	"$BR" render -q t5000.csv -o small/new/ 2> stderr.txt
	st=$?
	if [ $st = 3 ] && [ ! -e small/new ]; then
		ok full-disk-new-dir-removed "exit 3, no small/new"
	else bad full-disk-new-dir-removed "exit $st; small/new: $(ls -A small/new 2>&1 | wc -l) files"; fi
	"$BR" render -q bg.csv -o small/c/ 2> stderr.txt
	st=$?
	got=$(ls small/c | tr '\n' ' ')
	if [ $st = 0 ] && [ "$got" = "01-beta.svg 02-gamma.svg README " ] &&
	   ! temps_left small/c; then
		ok render-dir-drops-last-run-charts "exit 0: $got"
	else bad render-dir-drops-last-run-charts "exit $st: $got"; fi
	umount small
	rmdir small
else
	skip full-disk "not root, or no tmpfs mount"
	rmdir small 2> /dev/null
fi
rm -rf charts ab.csv bg.csv t5000.csv before.md5 in.fifo

# --- issue 25: hostile input content ----------------------------------
# A PTS element with 200,000 attributes (libxml2 took a minute on them)
# is refused by the pre-scan, before libxml2 parses it, in well under a
# second; PTS files use none.
awk 'BEGIN { printf "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n<Generated";
	for (i = 0; i < 200000; i++) printf " a%d=\"x\"", i
	print "><Title>x</Title></Generated>\n</PhoronixTestSuite>" }' > attrs.xml
expect pts-xml-200k-attributes 1 \
	'^benchreport: attrs.xml:3: an element with more than 8 attributes \(PTS result files use none\)$' \
	50 1 out.csv -- stats attrs.xml
timeout 10 /usr/bin/time -f %e -o time.e "$BR" stats attrs.xml > /dev/null 2>&1
secs=$(tail -n 1 time.e)
if [ "$(echo "$secs < 0.5" | bc)" = 1 ]; then
	ok pts-xml-attributes-fast "refused in $secs s"
else bad pts-xml-attributes-fast "took $secs s"; fi
# A raw log stops at its first NUL byte (it was read as a blank, to the
# 2 GiB cap): a good dbench log followed by NUL bytes is refused at the
# NUL's line, detected or forced, and so is a FIFO of endless NULs.
{ printf 'Throughput 179.726 MB/sec 20 procs\n'
  head -c 8388608 /dev/zero; } > dbench-nul.log
expect dbench-then-nul 1 \
	'^benchreport: dbench-nul.log:2: NUL byte in text input$' 50 5 \
	out.csv -- stats dbench-nul.log
expect dbench-then-nul-forced 1 'dbench-nul.log:2: NUL byte' 50 5 out.csv \
	-- stats --input-format dbench dbench-nul.log
for fmt in fio pts-raw-csv hyperfine; do
	mkfifo zero.fifo
	head -c 1073741824 /dev/zero > zero.fifo 2> /dev/null &
	expect "forced-$fmt-nul-fifo" 1 'zero.fifo:1: NUL byte' 50 5 out.csv \
		-- stats --input-format "$fmt" zero.fifo
	kill $! 2> /dev/null; wait $! 2> /dev/null; rm -f zero.fifo
done
# A raw log is capped at 256 MiB (doc/escaping.md, "Limits").
truncate -s 300M big.log
expect log-over-256mib 1 'big.log: input larger than 268435456 bytes' 50 5 \
	out.csv -- stats --input-format dbench big.log
rm -f big.log dbench-nul.log attrs.xml
# A mistyped --tests against 200,000 tests: the "did you mean" search is
# bounded (doc/escaping.md, "Limits"); it cost 6.5 s per million tests.
awk 'BEGIN { print "system,test,value,unit"
	for (i = 0; i < 200000; i++) printf "s%d,Test number %d,%d,MB/s\n", i % 2, i, i % 97 + 1 }' > t200k.csv
/usr/bin/time -f %U -o time.u "$BR" stats -q t200k.csv --tests 'number 199999' > /dev/null 2>&1
good=$(tail -n 1 time.u)
timeout 60 /usr/bin/time -f %U -o time.u "$BR" stats -q t200k.csv --tests 'Tset nmuber 12x' > /dev/null 2> stderr.txt
typo=$(tail -n 1 time.u)
if grep -q "did you mean 'Test number 12'" stderr.txt &&
   [ "$(echo "$typo <= $good + 0.5" | bc)" = 1 ]; then
	ok tests-typo-200k-bounded "match ${good} s user, typo ${typo} s"
else bad tests-typo-200k-bounded "match ${good} s user, typo ${typo} s"; fi
rm -f t200k.csv
# render --summary is a few lines for any number of tests: 20,000 (over
# the 10,000 charts render draws) are summed up, not refused.
awk 'BEGIN { print "system,test,value,unit"
	for (i = 0; i < 20000; i++) for (s = 0; s < 2; s++) for (r = 0; r < 2; r++)
		printf "s%d,T%d,%d,MB/s\n", s, i, (i + r + s) % 97 + 1 }' > t20k.csv
expect summary-20k-tests 0 '' 200 60 summary.txt -- render -q t20k.csv \
	--summary
expect render-20k-tests-refused 2 'more than it draws' 200 60 out.txt -- \
	render -q t20k.csv
rm -f t20k.csv
# --template: every section counts toward the depth limit (80,000 nested
# flag sections overflowed the stack after 264 s); the lines of 40,000
# tags are counted in one pass (52 s when each rescanned the file).
awk 'BEGIN { for (i = 0; i < 80000; i++) printf "{{#title}}"; printf "x";
	for (i = 0; i < 80000; i++) printf "{{/title}}" }' > deep.tmpl
expect template-80k-nested-flags 1 \
	'^benchreport: deep.tmpl:1: sections nested more than 63 deep$' 50 5 \
	out.txt -- render -q big.num --template deep.tmpl
awk 'BEGIN { for (i = 0; i < 40000; i++) print "{{title}}" }' > tags.tmpl
expect template-40k-tags 0 '' 50 5 out.txt -- render -q big.num \
	--template tags.tmpl
rm -f deep.tmpl tags.tmpl


if [ "$mode" = full ]; then
	# --template output is capped (256 MiB before escaping): 20 nested
	# lists wrote 10 MB/s without end.
	awk 'BEGIN { print "system,test,value,unit"
		for (t = 0; t < 8; t++) printf "s,T%d,1,MB/s\n", t }' > t8.csv
	awk 'BEGIN { for (i = 0; i < 20; i++) printf "{{#tests}}"
		printf "{{title}} {{title}} {{title}}\n"
		for (i = 0; i < 20; i++) printf "{{/tests}}" }' > lists.tmpl
	expect template-20-nested-lists 1 'writes more than 256 MiB' 100 300 \
		out.txt -- render -q t8.csv --template lists.tmpl
	rm -f t8.csv lists.tmpl
	head -c 1073741824 /dev/urandom > junk1g.bin
	expect 1gb-junk 1 'not a format' 50 30 out.csv -- stats junk1g.bin
	rm -f junk1g.bin
	{ printf 'dbench version 4.00 - Copyright Andrew Tridgell 1999-2004\n\n'
	  yes '   2    182461  1112.84 MB/sec  execute   1 sec  latency 8.191 ms' |
		head -c 250000000
	  printf '\n Operation      Count    AvgLat    MaxLat\n'
	  printf ' ----------------------------------------\n'
	  printf ' NTCreateX     173727     0.010     2.729\n\n'
	  printf 'Throughput 1101.35 MB/sec  2 clients  2 procs  max_latency=8.191 ms\n'
	} > dbench250m.txt
	# The whole file is held in memory while it is read: 250 MB +
	# model; a raw log is capped at 256 MiB (issue 25): 1 GB is refused
	# before it is read.
	expect 250mb-dbench-log 0 '' 300 60 dbench.csv -- stats -q \
		dbench250m.txt --format csv
	check_value 250mb-dbench-throughput dbench.csv mean 1101.35
	cat dbench250m.txt dbench250m.txt dbench250m.txt dbench250m.txt \
		> dbench1g.txt
	expect 1gb-dbench-log-refused 1 'input larger than 268435456 bytes' \
		50 10 dbench.csv -- stats -q dbench1g.txt --format csv
	rm -f dbench250m.txt dbench1g.txt
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
	rm -f sys1m.csv tests1m.csv
	# 20,000 systems with 3 runs each in one test: ranks compare every
	# pair (quadratic time, linear memory), under 30 s.
	awk 'BEGIN { print "system,test,value,unit";
		for (i = 0; i < 20000; i++) for (r = 0; r < 3; r++)
			printf "sys%d,t1,%.3f,MB/s\n", i, 100 + i % 997 + r * 0.37 }' \
		> sys20k.csv
	expect 20k-systems-ranks 0 '' 200 30 s20k.csv -- stats -q sys20k.csv \
		--format csv
	expect 20k-systems-compare 0 '' 300 30 c20k.csv -- compare -q \
		sys20k.csv --format csv
	rm -f sys20k.csv
	# Many small files, one system each, in the same 4 tests: reading
	# stays linear (4x the files, at most about 4x the time).
	files() { # DIR N
		awk -v dir="$1" -v n="$2" 'BEGIN {
			for (k = 0; k < n; k++) {
				if (k % 1000 == 0)
					system(sprintf("mkdir -p %s/d%03d", dir, k / 1000))
				f = sprintf("%s/d%03d/r%06d.csv", dir, k / 1000, k)
				print "system,test,value,unit" > f
				for (t = 0; t < 4; t++) for (r = 0; r < 3; r++)
					printf "s%06d,T%d,%d,MB/s\n", k, t, (k * 7 + t * 3 + r) % 101 + 1 > f
				close(f)
			} }'
	}
	files f25k 25000 && files f100k 100000
	expect 25k-files 0 '' 200 60 i25k.txt -- inspect -q f25k
	/usr/bin/time -f '%U' -o time.u "$BR" inspect -q f25k > /dev/null
	u25=$(cat time.u)
	expect 100k-files 0 '' 500 60 i100k.txt -- inspect -q f100k
	/usr/bin/time -f '%U' -o time.u "$BR" inspect -q f100k > /dev/null
	u100=$(cat time.u)
	if [ "$(echo "$u100 <= 6 * $u25 + 0.2" | bc)" = 1 ]; then
		ok files-linear "25k files ${u25} s user, 100k ${u100} s"
	else bad files-linear "25k files ${u25} s user, 100k ${u100} s (more than 6x)"; fi
	rm -rf f25k f100k
fi
# --- shared and walked directories, limits, signals (issue 25) ----------
. "$here/files.sh"
echo "limits ($mode): $pass passed, $fail failed"
[ "$fail" = 0 ]
