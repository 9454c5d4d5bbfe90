// The kver-sublevel-mask test of kver-lint as a Coccinelle rule, for
// bench/audit-lint.sh: a version code's low byte taken as SUBLEVEL.
@@
expression E;
@@
(
* LINUX_VERSION_CODE & E
|
* LINUX_VERSION_CODE % E
)
