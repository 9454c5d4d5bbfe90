// SPDX-License-Identifier: GPL-2.0
/*
 * The guest plugins' tests: every /guest/<plugin>/<prog>.t found and
 * sorted before the plan is printed, then run in turn with their output
 * shown as a KTAP subtest, a time limit, and their exit status as the
 * result (KVER_GUEST_SKIP is a skip). A plugin that does not apply left
 * only a "skip" file with its reason. See guest/README.md for the contract.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "probe.h"

#define GUEST_TIMEOUT_S 120
#define STRING_(x) #x
#define STRING(x) STRING_(x)

static int is_test(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 2 && !strcmp(d->d_name + n - 2, ".t");
}

/* Copy the child's output to the console, indented as a KTAP subtest. */
static int relay_output(int fd, pid_t pid)
{
	char buf[4096], line[1024];
	size_t len = 0;
	time_t deadline = time(NULL) + GUEST_TIMEOUT_S;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	for (;;) {
		int left = (int)(deadline - time(NULL));
		ssize_t n;

		if (left <= 0 || poll(&pfd, 1, left * 1000) == 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			return -1;
		}
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\n' || len == sizeof(line) - 1) {
				printf("    %.*s\n", (int)len, line);
				len = 0;
				if (buf[i] == '\n')
					continue;
			}
			line[len++] = buf[i];
		}
	}
	if (len)
		printf("    %.*s\n", (int)len, line);
	fflush(stdout);
	return 0;
}

static void run_guest_test(const char *top, const char *plugin, const char *prog,
			   const char *expect, const char *version)
{
	char dir[512], name[600];
	int pipefd[2], status, timed_out;
	pid_t pid;

	snprintf(dir, sizeof(dir), "%.255s/%.255s", top, plugin);
	snprintf(name, sizeof(name), KVER_GUEST_TEST "%.255s/%.255s", plugin, prog);
	printf("    # Subtest: %s\n", name);
	fflush(stdout);
	if (pipe2(pipefd, O_CLOEXEC)) {
		diag("%s: pipe: %s", name, strerror(errno));
		result(0, name, NULL);
		return;
	}
	pid = fork();
	if (pid == 0) {
		char *argv[] = { (char *)prog, NULL };

		setpgid(0, 0);
		dup2(pipefd[1], STDOUT_FILENO);
		dup2(pipefd[1], STDERR_FILENO);
		if (chdir(dir) == 0) {
			setenv("KVER_EXPECT", expect, 1);
			setenv("KVER_VERSION", version, 1);
			execv(prog, argv);
		}
		dprintf(STDOUT_FILENO, "cannot run %s/%s: %s\n", dir, prog, strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	if (pid < 0) {
		close(pipefd[0]);
		diag("%s: fork: %s", name, strerror(errno));
		result(0, name, NULL);
		return;
	}
	timed_out = relay_output(pipefd[0], pid);
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (timed_out) {
		diag("%s: no result after %d s", name, GUEST_TIMEOUT_S);
		result(0, name, NULL);
	} else if (WIFSIGNALED(status)) {
		diag("%s: killed by signal %d", name, WTERMSIG(status));
		result(0, name, NULL);
	} else if (WEXITSTATUS(status) == KVER_GUEST_SKIP) {
		result(1, name, "test reported skip (exit " STRING(KVER_GUEST_SKIP) ")");
	} else {
		if (WEXITSTATUS(status))
			diag("%s: exit status %d", name, WEXITSTATUS(status));
		result(WEXITSTATUS(status) == 0, name, NULL);
	}
}

static int access_skip(const char *dir, char *why, size_t size)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/skip", dir);
	if (read_text(path, why, size))
		return 0;
	if (!why[0])
		snprintf(why, size, "not applicable");
	return 1;
}

int find_guest_tests(const char *top, struct guest_test *tests, int max)
{
	struct dirent **plugins;
	int n = 0, np = scandir(top, &plugins, NULL, alphasort);

	for (int i = 0; i < np; i++) {
		struct dirent **progs;
		char dir[512];
		int nt;

		if (plugins[i]->d_name[0] == '.')
			goto next;
		snprintf(dir, sizeof(dir), "%.255s/%.255s", top, plugins[i]->d_name);
		/* A plugin that does not apply to this tree left only its reason. */
		if (n < max && access_skip(dir, tests[n].skip, sizeof(tests[n].skip))) {
			snprintf(tests[n].plugin, sizeof(tests[n].plugin), "%s", plugins[i]->d_name);
			tests[n++].prog[0] = '\0';
			goto next;
		}
		nt = scandir(dir, &progs, is_test, alphasort);
		for (int j = 0; j < nt; j++) {
			if (n < max) {
				snprintf(tests[n].plugin, sizeof(tests[n].plugin), "%s",
					 plugins[i]->d_name);
				snprintf(tests[n].prog, sizeof(tests[n].prog), "%s", progs[j]->d_name);
				n++;
			}
			free(progs[j]);
		}
		if (nt >= 0)
			free(progs);
next:
		free(plugins[i]);
	}
	if (np >= 0)
		free(plugins);
	return n;
}

void run_guest_tests(const char *top, const struct guest_test *tests, int n,
		     const char *expect, const char *version)
{
	char name[300];

	for (int i = 0; i < n; i++) {
		if (tests[i].prog[0]) {
			run_guest_test(top, tests[i].plugin, tests[i].prog, expect, version);
		} else {
			snprintf(name, sizeof(name), KVER_GUEST_TEST "%.255s", tests[i].plugin);
			result(1, name, tests[i].skip);
		}
	}
}
