package durable

import (
	"syscall"
	"testing"
)

// Background lowers only the calling goroutine's thread, which ends with
// it: the test's own thread keeps its priority.
func TestBackground(t *testing.T) {
	mine, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan int, 1)
	go func() {
		Background()
		p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		if err != nil {
			p = -1
		}
		got <- p
	}()
	// the raw syscall's value is 20 - nice
	if want := 20 - min(20-mine+10, 19); <-got != want {
		t.Errorf("background thread priority, want %d (from %d)", want, mine)
	}
	if p, _ := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid()); p != mine {
		t.Errorf("the caller's thread priority moved to %d from %d", p, mine)
	}
}
