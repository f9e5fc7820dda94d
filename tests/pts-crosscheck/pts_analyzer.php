<?php
/*
 * pts_analyzer.php - runs the Phoronix Test Suite's own analyzer code
 * (pts-core/objects/pts_result_file_analyzer.php) on real result files,
 * for the cross-check of doc/statistics.md, "Checked against PTS's own
 * analyzer".  Not part of benchreport: PTS is GPL-3 and is not copied
 * here; this script loads it from a checkout given as PTS_PATH.
 *
 *   php pts_analyzer.php PTS_DIR COSTS FILE.xml[=NAME] [FILE.xml[=NAME] ...]
 *
 * The files are merged by PTS's own pts_result_file::merge (as
 * `phoronix-test-suite merge-results` does).  COSTS is
 * "SYSTEM=AMOUNT[/h];SYSTEM=AMOUNT[/h]" (all per hour or none).  Prints:
 *   - generate_wins_losses_results: first and last place finishes;
 *   - generate_geometric_mean_result_for_suites_in_result_file (the
 *     suites PTS's own ob-cache defines), normalised as PTS shows them;
 *   - generate_perf_per_dollar: each test's per-dollar (per-hour) value;
 *   - generate_geometric_mean_result over those per-dollar results (PTS
 *     gives them no test identifier, which that function skips: they get
 *     their parent's back here, and nothing else changes).
 */
if ($argc < 4) {
	fwrite(STDERR, "usage: php pts_analyzer.php PTS_DIR COSTS FILE...\n");
	exit(2);
}
$pts = rtrim($argv[1], '/') . '/';
$home = sys_get_temp_dir() . '/pts-crosscheck-' . getmypid();
@mkdir($home);
register_shutdown_function(function () use ($home) {
	/* the user directory PTS made for this run */
	exec('rm -rf ' . escapeshellarg($home));
});
putenv('HOME=' . $home);
putenv('PTS_USER_PATH_OVERRIDE=' . $home . '/');
define('PTS_MODE', 'LIB');
define('PTS_AUTO_LOAD_OBJECTS', true);
define('PTS_AUTO_LOAD_ALL_OBJECTS', true);
require $pts . 'pts-core/phoronix-test-suite.php';
pts_define_directories();

function p($s) { echo $s, PHP_EOL; }
/* a value as PTS holds it (number_format's text), trailing zeros off */
function num($v) { $v = (string)$v; return strpos($v, '.') !== false ? rtrim(rtrim($v, '0'), '.') : $v; }

/* FILE.xml=NAME: its one system renamed NAME first, as PTS's
 * rename-identifier-in-result-file does (three runs of one machine
 * share an identifier; benchreport names them by date) */
function load($arg) {
	$name = null;
	if (($eq = strrpos($arg, '=')) !== false) {
		$name = substr($arg, $eq + 1);
		$arg = substr($arg, 0, $eq);
	}
	$f = new pts_result_file($arg);
	if ($name !== null)
		$f->rename_run($f->get_system_identifiers()[0], $name, false);
	return $f;
}
$files = array_slice($argv, 3);
$rf = load($files[0]);
$more = array();
foreach (array_slice($files, 1) as $f)
	$more[] = load($f);
if ($more)
	$rf->merge($more);
p('files: ' . implode(' ', $files));
p('systems: ' . implode(' | ', $rf->get_system_identifiers()));

p('');
p('== generate_wins_losses_results');
$counted = 0;
foreach (pts_result_file_analyzer::generate_wins_losses_results($rf) as $ro) {
	p($ro->test_profile->get_title() . ' (' . $ro->get_arguments_description() . ')');
	foreach ($ro->test_result_buffer->get_buffer_items() as $bi)
		p('  ' . $bi->get_result_identifier() . ': ' . $bi->get_result_value());
}

/* The per-test places generate_wins_losses_results counts, with its
 * filter: it returns no table where one system takes every first (or
 * last) place, so the places are printed here as well */
p('');
p('== get_result_first / get_result_last (generate_wins_losses_results\'s count)');
$n = $rf->get_system_count();
foreach ($rf->get_result_objects() as $ro) {
	if ($ro->test_profile->get_identifier() == null)
		continue;
	$c = $ro->test_result_buffer->get_count();
	if ($c < 2 || $c < floor($n / 2))
		continue;
	$w = $ro->get_result_first();
	$l = $ro->get_result_last();
	if ($w == null || $l == null)
		continue;
	p($ro->test_profile->get_title() . ' - ' . $ro->get_arguments_description() . ': first ' . $w . '; last ' . $l);
}

p('');
p('== generate_geometric_mean_result_for_suites_in_result_file');
foreach (pts_result_file_analyzer::generate_geometric_mean_result_for_suites_in_result_file($rf) as $ro) {
	p($ro->test_profile->get_title() . ' [' . $ro->get_annotation() . ']');
	foreach ($ro->test_result_buffer->get_buffer_items() as $bi)
		p('  ' . $bi->get_result_identifier() . ': ' . num($bi->get_result_value()));
}

$costs = array();
$per_hour = false;
foreach (explode(';', $argv[2]) as $c) {
	if ($c === '')
		continue;
	list($sys, $amount) = explode('=', $c, 2);
	if (substr($amount, -2) == '/h') {
		$per_hour = true;
		$amount = substr($amount, 0, -2);
	}
	$costs[$sys] = (float)$amount;
}
p('');
p('== generate_perf_per_dollar' . ($per_hour ? ' (per hour)' : ''));
$before = count($rf->get_result_objects());
pts_result_file_analyzer::generate_perf_per_dollar($rf, $costs, 'Dollar', false, $per_hour);
$all = $rf->get_result_objects();
$dollar = array();
foreach ($all as $hash => $ro) {
	if (strpos($ro->get_arguments_description(), 'Performance / Cost') !== 0)
		continue;
	$dollar[$hash] = $ro;
	p($ro->test_profile->get_title() . ' - ' . $ro->get_arguments_description() . ' (' . $ro->test_profile->get_result_scale() . ')');
	foreach ($ro->test_result_buffer->get_buffer_items() as $bi)
		p('  ' . $bi->get_result_identifier() . ': ' . num($bi->get_result_value()));
}

p('');
p('== generate_geometric_mean_result over the per-dollar results');
$only = new pts_result_file(null);
foreach ($rf->get_systems() as $s)
	$only->add_system($s);
foreach ($dollar as $ro) {
	$c = clone $ro;
	$c->test_profile->set_identifier('pts/per-dollar');
	$only->add_result($c);
}
$gm = pts_result_file_analyzer::generate_geometric_mean_result($only);
if ($gm) {
	foreach ($gm->test_result_buffer->get_buffer_items() as $bi)
		p('  ' . $bi->get_result_identifier() . ': ' . num($bi->get_result_value()));
} else {
	p('  none');
}
