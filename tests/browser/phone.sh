# phone.sh - sourced by run.sh (its browse, bad, $BR, $tmp): widths.  At
# 390 px every chart and table is whole on the screen or has a visible
# cue above it saying to scroll (p.cue, the page's script); at 1280 px
# every chart and table is whole (a long name wraps instead of pushing a
# column out of view).  Measured by a script added to a copy of the page
# (after the page's own), read back from the DOM.
width_check() {
	name=$1 input=$2 width=$3
	html="$tmp/width-$name.html"
	SOURCE_DATE_EPOCH=1700000000 "$BR" render -q "$input" -o "$html" ||
		{ bad "$name: render failed"; return; }
	sed 's|</body>|<script>var n = 0, bad = []; document.querySelectorAll("main figure, main .scroll").forEach(function (b, i) { n++; if (b.scrollWidth <= b.clientWidth + 1) return; var c = b.previousElementSibling; if (!(c \&\& c.className === "cue" \&\& c.offsetHeight > 0)) bad.push((b.querySelector("caption") \|\| b).textContent.slice(0, 40).replace(/[^A-Za-z0-9 :.-]/g, "") + " (" + b.clientWidth + " of " + b.scrollWidth + " px)"); }); document.body.setAttribute("data-fit", n + "//" + bad.join(";"));</script></body>|' \
		"$html" >"$tmp/width-$name-s.html"
	browse --window-size="$width,2000" --dump-dom \
		"file://$tmp/width-$name-s.html" 2>/dev/null |
		sed -n 's/.*data-fit="\([^"]*\)".*/\1/p' >"$tmp/fit.txt"
	boxes=$(sed 's|//.*||' "$tmp/fit.txt")
	cut=$(sed 's|^[^/]*//||' "$tmp/fit.txt")
	[ -n "$boxes" ] && [ "$boxes" -gt 0 ] ||
		{ bad "$name at $width px: nothing measured"; return; }
	[ -z "$cut" ] ||
		bad "$name at $width px: cut off without a cue: $cut"
}
# at 1280 px nothing may scroll: every box must fit, cue or not
wide_check() {
	name=$1 input=$2
	html="$tmp/wide-$name.html"
	SOURCE_DATE_EPOCH=1700000000 "$BR" render -q "$input" -o "$html" ||
		{ bad "$name: render failed"; return; }
	sed 's|</body>|<script>var bad = []; document.querySelectorAll("main figure, main .scroll").forEach(function (b) { if (b.scrollWidth > b.clientWidth + 1) bad.push((b.querySelector("caption") \|\| b).textContent.slice(0, 40).replace(/[^A-Za-z0-9 :.-]/g, "") + " (" + b.clientWidth + " of " + b.scrollWidth + " px)"); }); document.body.setAttribute("data-fit", "ok//" + bad.join(";"));</script></body>|' \
		"$html" >"$tmp/wide-$name-s.html"
	browse --window-size=1280,2000 --dump-dom \
		"file://$tmp/wide-$name-s.html" 2>/dev/null |
		sed -n 's/.*data-fit="\([^"]*\)".*/\1/p' >"$tmp/fit.txt"
	grep -q '^ok//' "$tmp/fit.txt" ||
		{ bad "$name at 1280 px: nothing measured"; return; }
	cut=$(sed 's|^ok//||' "$tmp/fit.txt")
	[ -z "$cut" ] || bad "$name at 1280 px: a column out of view: $cut"
}

for f in seed-004:samples/seed-004-freebsd-zfs-zol.csv \
	twelve:tests/data/render/twelve-systems.csv \
	armv7:tests/data/render/armv7-names.csv logs:samples/logs; do
	width_check "${f%%:*}" "${f#*:}" 390
	wide_check "${f%%:*}" "${f#*:}"
done
