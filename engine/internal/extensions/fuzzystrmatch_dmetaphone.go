package extensions

import "strings"

// Double Metaphone (Lawrence Philips, "The Double Metaphone Search
// Algorithm", C/C++ Users Journal, June 2000), as fuzzystrmatch's
// dmetaphone and dmetaphone_alt give it: a primary and an alternate code
// of at most four characters. The word is read as bytes, upper-cased in
// ASCII and padded with spaces so rules may look past its end, as the
// module does; of the two Latin-1 letters its rules name (Ç, Ñ), it
// matches the single bytes 0xC7 and 0xD1.
type dmeta struct {
	s            string // the word, upper case, padded
	length, last int    // of the word without the padding
	slavo        bool   // Slavic or Germanic spelling (W, K, CZ, WITZ)
	primary, alt strings.Builder
	cur          int
}

// doubleMetaphone returns the primary and alternate codes of word.
func doubleMetaphone(word string) (string, string) {
	up := []byte(word)
	for i, c := range up {
		if c >= 'a' && c <= 'z' {
			up[i] = c - 'a' + 'A'
		}
	}
	m := &dmeta{s: string(up) + "     ", length: len(up), last: len(up) - 1}
	m.slavo = strings.Contains(m.s, "W") || strings.Contains(m.s, "K") || strings.Contains(m.s, "CZ") || strings.Contains(m.s, "WITZ")
	if m.at(0, 2, "GN", "KN", "PN", "WR", "PS") {
		m.cur++ // silent first letter
	}
	if m.get(0) == 'X' {
		m.add("S") // Xavier
		m.cur++
	}
	for (m.primary.Len() < 4 || m.alt.Len() < 4) && m.cur < m.length {
		m.step()
	}
	p, a := m.primary.String(), m.alt.String()
	if len(p) > 4 {
		p = p[:4]
	}
	if len(a) > 4 {
		a = a[:4]
	}
	return p, a
}

func (m *dmeta) get(i int) byte {
	if i < 0 || i >= len(m.s) {
		return 0
	}
	return m.s[i]
}

func (m *dmeta) vowel(i int) bool {
	switch m.get(i) {
	case 'A', 'E', 'I', 'O', 'U', 'Y':
		return true
	}
	return false
}

// at reports whether the n bytes at start are one of subs.
func (m *dmeta) at(start, n int, subs ...string) bool {
	if start < 0 || start+n > len(m.s) {
		return false
	}
	w := m.s[start : start+n]
	for _, s := range subs {
		if w == s {
			return true
		}
	}
	return false
}

// add appends to both codes; addAlt gives the alternate its own.
func (m *dmeta) add(s string) { m.primary.WriteString(s); m.alt.WriteString(s) }
func (m *dmeta) addAlt(p, a string) {
	m.primary.WriteString(p)
	m.alt.WriteString(a)
}

// skipDouble advances past the current letter, and past a second one
// when the next letter is next.
func (m *dmeta) skipDouble(next byte) {
	if m.get(m.cur+1) == next {
		m.cur += 2
	} else {
		m.cur++
	}
}

func (m *dmeta) step() {
	c := m.cur
	switch m.get(c) {
	case 'A', 'E', 'I', 'O', 'U', 'Y':
		if c == 0 {
			m.add("A") // a vowel sounds only at the start
		}
		m.cur++
	case 'B':
		m.add("P")
		m.skipDouble('B')
	case 0xC7: // Ç
		m.add("S")
		m.cur++
	case 'C':
		m.stepC()
	case 'D':
		switch {
		case m.at(c, 2, "DG"):
			if m.at(c+2, 1, "I", "E", "Y") {
				m.add("J") // edge
				m.cur += 3
			} else {
				m.add("TK") // edgar
				m.cur += 2
			}
		case m.at(c, 2, "DT", "DD"):
			m.add("T")
			m.cur += 2
		default:
			m.add("T")
			m.cur++
		}
	case 'F':
		m.skipDouble('F')
		m.add("F")
	case 'G':
		m.stepG()
	case 'H':
		// kept first or between vowels, before a vowel
		if (c == 0 || m.vowel(c-1)) && m.vowel(c+1) {
			m.add("H")
			m.cur += 2
		} else {
			m.cur++
		}
	case 'J':
		m.stepJ()
	case 'K':
		m.skipDouble('K')
		m.add("K")
	case 'L':
		if m.get(c+1) == 'L' {
			// Spanish: cabrillo, gallegos
			if (c == m.length-3 && m.at(c-1, 4, "ILLO", "ILLA", "ALLE")) ||
				((m.at(m.last-1, 2, "AS", "OS") || m.at(m.last, 1, "A", "O")) && m.at(c-1, 4, "ALLE")) {
				m.addAlt("L", "")
				m.cur += 2
				return
			}
			m.cur += 2
		} else {
			m.cur++
		}
		m.add("L")
	case 'M':
		if (m.at(c-1, 3, "UMB") && (c+1 == m.last || m.at(c+2, 2, "ER"))) || m.get(c+1) == 'M' {
			m.cur += 2 // dumb, thumb
		} else {
			m.cur++
		}
		m.add("M")
	case 'N':
		m.skipDouble('N')
		m.add("N")
	case 0xD1: // Ñ
		m.cur++
		m.add("N")
	case 'P':
		if m.get(c+1) == 'H' {
			m.add("F")
			m.cur += 2
			return
		}
		if m.at(c+1, 1, "P", "B") {
			m.cur += 2 // campbell, raspberry
		} else {
			m.cur++
		}
		m.add("P")
	case 'Q':
		m.skipDouble('Q')
		m.add("K")
	case 'R':
		// French: rogier, but not hochmeier
		if c == m.last && !m.slavo && m.at(c-2, 2, "IE") && !m.at(c-4, 2, "ME", "MA") {
			m.addAlt("", "R")
		} else {
			m.add("R")
		}
		m.skipDouble('R')
	case 'S':
		m.stepS()
	case 'T':
		switch {
		case m.at(c, 4, "TION"):
			m.add("X")
			m.cur += 3
		case m.at(c, 3, "TIA", "TCH"):
			m.add("X")
			m.cur += 3
		case m.at(c, 2, "TH") || m.at(c, 3, "TTH"):
			// thomas, thames, or Germanic
			if m.at(c+2, 2, "OM", "AM") || m.at(0, 4, "VAN ", "VON ") || m.at(0, 3, "SCH") {
				m.add("T")
			} else {
				m.addAlt("0", "T")
			}
			m.cur += 2
		default:
			if m.at(c+1, 1, "T", "D") {
				m.cur += 2
			} else {
				m.cur++
			}
			m.add("T")
		}
	case 'V':
		m.skipDouble('V')
		m.add("F")
	case 'W':
		m.stepW()
	case 'X':
		// French: breaux
		if !(c == m.last && (m.at(c-3, 3, "IAU", "EAU") || m.at(c-2, 2, "AU", "OU"))) {
			m.add("KS")
		}
		if m.at(c+1, 1, "C", "X") {
			m.cur += 2
		} else {
			m.cur++
		}
	case 'Z':
		if m.get(c+1) == 'H' {
			m.add("J") // Chinese pinyin: zhao
			m.cur += 2
			return
		}
		if m.at(c+1, 2, "ZO", "ZI", "ZA") || (m.slavo && c > 0 && m.get(c-1) != 'T') {
			m.addAlt("S", "TS")
		} else {
			m.add("S")
		}
		m.skipDouble('Z')
	default:
		m.cur++
	}
}

func (m *dmeta) stepC() {
	c := m.cur
	switch {
	// Germanic ACH: bacher, macher
	case c > 1 && !m.vowel(c-2) && m.at(c-1, 3, "ACH") &&
		m.get(c+2) != 'I' && (m.get(c+2) != 'E' || m.at(c-2, 6, "BACHER", "MACHER")):
		m.add("K")
		m.cur += 2
	case c == 0 && m.at(c, 6, "CAESAR"):
		m.add("S")
		m.cur += 2
	case m.at(c, 4, "CHIA"): // chianti
		m.add("K")
		m.cur += 2
	case m.at(c, 2, "CH"):
		m.stepCH()
	case m.at(c, 2, "CZ") && !m.at(c-2, 4, "WICZ"): // czerny
		m.addAlt("S", "X")
		m.cur += 2
	case m.at(c+1, 3, "CIA"): // focaccia
		m.add("X")
		m.cur += 3
	case m.at(c, 2, "CC") && !(c == 1 && m.get(0) == 'M'): // not McClellan
		if m.at(c+2, 1, "I", "E", "H") && !m.at(c+2, 2, "HU") {
			// bellocchio but not bacchus
			if (c == 1 && m.get(c-1) == 'A') || m.at(c-1, 5, "UCCEE", "UCCES") {
				m.add("KS") // accident, accede, succeed
			} else {
				m.add("X") // bacci, bertucci
			}
			m.cur += 3
		} else {
			m.add("K") // Pierce's rule
			m.cur += 2
		}
	case m.at(c, 2, "CK", "CG", "CQ"):
		m.add("K")
		m.cur += 2
	case m.at(c, 2, "CI", "CE", "CY"):
		if m.at(c, 3, "CIO", "CIE", "CIA") {
			m.addAlt("S", "X") // Italian
		} else {
			m.add("S")
		}
		m.cur += 2
	default:
		m.add("K")
		switch {
		case m.at(c+1, 2, " C", " Q", " G"): // mac caffrey, mac gregor
			m.cur += 3
		case m.at(c+1, 1, "C", "K", "Q") && !m.at(c+1, 2, "CE", "CI"):
			m.cur += 2
		default:
			m.cur++
		}
	}
}

func (m *dmeta) stepCH() {
	c := m.cur
	switch {
	case c > 0 && m.at(c, 4, "CHAE"): // michael
		m.addAlt("K", "X")
	case c == 0 && (m.at(c+1, 5, "HARAC", "HARIS") || m.at(c+1, 3, "HOR", "HYM", "HIA", "HEM")) && !m.at(0, 5, "CHORE"):
		m.add("K") // Greek roots: chemistry, chorus
	case m.at(0, 4, "VAN ", "VON ") || m.at(0, 3, "SCH") ||
		m.at(c-2, 6, "ORCHES", "ARCHIT", "ORCHID") || m.at(c+2, 1, "T", "S") ||
		((m.at(c-1, 1, "A", "O", "U", "E") || c == 0) && m.at(c+2, 1, "L", "R", "N", "M", "B", "H", "F", "V", "W", " ")):
		m.add("K") // Germanic, Greek, or otherwise a kh sound
	case c > 0:
		if m.at(0, 2, "MC") {
			m.add("K") // McHugh
		} else {
			m.addAlt("X", "K")
		}
	default:
		m.add("X")
	}
	m.cur += 2
}

func (m *dmeta) stepG() {
	c := m.cur
	switch next := m.get(c + 1); {
	case next == 'H':
		switch {
		case c > 0 && !m.vowel(c-1):
			m.add("K")
		case c == 0: // ghislane, ghiradelli
			if m.get(c+2) == 'I' {
				m.add("J")
			} else {
				m.add("K")
			}
		// Parker's rule: hugh, bough, broughton
		case (c > 1 && m.at(c-2, 1, "B", "H", "D")) || (c > 2 && m.at(c-3, 1, "B", "H", "D")) || (c > 3 && m.at(c-4, 1, "B", "H")):
		case c > 2 && m.get(c-1) == 'U' && m.at(c-3, 1, "C", "G", "L", "R", "T"):
			m.add("F") // laugh, cough, rough
		case c > 0 && m.get(c-1) != 'I':
			m.add("K")
		}
		m.cur += 2
	case next == 'N':
		switch {
		case c == 1 && m.vowel(0) && !m.slavo:
			m.addAlt("KN", "N")
		case !m.at(c+2, 2, "EY") && m.get(c+1) != 'Y' && !m.slavo: // not cagney
			m.addAlt("N", "KN")
		default:
			m.add("KN")
		}
		m.cur += 2
	case m.at(c+1, 2, "LI") && !m.slavo: // tagliaro
		m.addAlt("KL", "L")
		m.cur += 2
	case c == 0 && (next == 'Y' || m.at(c+1, 2, "ES", "EP", "EB", "EL", "EY", "IB", "IL", "IN", "IE", "EI", "ER")):
		m.addAlt("K", "J") // -ges-, -gep-, -gel-, -gie- at the start
		m.cur += 2
	case (m.at(c+1, 2, "ER") || next == 'Y') && !m.at(0, 6, "DANGER", "RANGER", "MANGER") &&
		!m.at(c-1, 1, "E", "I") && !m.at(c-1, 3, "RGY", "OGY"):
		m.addAlt("K", "J") // -ger-, -gy-
		m.cur += 2
	case m.at(c+1, 1, "E", "I", "Y") || m.at(c-1, 4, "AGGI", "OGGI"): // Italian: biaggi
		switch {
		case m.at(0, 4, "VAN ", "VON ") || m.at(0, 3, "SCH") || m.at(c+1, 2, "ET"):
			m.add("K") // Germanic
		case m.at(c+1, 4, "IER "):
			m.add("J") // French ending
		default:
			m.addAlt("J", "K")
		}
		m.cur += 2
	default:
		m.skipDouble('G')
		m.add("K")
	}
}

func (m *dmeta) stepJ() {
	c := m.cur
	if m.at(c, 4, "JOSE") || m.at(0, 4, "SAN ") { // Spanish: jose, san jacinto
		if (c == 0 && m.get(c+4) == ' ') || m.at(0, 4, "SAN ") {
			m.add("H")
		} else {
			m.addAlt("J", "H")
		}
		m.cur++
		return
	}
	switch {
	case c == 0 && !m.at(c, 4, "JOSE"):
		m.addAlt("J", "A") // Yankelovich / Jankelowicz
	case m.vowel(c-1) && !m.slavo && (m.get(c+1) == 'A' || m.get(c+1) == 'O'):
		m.addAlt("J", "H") // Spanish: bajador
	case c == m.last:
		m.addAlt("J", "")
	case !m.at(c+1, 1, "L", "T", "K", "S", "N", "M", "B", "Z") && !m.at(c-1, 1, "S", "K", "L"):
		m.add("J")
	}
	m.skipDouble('J')
}

func (m *dmeta) stepS() {
	c := m.cur
	switch {
	case m.at(c-1, 3, "ISL", "YSL"): // island, isle, carlisle
		m.cur++
	case c == 0 && m.at(c, 5, "SUGAR"):
		m.addAlt("X", "S")
		m.cur++
	case m.at(c, 2, "SH"):
		if m.at(c+1, 4, "HEIM", "HOEK", "HOLM", "HOLZ") {
			m.add("S") // Germanic
		} else {
			m.add("X")
		}
		m.cur += 2
	case m.at(c, 3, "SIO", "SIA") || m.at(c, 4, "SIAN"): // Italian, Armenian
		if !m.slavo {
			m.addAlt("S", "X")
		} else {
			m.add("S")
		}
		m.cur += 3
	// smith and schmidt, snider and schneider; Slavic -sz-
	case (c == 0 && m.at(c+1, 1, "M", "N", "L", "W")) || m.at(c+1, 1, "Z"):
		m.addAlt("S", "X")
		if m.at(c+1, 1, "Z") {
			m.cur += 2
		} else {
			m.cur++
		}
	case m.at(c, 2, "SC"):
		switch {
		case m.get(c+2) == 'H': // Schlesinger's rule
			switch {
			case m.at(c+3, 2, "OO", "ER", "EN", "UY", "ED", "EM"): // Dutch: school
				if m.at(c+3, 2, "ER", "EN") {
					m.addAlt("X", "SK") // schermerhorn, schenker
				} else {
					m.add("SK")
				}
			case c == 0 && !m.vowel(3) && m.get(3) != 'W':
				m.addAlt("X", "S")
			default:
				m.add("X")
			}
		case m.at(c+2, 1, "I", "E", "Y"):
			m.add("S")
		default:
			m.add("SK")
		}
		m.cur += 3
	default:
		if c == m.last && m.at(c-2, 2, "AI", "OI") {
			m.addAlt("", "S") // French: resnais, artois
		} else {
			m.add("S")
		}
		if m.at(c+1, 1, "S", "Z") {
			m.cur += 2
		} else {
			m.cur++
		}
	}
}

func (m *dmeta) stepW() {
	c := m.cur
	if m.at(c, 2, "WR") {
		m.add("R")
		m.cur += 2
		return
	}
	if c == 0 && (m.vowel(c+1) || m.at(c, 2, "WH")) {
		if m.vowel(c + 1) {
			m.addAlt("A", "F") // Wasserman and Vasserman
		} else {
			m.add("A")
		}
	}
	switch {
	// Arnow and Arnoff
	case (c == m.last && m.vowel(c-1)) || m.at(c-1, 5, "EWSKI", "EWSKY", "OWSKI", "OWSKY") || m.at(0, 3, "SCH"):
		m.addAlt("", "F")
		m.cur++
	case m.at(c, 4, "WICZ", "WITZ"): // Polish: filipowicz
		m.addAlt("TS", "FX")
		m.cur += 4
	default:
		m.cur++
	}
}
