// Package only is the -only flag of the bench programs: which named
// workloads to measure.
package only

import "strings"

// Selected reports whether name contains one of only's |-separated
// parts (every name when only is empty).
func Selected(name, only string) bool {
	if only == "" {
		return true
	}
	for _, part := range strings.Split(only, "|") {
		if strings.Contains(name, part) {
			return true
		}
	}
	return false
}
