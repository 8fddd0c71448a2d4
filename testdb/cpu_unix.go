//go:build unix

package testdb

import (
	"syscall"
	"time"
)

// cpuTimes is the process's user and system CPU time, for the
// "wallclock secs (… usr … sys …)" line.
func cpuTimes() (user, sys time.Duration) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}
