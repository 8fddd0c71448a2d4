package tinybase

import "github.com/tinybase/tinybase/migrations"

// lintFunc is the one call site for the lint package (lint branch): when
// it is merged, return an adapter over lint.Run that maps each
// lint.Finding to a migrations.Finding (Key = the splinter cache_key), and
// validation reports the findings a candidate introduces as warnings.
// Until then validation reports no lint warnings.
func lintFunc() migrations.LintFunc { return nil }
