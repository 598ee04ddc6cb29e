#!/usr/bin/env python3
# The structural check of sysmark's -f json documents against doc/json.md
# (schema version 1), hand-written because no JSON Schema package can be
# assumed: python3 tests/check/json_check.py COMMAND < doc.json exits 0 when
# every key the schema lists is there with its type, else prints the path
# of the first wrong key and exits 1.  Extra keys are allowed, as the
# schema allows them within a version.
import json
import re
import sys

# A spec is a type name ("int", "num", "str", "bool"), the name with "?"
# (or null), ("list", spec), ("map", spec): an object of any keys, a dict
# of key -> spec (all required), ("opt", spec): a key that may be absent, or
# ("enum", values): a string among those (where ENUMS' rule for the key's
# name does not hold: a series' status is not a sample's); "row" is a
# table's row, "meta" a run's meta (below).
NUMQ = "num?"
TABLE = {"title": "str?", "columns": ("list", "str"),
         "rows": ("list", "row"), "notes": ("list", "str")}
ESTIMATE = {k: NUMQ for k in ("mean", "ci_rel", "within_cv", "between_cv",
                              "df", "trend_p", "unfair", "busy")}
ESTIMATE.update({k: "int" for k in ("units", "n", "warmups", "failed",
                                    "trend", "outliers")})
ESTIMATE["flags"] = "str"
STATS = {k: NUMQ for k in ("mean", "median", "min", "max", "sd", "cv",
                           "ci")}
STATS["n"] = "int"
SAMPLE = {"repeat": "int", "index": "int", "warmup": "bool", "status": "str",
          "value": NUMQ, "duration": NUMQ, "elapsed": NUMQ,
          "iterations": "int", "per_copy": ("list?", NUMQ), "busy": NUMQ,
          "freq_mhz": NUMQ, "temp_c": NUMQ, "session": "int",
          "user_s": NUMQ, "sys_s": NUMQ, "maxrss_kb": NUMQ,
          "exec_min": NUMQ, "exec_mean": NUMQ, "exec_max": NUMQ,
          "exec_sd": NUMQ, "reason": "str"}
EXECS = {k: NUMQ for k in ("mean", "sd", "min", "max")}
EXECS["n"] = "int"
RUN_TEST = {"id": "str", "title": "str", "group": "str?", "unit": "str?",
            "version": "int", "copies": "int", "higher_is_better": "bool",
            "estimate": ESTIMATE, "stats": ("dict?", STATS),
            "executions": ("dict?", EXECS),
            "samples": ("list", SAMPLE)}
HIST = {"step": "str", "users": "int", "index": "int", "repeat": "int",
        "count": "int", "mean_ns": NUMQ, "p50_ns": NUMQ, "p90_ns": NUMQ,
        "p99_ns": NUMQ, "max_ns": NUMQ}
RUN = {"file": "str?", "label": "str?", "note": "str?",
       "meta": "meta", "tests": ("list", RUN_TEST),
       "response_times": ("list", HIST)}
RUN_DOC = {"runs": ("list", RUN), "tables": ("list", TABLE),
           "index": ("opt", TABLE), "noise": ("opt", TABLE)}
LINE = {"id": "str", "title": "str", "copies": "int", "kind": "str",
        "higher_is_better": "bool", "old": NUMQ, "new": NUMQ,
        "change_pct": NUMQ, "ci_low_pct": NUMQ, "ci_high_pct": NUMQ,
        "p": NUMQ, "df": NUMQ, "basis": "str", "verdict": "str",
        "detectable_pct": NUMQ,
        "n_old": "int", "n_new": "int", "repeats_old": "int",
        "repeats_new": "int", "within_cv_old_pct": NUMQ,
        "between_cv_old_pct": NUMQ, "within_cv_new_pct": NUMQ,
        "between_cv_new_pct": NUMQ, "flags_old": "str", "flags_new": "str",
        "version_old": "int", "version_new": "int", "failed": "bool"}
SIDE = {"name": "str", "runs": ("list", "int")}
COMPARISON = {"old": SIDE, "new": SIDE, "lines": ("list", LINE),
              "geomean": {"change_pct": NUMQ, "n": "int", "over": "str"},
              "warnings": ("list", "str"),
              "host_shift": ("dict?", {"way": ("enum", ("faster", "slower")),
                                       "tests": "int", "of": "int",
                                       "groups": "int", "median_pct": "num",
                                       "lo_pct": "num", "hi_pct": "num",
                                       "p": "num"})}
CMP_RUN = {"file": "str", "name": "str", "label": "str?", "note": "str?",
           "hostname": "str?", "date": "str?"}
TRIP = {"id": "str", "copies": "int", "condition": "str",
        "busy": "str?"}
GATE = {"fail_on": "str", "tripped": "bool", "lines": "int",
        "busy_lines": "int",
        "exit_status": "int", "blind_pct": NUMQ, "missable_pct": NUMQ,
        "missable_id": "str?", "trips": ("list", TRIP)}
COMPARE_DOC = {"alpha": "num", "min_effect_pct": "num", "profile": "str?",
               "filter": {"tests": "str?", "group": "str?"},
               "runs": ("list", CMP_RUN),
               "comparisons": ("list", COMPARISON),
               "tables": ("list", TABLE), "gate": ("dict?", GATE)}
LIST_DOC = {"tests": ("list", {"id": "str", "title": "str", "group": "str",
                               "unit": "str", "version": "int",
                               "higher_is_better": "bool",
                               "description": "str"})}
POINT = {"file": "str", "date": "str?", "label": "str?", "commit": "str?",
         "mean": "num", "ci95": NUMQ, "n": "int"}
CHANGE = {"index": "int", "file": "str", "name": "str",
          "start_first_index": "int", "start_last_index": "int",
          "start_first": "str", "start_last": "str", "change": "num",
          "change_lo": "num", "change_hi": "num", "p": "num",
          "before": "num", "after": "num", "runs_before": "int",
          "runs_after": "int", "worse": "bool"}
STRAY = {"index": "int", "file": "str", "name": "str", "off": "num"}
SERIES = {"host": "str", "id": "str", "version": "int", "copies": "int",
          "unit": "str", "better": "str", "build": "str?",
          "apart": "str?", "apart_why": "str?",
          "status": ("enum", ("searched", "too short")),
          "detectable": NUMQ, "correlation": "num",
          "runs": ("list", POINT), "change_points": ("list", CHANGE),
          "strays": ("list", STRAY)}
HTRIP = {"host": "str", "id": "str", "version": "int", "copies": "int",
         "change_point": "int?", "age_runs": "int", "file": "str",
         "condition": "str", "busy": "str?", "reason": "str"}
HGATE = {"fail_on": "str", "tripped": "bool", "exit_status": "int",
         "busy_series": "int", "new_runs": ("list", "str"),
         "trips": ("list", HTRIP)}
LEFT = {"file": "str", "host": "str", "id": "str", "version": "int",
        "copies": "int", "reason": "str"}
HISTORY_DOC = {"files": "int", "files_read_around": "int",
               "series": ("list", SERIES), "left_out": ("list", LEFT),
               "copies": ("list", {"file": "str", "copy_of": "str"}),
               "gate": ("dict?", HGATE)}
FLEET_HOST = {k: "str" for k in ("host", "target", "ssh_exit", "agent_exit",
                                  "start", "end", "seconds", "agent_seconds",
                                  "samples", "file", "reason")}
FLEET_HOST["status"] = ("enum", ("ok", "failed-samples", "refused",
                                 "unreachable", "auth", "hostkey",
                                 "no-binary", "lost", "timeout",
                                 "interrupted", "failed", "pending",
                                 "running"))
FLEET_DOC = {"hosts": ("list", FLEET_HOST), "runs": ("list", RUN),
             "side_by_side": ("dict?", TABLE)}
DOCS = {"list": LIST_DOC, "compare": COMPARE_DOC, "history": HISTORY_DOC,
        "fleet show": FLEET_DOC}
for c in ("run", "show", "import", "users", "calibrate"):
    DOCS[c] = RUN_DOC
ENUMS = {"status": ("ok", "failed", "skipped"),
         "kind": ("ranked", "version differs", "only old", "only new",
                  "build differs", "direction differs"),
         "basis": ("runs", "profile", "samples+floor", ""),
         "verdict": ("better", "worse", "~", "small", "n/a", "single", ""),
         "better": ("higher", "lower")}


class Bad(Exception):
    pass


def scalar(path, v, t):
    if t.endswith("?"):
        if v is None:
            return
        t = t[:-1]
    ok = {"int": lambda x: type(x) is int,
          "num": lambda x: type(x) in (int, float),
          "str": lambda x: type(x) is str,
          "bool": lambda x: type(x) is bool}[t](v)
    if not ok:
        raise Bad("%s: expected %s, got %s" % (path, t, json.dumps(v)[:60]))


# A run's meta: a value written as a decimal number is a number
# ("cpus": 2), unless its key is text by nature ("hostname": "1234" stays a
# string); text that is no such number ("1.32, 2.28", "not available") is
# a string.
NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?\Z")
META_TEXT = ("hostname", "label", "note", "commit", "date", "journal_date",
             "plan_tests", "plan_copies", "order_seed", "suite",
             "imported_from", "tmpdir", "mix")


def meta(path, v):
    if not isinstance(v, dict):
        raise Bad("%s: expected an object" % path)
    for k, x in v.items():
        text = (k in META_TEXT or "version" in k or k.startswith("command")
                or k.startswith("gap."))
        if type(x) is str and not text and NUMBER.match(x) and \
                abs(int(float(x))) <= 2 ** 53:
            raise Bad("%s.%s: the number %s is a string" % (path, k, x))
        if text or type(x) is bool:
            scalar(path + "." + k, x, "str")
        elif type(x) not in (int, float, str):
            raise Bad("%s.%s: expected str or num, got %s" %
                      (path, k, json.dumps(x)[:60]))


def row(path, v):
    if not isinstance(v, dict) or not (
            ("section" in v and type(v["section"]) is str) or
            ("cells" in v and isinstance(v["cells"], list) and
             all(type(c) is str for c in v["cells"]))):
        raise Bad("%s: expected {\"section\": str} or {\"cells\": [str]}"
                  % path)


def check(path, v, spec):
    if spec == "row":
        return row(path, v)
    if spec == "meta":
        return meta(path, v)
    if isinstance(spec, tuple) and spec[0] == "enum":
        if type(v) is not str or v not in spec[1]:
            raise Bad("%s: %s is not one of %s" % (path, json.dumps(v)[:60],
                                                   ", ".join(spec[1])))
        return
    if isinstance(spec, str):
        return scalar(path, v, spec)
    if isinstance(spec, dict):
        if not isinstance(v, dict):
            raise Bad("%s: expected an object" % path)
        for k, s in spec.items():
            if isinstance(s, tuple) and s[0] == "opt":
                if k in v:
                    check(path + "." + k, v[k], s[1])
                continue
            if k not in v:
                raise Bad("%s: key \"%s\" missing" % (path, k))
            check(path + "." + k, v[k], s)
            if isinstance(s, tuple) and s[0] == "enum":
                continue
            if k in ENUMS and isinstance(v[k], str) and v[k] not in ENUMS[k]:
                raise Bad("%s.%s: \"%s\" is not one of %s" %
                          (path, k, v[k], ", ".join(ENUMS[k])))
        return
    kind, inner = spec
    if kind.endswith("?"):
        if v is None:
            return
        kind = kind[:-1]
    if kind == "dict":
        return check(path, v, inner)
    if kind == "map":
        if not isinstance(v, dict):
            raise Bad("%s: expected an object" % path)
        for k, x in v.items():
            check(path + "." + k, x, inner)
        return
    if not isinstance(v, list):
        raise Bad("%s: expected an array" % path)
    for i, x in enumerate(v):
        check("%s[%d]" % (path, i), x, inner)


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in DOCS:
        sys.exit("usage: json_check.py %s < doc.json" % "|".join(DOCS))
    text = sys.stdin.read()
    try:
        doc = json.loads(text, parse_constant=lambda c: (_ for _ in ()).
                         throw(Bad("%s is not JSON" % c)))
        if not isinstance(doc, dict) or list(doc)[:1] != ["sysmark_json"]:
            raise Bad("the first key is not \"sysmark_json\"")
        check("$", doc, {"sysmark_json": "int", "sysmark_version": "str",
                         "command": "str"})
        if doc["sysmark_json"] != 1:
            raise Bad("sysmark_json is %r, this checks version 1" %
                      doc["sysmark_json"])
        if doc["command"] != sys.argv[1]:
            raise Bad("command is \"%s\", expected \"%s\"" %
                      (doc["command"], sys.argv[1]))
        check("$", doc, DOCS[sys.argv[1]])
    except (Bad, ValueError) as e:
        sys.exit("json_check: %s" % e)


main()
