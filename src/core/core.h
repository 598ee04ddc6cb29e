/*
 * The sysmark core: everything that measures, computes and stores, and
 * nothing that draws.  The headless CLI (src/main.c, src/cmd/) and the
 * console (ui/) are both thin layers over this API, so they always show
 * the same truth.
 *
 * The core is in folders by concern, each with its own header; a
 * folder calls only the folders below it, in this order (the header of
 * each includes the one below, and tests/structure/layers.sh checks the calls):
 *
 *   fleet    many hosts driven over OpenSSH
 *   history  series over saved runs and their change points
 *   report   the report, JSON, HTML, curves
 *   chart    SVG charts
 *   session  one measured run, whoever drives it; resume
 *   users    simulated users and their response times
 *   measure  the runner, the child's side, hooks, the sweep
 *   import   other suites' results read as runs
 *   plan     the plan, noise profiles, --detect, command tests
 *   judge    compare, verdicts, bm_diff, the gate, the index
 *   store    runs on disk: CSV, save, journal, baselines
 *   machine  the facts of the machine measured
 *   estimate estimates, their spread, whether two differ
 *   model    tests, runs, names, paths
 *   table    tables as text, CSV and Markdown
 *   stats    statistics of numbers
 *   base     errors, allocation, files, text, CSV cells
 *
 * This header only gathers them, for the front ends and the tests.
 */
/* SPDX-License-Identifier: MIT */

#ifndef CORE_H
#define CORE_H

#include "base/base.h"
#include "stats/stats.h"
#include "table/table.h"
#include "model/model.h"
#include "estimate/estimate.h"
#include "machine/machine.h"
#include "store/store.h"
#include "judge/judge.h"
#include "plan/plan.h"
#include "import/import.h"
#include "measure/measure.h"
#include "users/users.h"
#include "session/session.h"
#include "chart/chart.h"
#include "report/report.h"
#include "history/history.h"
#include "fleet/fleet.h"

#endif
