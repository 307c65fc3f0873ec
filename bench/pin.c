// SPDX-License-Identifier: GPL-2.0
/* Task placement with hwloc: task i runs on one PU of core i (or on PU i
 * with --per-thread), wrapping around when there are more tasks. */
#define _GNU_SOURCE
#include <errno.h>
#include <hwloc.h>
#include <stdlib.h>
#include "runner.h"

static hwloc_topology_t topo;
static hwloc_obj_type_t unit = HWLOC_OBJ_CORE;
static int nunits;

int kb_pin_init(int per_thread)
{
	/* hwloc would dlopen its PCI/GL/OpenCL/XML plugins (and X11, ICU...):
	 * slow, noisy under valgrind, and absent from the guest. */
	setenv("HWLOC_PLUGINS_PATH", "/dev/null", 0);
	if (hwloc_topology_init(&topo) != 0)
		return -1;
	hwloc_topology_set_io_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
	if (hwloc_topology_load(topo) != 0)
		return -1;
	unit = per_thread ? HWLOC_OBJ_PU : HWLOC_OBJ_CORE;
	nunits = hwloc_get_nbobjs_by_type(topo, unit);
	if (nunits <= 0 && unit == HWLOC_OBJ_CORE) {
		/* some virtual machines expose no cores: use PUs */
		unit = HWLOC_OBJ_PU;
		nunits = hwloc_get_nbobjs_by_type(topo, unit);
	}
	return nunits;
}

const char *kb_pin_unit(void)
{
	return unit == HWLOC_OBJ_PU ? "hardware threads" : "cores";
}

int kb_pin_task(int index)
{
	hwloc_obj_t obj = hwloc_get_obj_by_type(topo, unit, (unsigned)(index % nunits));
	hwloc_bitmap_t set;
	int err = 0;

	if (!obj)
		return ENODEV;
	set = hwloc_bitmap_dup(obj->cpuset);
	if (!set)
		return ENOMEM;
	/* one PU of the core, so the task does not move between its siblings */
	hwloc_bitmap_singlify(set);
	if (hwloc_set_cpubind(topo, set, HWLOC_CPUBIND_THREAD) != 0)
		err = errno ? errno : EINVAL;
	hwloc_bitmap_free(set);
	return err;
}
