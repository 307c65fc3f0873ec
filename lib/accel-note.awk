# SPDX-License-Identifier: GPL-2.0
# lib/accel-note.awk: what a scaling curve measured under ACCEL means, in
# one line, for every chart and table that draws one (awk -f
# lib/accel-note.awk -f PROGRAM).
function accel_note(accel) {
	if (accel == "tcg") return "tcg: each vCPU is a QEMU thread (MTTCG): the curve measures the emulator as much as the kernel"
	if (accel == "kvm") return "kvm: vCPUs on the host's cores: a real curve, with the host's other load in it"
	if (accel == "kvm-nested") return "kvm-nested: kvm inside an L1 that TCG emulates: the curve measures the emulator too"
	if (accel == "native") return "native: this host's kernel and CPUs, with its other load in it"
	if (accel == "icount") return "icount: one vCPU, one instruction clock: no scaling can show"
	return accel ": no note for this accelerator"
}
