package session

import (
	"math"
	"strconv"
	"strings"
)

// Integer and real parameters with units, as PostgreSQL's guc.c reads
// and prints them (docs 20.1.1, "Parameter Names and Values"): a number,
// optional white space and a unit; a fractional value is rounded to the
// next smaller unit, then to an integer in the parameter's own unit; SHOW
// prints the largest unit that divides the value evenly.

// unitConv is one row of guc.c's unit conversion tables: how many of a
// parameter's base unit one unit is.
type unitConv struct {
	unit string
	mult float64
}

const (
	memoryUnitsHint = `Valid units for this parameter are "B", "kB", "MB", "GB", and "TB".`
	timeUnitsHint   = `Valid units for this parameter are "us", "ms", "s", "min", "h", and "d".`
)

// unitTable is the conversion table of a pg_settings unit (B, kB, MB,
// 8kB, ms, s, min), largest unit first; nil for a unitless parameter.
func unitTable(base string) (table []unitConv, memory bool) {
	t := unitTables[base]
	return t.table, t.memory
}

// unitSet is a base unit's conversion table and whether it measures
// memory (else time).
type unitSet struct {
	table  []unitConv
	memory bool
}

// unitTables are unitTable's answers, made once: guc.c's memory and time
// conversion tables scaled to each base unit.
var unitTables = func() map[string]unitSet {
	out := map[string]unitSet{}
	memory := []unitConv{{"TB", 1 << 40}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"kB", 1024}, {"B", 1}}
	times := []unitConv{{"d", 86400000}, {"h", 3600000}, {"min", 60000}, {"s", 1000}, {"ms", 1}, {"us", 0.001}}
	scaled := func(units []unitConv, base float64) []unitConv {
		t := make([]unitConv, len(units))
		for i, u := range units {
			t[i] = unitConv{u.unit, u.mult / base}
		}
		return t
	}
	for base, size := range map[string]float64{"B": 1, "kB": 1024, "MB": 1 << 20, "8kB": 8192} {
		out[base] = unitSet{scaled(memory, size), true}
	}
	for base, ms := range map[string]float64{"ms": 1, "s": 1000, "min": 60000} {
		out[base] = unitSet{scaled(times, ms), false}
	}
	return out
}()

// convertToBase is guc.c's convert_to_base_unit: rest is the unit and
// anything after the number's white space.
func convertToBase(val float64, rest, base string) (float64, bool) {
	u := strings.TrimRightFunc(rest, isCSpace)
	if u == "" || strings.IndexFunc(u, isCSpace) >= 0 {
		return 0, false
	}
	table, _ := unitTable(base)
	for i, c := range table {
		if c.unit != u {
			continue
		}
		v := val * c.mult
		if i+1 < len(table) {
			next := table[i+1].mult
			v = math.RoundToEven(v/next) * next
		}
		return v, true
	}
	return 0, false
}

func isCSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v'
}

// parseGUCInt is guc.c's parse_int: C strtol with base 0 (0x1F, 017),
// else strtod, then a unit. hint is the HINT of a failure, if any.
func parseGUCInt(value, unit string) (n int64, hint string, ok bool) {
	val, rest, ok := strtol0(value)
	if !ok || strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "e") || strings.HasPrefix(rest, "E") {
		val, rest, ok = strtod(value)
	}
	if !ok || math.IsNaN(val) {
		return 0, "", false
	}
	if val, hint, ok = withUnit(val, rest, unit); !ok {
		return 0, hint, false
	}
	val = math.RoundToEven(val)
	if val > math.MaxInt32 || val < math.MinInt32 {
		return 0, "Value exceeds integer range.", false
	}
	return int64(val), "", true
}

// parseGUCReal is guc.c's parse_real.
func parseGUCReal(value, unit string) (float64, string, bool) {
	val, rest, ok := strtod(value)
	if !ok || math.IsNaN(val) {
		return 0, "", false
	}
	return withUnit(val, rest, unit)
}

func withUnit(val float64, rest, unit string) (float64, string, bool) {
	rest = strings.TrimLeftFunc(rest, isCSpace)
	if rest == "" {
		return val, "", true
	}
	if unit == "" {
		return 0, "", false
	}
	v, ok := convertToBase(val, rest, unit)
	if !ok {
		if _, memory := unitTable(unit); memory {
			return 0, memoryUnitsHint, false
		}
		return 0, timeUnitsHint, false
	}
	return v, "", true
}

// strtol0 reads a C integer literal as strtol(s, &end, 0) does; ok is
// false when no digits were read or the value overflows a long.
func strtol0(s string) (float64, string, bool) {
	t := strings.TrimLeftFunc(s, isCSpace)
	neg := false
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	base := 10
	switch {
	case len(t) > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') && isDigitIn(t[2], 16):
		base, t = 16, t[2:]
	case len(t) > 1 && t[0] == '0':
		base = 8
	}
	i := 0
	for i < len(t) && isDigitIn(t[i], base) {
		i++
	}
	if i == 0 {
		return 0, s, false
	}
	u, err := strconv.ParseUint(t[:i], base, 63)
	if err != nil {
		return 0, t[i:], false // ERANGE: reparsed as a double
	}
	v := float64(u)
	if neg {
		v = -v
	}
	return v, t[i:], true
}

func isDigitIn(c byte, base int) bool {
	switch base {
	case 16:
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	case 8:
		return c >= '0' && c <= '7'
	}
	return c >= '0' && c <= '9'
}

// strtod reads a C decimal floating-point literal (or inf / nan); ok is
// false when none was read or it overflows.
func strtod(s string) (float64, string, bool) {
	t := strings.TrimLeftFunc(s, isCSpace)
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	for _, w := range []string{"infinity", "inf", "nan"} {
		if len(t) >= i+len(w) && strings.EqualFold(t[i:i+len(w)], w) {
			v, _ := strconv.ParseFloat(t[:i+len(w)], 64)
			return v, t[i+len(w):], true
		}
	}
	start, digits := i, 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if i < len(t) && t[i] == '.' {
		i++
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return 0, s, false
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		j := i + 1
		if j < len(t) && (t[j] == '+' || t[j] == '-') {
			j++
		}
		k := j
		for k < len(t) && t[k] >= '0' && t[k] <= '9' {
			k++
		}
		if k > j {
			i = k
		}
	}
	_ = start
	v, err := strconv.ParseFloat(t[:i], 64)
	if err != nil {
		return 0, t[i:], false
	}
	return v, t[i:], true
}

// showInt is an integer parameter's value as SHOW prints it: a positive
// value in the largest unit dividing it evenly (convert_int_from_base_unit).
func showInt(v int64, unit string) string {
	table, _ := unitTable(unit)
	if v <= 0 || table == nil {
		return strconv.FormatInt(v, 10)
	}
	for _, c := range table {
		if c.mult <= 1 || v%int64(c.mult) == 0 {
			return strconv.FormatInt(int64(math.RoundToEven(float64(v)/c.mult)), 10) + c.unit
		}
	}
	return strconv.FormatInt(v, 10)
}

// showReal is a real parameter's value as SHOW prints it
// (convert_real_from_base_unit, then C's %g).
func showReal(v float64, unit string) string {
	table, _ := unitTable(unit)
	if v <= 0 || table == nil {
		return formatCG(v)
	}
	var out float64
	var name string
	for _, c := range table {
		out, name = v/c.mult, c.unit
		if out > 0 && math.Abs(math.RoundToEven(out)/out-1) <= 1e-8 {
			break
		}
	}
	return formatCG(out) + name
}

// formatCG prints as C's printf("%g") does.
func formatCG(v float64) string {
	return strconv.FormatFloat(v, 'g', 6, 64)
}
