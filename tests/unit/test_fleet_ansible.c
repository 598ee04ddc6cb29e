/*
 * Inventories as Ansible users keep them: a YAML file (named .yml, or
 * only looking like YAML) and an executable script are read through the
 * real ansible-inventory (Debian's ansible package) into the same hosts,
 * ports, users and groups an INI file gives; a variable sysmark cannot
 * honour is refused, naming the file and the host; a file Ansible cannot
 * read fails with Ansible's own words.  Without ansible-inventory on PATH
 * such a file is refused with a sentence that says what to install,
 * while INI still loads, and the command exits 2.  A stand-in
 * ansible-inventory shows the argv and environment it gets, that its
 * output is capped, and that what it says reaches the message with its
 * control characters made visible; no test leaves a descriptor open (its
 * pipes), counted by the teardown.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>

#include "testutil.h"
#include "fleetutil.h"

static char	orig_path[4096];

/* Write text to the file name in the group's directory; its path. */
static const char *
put(const char *name, const char *text, mode_t mode)
{
	static char	path[TU_DIR_MAX + 64];
	FILE		*f;

	snprintf(path, sizeof path, "%s/%s", tu_dir(), name);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(path, mode), 0);
	return path;
}

/* The host named name, or fail. */
static const struct fleet_host *
host(const struct fleet_inv *inv, const char *name)
{
	long	h = fu_host(inv, name);

	if (h < 0)
		fail_msg("no host %s", name);
	return &inv->hosts[h];
}

static int
setup(void **state)
{
	snprintf(orig_path, sizeof orig_path, "%s", getenv("PATH"));
	return tu_dir_make(state);
}

static int
teardown(void **state)
{
	return tu_dir_free(state);
}

/* Each test starts with the suite's own PATH; its descriptors noted. */
static int
reset_path(void **state)
{
	setenv("PATH", orig_path, 1);
	return tu_fds_mark(state);
}

static const char yaml[] =
"# web and db, both in prod; db's port and user from its group\n"
"all:\n"
"  children:\n"
"    prod:\n"
"      children:\n"
"        web:\n"
"          hosts:\n"
"            web1:\n"
"              ansible_host: 127.0.0.2\n"
"              ansible_port: 2222\n"
"              ansible_user: bench\n"
"            web2:\n"
"              ansible_host: 127.0.0.3\n"
"        db:\n"
"          hosts:\n"
"            db1:\n"
"              ansible_host: 127.0.0.4\n"
"            db2:\n"
"              ansible_host: 127.0.0.5\n"
"              ansible_port: 2300\n"
"          vars:\n"
"            ansible_port: 2200\n"
"            ansible_user: dbadmin\n"
"  hosts:\n"
"    lone:\n"
"      ansible_host: 127.0.0.6\n";

/* A YAML inventory: hosts, their variables, group variables, groups. */
static void
test_yaml(void **state)
{
	struct fleet_inv		inv;
	struct sm_error			err;
	const struct fleet_host		*h;

	(void)state;
	if (fleet_inv_load(&inv, put("hosts.yml", yaml, 0644), &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(inv.nhosts, 5);
	h = host(&inv, "web1");
	assert_string_equal(h->addr, "127.0.0.2");
	assert_int_equal(h->port, 2222);
	assert_string_equal(h->user, "bench");
	h = host(&inv, "web2");
	assert_string_equal(h->addr, "127.0.0.3");
	assert_int_equal(h->port, 0);
	assert_null(h->user);
	h = host(&inv, "db1");
	assert_int_equal(h->port, 2200);
	assert_string_equal(h->user, "dbadmin");
	assert_int_equal(host(&inv, "db2")->port, 2300);
	fu_expect(&inv, "web", "web1 web2");
	fu_expect(&inv, "prod:!db", "web1 web2");
	fu_expect(&inv, "prod", "web1 web2 db1 db2");
	fu_expect(&inv, "all", "lone web1 web2 db1 db2");
	fleet_inv_free(&inv);

	/* No .yml in the name: its first line says YAML. */
	if (fleet_inv_load(&inv, put("hosts", yaml, 0644), &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(inv.nhosts, 5);
	assert_int_equal(host(&inv, "db1")->port, 2200);
	fleet_inv_free(&inv);
}

/* A dynamic inventory: an executable script Ansible runs with --list. */
static void
test_script(void **state)
{
	struct fleet_inv		inv;
	struct sm_error			err;
	const struct fleet_host		*h;

	(void)state;
	if (fleet_inv_load(&inv, put("cloud.sh", "#!/bin/sh\n"
	    "[ \"$1\" = --list ] || { echo '{}'; exit 0; }\n"
	    "echo '{\"web\": {\"hosts\": [\"s1\", \"s2\"]}, \"_meta\": "
	    "{\"hostvars\": {\"s1\": {\"ansible_host\": \"127.0.0.9\", "
	    "\"ansible_port\": 2022}, \"s2\": {\"ansible_user\": "
	    "\"ops\"}}}}'\n", 0755), &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(inv.nhosts, 2);
	h = host(&inv, "s1");
	assert_string_equal(h->addr, "127.0.0.9");
	assert_int_equal(h->port, 2022);
	h = host(&inv, "s2");
	assert_string_equal(h->addr, "s2");
	assert_string_equal(h->user, "ops");
	fleet_inv_free(&inv);
}

/* What sysmark cannot honour, or Ansible cannot read, is refused. */
static void
test_refused(void **state)
{
	struct fleet_inv	inv;
	struct sm_error		err;

	(void)state;
	assert_int_equal(fleet_inv_load(&inv, put("become.yml", "all:\n"
	    "  hosts:\n    web1:\n      ansible_host: 127.0.0.2\n"
	    "      ansible_become: true\n", 0644), &err), -1);
	assert_non_null(strstr(err.msg, "become.yml, host web1: "
	    "ansible_become: sysmark does not honour"));
	fleet_inv_free(&inv);

	assert_int_equal(fleet_inv_load(&inv, put("port.yml", "all:\n"
	    "  hosts:\n    web1:\n      ansible_port: http\n", 0644), &err),
	    -1);
	assert_non_null(strstr(err.msg, "port.yml, host web1: "
	    "ansible_port=http: a port is a number from 1 to 65535"));
	fleet_inv_free(&inv);

	assert_int_equal(fleet_inv_load(&inv, put("broken.yml",
	    "all: [web1\n", 0644), &err), -1);
	assert_non_null(strstr(err.msg, "broken.yml: ansible-inventory "
	    "failed (exit status "));
	fleet_inv_free(&inv);
}

/* Without ansible-inventory on PATH: refused in a sentence; INI loads. */
static void
test_no_ansible(void **state)
{
	struct fleet_inv	 inv;
	struct sm_error		 err;
	struct tu_out		 o;
	char			 empty[TU_DIR_MAX + 16], *yml;
	char			*argv[] = { "sysmark", "fleet", "check", "-i",
				    NULL, NULL };

	(void)state;
	snprintf(empty, sizeof empty, "%s/empty", tu_dir());
	assert_true(mkdir(empty, 0700) == 0 || errno == EEXIST);
	yml = xstrdup(put("noans.yml", yaml, 0644));
	setenv("PATH", empty, 1);
	assert_int_equal(fleet_inv_load(&inv, yml, &err), -1);
	assert_non_null(strstr(err.msg, "noans.yml: an inventory in YAML, "
	    "JSON, a script or a directory is read by ansible-inventory, "
	    "which is not on PATH: install Ansible (Debian's ansible "
	    "package), or write the inventory in Ansible's INI form"));
	fleet_inv_free(&inv);

	if (fleet_inv_load(&inv, put("hosts.ini", "[web]\n"
	    "web1 ansible_host=127.0.0.2 ansible_port=2222\n", 0644),
	    &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(host(&inv, "web1")->port, 2222);
	fleet_inv_free(&inv);

	/* The command says it and exits 2, before any ssh. */
	argv[4] = yml;
	tu_run(argv, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "is not on PATH: install Ansible"));
	assert_null(strstr(o.err, "a port is a number"));
	tu_out_free(&o);
	free(yml);
}

/* A stand-in ansible-inventory in its own directory, first on PATH. */
static void
fake(const char *script)
{
	char	dir[TU_DIR_MAX + 16], path[sizeof orig_path + TU_DIR_MAX + 32];

	snprintf(dir, sizeof dir, "%s/fakebin", tu_dir());
	assert_true(mkdir(dir, 0700) == 0 || errno == EEXIST);
	put("fakebin/ansible-inventory", script, 0755);
	snprintf(path, sizeof path, "%s:%s", dir, orig_path);
	setenv("PATH", path, 1);
}

/* Its argv and environment; its output capped; its words made visible. */
static void
test_fake(void **state)
{
	struct fleet_inv	 inv;
	struct sm_error		 err;
	char			*said, *yml, want[TU_DIR_MAX + 128];

	(void)state;
	fake("#!/bin/sh\n"
	    "printf '%s|' \"$@\" \"$ANSIBLE_INVENTORY_UNPARSED_FAILED\" "
	    ">\"$(dirname \"$0\")/said\"\n"
	    "echo '{\"all\": {\"hosts\": [\"h1\"]}}'\n");
	yml = xstrdup(put("args.yml", "all:\n", 0644));
	if (fleet_inv_load(&inv, yml, &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(inv.nhosts, 1);
	fleet_inv_free(&inv);
	snprintf(want, sizeof want, "%s/fakebin/said", tu_dir());
	said = tu_slurp(want);
	snprintf(want, sizeof want, "-i|%s/args.yml|--list|True|", tu_dir());
	assert_string_equal(said, want);
	free(said);

	fake("#!/bin/sh\nhead -c 17000000 /dev/zero\n");
	assert_int_equal(fleet_inv_load(&inv, yml, &err), -1);
	assert_non_null(strstr(err.msg, "ansible-inventory printed more "
	    "than 16 MiB"));
	fleet_inv_free(&inv);

	fake("#!/bin/sh\nprintf 'ERROR! no \\033[31mway\\n"
	    "[WARNING]: later\\n' >&2\nexit 3\n");
	assert_int_equal(fleet_inv_load(&inv, yml, &err), -1);
	if (strstr(err.msg, "args.yml: ansible-inventory failed (exit "
	    "status 3): ERROR! no \\x1b[31mway") == NULL)
		fail_msg("%s", err.msg);
	fleet_inv_free(&inv);
	free(yml);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_yaml, reset_path,
		    tu_fds_same),
		cmocka_unit_test_setup_teardown(test_script, reset_path,
		    tu_fds_same),
		cmocka_unit_test_setup_teardown(test_refused, reset_path,
		    tu_fds_same),
		cmocka_unit_test_setup_teardown(test_no_ansible, reset_path,
		    tu_fds_same),
		cmocka_unit_test_setup_teardown(test_fake, reset_path,
		    tu_fds_same),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
