# SPDX-License-Identifier: GPL-2.0
# What every chart of plot/*.gp shares. A chart sets fmt (png or svg),
# width and height (pixels), then loads this file from its own folder:
#   dirname(s) = strstrt(s, "/") ? s[1:strstrt(s, "/")].dirname(s[strstrt(s, "/") + 1:]) : ""
#   load dirname(ARG0)."common.gp"
# It sets the terminal (PNG sans 10, SVG sans 11), the legend below the
# x axis label (never over the data) and defines:
#   chars        how many characters of a line fit across the chart
#   wrap(s)      s with each line broken at a space into lines of at
#                most chars characters (a longer word is split, never
#                lost): a title is wrapped, never cut at the edge
# Strings only: nothing here evaluates an argument as code.
set encoding utf8
if (fmt eq "svg") {
	set terminal svg size width,height dynamic font "sans,11"
} else {
	set terminal pngcairo size width,height font "sans,10"
}
# A title is centred on the plot, whose left margin holds the y label:
# a line gets 85% of the width. These titles average under 0.55 em a
# character in DejaVu Sans, and the widest the SVG's 11 is drawn is 14.7
# px an em (read as points at 96 dpi, as some viewers do; the PNG's sans
# 10 is about 12.9).
chars = int(0.85 * width / (0.55 * 14.7))
# The break: after the line's last ", " in its second half, else at its
# last space (0: none).
lastsp(s, i) = i < 2 ? 0 : s[i:i] eq " " ? i : lastsp(s, i - 1)
lastcomma(s, i) = i < 2 ? 0 : s[i - 1:i] eq ", " ? i : lastcomma(s, i - 1)
brkat(s, c) = c > chars / 2 ? c : lastsp(s, chars + 1)
wrap1(s) = strlen(s) <= chars ? s : brk(s, brkat(s, lastcomma(s, chars + 1)))
brk(s, b) = b > 0 ? s[1:b - 1]."\n".wrap1(s[b + 1:]) : s[1:chars]."\n".wrap1(s[chars + 1:])
wrap(s) = strstrt(s, "\n") ? wrap1(s[1:strstrt(s, "\n") - 1])."\n".wrap(s[strstrt(s, "\n") + 1:]) : wrap1(s)
set key bmargin center horizontal noenhanced height 1
