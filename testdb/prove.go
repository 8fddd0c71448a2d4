package testdb

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Report prints res as pg_prove (TAP::Harness's console formatter) does:
// a line per file ("name .. ok", or its comments and why it failed), the
// Test Summary Report of files that did not pass, the totals and
// "Result: PASS" or "Result: FAIL". psql's error output goes to errw, as
// pg_prove leaves psql's standard error on the terminal.
func Report(w, errw io.Writer, res *Result) {
	width := 0
	for _, f := range res.Files {
		width = max(width, len(f.File))
	}
	for _, f := range res.Files {
		for _, e := range f.Errors {
			fmt.Fprintln(errw, e)
		}
		prefix := f.File + " " + strings.Repeat(".", 2+width-len(f.File)) + " "
		if f.Passed && len(f.Comments) == 0 {
			fmt.Fprintln(w, prefix+"ok")
			continue
		}
		fmt.Fprintln(w, prefix)
		for _, c := range f.Comments {
			fmt.Fprintln(w, c)
		}
		if f.Passed {
			fmt.Fprintln(w, "ok")
			continue
		}
		if f.ExitStatus != 0 {
			fmt.Fprintf(w, "Dubious, test returned %d (wstat %d, 0x%x)\n", f.ExitStatus, f.ExitStatus<<8, f.ExitStatus<<8)
		}
		total := f.Planned
		if total < 0 {
			total = len(f.Tests)
		}
		if total == 0 && len(f.Tests) == 0 {
			fmt.Fprintln(w, "No subtests run ")
			continue
		}
		bad := len(f.Failed)
		if d := f.Planned - len(f.Tests); f.Planned >= 0 && d != 0 {
			bad += max(d, -d)
		}
		fmt.Fprintf(w, "Failed %d/%d subtests \n", bad, total)
		if f.Skipped > 0 {
			fmt.Fprintf(w, "\t(less %d skipped subtests: %d okay)\n", f.Skipped, len(f.Tests)-len(f.Failed)-f.Skipped)
		}
	}
	if res.Passed {
		fmt.Fprintln(w, "All tests successful.")
	}
	var listed []FileResult
	for _, f := range res.Files {
		if !f.Passed || len(f.TodoPassed) > 0 {
			listed = append(listed, f)
		}
	}
	if len(listed) > 0 {
		fmt.Fprintln(w, "\nTest Summary Report\n-------------------")
		for _, f := range listed {
			wstat := strconv.Itoa(f.ExitStatus << 8)
			if f.ExitStatus != 0 {
				wstat += " (exited " + strconv.Itoa(f.ExitStatus) + ")"
			}
			fmt.Fprintf(w, "%-*s (Wstat: %s Tests: %d Failed: %d)\n", width-1, f.File, wstat, len(f.Tests), len(f.Failed))
			if len(f.Failed) > 0 {
				label := "Failed test:" // TAP::Formatter pads neither to the other
				if len(f.Failed) > 1 {
					label = "Failed tests:"
				}
				fmt.Fprintf(w, "  %s  %s\n", label, ranges(f.Failed))
			}
			if len(f.TodoPassed) > 0 {
				fmt.Fprintf(w, "  TODO passed:   %s\n", ranges(f.TodoPassed))
			}
			if f.ExitStatus != 0 {
				fmt.Fprintf(w, "  Non-zero exit status: %d\n", f.ExitStatus)
			}
			for i, p := range f.ParseErrs {
				if i == 0 {
					fmt.Fprintf(w, "  Parse errors: %s\n", p)
				} else {
					fmt.Fprintf(w, "                %s\n", p)
				}
			}
		}
	}
	secs := int(res.Duration.Seconds())
	fmt.Fprintf(w, "Files=%d, Tests=%d, %2d wallclock secs (%5.2f usr %5.2f sys + %5.2f cusr %5.2f csys = %5.2f CPU)\n",
		len(res.Files), res.Tests, secs, res.UserCPU.Seconds(), res.SysCPU.Seconds(), 0.0, 0.0, (res.UserCPU + res.SysCPU).Seconds())
	if res.Passed {
		fmt.Fprintln(w, "Result: PASS")
	} else {
		fmt.Fprintln(w, "Result: FAIL")
	}
}

// ranges prints test numbers as TAP::Harness does: "2-3, 5".
func ranges(ns []int) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, strconv.Itoa(ns[i])+"-"+strconv.Itoa(ns[j]))
		} else {
			parts = append(parts, strconv.Itoa(ns[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
