package lint

// like is SQL's LIKE: % matches any run, _ any one character, and a
// backslash escapes the next character. Splinter's string-matching lints
// are written as LIKE patterns; this keeps their exact semantics.
func like(s, pattern string) bool {
	sr, pr := []rune(s), []rune(pattern)
	var match func(i, j int) bool
	match = func(i, j int) bool {
		for j < len(pr) {
			switch pr[j] {
			case '%':
				for j < len(pr) && pr[j] == '%' {
					j++
				}
				if j == len(pr) {
					return true
				}
				for k := i; k <= len(sr); k++ {
					if match(k, j) {
						return true
					}
				}
				return false
			case '_':
				if i >= len(sr) {
					return false
				}
				i++
				j++
			case '\\':
				if j+1 < len(pr) {
					j++
				}
				fallthrough
			default:
				if i >= len(sr) || sr[i] != pr[j] {
					return false
				}
				i++
				j++
			}
		}
		return i == len(sr)
	}
	return match(0, 0)
}

// likeNullable is LIKE on a nullable value: NULL never matches.
func likeNullable(s *string, pattern string) bool { return s != nil && like(*s, pattern) }
