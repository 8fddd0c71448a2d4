package typegen

// A tiny subset of prettier's document IR and its printer (Wadler's
// "prettier printer" as prettier implements it): text, line (a space when
// flat), softline (nothing when flat), hardline, group, indent and ifBreak.
// Groups containing a hardline always break, like prettier's
// propagateBreaks; a group is printed flat when its flat form and the rest
// of the current line fit in the print width.

const printWidth = 80

type docKind uint8

const (
	dText docKind = iota
	dLine
	dSoftline
	dHardline
	dGroup
	dIndent
	dIfBreak
	dConcat
)

type doc struct {
	kind     docKind
	text     string
	parts    []*doc
	flat     *doc // ifBreak: the flat alternative (parts hold the break one)
	hardIn   bool // contains a hardline (the group must break)
	breakOut bool // group: forced broken
}

func txt(s string) *doc { return &doc{kind: dText, text: s} }

var (
	line     = &doc{kind: dLine}
	softline = &doc{kind: dSoftline}
	hardline = &doc{kind: dHardline, hardIn: true}
)

func cat(parts ...*doc) *doc {
	d := &doc{kind: dConcat, parts: parts}
	for _, p := range parts {
		if p != nil && p.hardIn {
			d.hardIn = true
		}
	}
	return d
}

func group(parts ...*doc) *doc {
	d := cat(parts...)
	d.kind = dGroup
	d.breakOut = d.hardIn
	return d
}

func indent(parts ...*doc) *doc {
	d := cat(parts...)
	d.kind = dIndent
	return d
}

func ifBreak(broken, flat *doc) *doc {
	d := &doc{kind: dIfBreak, parts: []*doc{broken}, flat: flat}
	if broken != nil && broken.hardIn {
		d.hardIn = true
	}
	return d
}

func join(sep *doc, docs []*doc) *doc {
	var parts []*doc
	for i, d := range docs {
		if i > 0 {
			parts = append(parts, sep)
		}
		parts = append(parts, d)
	}
	return cat(parts...)
}

type mode uint8

const (
	modeBreak mode = iota
	modeFlat
)

type cmd struct {
	ind  int
	mode mode
	d    *doc
}

// appendRender appends d to out the way prettier's printDocToString
// prints it, trimming trailing whitespace before each newline.
func appendRender(out []byte, d *doc) []byte {
	start := len(out)
	pos := 0
	stack := []cmd{{0, modeBreak, d}}
	var scratch []cmd // fits' work list, reused
	newline := func(ind int) {
		for len(out) > start && out[len(out)-1] == ' ' {
			out = out[:len(out)-1]
		}
		out = append(out, '\n')
		for i := 0; i < ind; i++ {
			out = append(out, ' ')
		}
		pos = ind
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c.d == nil {
			continue
		}
		switch c.d.kind {
		case dText:
			out = append(out, c.d.text...)
			pos += len(c.d.text)
		case dConcat:
			for i := len(c.d.parts) - 1; i >= 0; i-- {
				stack = append(stack, cmd{c.ind, c.mode, c.d.parts[i]})
			}
		case dIndent:
			for i := len(c.d.parts) - 1; i >= 0; i-- {
				stack = append(stack, cmd{c.ind + 2, c.mode, c.d.parts[i]})
			}
		case dGroup:
			m := modeBreak
			if c.mode == modeFlat {
				m = modeFlat
			} else if !c.d.breakOut && fits(cmd{c.ind, modeFlat, c.d}, stack, printWidth-pos, &scratch) {
				m = modeFlat
			}
			for i := len(c.d.parts) - 1; i >= 0; i-- {
				stack = append(stack, cmd{c.ind, m, c.d.parts[i]})
			}
		case dIfBreak:
			if c.mode == modeBreak {
				stack = append(stack, cmd{c.ind, c.mode, c.d.parts[0]})
			} else {
				stack = append(stack, cmd{c.ind, c.mode, c.d.flat})
			}
		case dLine, dSoftline:
			if c.mode == modeFlat {
				if c.d.kind == dLine {
					out = append(out, ' ')
					pos++
				}
				continue
			}
			newline(c.ind)
		case dHardline:
			newline(c.ind)
		}
	}
	return out
}

// fits reports whether next, printed flat, and the rest of the line after
// it (from rest, in their own modes) fit in width columns; scratch is a
// work list the caller reuses across calls.
func fits(next cmd, rest []cmd, width int, scratch *[]cmd) bool {
	todo := append((*scratch)[:0], next)
	defer func() { *scratch = todo[:0] }()
	ri := len(rest)
	for width >= 0 {
		if len(todo) == 0 {
			if ri == 0 {
				return true
			}
			ri--
			todo = append(todo, rest[ri])
			continue
		}
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if c.d == nil {
			continue
		}
		switch c.d.kind {
		case dText:
			width -= len(c.d.text)
		case dConcat, dIndent:
			for i := len(c.d.parts) - 1; i >= 0; i-- {
				todo = append(todo, cmd{c.ind, c.mode, c.d.parts[i]})
			}
		case dGroup:
			m := c.mode
			if c.d.breakOut {
				m = modeBreak
			}
			for i := len(c.d.parts) - 1; i >= 0; i-- {
				todo = append(todo, cmd{c.ind, m, c.d.parts[i]})
			}
		case dIfBreak:
			if c.mode == modeBreak {
				todo = append(todo, cmd{c.ind, c.mode, c.d.parts[0]})
			} else {
				todo = append(todo, cmd{c.ind, c.mode, c.d.flat})
			}
		case dLine:
			if c.mode == modeBreak {
				return true
			}
			width--
		case dSoftline:
			if c.mode == modeBreak {
				return true
			}
		case dHardline:
			return true
		}
	}
	return false
}
