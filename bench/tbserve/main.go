// Command tbserve serves a tinybase engine (empty and in memory, or the
// database in -data-dir) over the PostgreSQL wire protocol only (no HTTP,
// no migrations): the server bench/pgbench.sh and the client tests
// measure, and the one to profile under bench/durable.sh's workload. Use
// `tinybase start` for the real thing.
package main

import (
	"flag"
	"log"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"syscall"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/pgwire"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	auth := flag.String("auth", "scram-sha-256", "scram-sha-256, md5, password or trust")
	debug := flag.Bool("debug", false, "log failed statements")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile here until SIGINT/SIGTERM")
	naptime := flag.Duration("autoanalyze", engine.DefaultAutoanalyzeNaptime, "automatic ANALYZE naptime (0: off)")
	dataDir := flag.String("data-dir", "", "keep the database in this data directory (default: in memory)")
	blockprofile := flag.String("blockprofile", "", "write a blocking profile here at SIGINT/SIGTERM")
	mutexprofile := flag.String("mutexprofile", "", "write a mutex contention profile here at SIGINT/SIGTERM")
	flag.Parse()
	if *blockprofile != "" {
		runtime.SetBlockProfileRate(10000) // one sample per 10 µs blocked
	}
	if *mutexprofile != "" {
		runtime.SetMutexProfileFraction(10)
	}
	eng, err := engine.Open(engine.Options{Logger: logger(*debug), AutoanalyzeNaptime: *naptime, DataDir: *dataDir})
	if err != nil {
		log.Fatal(err)
	}
	srv, err := pgwire.New(eng, pgwire.Config{Auth: pgwire.AuthMethod(*auth), Logger: logger(*debug)})
	if err != nil {
		log.Fatal(err)
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	var stopProfile func()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		stopProfile = func() {
			pprof.StopCPUProfile()
			f.Close()
		}
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		if stopProfile != nil {
			stopProfile()
		}
		writeProfile("block", *blockprofile)
		writeProfile("mutex", *mutexprofile)
		// A data directory's final checkpoint, as tinybase start's stop.
		if err := eng.Close(); err != nil {
			log.Print(err)
		}
		os.Exit(0)
	}()
	log.Printf("listening on %s", l.Addr())
	log.Fatal(srv.Serve(l))
}

func writeProfile(name, path string) {
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		log.Print(err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup(name).WriteTo(f, 0); err != nil {
		log.Print(err)
	}
}

func logger(debug bool) *slog.Logger {
	level := slog.LevelInfo
	if debug {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
}
