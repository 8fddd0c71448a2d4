//go:build unix

package engine_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used (user and system), which
// a loaded machine's waiting for a core does not inflate.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
