// Package servercpu reads how much CPU a server process on this machine
// has used, for the bench programs' CPU per statement: on a shared
// machine the CPU a server spends on a statement varies much less than
// the statement's latency, which other processes' load stretches.
package servercpu

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Of returns the CPU time all threads of process pid have run for (the
// kernel's schedstat, Linux only); ok is false where that is not known:
// another system, a process of another machine, or one that ended.
func Of(pid int) (cpu time.Duration, ok bool) {
	if pid <= 0 {
		return 0, false
	}
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	if err != nil || len(tasks) == 0 {
		return 0, false
	}
	var total int64
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue // a thread that ended meanwhile
		}
		f := strings.Fields(string(b))
		if len(f) == 0 {
			return 0, false
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, false
		}
		total += n
	}
	return time.Duration(total), true
}
