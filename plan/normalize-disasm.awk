# SPDX-License-Identifier: GPL-2.0
# objdump -d --no-show-raw-insn VMLINUX | awk -f plan/normalize-disasm.awk:
# "FUNCTION<TAB>INSTRUCTION" a line, each instruction without what moves
# when other code moves: its address, an address it names (its symbol
# stays: <vfs_statx>, <jiffies+0x8>; its own function's <.+0x12>), a
# rip-relative displacement, an absolute one (a negative 32-bit one of
# -0x7xxxxxxx) or immediate (0xffffffff...: ADDR); and the padding (int3,
# nop) after a function's last instruction.
function flush(   j) { for (j = 1; j <= np; j++) print pad[j]; np = 0 }
/^[0-9a-f]+ <[^>]+>:$/ { np = 0; fn = $2; fn = substr(fn, 2, length(fn) - 3); pre = "<" fn; lp = length(pre); next }
/^Disassembly of section/ { np = 0; fn = ""; next }
fn != "" && /^ *[0-9a-f]+:\t/ {
	s = $0; sub(/^ *[0-9a-f]+:\t/, "", s)
	if (index(s, "(%rip)")) gsub(/-?0x[0-9a-f]+\(%rip\)/, "(%rip)", s)
	if (index(s, "ffffffff")) {
		gsub(/ffffffff[0-9a-f]+ </, "<", s)
		gsub(/0xffffffff[0-9a-f]+/, "ADDR", s)
		while ((i = index(s, pre)) > 0 && (substr(s, i + lp, 1) == "+" || substr(s, i + lp, 1) == ">"))
			s = substr(s, 1, i) "." substr(s, i + lp)
	}
	if (index(s, "-0x7")) gsub(/-0x7[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]\(/, "ADDR(", s)
	if (s ~ /^(int3|nop|xchg +%ax,%ax|data16|cs nopw|\(bad\))/) { pad[++np] = fn "\t" s; next }
	flush()
	print fn "\t" s
}
