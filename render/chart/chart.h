/*
 * chart.h - chart layout: analysis -> scene (doc/pts-format.md section 4).
 *
 * Layout is pure: it reads the analysis (analysis/analysis.h: every
 * summary, precision and comparison is made there; render/ computes no
 * statistic) and returns a scene in points.  Backends (render.h) paint
 * scenes.  Chart types are rows of one table (br_chart_types): a new
 * type is a file and a row.
 *
 * The look is PTS's default theme: 600 pt wide horizontal bars, bold 17
 * title, "<unit>, More Is Better" caption in blue, value in the bar, "SE
 * +/- x, N = y" under each name - with round axis ticks (br_axis_scale),
 * measured text, whiskers that say what they are, failed entries shown,
 * negative values and long names handled.
 */
#ifndef BR_CHART_H
#define BR_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../analysis/analysis.h"
#include "colours.h"
#include "../paint/scene.h"

/* ------------------------------------------------------------------ axis */

#define BR_AXIS_MAX_TICKS 16

struct br_axis {
	double lo, hi;          /* scale range; lo = 0 unless values < 0 */
	double step;            /* tick spacing: 1, 2, 2.5 or 5 x 10^k */
	size_t n_ticks;         /* labelled ticks, strictly inside (lo, hi) */
	double ticks[BR_AXIS_MAX_TICKS];
	int si_exp;             /* labels in units of 10^si_exp ("k": 3) */
	int decimals;           /* decimals of every label */
	double dur_scale;       /* labels as m:ss: the seconds in one unit
				 * (br_axis_scale_dur); 0: numbers */
	bool sci;               /* labels in "%.2e": a scientific chart's
				 * (br_axis_scale_noted) */
};

/*
 * The axis for values in [min, max] (with the whiskers) on length points
 * (doc/charts.md, "The value axis"): from 0, or from below the smallest
 * negative value, to whole steps of 1, 2, 2.5 or 5 x 10^k that cover the
 * values, the finest step that makes at most 8 intervals (fewer when
 * length is short: 40 points each at least) and whose labels in font f
 * do not overlap (vertical: a line height apart).  f NULL: no
 * measuring.  Any finite min and max give an axis at once.
 */
void br_axis_scale(double min, double max, double length,
		   const struct br_font *f, bool vertical, struct br_axis *ax);

/*
 * br_axis_scale() of values written as durations (br_cell.dur_scale:
 * the seconds in one unit): from 120 seconds on, steps that read well
 * as m:ss (15 s, 30 s, 1, 2, 5, 10, 15, 30 min, 1, 2, 5 h ...) and
 * labels "2:30" (doc/charts.md, "Durations"); below that, or with
 * negative values, or dur_scale 0, br_axis_scale().
 */
void br_axis_scale_dur(double min, double max, double length,
		       const struct br_font *f, bool vertical,
		       double dur_scale, struct br_axis *ax);

/* A bar's value label: the value, where the label starts when drawn
 * beyond the bar (the value or its whisker's end), its width. */
struct br_bar_label {
	double value, from, width;
	double after;   /* a text always drawn beyond the bar and its value
			 * label, 6 points on (a grouped bar's SE line): its
			 * width; 0: none */
};

/*
 * br_axis_scale() of a horizontal axis whose bars carry value labels:
 * a label too wide for its bar is drawn beyond it (6 points from its
 * start), so the axis grows until such labels of l[0..n) stay on it,
 * 6 points clear of its ends.  dur_scale: as br_axis_scale_dur().
 */
void br_axis_scale_labelled(double min, double max,
			    const struct br_bar_label *l, size_t n,
			    double length, const struct br_font *f,
			    double dur_scale, struct br_axis *ax);

/* vmax raised by room points of a length-point axis that spans vmin to
 * vmax (the top point kept off the plot's edge), computed so that it
 * stays finite for any finite vmin and vmax: (vmax - vmin) * room
 * overflowed near 1e308, and an infinite top gave the axis up (a line
 * chart's point at y -8e61). */
double br_axis_room(double vmin, double vmax, double room, double length);

/* Where v lies on the axis, 0 at lo and 1 at hi, computed so that it
 * stays finite for any finite v and axis (also near +/-DBL_MAX). */
double br_axis_frac(const struct br_axis *ax, double v);

/* Tick label of v on ax: the axis' SI prefix and decimals ("0.5M",
 * "250\u00b5"), "%.3g" beyond the prefixes; "0" for 0; m:ss on a
 * duration axis ("2:30"). */
const char *br_axis_label(char *buf, size_t size, double v,
			  const struct br_axis *ax);

/* ------------------------------------------------- one notation a chart */

/*
 * How every number of one chart is written: its axis labels, value
 * labels and SE lines (doc/charts.md, "Numbers"), chosen once from the
 * largest value, so "115" never stands beside "6:19", nor "0.000335"
 * beside an axis of "200\u00b5", nor "1.67e-07" beside "0.000008".
 */
enum br_note_kind {
	BR_NOTE_PLAIN,   /* the test's decimals, grouped from 10,000 */
	BR_NOTE_SI,      /* one SI prefix (1e9 and up, below 0.001) */
	BR_NOTE_DUR,     /* m:ss, the values written so, 2 minutes up */
	BR_NOTE_SCI,     /* "1.10e+01": beyond the prefixes */
};

struct br_notation {
	enum br_note_kind kind;
	int si_exp;          /* SI: the prefix's power of ten */
	int decimals;        /* values' decimals (SI: in the prefix) */
	int test_decimals;   /* the test's (a 0 in an SI chart) */
	int se_decimals;     /* PLAIN: the SEs' */
	double dur_scale;    /* DUR: the seconds in one unit */
};

/* The notation of a chart whose largest value (absolute) is big and
 * smallest non-zero one small (0: none), whose values are written as
 * durations of dur_scale seconds a unit (0: not, or not all alike), dec
 * and sdec the test's decimals. */
void br_notation_pick(struct br_notation *nt, double big, double small,
		      double dur_scale, int dec, int sdec);

/* Cell c's value in notation nt ("6:19", "335\u00b5", "1,378,135",
 * PTS's text where the notation is its own). */
const char *br_notation_value(const struct br_notation *nt,
			      const struct br_cell *c, char *buf, size_t size);

/* A number v (no cell: a line chart's "Min: 400") in notation nt. */
const char *br_notation_number(const struct br_notation *nt, double v,
			       char *buf, size_t size);

/* An SE of a value in notation nt: the same prefix, m:ss, or the
 * value's style (br_fmt_se), never "1.67e-07" in a plain chart. */
const char *br_notation_se(const struct br_notation *nt, double se,
			   double value, char *buf, size_t size);

/* br_axis_scale_labelled() of a chart in notation nt: its labels with
 * nt's SI prefix (none in a plain chart: "250,000"), in m:ss when nt's
 * values are, their widths measured so. */
void br_axis_scale_noted(double min, double max,
			 const struct br_bar_label *l, size_t n,
			 double length, const struct br_font *f,
			 const struct br_notation *nt, struct br_axis *ax);

/* br_axis_scale_dur() of an axis without value labels (a line chart's
 * y axis) in notation nt: nt's SI prefix, none in a plain chart. */
void br_axis_scale_in(double min, double max, double length,
		      const struct br_font *f, bool vertical,
		      const struct br_notation *nt, struct br_axis *ax);

/* --------------------------------------------------------------- options */

enum br_whiskers {
	BR_WHISKERS_SE,   /* mean +/- 1 standard error (PTS) */
	BR_WHISKERS_CI,   /* t confidence interval of the mean */
	BR_WHISKERS_NONE,
};

enum br_sort {
	BR_SORT_INPUT,    /* entry order (PTS) */
	BR_SORT_NAME,     /* identifier ascending (viewer "sro") */
	BR_SORT_BEST,     /* best first: HIB descending, LIB ascending */
};

/* How charts look; the numbers come from the analysis. */
/* The paper of a PDF report. */
enum br_paper { BR_PAPER_A4 = 0, BR_PAPER_LETTER };

/* "a4" or "letter", in any case; false if neither. */
bool br_paper_parse(const char *s, enum br_paper *out);

struct br_chart_opts {
	double width;           /* points; 600 */
	enum br_whiskers whiskers;
	enum br_sort sort;
	const char *highlight;  /* system drawn in its colour, the others
				 * grey; or NULL */
	const char *watermark;  /* right of the caption; "" for none */
	const char *family;     /* font family; BR_FONT_FAMILY */
	bool vendor_colors;     /* a vendor's colour for its only system
				 * (colours.h) */
	const char *title;      /* --title: heads the charts of the whole
				 * selection; NULL: the input's */
	double left;            /* the value axis at least this far from
				 * the left edge (scene axis_x), so that
				 * the charts of a report line up; 0: as
				 * far as the names need */
	enum br_paper paper;    /* a PDF report's pages; A4 */
	double room;            /* the height a part of a paging chart may
				 * take (a PDF page's, br_pager_room); 0:
				 * not on paper */
};

void br_chart_opts_defaults(struct br_chart_opts *o);

/* Parse "se"/"ci"/"none", "input"/"name"/"best".  false if unknown. */
bool br_whiskers_parse(const char *s, enum br_whiskers *out);
bool br_sort_parse(const char *s, enum br_sort *out);

/* ---------------------------------------------------- the chart table */

/*
 * One chart type: a row of the chart table (charts.c) and a file of its
 * own (chart_NAME.c).  A type draws one chart per test, or one chart of
 * the whole selection (whole).  Every number comes from the analysis.
 */
/*
 * A row of the chart table.  Each row (in its chart_NAME.c) names every
 * slot with a designated initializer, NULL and false included, and says
 * in a comment what that slot means for the chart (as SQLite comments
 * the methods of each module), so a row reads without this definition
 * beside it; tests/golden/help-lists-tables checks that each row sets
 * each slot.
 */
struct br_chart_type {
	const char *name;     /* --chart NAME (two rows may share a name:
			       * "grouped" is the whole selection's chart
			       * or, for multi-way names, one per test) */
	const char *help;     /* what it draws, for --help ("" to leave a
			       * row sharing a name out) */
	bool whole;           /* one chart of the selection */
	bool front;           /* whole: in a PDF report, pages of its own
			       * before the other charts (the overview) */
	int misfit;           /* the exit status when --chart names it and
			       * it draws nothing: BR_EUSAGE when a choice
			       * of tests would fit, BR_EDATA otherwise */
	enum br_display display; /* per test: the results it draws */
	/*
	 * Whether it can draw test i (whole: the selection; i unused).
	 * When not, why (why_size bytes; NULL: not wanted) gets the reason
	 * in words ("no selected system has a result").
	 */
	bool (*fits)(const struct br_analysis *a, size_t i, char *why,
		     size_t why_size);
	/* Whether --chart auto draws it (given that it fits); NULL: yes. */
	bool (*auto_pick)(const struct br_analysis *a, size_t i);
	/* Whole charts: whether it stands in for test i's own chart;
	 * NULL: for none (drawn beside them). */
	bool (*covers)(const struct br_analysis *a, size_t i);
	/* Lay out the chart of test i (or of the selection): one new scene.
	 * BR_EIO on ENOMEM. */
	int (*layout)(const struct br_analysis *a, size_t i,
		      const struct br_chart_opts *o, struct br_scene **out,
		      struct br_error *err);
	/* Or, for a chart that pages (layout NULL): *scenes gets a new
	 * array of *n scenes of at most per_page rows each (0: one). */
	int (*pages)(const struct br_analysis *a, size_t i,
		     const struct br_chart_opts *o, size_t per_page,
		     struct br_scene ***scenes, size_t *n,
		     struct br_error *err);
	/* Whole charts drawn once per part (a scaling family each): how
	 * many; layout then gets the part as i.  NULL: one chart. */
	size_t (*parts)(const struct br_analysis *a);
};

/* The chart table (charts.c): one row per type, in the order --chart
 * auto tries them. */
extern const struct br_chart_type *const br_chart_types[];
extern const size_t br_n_chart_types;

/* The row called name, of the whole selection or per test; NULL: none. */
const struct br_chart_type *br_chart_find(const char *name, bool whole);

/* Whether --chart NAME is known ("auto" or a row's name). */
bool br_chart_kind_known(const char *name);

/* "auto, overview, grouped, bar, line": the --chart names (static). */
const char *br_chart_kinds_list(void);

/* "auto: ...; bar: ...": the --chart help from the table (static). */
const char *br_chart_kinds_help(void);

/* One chart to draw: a type and the test it draws (SIZE_MAX: whole). */
struct br_chart_job {
	const struct br_chart_type *type;
	size_t test;
	size_t part;       /* a row with parts: which (a scaling family) */
	bool extra;        /* drawn beside the main charts (the overview in
			    * auto): left out of a single-chart output */
};

/* What a run draws (br_chart_plan). */
struct br_chart_plan {
	struct br_chart_job *jobs;  /* whole charts first, then by test */
	size_t n_jobs;
	size_t *skipped;            /* tests drawn by no chart ... */
	char **why;                 /* ... and why, in words */
	size_t n_skipped;
	char *note;                 /* the result overview left out for
				     * want of anything to show, and why
				     * (a line to say); NULL: none */
};

/*
 * Whether analysis a's result overview would have rows but not a single
 * speedup in them (no other system has a result where the baseline has
 * one): left out, and why says so.
 */
bool br_chart_overview_empty(const struct br_analysis *a, char *why,
			     size_t why_size);

/*
 * Plan the charts of analysis a for --chart kind (NULL or "auto": the
 * default choice).  auto: the whole charts whose auto_pick holds, then
 * per test the first per-test type whose auto_pick holds, unless a whole
 * chart covers it.  A named kind: its whole chart (which must fit; else
 * BR_EUSAGE with the reason), the auto whole charts that cover no test,
 * and per test its per-test row, or (tests no chart of it covers) auto's
 * choice when it has whole rows only.  Free with br_chart_plan_fini().
 */
int br_chart_plan(const struct br_analysis *a, const char *kind,
		  struct br_chart_plan *p, struct br_error *err);
void br_chart_plan_fini(struct br_chart_plan *p);

/* Lay out one job: its type's layout (one scene) or pages. */
int br_chart_build(const struct br_analysis *a, const struct br_chart_job *j,
		   const struct br_chart_opts *o, size_t per_page,
		   struct br_scene ***scenes, size_t *n,
		   struct br_error *err);

/* The job of the plan that draws test i alone, or NULL (a whole chart
 * covers it, or none draws it). */
const struct br_chart_job *br_chart_plan_test(const struct br_chart_plan *p,
					      size_t i);

/* A file name for job j, "NN-title-description" (ASCII, at most 60
 * characters after NN: too long, the options' names go, from the
 * first, then the middle, so names differ where their tests do)
 * without the extension; width digits for NN.  A
 * chart of every test is named after o->title or the input's title. */
void br_chart_file_name(char *buf, size_t size, const struct br_analysis *a,
			const struct br_chart_job *j,
			const struct br_chart_opts *o, int width);

/* "Dbench", "Client Count: 1" -> "dbench-client-count-1": ASCII letters
 * and digits, at most 60 characters cut at a word, "test" when none
 * (the HTML report's anchors, the same whatever --tests selects; file
 * names shorten otherwise: br_chart_file_name). */
void br_chart_slug(char *buf, size_t size, const char *title,
		   const char *description);

/* ------------------------------------------------------- the chart files */

/* Horizontal bar chart of scalar test i (doc/pts-format.md section 4.3). */
int br_chart_bar(const struct br_analysis *a, size_t i,
		 const struct br_chart_opts *o, struct br_scene **out,
		 struct br_error *err);

/* Line chart of series test i: one series per system with points, x from
 * t->x (or the point index), per-point whiskers (section 4.4); needs the
 * analysis' point summaries (BR_AN_POINTS). */
int br_chart_line(const struct br_analysis *a, size_t i,
		  const struct br_chart_opts *o, struct br_scene **out,
		  struct br_error *err);

/*
 * Grouped bar chart: groups of horizontal bars, one bar per series in
 * every group, a colour legend of the series on top and one value axis
 * (PTS's multi-way look, section 4.3).  Two uses:
 *   - a table of tests x systems (seed 003: load phases x file systems):
 *     groups = tests, series = systems (chart_grouped.c);
 *   - a PTS multi-way comparison ("Kernel 5.4: GCC 9"): groups = the
 *     identifiers' parts before ": ", series = the parts after it
 *     (chart_multiway.c).
 * head gives the header (title, app version, description lines) and the
 * caption (unit, direction).  cells[g * n_series + s] is the analysis
 * cell of series s in group g (NULL or without a value: no result).
 * Series k is drawn in br_palette(colors ? colors[k] : k).
 */
struct br_grouped_input {
	const struct br_test *head;
	const char *const *groups;          /* group labels */
	const char *const *group_notes;     /* small line under each label
					     * (NULL, or entries NULL/"") */
	size_t n_groups;
	const char *const *series;          /* legend labels */
	const uint32_t *colors;             /* colour per series, or NULL */
	const enum br_marker *markers;      /* shape per series past the
					     * palette's 8 (or NULL: palette
					     * order, br_series_style) */
	size_t n_series;
	const struct br_cell *const *cells;
	const int *decimals;                /* display precision of each
					     * group: its test's */
	double confidence;                  /* of CI whiskers */
	size_t first, count;                /* a part: draws the groups
					     * [first, first + count) with
					     * the margins and axis of all
					     * (count 0: every group) */
	size_t part, parts;                 /* "(part 2 of 3)" when parts
					     * > 1 */
};

/*
 * Group notes under one title are told apart (br_chart_labels: middle
 * shortened, those alike show where they differ), so no two rows read
 * the same.  BR_EIO on ENOMEM; BR_EDATA when no cell has a value.
 */
int br_chart_grouped(const struct br_grouped_input *in,
		     const struct br_chart_opts *o, struct br_scene **out,
		     struct br_error *err);

/*
 * The result overview (OpenBenchmarking's "Result Overview", drawn as one
 * chart): one row per test, every candidate system's speedup against the
 * baseline on a log axis (> 1 is better, whatever the test's direction),
 * and the geometric mean of each candidate last.  With up to 3
 * candidates each row has a bar per candidate from 1 with its value;
 * with more, one dot per candidate on a shared track, each a little
 * lower than the one before (doc/charts.md, "The result overview").  A result whose
 * confidence interval includes 1 (not_proven) is drawn pale (bars) or
 * hollow (dots); results without an interval (single runs) are drawn
 * plainly, and the footer says so.  chart_overview.c builds it from the
 * analysis (br_speedup_of_cmp, br_speedup_of_geo).
 */
struct br_overview_input {
	const char *title;            /* header title */
	const char *subtitle;         /* description line, or NULL */
	const char *baseline;         /* the baseline system's name */
	const char *measure;          /* what is compared, derived results
				       * (rs->derived): "performance per
				       * dollar"; NULL: relative performance */
	const char *const *systems;   /* candidates, baseline excluded */
	const struct br_style *styles; /* per candidate (br_system_styles) */
	size_t n_systems;
	const char *const *tests;     /* row labels */
	size_t n_tests;
	const struct br_speedup *cells; /* [t * n_systems + s] */
	const char *const *why;       /* [t * n_systems + s]: why a cell
				       * has no speedup, in a word or two
				       * ("failed", "not run"), or NULL */
	const struct br_speedup *gm;  /* per candidate, or NULL: no
				       * geometric mean row */
	const size_t *gm_k;           /* tests behind each mean: those with
				       * runs (br_geo_k) */
	bool gm_runs_only;            /* some mean leaves single-run tests
				       * out (doc/statistics.md, "Geometric
				       * mean") */
	double confidence;            /* of the intervals, for the note */
	size_t show_from, show_n;     /* draw tests [from, from + n) only,
				       * with the axis and margin of all
				       * (pages of one overview); n = 0:
				       * all */
	bool gm_only;                 /* no test row: a page of geometric
				       * means alone */
	size_t gm_from, gm_n;         /* the geometric means of candidates
				       * [from, from + n) only (their page
				       * of a long block); n = 0: all */
};

/* BR_EIO on ENOMEM; BR_EDATA when there is no candidate or no test. */
int br_chart_overview(const struct br_overview_input *in,
		      const struct br_chart_opts *o, struct br_scene **out,
		      struct br_error *err);

/* ---------------------------------------------------------------- report */

/* What the title page of a PDF report says. */
struct br_report_input {
	const struct br_resultset *rs;
	const size_t *systems;        /* selected systems, in order */
	size_t n_systems;
	size_t n_tests;               /* tests in the report */
	const char *title;
	const char *description;      /* may be NULL */
	const char *note;             /* a line under "N tests, M systems"
				       * (the overview left out, and why);
				       * NULL: none */
};

/*
 * The report as pages of o->paper (one scene each: A4 595.28 x 841.89
 * pt, Letter 612 x 792 pt), a scene
 * at a time, so a report of thousands of charts never holds them all:
 * br_pager_new() makes the title page (title, description, "N tests, M
 * systems" and the systems table: one column per system, one row per
 * hardware/software key, equal neighbouring cells merged);
 * br_pager_front() puts a scene on a page of its own; br_pager_chart()
 * places a chart scaled to the text width (and down to the page's
 * height: see br_report_opts), as many a page as fit (the
 * first starts a page); the caller may free a scene right after.
 * br_pager_finish() adds page numbers in the footer, hands over the
 * pages (*pages: free each with br_scene_free() and the array with
 * free()) and frees the pager.  BR_EIO on ENOMEM.  br_pager_free()
 * discards a pager.
 */
struct br_report_pager;

/*
 * A report's charts are laid out for the page, not shrunk onto it at
 * will: a 600 pt chart scaled to A4's text width printed its 8 pt SE
 * lines at 6.8 pt.  br_report_opts() gives o (the chart options) the
 * width that the text width holds with no text under 7 pt, and the value
 * axis x of the widest-named chart of plan p (every chart that lines
 * up, br_report_aligned, but the front pages, laid out once to
 * measure; those that fail are left out, as they are from the report),
 * so that the bar charts of the report, and so of each page, have
 * their axis at the same x.  BR_EIO on ENOMEM.
 */
int br_report_opts(const struct br_analysis *a, const struct br_chart_plan *p,
		   struct br_chart_opts *o, struct br_error *err);

/* Whether a chart of type t lines its value axis up with the others'
 * (bars, their names at the left); line and scaling charts take the
 * whole width instead. */
bool br_report_aligned(const struct br_chart_type *t);

/* How tall a chart o->width wide may be (in its own points) to fit a
 * page of o->paper at the text width, unscaled. */
double br_pager_room(const struct br_chart_opts *o);

/*
 * The footer of every page of a PDF report (chart_report.c): a rule,
 * "Page i of n" at the right and title, shortened to fit, at the left,
 * 42 points in from the edges of pages pw x ph.  *nomem is set when
 * memory ran out (a page without its footer).
 */
void br_pdf_footers(struct br_scene *const *pages, size_t n, double pw,
		    double ph, const char *family, const char *title,
		    bool *nomem);

/* The PDF report's options besides the charts'. */
struct br_pdf_opts {
	const char *title;    /* --title; NULL: the input's */
	/* Called with each line to say on standard error ("render:
	 * skipping ...", "warning: ..."); NULL: none. */
	void (*say)(void *ctx, const char *line);
	void *ctx;
};

/*
 * The PDF report of analysis a as plan p draws it, with chart options
 * o (o->paper its paper), in one call (report_pdf.c): the title page,
 * the overview's pages, then every other chart in the plan's order,
 * each split into parts of as many rows as a page holds, so that no
 * chart is scaled down under 7 pt text; line and scaling charts at the
 * whole text width.  The title is ro->title, else the input's, else
 * "Benchmark results"; an input's title that PTS left unexpanded
 * ("$result_name") gives way to the first file's name, said.  *pages
 * as br_pager_finish().  BR_EIO on ENOMEM.
 */
int br_report_pdf(const struct br_analysis *a, const struct br_chart_plan *p,
		  const struct br_chart_opts *o, const struct br_pdf_opts *ro,
		  struct br_scene ***pages, size_t *n_pages,
		  struct br_error *err);

int br_pager_new(const struct br_report_input *in,
		 const struct br_chart_opts *o, struct br_report_pager **out,
		 struct br_error *err);
int br_pager_front(struct br_report_pager *p, const struct br_scene *sc,
		   struct br_error *err);
int br_pager_chart(struct br_report_pager *p, const struct br_scene *sc,
		   struct br_error *err);
int br_pager_finish(struct br_report_pager *p, struct br_scene ***pages,
		    size_t *n_pages, struct br_error *err);
void br_pager_free(struct br_report_pager *p);

/* ---------------------------------- shared by chart_*.c (not public API) */

/* The duration scale of an axis so far (-1: no value yet) with cell c's
 * value: its br_cell.dur_scale while every value has the same, else 0
 * (numbers on the axis).  Cells without a value leave it as it is. */
double br_chart_dur_scale(double so_far, const struct br_cell *c);

#define BR_C_TEXT 0x065695u    /* caption, ticks, values outside bars */
#define BR_C_HEAD 0x231f20u    /* title, subtitles, names */
#define BR_C_AXIS 0x757575u    /* axis lines, whiskers, small text */
#define BR_C_GRID 0xbababau
#define BR_C_OUTLINE 0x949494u
#define BR_C_MUTED 0x9e9e9eu

/* The whisker interval of a bar (+/-1 SE, or the CI, per o->whiskers),
 * or false when it has none (N < 2, no spread, whiskers off). */
bool br_chart_whisker(const struct br_chart_opts *o, const struct br_summary *s,
		      double *lo, double *hi);

/*
 * Draw a whisker: the interval [a, b] along the value axis at cross
 * position at (vertical: a and b are y, at is x), clipped to [lim_lo,
 * lim_hi].  Every chart draws its whiskers here, so they look the same:
 * a 1 pt line in color through the middle of the bar (or point), caps
 * BR_WHISKER_CAP to each side at the ends that are not clipped, over a
 * 3 pt white halo that keeps it readable on any fill and on the page.
 * Returns whether it drew anything (not when under 2 pt after clipping):
 * the whisker footnote is for charts that show one.
 */
#define BR_WHISKER_CAP 4.0
#define BR_C_WHISKER BR_C_HEAD
bool br_chart_whisker_draw(struct br_scene *sc, double a, double b, double at,
			   bool vertical, double lim_lo, double lim_hi,
			   uint32_t color);

/*
 * Grid lines (dashed, not at 0) and tick labels of a horizontal value
 * axis ax over [x0, x0 + pw], from top to bottom, labels 15 pt below.
 * grid gets the x of every grid line drawn (at most BR_AXIS_MAX_TICKS),
 * for value labels to keep clear of; returns their number.
 */
size_t br_chart_xgrid(struct br_scene *sc, const struct br_axis *ax,
		      const struct br_font *f, double x0, double pw,
		      double top, double bottom, double *grid);

/* The widest tick label of ax in font f (a vertical axis' margin). */
double br_chart_ylabels_width(const struct br_axis *ax,
			      const struct br_font *f);

/*
 * Grid lines (dashed; solid at 0) from left to right and tick labels
 * right-aligned 5 pt left of it, of a vertical value axis ax over [top,
 * bottom], and "0" at the bottom when the axis starts at 0 (a line
 * chart, which has no bars to show where zero is).
 */
void br_chart_ygrid(struct br_scene *sc, const struct br_axis *ax,
		    const struct br_font *f, double left, double right,
		    double top, double bottom);

/* Where a horizontal bar's value label goes (br_chart_bar_value). */
struct br_bar_value {
	double zx, vx;        /* x of zero and of the value: the bar */
	double y;             /* the label's baseline */
	bool whisker;         /* a whisker was drawn from wa to wb */
	double wa, wb;
	uint32_t fill;        /* the bar's colour */
	const double *grid;   /* grid lines' x (br_chart_xgrid) */
	size_t n_grid;
	double x0, x1;        /* the plot */
	double inset;         /* room kept in the bar at its zero end (a
			       * series' marker); 0: none */
	bool neg;             /* the value is below zero: its label goes
			       * left even where its bar rounds to
			       * nothing (vx == zx) */
};

/*
 * The whisker of a bar whose summary is s, on axis ax over a plot pw wide
 * from v->x0, centred at cy (br_chart_whisker_draw): fills v->wa, v->wb
 * and v->whisker, and returns whether one was drawn.
 */
bool br_chart_bar_whisker(struct br_scene *sc, const struct br_chart_opts *o,
			  const struct br_summary *s, const struct br_axis *ax,
			  double pw, double cy, struct br_bar_value *v);

/*
 * Draw text, a bar's value, in the bar (black or white, br_text_on) when
 * it fits between the zero end and the whisker, else beyond the bar and
 * whisker (6 pt on) in f's colour, knocked out of any grid line it would
 * come within 3 pt of (a patch of background behind it): a label stays
 * next to its bar, the grid goes behind it.  Returns
 * the x where the bar, its whisker and the label end, away from zero.
 */
double br_chart_bar_value(struct br_scene *sc, const struct br_font *f,
			  const struct br_bar_value *v, const char *text);

/* The scene's title (its PDF/SVG title): "Title - Description" of t,
 * with PTS's '|' line breaks shown as ", ". */
void br_chart_set_title(struct br_scene *sc, const struct br_test *t);

/* A string made like printf, of any length (no fixed buffer cuts a name
 * in the middle of a character): free() it; NULL and sc's nomem set (sc
 * may be NULL) when out of memory. */
char *br_chart_strf(struct br_scene *sc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Title "<Title> <AppVersion>" (bold 17, shrunk to fit), description lines
 * (split on '|', wrapped; bold 11), then the caption line: direction arrow
 * and "<unit>, More Is Better" at plot_left, watermark right-aligned.
 * extra: height reserved between the header and the caption (legends).
 * Returns the plot top; *legend_y gets the top of the reserved space.
 */
double br_chart_header(struct br_scene *sc, const struct br_test *t,
		       const struct br_chart_opts *o, double plot_left,
		       double extra, double *legend_y);

/*
 * Footer lines from (x, y) (first baseline): the whisker statement (when
 * whiskers is true; confidence is the level of CI whiskers) and numbered
 * notes (t's annotation, the compiler options of the n cells' entries),
 * wrapped to the chart's right margin.  Returns the chart height.
 */
double br_chart_footer(struct br_scene *sc, const struct br_test *t,
		       const struct br_cell *cells, size_t n,
		       double confidence, const struct br_chart_opts *o,
		       double x, double y, bool whiskers);

/* text wrapped to max_w in font f, one line every 11 pt from baseline
 * y (the footers' notes); the next baseline.  Sets sc->nomem on ENOMEM. */
double br_chart_note_lines(struct br_scene *sc, const struct br_font *f,
			   double x, double y, double max_w, const char *text);

/*
 * A colour legend flowed into rows from (x, y) (top of the first row)
 * up to max_w wide: a 9 pt square of colors[k] and labels[k] (bold 9,
 * one line, told apart by br_chart_labels) per item, or, with markers,
 * marker markers[k] in colors[k] (charts of dots whose series differ by
 * shape too).  Draws nothing when sc is NULL.  Returns the height used.
 */
double br_chart_legend(struct br_scene *sc, const struct br_chart_opts *o,
		       double x, double y, double max_w,
		       const char *const *labels, const uint32_t *colors,
		       const enum br_marker *markers, size_t n);

/* Text wrapped to max_w in at most max_lines lines, the last one
 * ellipsized.  Returns the line count; *lines as br_text_wrap (free
 * with br_text_lines_free); (size_t)-1 on ENOMEM. */
size_t br_chart_wrap(const struct br_font *f, const char *s, double max_w,
		     size_t max_lines, char ***lines);

/* ------------------------------------------------------------- labels */

/* The visible label of a name in a chart: one line or two. */
struct br_label {
	char *line[2];       /* line[1] NULL: one line */
	size_t n_lines;
	bool shortened;      /* part of the name left out: drawn with the
			      * full name as a tooltip */
};

/*
 * The labels of all n names (non-NULL) of one chart, each in at most
 * max_lines lines (1 or 2) no wider than max_w in font f (labels.c).  A
 * name is kept whole when it fits, wrapped when it fits in two lines
 * (at a separator such as " - ", a space, a '/' or ',', beside an
 * ideograph, else in a word), else shortened in the middle ("ARMv7 rev
 * 3 - ...- USB SSD": the start and as much of the end as fits), cut at
 * characters.  No two labels read the same: those alike show more of
 * where their names differ, else " (2)", " (3)" ... is appended.
 * Returns n labels (free with br_chart_labels_free()), NULL on ENOMEM.
 */
struct br_label *br_chart_labels(const struct br_font *f,
				 const char *const *names, size_t n,
				 double max_w, size_t max_lines);
void br_chart_labels_free(struct br_label *l, size_t n);

/* Draw label l of name at baseline (x, y), lines line_h apart, the name
 * as the tooltip of a shortened one.  Returns the widest line's width. */
double br_chart_label_draw(struct br_scene *sc, double x, double y,
			   enum br_anchor anchor, const struct br_font *f,
			   const struct br_label *l, const char *name,
			   double line_h);

#endif
