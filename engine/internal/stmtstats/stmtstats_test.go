package stmtstats

import (
	"math"
	"strconv"
	"testing"
	"time"
)

func TestGroupsByShapeAndUser(t *testing.T) {
	var s Store
	for i, ms := range []float64{1, 2, 3, 10} {
		s.Record("alice", "select * from t where id = "+strconv.Itoa(i)+";", Optimizable, time.Duration(ms*float64(time.Millisecond)), 1)
	}
	s.Record("bob", "select * from t where id = 7", Optimizable, time.Millisecond, 0)
	s.Record("alice", "create table t (id int)", Utility, time.Millisecond, 0)
	got := map[[2]string]Entry{}
	for _, e := range s.Entries() {
		got[[2]string{e.User, e.Query}] = e
	}
	if len(got) != 3 {
		t.Fatalf("entries: %v", got)
	}
	e := got[[2]string{"alice", "select * from t where id = $1"}]
	if e.Calls != 4 || e.Rows != 4 || e.Min != 1 || e.Max != 10 || e.Mean != 4 || e.Total != 16 {
		t.Fatalf("alice's select: %+v", e)
	}
	// the population standard deviation of 1, 2, 3, 10
	if want := math.Sqrt((9 + 4 + 1 + 36) / 4.0); math.Abs(e.Stddev-want) > 1e-9 {
		t.Fatalf("stddev %v, want %v", e.Stddev, want)
	}
	if _, ok := got[[2]string{"alice", "create table t (id int)"}]; !ok {
		t.Fatal("a utility statement keeps its text")
	}
	s.Reset("bob", 0)
	if n := len(s.Entries()); n != 2 {
		t.Fatalf("after resetting bob's: %d entries", n)
	}
	s.Reset("", QueryID("create table t (id int)"))
	if n := len(s.Entries()); n != 1 {
		t.Fatalf("after resetting one query: %d entries", n)
	}
}

func TestDeallocatesTheLeastCalled(t *testing.T) {
	var s Store
	s.Record("u", "select 'kept'", Optimizable, time.Millisecond, 1)
	s.Record("u", "select 'kept'", Optimizable, time.Millisecond, 1)
	for i := range Max {
		s.Record("u", "create table t"+strconv.Itoa(i)+" ()", Utility, time.Millisecond, 0)
	}
	dealloc, _ := s.Info()
	if dealloc != 1 || len(s.Entries()) > Max {
		t.Fatalf("dealloc %d, %d entries", dealloc, len(s.Entries()))
	}
	found := false
	for _, e := range s.Entries() {
		found = found || e.Query == "select $1"
	}
	if !found {
		t.Fatal("the most called statement was dropped")
	}
}
