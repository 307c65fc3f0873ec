# SPDX-License-Identifier: GPL-2.0
# lib/csv.awk: kabench's CSV files read by column name, for awk programs
# (awk -f lib/csv.awk -f PROGRAM). The columns themselves are declared in
# analyze/columns.
#   csv_header()         on a header line: remember where each column is
#   csv_need(LIST)       1 if every column of the space-separated LIST is
#                        there, else 0 with a line naming the first missing
#   v(NAME)              the current row's NAME column ("" if none)
#   csv_row(COLS, R)     a row of the columns COLS (comma-separated, as
#                        analyze/columns prints them) from R[name]; a
#                        column R lacks ends the program (exit 2)
#   table_key()          the group and every way column but tasks (WAY:
#                        -v way="$(analyze/columns way)"): the rows of one
#                        table, one pair of kernels measured one way
function csv_header(   i) { delete csv_c; for (i = 1; i <= NF; i++) csv_c[$i] = i }
function csv_need(list,   n, w, i) {
	n = split(list, w, " ")
	for (i = 1; i <= n; i++)
		if (!(w[i] in csv_c)) { printf "%s: no column \"%s\"\n", FILENAME, w[i] >"/dev/stderr"; return 0 }
	return 1
}
function v(name) { return name in csv_c ? $(csv_c[name]) : "" }
function table_key(   n, w, i, k) {
	if (way == "") { print "lib/csv.awk: table_key needs -v way=\"$(analyze/columns way)\"" >"/dev/stderr"; exit 2 }
	n = split(way, w, ","); k = v("group")
	for (i = 1; i <= n; i++) if (w[i] != "tasks") k = k SUBSEP v(w[i])
	return k
}
function csv_row(cols, r,   n, w, i, out) {
	n = split(cols, w, ",")
	for (i = 1; i <= n; i++) {
		if (!(w[i] in r)) { printf "lib/csv.awk: no value for column \"%s\"\n", w[i] >"/dev/stderr"; exit 2 }
		out = out (i > 1 ? "," : "") r[w[i]]
	}
	return out
}
