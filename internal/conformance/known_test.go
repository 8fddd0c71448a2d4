package conformance

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseKnown(t *testing.T) {
	in := `# header
types/integers.sql#12  # error 42883 want success
types/integers.sql#2

dml/upsert.sql#3	# tab separated # with hash
`
	got, err := ParseKnown(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := Known{
		{"types/integers.sql", 12}: "error 42883 want success",
		{"types/integers.sql", 2}:  "",
		{"dml/upsert.sql", 3}:      "tab separated # with hash",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseKnown (-want +got):\n%s", diff)
	}
	wantText := knownHeader + `dml/upsert.sql#3  # tab separated # with hash
types/integers.sql#2
types/integers.sql#12  # error 42883 want success
`
	if diff := cmp.Diff(wantText, string(got.Format())); diff != "" {
		t.Errorf("Format (-want +got):\n%s", diff)
	}
}

func TestParseKnownErrors(t *testing.T) {
	for _, in := range []string{
		"types/integers.sql",
		"types/integers.sql#0",
		"types/integers#3",
		"a.sql#1\na.sql#1 # twice",
	} {
		if _, err := ParseKnown(strings.NewReader(in)); err == nil {
			t.Errorf("ParseKnown(%q) succeeded", in)
		}
	}
}

func TestKnownJudgeAndUpdate(t *testing.T) {
	files := []*File{
		{Name: "a/x.sql", Statements: make([]Statement, 3)},
		{Name: "b/y.sql", Statements: make([]Statement, 1)},
	}
	known := Known{
		{"a/x.sql", 1}:    "old",
		{"a/x.sql", 2}:    "old",
		{"a/x.sql", 9}:    "no such statement",
		{"b/y.sql", 1}:    "did not run",
		{"c/gone.sql", 1}: "no such file",
	}
	outcomes := []Outcome{
		{ID: CaseID{"a/x.sql", 1}, Reason: "still failing"},
		{ID: CaseID{"a/x.sql", 2}},
		{ID: CaseID{"a/x.sql", 3}, Reason: "newly failing"},
	}
	var judged []string
	for _, o := range outcomes {
		judged = append(judged, known.Judge(o))
	}
	wantJudged := []string{"", "a/x.sql#2: fixed: remove it from known_failures.txt", "a/x.sql#3: newly failing"}
	if diff := cmp.Diff(wantJudged, judged); diff != "" {
		t.Errorf("Judge (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]CaseID{{"a/x.sql", 9}, {"c/gone.sql", 1}}, known.Stale(files)); diff != "" {
		t.Errorf("Stale (-want +got):\n%s", diff)
	}
	wantUpdated := Known{
		{"a/x.sql", 1}: "still failing",
		{"a/x.sql", 3}: "newly failing",
		{"b/y.sql", 1}: "did not run",
	}
	if diff := cmp.Diff(wantUpdated, known.Updated(files, outcomes)); diff != "" {
		t.Errorf("Updated (-want +got):\n%s", diff)
	}
}

func TestCaseID(t *testing.T) {
	id, err := ParseCaseID("types/integers.sql#7")
	if err != nil || id != (CaseID{"types/integers.sql", 7}) || id.String() != "types/integers.sql#7" {
		t.Errorf("ParseCaseID = %v, %v", id, err)
	}
	if !(CaseID{"a.sql", 2}).Less(CaseID{"a.sql", 10}) || !(CaseID{"a.sql", 10}).Less(CaseID{"b.sql", 1}) {
		t.Error("Less does not order by file, then numerically")
	}
}
