package workers

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Schedule is a parsed pg_cron schedule: five cron fields as bit sets, or
// an interval in seconds. The grammar is pg_cron's (Vixie cron's, plus
// `$` for the last day of the month and '<1-59> seconds'), the one
// cron._valid_schedule accepts in SQL.
type Schedule struct {
	Every   time.Duration // > 0 for '<n> seconds'
	Reboot  bool          // @reboot: once when the scheduler starts
	minute  uint64
	hour    uint64
	dom     uint64
	month   uint64
	dow     uint64
	lastDay bool // day of month `$`
	domStar bool
	dowStar bool
}

var (
	monthNames = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}
	dowNames   = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat", "sun"}
	macros     = map[string]string{
		"yearly": "0 0 1 1 *", "annually": "0 0 1 1 *", "monthly": "0 0 1 * *",
		"weekly": "0 0 * * 0", "daily": "0 0 * * *", "midnight": "0 0 * * *", "hourly": "0 * * * *",
	}
)

// ParseSchedule parses spec as pg_cron does, or fails with pg_cron's
// message.
func ParseSchedule(spec string) (*Schedule, error) {
	if s, ok := parseCron(spec); ok {
		return s, nil
	}
	if n, ok := parseSeconds(spec); ok {
		return &Schedule{Every: time.Duration(n) * time.Second}, nil
	}
	return nil, fmt.Errorf("invalid schedule: %s", spec)
}

func parseCron(spec string) (*Schedule, bool) {
	f := strings.FieldsFunc(spec, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
	if len(f) == 0 {
		return nil, false
	}
	if strings.HasPrefix(f[0], "@") {
		name := f[0][1:]
		if name == "reboot" || name == "restart" {
			return &Schedule{Reboot: true}, true
		}
		m, ok := macros[name]
		if !ok {
			return nil, false
		}
		return parseCron(m)
	}
	if len(f) < 5 {
		return nil, false
	}
	s := &Schedule{domStar: strings.HasPrefix(f[2], "*"), dowStar: strings.HasPrefix(f[4], "*")}
	var ok bool
	if s.minute, ok = parseField(f[0], 0, 59, nil); !ok {
		return nil, false
	}
	if s.hour, ok = parseField(f[1], 0, 23, nil); !ok {
		return nil, false
	}
	if f[2] == "$" {
		s.lastDay = true
	} else if s.dom, ok = parseField(f[2], 1, 31, nil); !ok {
		return nil, false
	}
	if s.month, ok = parseField(f[3], 1, 12, monthNames); !ok {
		return nil, false
	}
	if s.dow, ok = parseField(f[4], 0, 7, dowNames); !ok {
		return nil, false
	}
	if s.dow&(1|1<<7) != 0 { // Sunday is 0 and 7
		s.dow |= 1 | 1<<7
	}
	return s, true
}

// parseField parses a comma list of `*`, n or n-m (names allowed), the
// first and last with an optional /step; what follows a complete element
// other than a comma ends the list, as in Vixie cron.
func parseField(field string, low, high int, names []string) (uint64, bool) {
	var bits uint64
	for _, elem := range strings.Split(field, ",") {
		if elem == "" {
			return 0, false
		}
		first, last, rest := low, high, ""
		if elem[0] == '*' {
			rest = elem[1:]
		} else {
			tok, r := alnum(elem)
			n, ok := fieldNumber(tok, low, names)
			if !ok || n < low || n > high {
				return 0, false
			}
			first, last, rest = n, n, r
			if strings.HasPrefix(rest, "-") {
				tok, r = alnum(rest[1:])
				m, ok := fieldNumber(tok, low, names)
				if !ok || m < low || m > high {
					return 0, false
				}
				last, rest = m, r
			} else if strings.HasPrefix(rest, "/") {
				return 0, false // a step needs a range
			}
		}
		step := 1
		if strings.HasPrefix(rest, "/") {
			tok, r := alnum(rest[1:])
			n, err := strconv.Atoi(tok)
			if err != nil || len(tok) > 9 || n <= 0 || n > high {
				return 0, false
			}
			step, rest = n, r
		}
		for v := first; v <= last; v += step {
			bits |= 1 << uint(v)
		}
		if rest != "" {
			return bits, true // the rest of the field is ignored
		}
	}
	return bits, true
}

func alnum(s string) (tok, rest string) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	return s[:i], s[i:]
}

func fieldNumber(tok string, low int, names []string) (int, bool) {
	if tok == "" {
		return 0, false
	}
	for i, n := range names {
		if strings.EqualFold(n, tok) {
			return i + low, true
		}
	}
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	t := strings.TrimLeft(tok, "0")
	if len(t) > 9 {
		return 1 << 30, true
	}
	n, _ := strconv.Atoi("0" + t)
	return n, true
}

// parseSeconds accepts '<n> second' and '<n> seconds' (any case, blanks
// around), 1 ≤ n ≤ 59.
func parseSeconds(spec string) (int, bool) {
	s := strings.ToLower(strings.Trim(spec, " \t\n"))
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i > 9 {
		return 0, false
	}
	n, _ := strconv.Atoi(s[:i])
	unit := strings.TrimLeft(s[i:], " \t\n")
	if unit != "second" && unit != "seconds" {
		return 0, false
	}
	return n, n >= 1 && n <= 59
}

// Matches reports whether a cron schedule fires in t's minute (UTC, as
// pg_cron's default cron.timezone). With both day fields restricted a day
// matches either, as in cron(8).
func (s *Schedule) Matches(t time.Time) bool {
	if s.Every > 0 || s.Reboot {
		return false
	}
	t = t.UTC()
	if s.minute&(1<<uint(t.Minute())) == 0 || s.hour&(1<<uint(t.Hour())) == 0 || s.month&(1<<uint(t.Month())) == 0 {
		return false
	}
	dom := s.dom&(1<<uint(t.Day())) != 0
	if s.lastDay {
		dom = t.AddDate(0, 0, 1).Day() == 1
	}
	dow := s.dow&(1<<uint(t.Weekday())) != 0
	if s.domStar || s.dowStar {
		return dom && dow
	}
	return dom || dow
}
