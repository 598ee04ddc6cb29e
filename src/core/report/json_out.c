/*
 * sysmark's -f json: one JSON document per command on stdout, for
 * scripts.  This file holds what every command's document shares: the
 * envelope with the schema version (doc/json.md), numbers that read back
 * exactly and never as NaN, any table as rows of cells, the catalog for
 * `list`, and the writing.  A run's document is json_run.c's, a
 * comparison's json_compare.c's.  Only these files know jansson; the
 * rest of sysmark sees an opaque struct json_t.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report.h"

/* jansson returns NULL only when out of memory (or for a bad argument). */
static json_t *
json_out_check(json_t *v)
{
	if (v == NULL)
		sm_fatal("out of memory building JSON");
	return v;
}

/* A new document for command: {"sysmark_json": N, "command": ...}. */
json_t *
json_out_doc(const char *command)
{
	json_t	*doc = json_out_check(json_object());

	json_out_int(doc, "sysmark_json", JSON_OUT_VERSION);
	json_out_str(doc, "sysmark_version", SYSMARK_VERSION);
	json_out_str(doc, "command", command);
	return doc;
}

/*
 * obj[key] = v, taking v's reference.  A key can come from a file (a
 * run's meta), so it is made UTF-8 first, as json_out_string() does.
 */
void
json_out_set(json_t *obj, const char *key, json_t *v)
{
	json_t	*k = json_out_string(key);

	if (json_object_set_new_nocheck(obj, json_string_value(k),
	    json_out_check(v)) != 0)
		sm_fatal("JSON: cannot set \"%s\"", key);
	json_decref(k);
}

/* Append v to the array arr, taking v's reference. */
void
json_out_append(json_t *arr, json_t *v)
{
	if (json_array_append_new(arr, json_out_check(v)) != 0)
		sm_fatal("JSON: cannot append to an array");
}

/* A new empty object or array (never NULL). */
json_t *
json_out_object(void)
{
	return json_out_check(json_object());
}

json_t *
json_out_array(void)
{
	return json_out_check(json_array());
}

/* A number, or null when it is NaN or infinite (JSON has neither). */
json_t *
json_out_number(double v)
{
	return isfinite(v) ? json_out_check(json_real(v)) : json_null();
}

void
json_out_num(json_t *obj, const char *key, double v)
{
	json_out_set(obj, key, json_out_number(v));
}

void
json_out_null(json_t *obj, const char *key)
{
	json_out_set(obj, key, json_null());
}

void
json_out_int(json_t *obj, const char *key, long long v)
{
	json_out_set(obj, key, json_integer(v));
}

void
json_out_bool(json_t *obj, const char *key, int v)
{
	json_out_set(obj, key, json_boolean(v));
}

/*
 * A JSON string of s.  Text from files need not be UTF-8 (an imported
 * report, a hostname): it is decoded a character at a time
 * (visible_utf8()), each well-formed sequence kept as it is and only a
 * byte that starts none read as Latin-1, so the document is always valid,
 * nothing is dropped, and one stray byte never re-encodes the UTF-8
 * around it ("\xc3\xa9\xff" is "\u00e9\u00ff", not "\u00c3\u00a9...").
 */
json_t *
json_out_string(const char *s)
{
	json_t	*v;
	char	*u;
	size_t	 n = 0, k;

	if ((v = json_string(s)) != NULL)
		return v;
	u = xmalloc(2 * strlen(s) + 1);
	for (const unsigned char *p = (const unsigned char *)s; *p; p += k) {
		if ((k = visible_utf8(p)) > 0) {
			memcpy(u + n, p, k);
			n += k;
			continue;
		}
		k = 1;
		u[n++] = (char)(0xc0 | (*p >> 6));
		u[n++] = (char)(0x80 | (*p & 0x3f));
	}
	u[n] = '\0';
	v = json_out_check(json_string(u));
	free(u);
	return v;
}

/* obj[key] = the string s, or null for NULL. */
void
json_out_str(json_t *obj, const char *key, const char *s)
{
	json_out_set(obj, key, s != NULL ? json_out_string(s) : json_null());
}

/* ---- Tables ---- */

/*
 * Any table as {"title", "columns", "rows", "notes"}: a row is
 * {"section": text} or {"cells": [...]}, cells as the text form shows
 * them.  For the tables with no structured form of their own (curves,
 * response times, the best of the breed, the noise profile).
 */
json_t *
json_out_table(const struct table *t)
{
	json_t	*o = json_out_object(), *cols = json_out_array();
	json_t	*rows = json_out_array(), *notes = json_out_array();
	json_t	*row, *cells;

	json_out_str(o, "title", t->title);
	for (size_t c = 0; c < t->ncols; c++)
		json_out_append(cols,
		    json_out_string(t->cols[c].header));
	for (size_t r = 0; r < t->nrows; r++) {
		row = json_out_object();
		if (t->rows[r].section) {
			json_out_str(row, "section", t->rows[r].cells[0]);
			json_out_append(rows, row);
			continue;
		}
		cells = json_out_array();
		for (size_t c = 0; c < t->ncols; c++)
			json_out_append(cells, json_out_string(
			    t->rows[r].cells[c] != NULL ?
			    t->rows[r].cells[c] : ""));
		json_out_set(row, "cells", cells);
		json_out_append(rows, row);
	}
	for (size_t i = 0; i < t->nnotes; i++)
		json_out_append(notes, json_out_string(t->notes[i]));
	json_out_set(o, "columns", cols);
	json_out_set(o, "rows", rows);
	json_out_set(o, "notes", notes);
	return o;
}

/* Append the n tables to doc's "tables" array and free them. */
void
json_out_add_tables(json_t *doc, struct table **t, size_t n)
{
	json_t	*arr = json_object_get(doc, "tables");

	if (arr == NULL) {
		arr = json_out_array();
		json_out_set(doc, "tables", arr);
	}
	for (size_t i = 0; i < n; i++) {
		json_out_append(arr, json_out_table(t[i]));
		table_free(t[i]);
	}
}

/* ---- The catalog ---- */

/* `list`: doc["tests"], every test the registry holds. */
void
json_out_catalog(json_t *doc)
{
	json_t	*arr = json_out_array(), *o;

	for (size_t k = 0; registry_all[k] != NULL; k++) {
		const struct bench	*b = registry_all[k];

		o = json_out_object();
		json_out_str(o, "id", b->id);
		json_out_str(o, "title", b->title);
		json_out_str(o, "group", b->group);
		json_out_str(o, "unit", b->unit);
		json_out_int(o, "version", b->version);
		json_out_bool(o, "higher_is_better", b->dir == BENCH_HIGHER);
		json_out_str(o, "description", b->desc);
		json_out_append(arr, o);
	}
	json_out_set(doc, "tests", arr);
}

/* ---- Writing ---- */

/* Free doc unwritten: the command failed before it was whole. */
void
json_out_free(json_t *doc)
{
	json_decref(doc);
}

/*
 * Write doc to f, indented, and free it.  17 significant digits make
 * every double read back as the same double.  0, or -1 with err set.
 */
int
json_out_write(json_t *doc, FILE *f, struct sm_error *err)
{
	int	rc;

	rc = json_dumpf(doc, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
	    JSON_REAL_PRECISION(17));
	json_decref(doc);
	if (rc == 0)
		fputc('\n', f);
	if (rc != 0 || fflush(f) != 0 || ferror(f)) {
		sm_error_set(err, "writing the JSON document: %s",
		    strerror(errno));
		return -1;
	}
	return 0;
}
