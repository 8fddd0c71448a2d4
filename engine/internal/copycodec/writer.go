package copycodec

import "encoding/binary"

// AppendBinaryHeader appends binary COPY's header: the signature, zero
// flags and an empty header extension.
func AppendBinaryHeader(out []byte) []byte {
	out = append(out, Signature...)
	return append(out, 0, 0, 0, 0, 0, 0, 0, 0)
}

// AppendBinaryTrailer appends the field count -1 that ends binary data.
func AppendBinaryTrailer(out []byte) []byte { return append(out, 0xff, 0xff) }

// AppendTupleHeader appends a binary tuple's field count.
func AppendTupleHeader(out []byte, fields int) []byte {
	return binary.BigEndian.AppendUint16(out, uint16(fields))
}

// AppendBinaryNull appends a NULL binary field (length -1).
func AppendBinaryNull(out []byte) []byte { return binary.BigEndian.AppendUint32(out, 0xffffffff) }

// BeginBinaryField appends a binary field's length word, to be patched
// by EndBinaryField once the value (its type's send form) follows; at is
// where the word is.
func BeginBinaryField(out []byte) (_ []byte, at int) {
	at = len(out)
	return append(out, 0, 0, 0, 0), at
}

// EndBinaryField patches the length word BeginBinaryField appended at at.
func EndBinaryField(out []byte, at int) []byte {
	binary.BigEndian.PutUint32(out[at:], uint32(len(out)-at-4))
	return out
}

// AppendHeader appends the HEADER line of text or CSV data: the column
// names as fields.
func AppendHeader(out []byte, opt *Options, names []string) []byte {
	for i, n := range names {
		if i > 0 {
			out = append(out, opt.Delim)
		}
		out = AppendField(out, opt, n)
	}
	return append(out, '\n')
}

// AppendNull appends a NULL text or CSV field (the null string).
func AppendNull(out []byte, opt *Options) []byte { return append(out, opt.Null...) }

// AppendField appends a non-NULL text or CSV field: in CSV quoted when it
// holds the delimiter, the quote, the escape or a line end, or could be
// read back as NULL; in text with backslash escapes.
func AppendField(out []byte, opt *Options, s string) []byte {
	if opt.Format == CSV {
		needs := s == opt.Null || s == ""
		for i := 0; i < len(s) && !needs; i++ {
			ch := s[i]
			needs = ch == opt.Delim || ch == opt.Quote || ch == '\n' || ch == '\r' || ch == opt.Escape
		}
		if s == "" && opt.Null != "" {
			needs = false
		}
		if !needs {
			return append(out, s...)
		}
		out = append(out, opt.Quote)
		for i := 0; i < len(s); i++ {
			if s[i] == opt.Quote || s[i] == opt.Escape {
				out = append(out, opt.Escape)
			}
			out = append(out, s[i])
		}
		return append(out, opt.Quote)
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch ch {
		case '\\':
			out = append(out, '\\', '\\')
		case '\n':
			out = append(out, '\\', 'n')
		case '\r':
			out = append(out, '\\', 'r')
		case '\t':
			out = append(out, '\\', 't')
		case '\b':
			out = append(out, '\\', 'b')
		case '\f':
			out = append(out, '\\', 'f')
		case '\v':
			out = append(out, '\\', 'v')
		default:
			if ch == opt.Delim {
				out = append(out, '\\')
			}
			out = append(out, ch)
		}
	}
	return out
}
