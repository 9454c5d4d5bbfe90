#!/guest/kselftest/busybox sh
# shellcheck shell=sh
# The version kselftest through the kernel's own runner: run_kselftest.sh as
# "make -C tools/testing/selftests install" leaves it (guest/kselftest/build
# puts that in /guest/kselftest/install). The guest has no shell; the
# static busybox next to this script is the runner's shell and tools.
#
# run_kselftest.sh exits 0 whatever its tests report, so the verdict is read
# from its TAP: any "not ok" fails, no result at all fails, only skips is a
# skip (exit 4, as a kselftest says it).
dir=/guest/kselftest
bb=$dir/busybox
$bb mkdir -p $dir/bin || exit 1
$bb --install -s $dir/bin || exit 1
PATH=$dir/bin
export PATH
# The runner writes each test's output to /dev/stdout, which a booted
# system links to /proc/self/fd/1; the bare devtmpfs does not.
[ -e /dev/stdout ] || ln -s /proc/self/fd/1 /dev/stdout || exit 1

# Appending: the runner also appends to /dev/stdout, which is this file.
: >$dir/runner.log
sh $dir/install/run_kselftest.sh >>$dir/runner.log 2>&1
status=$?
cat $dir/runner.log
if [ $status -ne 0 ]; then
	echo "# run_kselftest.sh exited with $status"
	exit 1
fi
if grep -q '^not ok' $dir/runner.log; then
	exit 1
fi
if ! grep -q '^ok ' $dir/runner.log; then
	echo "# run_kselftest.sh reported no result"
	exit 1
fi
if ! grep '^ok ' $dir/runner.log | grep -qv '# SKIP'; then
	exit 4
fi
exit 0
