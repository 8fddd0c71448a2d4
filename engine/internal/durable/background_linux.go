package durable

import (
	"runtime"
	"syscall"
)

// Background makes the rest of the calling goroutine background work: its
// thread's nice value goes up by 10 (at most 19) and the goroutine stays
// on that thread, which ends with it (a goroutine that returns locked to
// its thread takes the thread along; threads the runtime starts meanwhile
// come from its template thread, not this one). A restart's big tables
// load so after the open: on a busy machine the kernel runs the first
// clients' statements first, the loads in the time left; on an idle one
// nothing changes.
func Background() {
	runtime.LockOSThread()
	tid := syscall.Gettid()
	raw, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid) // 20 - nice
	if err != nil {
		return
	}
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, tid, min(20-raw+10, 19))
}
