#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# may-skip-all: it needs openssh-server, parallel and rsync (make deps installs them)
# make bench HOSTS=FILE: the smoke experiment's cells over ssh with GNU
# parallel, to two logins of this machine (an sshd started here on
# 127.0.0.1, a free port, throwaway keys; stopped at the end). Same figures
# as a local run; an unreachable login leaves its cells for RESUME.
# foreground: its boots over ssh must give the local boots exactly.
. tests/lib.sh
[ -x /usr/sbin/sshd ] && command -v parallel >/dev/null && command -v rsync >/dev/null || {
	skip "HOSTS: needs openssh-server, parallel and rsync (make deps)"; exit 0; }
tmp=$(mktemp -d)
sshd_pid=
cleanup() {
	[ -z "$sshd_pid" ] || kill "$sshd_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
export KABENCH_RESULTS=$tmp/results
export KABENCH_CACHE
# GNU parallel keeps its state under $HOME: a scratch one, also the
# logins' (sshd's SetEnv below), so that their shells read none of this
# machine's startup files (a .bashrc can take a second a login, and a
# cell logs in about 7 times).
export HOME=$tmp/home
mkdir -p "$HOME" /run/sshd
# sshd starts a login in the home folder passwd names (/root), where GNU
# parallel would make its remote work folders: a bash login starts in the
# scratch HOME instead.
echo 'cd "$HOME"' >"$HOME/.bashrc"

# A free port on 127.0.0.1.
port=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 20000) }')
while ss -ltn 2>/dev/null | grep -q "127.0.0.1:$port "; do port=$((port + 1)); done
ssh-keygen -q -t ed25519 -N '' -f "$tmp/hostkey" && ssh-keygen -q -t ed25519 -N '' -f "$tmp/userkey" &&
	cp "$tmp/userkey.pub" "$tmp/authorized_keys" || { fail "ssh-keygen"; exit 1; }
cat >"$tmp/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $tmp/hostkey
AuthorizedKeysFile $tmp/authorized_keys
PidFile $tmp/sshd.pid
PermitRootLogin prohibit-password
SetEnv HOME=$tmp/home
PasswordAuthentication no
StrictModes no
UsePAM no
EOF
/usr/sbin/sshd -D -f "$tmp/sshd_config" -E "$tmp/sshd.log" &
sshd_pid=$!
opts="-p $port -i $tmp/userkey -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
i=0
until ssh $opts root@127.0.0.1 true 2>/dev/null; do
	sleep 0.2; i=$((i + 1)); [ $i -lt 50 ] || { fail "sshd on 127.0.0.1:$port did not answer ($(tail -n 1 "$tmp/sshd.log"))"; exit 1; }
done
printf '1/ssh %s root@127.0.0.1\n1/ssh %s root@localhost\n' "$opts" "$opts" >"$tmp/hosts"

latest() { ls -d "$KABENCH_RESULTS"/*-smoke 2>/dev/null | sort | tail -n 1; }
ops() { awk -F, 'NR > 1 { print $2, $9, $11, $12, $13, $15 }' "$1/samples.csv" | sort; }

make -s bench EXPERIMENT=smoke PLUGIN=off HOSTS="$tmp/hosts" >/dev/null 2>"$tmp/err1"
rc=$?
remote=$(latest)
check "make bench HOSTS= (two ssh logins) succeeds ($rc)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 5 "$tmp/err1"
check "both logins ran cells, each cell says which" \
	sh -c 'grep -h "^host=" "$1"/boots/*/facts | sort -u | grep -c "via root@" | grep -qx 2' - "$remote"
check "the remote cells came back whole (console log, facts, verdict ok)" \
	sh -c '[ "$(grep -lx ok "$1"/boots/*/verdict | wc -l)" -eq 4 ] && ls "$1"/boots/*/console.log >/dev/null' - "$remote"
ops "$remote" >"$tmp/ops.remote"

# A login nobody answers: its cells get no verdict, the run says which
# login, exits non-zero, and RESUME (here, locally) finishes it.
dead=$((port + 1))
while ss -ltn 2>/dev/null | grep -q "127.0.0.1:$dead "; do dead=$((dead + 1)); done
printf '1/ssh -p %s -o BatchMode=yes -o ConnectTimeout=3 -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null root@127.0.0.1\n' "$dead" >"$tmp/dead"
make -s bench EXPERIMENT=smoke PLUGIN=off HOSTS="$tmp/dead" >/dev/null 2>"$tmp/err3"
rc=$?
broken=$(latest)
check "an unreachable login: exit non-zero ($rc), the run incomplete" [ $rc -ne 0 -a -s "$broken/incomplete" ]
check "... and the message names the login" grep -q "got no verdict from ssh -p $dead" "$tmp/err3"
# The resumed run booted every cell here: it is the local run the ssh
# run's figures are compared with.
make -s bench RESUME="$broken" >/dev/null 2>"$tmp/err4"
ops "$broken" >"$tmp/ops.resumed"
check "RESUME finishes it, every cell here (no incomplete mark)" \
	sh -c '[ ! -e "$1/incomplete" ] && [ "$(grep -lx ok "$1"/boots/*/verdict | wc -l)" -eq 4 ] && ! grep -qh "^host=.*via " "$1"/boots/*/facts' - "$broken"
check "the figures over ssh equal the local run's, sample for sample" \
	sh -c '[ "$1" != "$2" ] && [ -s "$3" ] && cmp -s "$3" "$4"' - "$remote" "$broken" "$tmp/ops.remote" "$tmp/ops.resumed"
