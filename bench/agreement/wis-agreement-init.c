// SPDX-License-Identifier: GPL-2.0
/*
 * wis-agreement-init: the guest's PID 1 for bench/agreement/wis-agreement. For each
 * testcase of kabench.tests it runs kabench (1 task, processes) and then,
 * when the archive has it, upstream will-it-scale's /wis/NAME_processes
 * (-t 1) for wis.seconds of guest time, then kills it (upstream never
 * ends by itself and prints one "min:.. max:.. total:.." line a second).
 * Both write straight to the console (a tty: upstream's stdio is line
 * buffered there), between lines
 *
 *   @@wis begin kabench|upstream NAME
 *   @@wis end kabench|upstream NAME exit=E
 *
 * which the host script reads. Powers off at the end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../guest/init-setup.h"

static int status_code(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 125;
}

/* Starts argv in its own process group; returns its pid. */
static pid_t start(char *const argv[])
{
	pid_t pid = fork();

	if (pid == 0) {
		setpgid(0, 0);
		execv(argv[0], argv);
		fprintf(stderr, "wis-agreement-init: exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (pid > 0)
		setpgid(pid, pid);
	return pid;
}

int main(void)
{
	static char cmdline[4096];
	char tests[2048], interval[32], warmup[32], samples[32], seconds[32];

	init_setup();
	setvbuf(stdout, NULL, _IOLBF, 0);
	setenv("PATH", "/bin", 1);

	init_slurp("/proc/cmdline", cmdline, sizeof(cmdline));
	init_param(cmdline, "kabench.tests", "", tests, sizeof(tests));
	init_param(cmdline, "kabench.interval", "1", interval, sizeof(interval));
	init_param(cmdline, "kabench.warmup", "1", warmup, sizeof(warmup));
	init_param(cmdline, "kabench.samples", "1", samples, sizeof(samples));
	init_param(cmdline, "wis.seconds", "2.5", seconds, sizeof(seconds));
	double secs = strtod(seconds, NULL);
	struct timespec run = { (time_t)secs, (long)((secs - (time_t)secs) * 1e9) };

	for (char *save, *t = strtok_r(tests, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char upstream[256];
		int status;
		pid_t pid;

		char *kb[] = { "/bin/kabench", "--test", t, "--tasks", "1", "--interval", interval,
			       "--warmup", warmup, "--samples", samples, "--dir", "/tmp", NULL };
		printf("@@wis begin kabench %s\n", t);
		pid = start(kb);
		status = 0;
		while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		printf("@@wis end kabench %s exit=%d\n", t, pid > 0 ? status_code(status) : 125);

		snprintf(upstream, sizeof(upstream), "/wis/%s_processes", t);
		if (access(upstream, X_OK))
			continue;
		char *up[] = { upstream, "-t", "1", NULL };
		printf("@@wis begin upstream %s\n", t);
		pid = start(up);
		if (pid > 0) {
			struct timespec left = run;
			while (nanosleep(&left, &left) < 0 && errno == EINTR)
				;
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
		}
		/* Its tasks become ours when it dies: reap every one, so that
		 * none is still running when the next testcase starts. */
		while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
			;
		printf("@@wis end upstream %s exit=%d\n", t, pid > 0 ? status_code(status) : 125);
	}
	printf("@@wis done\n");
	sync();
	reboot(RB_POWER_OFF);
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}
