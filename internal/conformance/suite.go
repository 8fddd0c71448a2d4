package conformance

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Outcome is the verdict on one case: Reason is "" when got matches want.
type Outcome struct {
	ID     CaseID
	Got    *Result
	Want   *Result
	Reason string
}

// Pass reports whether the case matched.
func (o Outcome) Pass() bool { return o.Reason == "" }

// CheckGolden reports whether want was recorded from f's current
// statements; a golden file that no longer matches its case file must be
// re-recorded before its cases mean anything.
func CheckGolden(f *File, want []*Result) error {
	if len(want) != len(f.Statements) {
		return fmt.Errorf("conformance: %s: golden has %d statements, case file %d: re-record with -record",
			f.Name, len(want), len(f.Statements))
	}
	for i, w := range want {
		if w.SQL != f.Statements[i].SQL {
			return fmt.Errorf("conformance: %s: golden out of date (it records %q): re-record with -record",
				f.ID(i+1), clip(w.SQL))
		}
	}
	return nil
}

// CompareFile compares the results of running f with its expectations,
// which must pass CheckGolden. Only cases selected by sel (nil: all) are
// returned.
func CompareFile(f *File, got, want []*Result, sel *regexp.Regexp) ([]Outcome, error) {
	if err := CheckGolden(f, want); err != nil {
		return nil, err
	}
	notices := RecordsNoticeCodes(want)
	var out []Outcome
	for i := range f.Statements {
		id := f.ID(i + 1)
		if sel != nil && !sel.MatchString(id.String()) {
			continue
		}
		reason := Compare(got[i], want[i])
		if reason == "" && f.Context {
			reason = CompareContext(got[i], want[i])
		}
		if reason == "" && notices {
			reason = CompareNotices(got[i], want[i])
		}
		out = append(out, Outcome{ID: id, Got: got[i], Want: want[i], Reason: reason})
	}
	return out, nil
}

// Judge classifies an outcome against the known-failures list: "" when all
// is as expected (a pass, or a listed failure), otherwise why the test
// fails.
func (k Known) Judge(o Outcome) string {
	_, listed := k[o.ID]
	switch {
	case !o.Pass() && !listed:
		return fmt.Sprintf("%s: %s", o.ID, o.Reason)
	case o.Pass() && listed:
		return fmt.Sprintf("%s: fixed: remove it from known_failures.txt", o.ID)
	}
	return ""
}

// Stale returns listed ids that name no existing case.
func (k Known) Stale(files []*File) []CaseID {
	count := map[string]int{}
	for _, f := range files {
		count[f.Name] = len(f.Statements)
	}
	var out []CaseID
	for id := range k {
		if n, ok := count[id.File]; !ok || id.N > n {
			out = append(out, id)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}

// Updated returns the list rewritten from outcomes: cases that ran are
// listed exactly when they failed, cases that did not run keep their
// entries, and entries naming no existing case are dropped.
func (k Known) Updated(files []*File, outcomes []Outcome) Known {
	next := Known{}
	for id, r := range k {
		next[id] = r
	}
	for _, id := range k.Stale(files) {
		delete(next, id)
	}
	for _, o := range outcomes {
		if o.Pass() {
			delete(next, o.ID)
		} else {
			next[o.ID] = o.Reason
		}
	}
	return next
}

// Tally counts outcomes overall and per area.
type Tally struct {
	Cases, Passing, Failing int
}

// Summarize returns the overall tally and one per area, in area order.
func Summarize(outcomes []Outcome) (total Tally, areas []string, byArea map[string]*Tally) {
	byArea = map[string]*Tally{}
	for _, o := range outcomes {
		area, _, _ := strings.Cut(o.ID.File, "/")
		a := byArea[area]
		if a == nil {
			a = &Tally{}
			byArea[area] = a
			areas = append(areas, area)
		}
		for _, t := range []*Tally{&total, a} {
			t.Cases++
			if o.Pass() {
				t.Passing++
			} else {
				t.Failing++
			}
		}
	}
	sort.Strings(areas)
	return total, areas, byArea
}

// Diff renders an outcome for a human: the statement, the expectation and
// what happened, each in the golden format.
func (o Outcome) Diff() string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "--- %s: %s\n", o.ID, o.Reason)
	if o.Got != nil {
		fmt.Fprintf(&b, "sql:  %s\n", o.Got.SQL)
	}
	if o.Want != nil {
		b.WriteString("want: ")
		EncodeGolden(&b, []*Result{o.Want})
	}
	switch {
	case o.Got == nil:
	case o.Got.Failure != "":
		fmt.Fprintf(&b, "got:  %s\n", o.Got.Failure)
	default:
		b.WriteString("got:  ")
		EncodeGolden(&b, []*Result{o.Got})
	}
	return b.String()
}
