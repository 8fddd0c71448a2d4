package testdb

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	planLine = regexp.MustCompile(`^1\.\.(\d+)(\s*#.*)?$`)
	testLine = regexp.MustCompile(`^(not )?ok\b\s*(\d*)\s*(.*)$`)
	// directive is " # TODO why" or " # SKIP why" at the end of a test line.
	directive = regexp.MustCompile(`(?i)^(.*?)\s*(?:^|[^\\])#\s*(TODO|SKIP)\b\s*(.*)$`)
)

// parseTAP reads fr.TAP as TAP::Parser does and decides whether the file
// passed, as TAP::Harness does: every test ok (TODO tests may fail), the
// plan met, and psql's exit status 0.
func parseTAP(fr *FileResult) {
	fr.Planned = -1
	var last *Test
	for _, l := range strings.Split(strings.TrimRight(fr.TAP, "\n"), "\n") {
		if l == "" {
			continue
		}
		if m := planLine.FindStringSubmatch(l); m != nil {
			fr.Planned, _ = strconv.Atoi(m[1])
			continue
		}
		if m := testLine.FindStringSubmatch(l); m != nil {
			t := Test{OK: m[1] == "", Number: len(fr.Tests) + 1}
			if m[2] != "" {
				t.Number, _ = strconv.Atoi(m[2])
			}
			desc := m[3]
			if d := directive.FindStringSubmatch(" " + desc); d != nil {
				desc = strings.TrimSpace(d[1])
				t.Directive = strings.ToUpper(d[2])
				t.Reason = d[3]
			}
			t.Description = strings.TrimPrefix(desc, "- ")
			fr.Tests = append(fr.Tests, t)
			last = &fr.Tests[len(fr.Tests)-1]
			continue
		}
		if strings.HasPrefix(l, "#") {
			fr.Comments = append(fr.Comments, l)
			if last != nil {
				last.Diagnostics = append(last.Diagnostics, l)
			}
		}
	}
	for _, t := range fr.Tests {
		switch {
		case t.Directive == "SKIP":
			fr.Skipped++
		case t.Directive == "TODO" && t.OK:
			fr.TodoPassed = append(fr.TodoPassed, t.Number)
		case t.Directive == "TODO":
		case !t.OK:
			fr.Failed = append(fr.Failed, t.Number)
		}
	}
	switch {
	case fr.Planned < 0:
		fr.ParseErrs = append(fr.ParseErrs, "No plan found in TAP output")
	case fr.Planned != len(fr.Tests):
		fr.ParseErrs = append(fr.ParseErrs, "Bad plan.  You planned "+strconv.Itoa(fr.Planned)+" tests but ran "+strconv.Itoa(len(fr.Tests))+".")
	}
	fr.Passed = len(fr.Failed) == 0 && len(fr.ParseErrs) == 0 && fr.ExitStatus == 0
}
