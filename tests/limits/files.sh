# files.sh - sourced by run.sh (quick and full): outputs in shared and
# walked directories (issue 25): planted symbolic links in a sticky
# world-writable directory (two users), render -o DIR/'s manifest,
# outputs inside a walked directory, file size limits and signals,
# dangling links and --keep-going, a closed standard output, -o FILE/
# and a PNG too large.  Uses run.sh's ok, bad, skip, temps_left,
# wait_temp and $root; runs in its temporary directory.

# same NAME WANT_FILE GOT_FILE WHAT: stderr (or a file) exactly as given.
same() {
	if cmp -s "$2" "$3"; then ok "$1" "$4"
	else bad "$1" "$4: differs: $(diff "$2" "$3" | head -4 | tr '\n' ' ')"; fi
}

fs_csv() {
	printf 'system,test,value,unit\nA,alpha,1,s\nA,alpha,1.2,s\nB,alpha,2,s\nB,alpha,2.1,s\n'
}

# --- 1. a symbolic link another user planted in a sticky directory ----
# The other user is uid 65534 (nobody): setpriv needs no entry in
# /etc/passwd for it.  It plants the links; root runs benchreport.
as_other() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
planted_cases() {
	planted='cannot write: not following a symbolic link of another user (uid 65534) in a sticky world-writable directory'
	for c in "stats -q in1.csv --format csv -o shared/report.csv:shared/report.csv" \
		 "stats -q in1.csv --format csv -o out1.csv --depfile shared/report.d:shared/report.d" \
		 "render -q in1.csv -o shared/charts/:shared/charts/" \
		 "stats -q in1.csv --format csv -o shared/sub/x.csv:shared/sub/x.csv"; do
		args=${c%:*} where=${c##*:}
		# shellcheck disable=SC2086
		"$BR" $args 2> stderr.txt
		st=$?
		printf 'benchreport: %s: %s\n' "$where" "$planted" > want.txt
		name="planted-link-$(echo "$where" | tr -c 'a-z0-9\n' - | sed 's/-*$//')"
		if [ $st = 3 ] && cmp -s want.txt stderr.txt &&
		   [ "$(cat secret/victim.conf)" = 'root only' ] &&
		   [ -z "$(ls -A secret/dir)" ] && [ ! -e out1.csv ]; then
			ok "$name" "exit 3, not followed, victim intact"
		else bad "$name" "exit $st; victim: $(head -c 40 secret/victim.conf); in dir: $(ls -A secret/dir | tr '\n' ' ')"; fi
	done
	# a link of this user, or of the directory's owner, is followed
	ln -s ../secret/mine.csv shared/mine.csv
	"$BR" stats -q in1.csv --format csv -o shared/mine.csv 2> stderr.txt &&
	"$BR" stats -q in1.csv --format csv -o owned/theirs.csv 2>> stderr.txt
	st=$?
	if [ $st = 0 ] && grep -q mean secret/mine.csv &&
	   grep -q mean secret/theirs.csv; then
		ok own-links-followed "exit 0, own and owner's links followed"
	else bad own-links-followed "exit $st"; fi
}
if [ $root = 1 ] && command -v setpriv > /dev/null &&
   as_other true 2> /dev/null; then
	chmod 711 .               # the other user must reach shared/
	mkdir -p secret shared owned && chmod 700 secret
	chmod 1777 shared owned && chown 65534 owned
	printf 'root only\n' > secret/victim.conf && chmod 600 secret/victim.conf
	mkdir secret/dir
	fs_csv > in1.csv
	for l in shared/report.csv shared/report.d; do
		as_other ln -s ../secret/victim.conf $l 2> /dev/null
	done
	as_other ln -s ../secret/dir shared/charts 2> /dev/null
	as_other ln -s ../secret/dir shared/sub 2> /dev/null
	as_other ln -s ../secret/theirs.csv owned/theirs.csv 2> /dev/null
	if [ "$(stat -c %u owned/theirs.csv 2> /dev/null)" = 65534 ]; then
		planted_cases
	else
		skip planted-links "uid 65534 cannot reach $PWD to plant links"
	fi
	rm -rf secret shared owned in1.csv want.txt
	chmod 700 .
else
	skip planted-links "needs root and setpriv (util-linux) to act as uid 65534"
fi

# --- 2. render -o DIR/ removes only what it wrote, still as written ----
printf 'system,test,value,unit\nA,alpha,1,s\nB,alpha,2,s\nA,beta,3,s\nB,beta,4,s\n' > ab.csv
printf 'system,test,value,unit\nA,alpha,1,s\nB,alpha,2,s\n' > a.csv
mkdir m
printf 'mine\n' > m/README.md && printf 'all:\n' > m/Makefile && cp a.csv m/in.csv
printf '# forged\nREADME.md\nMakefile\nin.csv\n' > m/.benchreport-manifest
"$BR" render --direction lib m/in.csv -o m/ 2> stderr.txt
st=$?
cat > want.txt << 'EOF'
benchreport: warning: m/Makefile: listed in .benchreport-manifest without its size and time: kept
benchreport: warning: m/README.md: listed in .benchreport-manifest without its size and time: kept
benchreport: warning: m/in.csv: listed in .benchreport-manifest, but an input of this run: kept
EOF
got=$(LC_ALL=C ls m | tr '\n' ' ')
if [ $st = 0 ] && [ "$got" = "01-alpha.svg Makefile README.md in.csv " ]; then
	same manifest-forged-names-kept want.txt stderr.txt "exit 0: $got"
else bad manifest-forged-names-kept "exit $st: $got"; fi
# the same stats recorded for the input: still never removed
"$BR" render -q a.csv -o m3/ 2> stderr.txt
cp ab.csv m3/ab.csv
printf 'ab.csv %s %s %s\n' "$(stat -c %s m3/ab.csv)" \
	"$(date -r m3/ab.csv +%s.%N)" "$(stat -c %i m3/ab.csv)" \
	>> m3/.benchreport-manifest
"$BR" render --direction lib m3/ab.csv --tests beta -o m3/ \
	2> stderr.txt
st=$?
printf 'benchreport: warning: m3/ab.csv: listed in .benchreport-manifest, but an input of this run: kept\n' > want.txt
if [ $st = 0 ] && [ -f m3/ab.csv ] && [ ! -e m3/01-alpha.svg ]; then
	same manifest-input-never-removed want.txt stderr.txt "exit 0, input kept, stale chart removed"
else bad manifest-input-never-removed "exit $st: $(ls m3 | tr '\n' ' ')"; fi
# a chart changed since is kept (and said); an unchanged one removed
"$BR" render -q ab.csv -o m2/ 2> stderr.txt
printf '<!-- edited -->\n' >> m2/02-beta.svg
"$BR" render --direction lib ab.csv --tests alpha -o m2/ 2> stderr.txt
st=$?
printf 'benchreport: warning: m2/02-beta.svg: changed since benchreport wrote it (size, time or inode): kept\n' > want.txt
got=$(LC_ALL=C ls m2 | tr '\n' ' ')
if [ $st = 0 ] && [ "$got" = "01-alpha.svg 02-beta.svg " ]; then
	same manifest-changed-file-kept want.txt stderr.txt "exit 0: $got"
else bad manifest-changed-file-kept "exit $st: $got"; fi
"$BR" render -q ab.csv -o m4/ 2> /dev/null
"$BR" render --direction lib ab.csv --tests alpha -o m4/ 2> stderr.txt
st=$?
got=$(LC_ALL=C ls m4 | tr '\n' ' ')
if [ $st = 0 ] && [ "$got" = "01-alpha.svg " ] && [ ! -s stderr.txt ]; then
	ok manifest-unchanged-file-removed "exit 0: $got"
else bad manifest-unchanged-file-removed "exit $st: $got"; fi
if [ $root = 1 ]; then
	"$BR" render -q ab.csv -o m5/ 2> /dev/null
	chown 65534 m5/.benchreport-manifest
	"$BR" render --direction lib ab.csv --tests alpha -o m5/ 2> stderr.txt
	st=$?
	printf 'benchreport: warning: m5/02-beta.svg: listed in .benchreport-manifest, which another user wrote: kept\n' > want.txt
	if [ $st = 0 ] && [ -f m5/02-beta.svg ] &&
	   [ "$(stat -c %u m5/.benchreport-manifest)" = 0 ]; then
		same manifest-of-another-user want.txt stderr.txt "exit 0, kept"
	else bad manifest-of-another-user "exit $st: $(ls m5 | tr '\n' ' ')"; fi
else
	skip manifest-of-another-user "not root: no chown"
fi
# history -o DIR/ keeps the same rule, and says so
H=$here/../data/pts-history
"$BR" history -q "$H" --format svg -o h/ 2> /dev/null
printf 'mine\n' > h/README && printf 'README\n' >> h/.benchreport-manifest
"$BR" history "$H" --format svg -o h/ 2> stderr.txt
st=$?
if [ $st = 0 ] && [ "$(cat h/README)" = mine ] && grep -Fxq 'benchreport: warning: h/README: listed in .benchreport-manifest without its size and time: kept' stderr.txt; then
	ok history-dir-manifest-kept "exit 0, README kept and said"
else bad history-dir-manifest-kept "exit $st; README: $(cat h/README 2>&1)"; fi
rm -rf m m2 m3 m4 m5 h want.txt

# --- 3. outputs inside a walked directory are left out of the walk ------
mkdir w && fs_csv > w/in.csv
"$BR" stats -q w --format csv -o w/out.csv 2> stderr.txt
cp w/out.csv first.csv
"$BR" stats --direction lib w --format csv -o w/out.csv \
	--depfile w/out.d 2> stderr.txt
st1=$?
"$BR" stats --direction lib w --format csv -o w/out.csv \
	--depfile w/out.d 2> stderr.txt
st=$?
cat > want.txt << 'EOF'
benchreport: warning: w/out.csv: skipped: the output of this run (-o)
benchreport: warning: w/out.d: skipped: the make rule of this run (--depfile)
EOF
if [ $st1 = 0 ] && [ $st = 0 ] && cmp -s first.csv w/out.csv; then
	same output-left-out-of-walk want.txt stderr.txt "exit 0, same output on the third run"
else bad output-left-out-of-walk "exit $st1, $st; output $(cmp -s first.csv w/out.csv && echo same || echo differs)"; fi
# an -o that is a hard link to a file of the walk: told apart by inode
rm w/out.csv w/out.d && ln w/in.csv hard.csv
"$BR" stats w --format csv -o hard.csv 2> stderr.txt
st=$?
printf 'benchreport: warning: w/in.csv: skipped: the output of this run (-o)\n' > want.txt
if [ $st = 1 ] && grep -q 'no results in w' stderr.txt &&
   cmp -s w/in.csv hard.csv && [ "$(ls w)" = in.csv ]; then
	ok output-hard-link-left-out "exit 1: w/in.csv not read"
else bad output-hard-link-left-out "exit $st"; fi
rm -rf w first.csv hard.csv want.txt

# --- 9. a file size limit and more signals: no temporary file left --------
awk 'BEGIN { print "system,test,value,unit";
	for (t = 0; t < 2000; t++) printf "A,test%d,%d,s\nB,test%d,%d,s\n", t, t + 1, t, t + 2 }' > t2000.csv
mkdir fsz
(ulimit -f 16 && exec "$BR" stats -q t2000.csv --format csv -o fsz/big.csv) 2> stderr.txt
st=$?
printf 'benchreport: fsz/big.csv: write error: File too large\n' > want.txt
if [ $st = 3 ] && [ -z "$(ls -A fsz)" ]; then
	same sigxfsz-efbig-exit-3 want.txt stderr.txt "exit 3, no temporary file"
else bad sigxfsz-efbig-exit-3 "status $st; left: $(ls -A fsz | tr '\n' ' ')"; fi
rm -rf fsz t2000.csv want.txt
mkfifo fs.fifo && mkdir sig2
for sig in ALRM USR1 USR2; do
	"$BR" stats -q fs.fifo -o sig2/s.csv --depfile sig2/s.d 2> stderr.txt &
	pid=$!
	wait_temp sig2
	kill -$sig $pid
	{ wait $pid; } 2> /dev/null
	st=$?
	case $sig in ALRM) want=142 ;; USR1) want=138 ;; *) want=140 ;; esac
	if [ $st = $want ] && [ -z "$(ls -A sig2)" ]; then
		ok "sig$sig-no-temporary-file" "killed by SIG$sig (status $st)"
	else bad "sig$sig-no-temporary-file" "status $st (want $want); left: $(ls -A sig2 | tr '\n' ' ')"; fi
	rm -f sig2/* sig2/.[!.]*
done
rm -rf sig2 fs.fifo

# --- 12. a dangling link is skipped; --keep-going skips a bad file -------
mkdir kg && fs_csv > kg/a.csv && ln -s nowhere.csv kg/dangling.csv
"$BR" stats --direction lib kg --format csv -o kg.csv 2> stderr.txt
st=$?
printf 'benchreport: warning: kg/dangling.csv: skipped: a symbolic link to nothing (its target does not exist)\n' > want.txt
if [ $st = 0 ] && [ -s kg.csv ]; then
	same dangling-link-skipped want.txt stderr.txt "exit 0"
else bad dangling-link-skipped "exit $st"; fi
printf 'system,test,value,unit\nC,alpha,x,s\n' > kg/bad.csv
"$BR" stats -q kg --format csv -o kg.csv 2> stderr.txt
st=$?
"$BR" stats -q --keep-going kg --format csv -o kg.csv 2> stderr.txt
st2=$?
printf 'benchreport: --keep-going: 1 file skipped for an error, 1 read\n' > want.txt
if [ $st = 1 ] && [ $st2 = 0 ] && [ "$(cut -d, -f6 kg.csv | sed 1d | tr '\n' ' ')" = "A B " ]; then
	same keep-going-skips-bad-file want.txt stderr.txt "exit 1 without, 0 with"
else bad keep-going-skips-bad-file "exit $st, then $st2"; fi
"$BR" stats --direction lib --keep-going kg --format csv -o kg.csv \
	2> stderr.txt
cat > want.txt << 'EOF'
benchreport: warning: kg/bad.csv:2: skipped: column 'value' is not a number: "x" (--keep-going)
benchreport: warning: kg/dangling.csv: skipped: a symbolic link to nothing (its target does not exist)
benchreport: --keep-going: 1 file skipped for an error, 1 read
EOF
same keep-going-warnings want.txt stderr.txt "the error as a warning, and the count"
rm -rf kg kg.csv want.txt

# --- 13. standard output closed: no -o file from a failed run ------------
fs_csv > c13.csv
"$BR" stats -q c13.csv --format csv -o c13.out >&- 2> stderr.txt
st=$?
printf 'benchreport: cannot write standard output: Bad file descriptor; nothing written\n' > want.txt
if [ $st = 3 ] && [ ! -e c13.out ]; then
	same stdout-closed-no-output want.txt stderr.txt "exit 3, no c13.out"
else bad stdout-closed-no-output "exit $st; c13.out $([ -e c13.out ] && echo written || echo absent)"; fi
rm -f c13.csv c13.out want.txt

# --- 16. -o FILE/ when FILE is a file; a PNG too large --------------------
fs_csv > f16.csv && printf 'x\n' > plain
"$BR" render -q f16.csv -o plain/ 2> stderr.txt
st=$?
"$BR" stats -q f16.csv -o plain/x.csv 2>> stderr.txt
st2=$?
cat > want.txt << 'EOF'
benchreport: plain/: cannot write: plain is a file, not a directory
benchreport: plain/x.csv: cannot write: plain is a file, not a directory
EOF
if [ $st = 3 ] && [ $st2 = 3 ] && [ "$(cat plain)" = x ]; then
	same o-file-slash-not-a-directory want.txt stderr.txt "exit 3"
else bad o-file-slash-not-a-directory "exit $st, $st2"; fi
awk 'BEGIN { print "system,test,value,unit";
	for (i = 0; i < 800; i++) printf "sys%d,t1,%d,MB/s\n", i, i % 97 + 1 }' > s800.csv
"$BR" render -q s800.csv -o tall.png 2> stderr.txt
st=$?
printf 'benchreport: PNG of 1200x45002 pixels is too large (at most 32767 a side): choose fewer systems with --systems, or write SVG or PDF\n' > want.txt
if [ $st = 1 ] && [ ! -e tall.png ] && ! temps_left .; then
	same png-too-large-exit-1 want.txt stderr.txt "exit 1, no file"
else bad png-too-large-exit-1 "exit $st"; fi
rm -f f16.csv plain s800.csv tall.png want.txt ab.csv a.csv stderr.txt
