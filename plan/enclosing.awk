# SPDX-License-Identifier: GPL-2.0
# awk -v f=PATH -f plan/enclosing.awk WANTED SOURCE: for each line number
# in WANTED (one a line), the region of SOURCE (C or assembler, kernel
# style) that holds it: "PATH LINE KIND NAME CODE", KIND function (NAME
# the function; MACRO:ARG for one a macro makes, SYSCALL_DEFINE4:name),
# asm (SYM_FUNC_START/SYM_CODE_START .. _END), macro (a #define and its
# continuation lines) or none (NAME -); CODE 0 when the line is only a
# comment or blank. A C function is the lines from a signature line that
# starts in column 0 and holds "(" through the "}" in column 0 that closes
# the "{" in column 0 after it.
FNR == NR { want[$1] = 1; next }
{
	line = $0
	# code: what is left without comments (a block comment's state carries)
	code = ""; s = line
	while (s != "") {
		if (incom) { i = index(s, "*/"); if (!i) { s = ""; break } s = substr(s, i + 2); incom = 0; continue }
		i = index(s, "/*"); j = index(s, "//")
		if (j && (!i || j < i)) { code = code substr(s, 1, j - 1); s = ""; break }
		if (!i) { code = code s; s = ""; break }
		code = code substr(s, 1, i - 1); s = substr(s, i + 2); incom = 1
	}
	iscode = (code ~ /[^ \t]/) ? 1 : 0
	kind = "none"; name = "-"
	# #define and its continuations
	if (inmacro) { kind = "macro"; name = mname }
	else if (line ~ /^[ \t]*#[ \t]*define[ \t]/) { mname = line; sub(/^[ \t]*#[ \t]*define[ \t]+/, "", mname); sub(/[^A-Za-z0-9_].*/, "", mname); kind = "macro"; name = mname }
	inmacro = (kind == "macro" && line ~ /\\[ \t]*$/)
	if (kind == "none") {
		if (asmfn != "") { kind = "asm"; name = asmfn
			if (line ~ /^[ \t]*(SYM_FUNC_END|SYM_CODE_END|END|ENDPROC)\(/) asmfn = "" }
		else if (line ~ /^[ \t]*(SYM_FUNC_START|SYM_CODE_START|SYM_TYPED_FUNC_START|ENTRY)[A-Z_]*\(/) {
			asmfn = line; sub(/^[^(]*\([ \t]*/, "", asmfn); sub(/[ \t,)].*/, "", asmfn); kind = "asm"; name = asmfn }
		else if (infn) { kind = "function"; name = fname; if (line ~ /^}/) infn = 0 }
		else if (line ~ /^{/ && cand != "") { infn = 1; fname = cand; cand = ""; kind = "function"; name = fname
			for (k = cline; k < FNR; k++) if (k in pend) { print f, k, "function", fname, pend[k]; delete pend[k] } }
		else if (line ~ /^[A-Za-z_]/ && !inmacro) {
			if (index(line, "(") && line !~ /;[ \t]*$/) {
				h = substr(line, 1, index(line, "(") - 1); sub(/[ \t]+$/, "", h)
				n = h; sub(/.*[^A-Za-z0-9_]/, "", n)
				if (n ~ /^[A-Z0-9_]+$/ && n ~ /[A-Z]/) {	# a macro makes it: MACRO:first argument
					a = substr(line, index(line, "(") + 1); sub(/^[ \t]*/, "", a); sub(/[^A-Za-z0-9_].*/, "", a)
					n = n ":" a
				}
				cand = n; cline = FNR
				for (k in pend) delete pend[k]
			} else if (line !~ /^(static|const|inline|noinline|unsigned|signed|struct|enum|union|extern|__|asmlinkage|notrace)[^;(]*$/)
				cand = ""
			if (line ~ /;[ \t]*$/) cand = ""
		}
	}
	if (FNR in want) {
		# a signature line waits for its "{" to know it opens a function
		if (cand != "" && kind == "none" && FNR >= cline) pend[FNR] = iscode
		else print f, FNR, kind, name, iscode
	}
}
END { for (k in pend) print f, k, "none", "-", pend[k] }
