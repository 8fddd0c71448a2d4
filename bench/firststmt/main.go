// Command firststmt times the fixed per-process costs of the engine, in the
// process it runs in: an empty engine open (Options.NoBootstrap), the first
// Connect, the process's first statement and its second. It prints one
// line: wall microseconds per step, then "cpu" and CPU microseconds per
// step, then "faults" and page faults per step. bench/first_statement.sh
// runs it in many fresh processes and reports the minimum and median of
// each step.
//
// After the first two statements it runs the same two again on a second
// table, which is their cost once the process has paid every first use.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/tinybase/tinybase/engine"
)

func main() {
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the measured steps here")
	repeat := flag.Int("repeat", 1, "with -cpuprofile: how many times to run the steps (each on a new engine)")
	bootstrap := flag.Bool("bootstrap", false, "open the bootstrapped engine instead of an empty one")
	memprofile := flag.String("memprofile", "", "write an allocation profile (every allocation) of the measured steps here")
	flag.Parse()
	if *memprofile != "" {
		runtime.MemProfileRate = 1
		defer func() {
			runtime.GC() // the profile holds allocations up to the last GC
			f, err := os.Create(*memprofile)
			if err != nil {
				log.Fatal(err)
			}
			if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
				log.Fatal(err)
			}
			f.Close()
		}()
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		// 1 kHz instead of 100 Hz: the steps take milliseconds, so a
		// profile merged over many processes needs the finer sampling.
		runtime.SetCPUProfileRate(1000)
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	for i := 0; i < *repeat; i++ {
		run(*bootstrap, i == 0)
	}
}

func run(bootstrap, print bool) {
	ctx := context.Background()
	var steps, cpus []time.Duration
	var faults []int64
	c0, f0 := cpuTime()
	lap := func(t0 time.Time) {
		steps = append(steps, time.Since(t0))
		c, f := cpuTime()
		cpus = append(cpus, c-c0)
		faults = append(faults, f-f0)
		c0, f0 = c, f
	}

	c0, f0 = cpuTime()
	t0 := time.Now()
	e, err := engine.Open(engine.Options{NoBootstrap: !bootstrap})
	if err != nil {
		log.Fatal(err)
	}
	lap(t0)

	t0 = time.Now()
	s, err := e.Connect(engine.SessionOptions{User: "postgres", Database: "postgres"})
	if err != nil {
		log.Fatal(err)
	}
	lap(t0)

	stmt := func(q string) {
		t0 := time.Now()
		rows, err := s.Query(ctx, q)
		if err == nil {
			err = rows.Close()
		}
		if err != nil {
			log.Fatalf("%s: %v", q, err)
		}
		lap(t0)
	}
	stmt("create table t (id int primary key, a text default 'x')")
	stmt("select * from t where id = 1")
	// The same statements' warm cost: a new table (the create is not a
	// cached repeat) and a select on it (a different text, so planned).
	stmt("create table t2 (id int primary key, a text default 'x')")
	stmt("select * from t2 where id = 1")
	s.Close()
	if print {
		for i, d := range steps {
			if i > 0 {
				fmt.Print(" ")
			}
			fmt.Print(d.Microseconds())
		}
		fmt.Print(" cpu")
		for _, d := range cpus {
			fmt.Print(" ", d.Microseconds())
		}
		fmt.Print(" faults")
		for _, f := range faults {
			fmt.Print(" ", f)
		}
		fmt.Println()
	}
}

// cpuTime is the process's CPU time so far (user and system, every
// thread: the garbage collector's work counts too) and its page faults
// (minor ones, mostly first touches of the binary's code and data).
func cpuTime() (time.Duration, int64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		log.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), ru.Minflt + ru.Majflt
}
