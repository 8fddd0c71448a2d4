package copycodec

import (
	"bytes"
	"encoding/binary"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// BadCopyFileFormat is SQLSTATE bad_copy_file_format.
const BadCopyFileFormat = "22P04"

// Signature opens binary COPY data.
var Signature = []byte("PGCOPY\n\xff\r\n\x00")

// Reader splits COPY FROM data into records, however the stream is
// chunked: Write buffers a chunk, Next returns each complete record. It
// counts lines as PostgreSQL's COPY context reports them (a binary tuple
// counts as a line).
type Reader struct {
	opt     Options
	columns []string
	buf     []byte
	off     int // consumed bytes of buf

	line       int64
	headerDone bool
	binHeader  bool
	raw        []byte    // the text or CSV line of the last record
	fields     []*string // its fields (text and CSV)
	binFields  [][]byte  // its fields (binary); nil is NULL
}

// NewReader reads data of the format opt describes into the named
// columns (the count binary tuples must have; CSV's FORCE_NULL names).
func NewReader(opt Options, columns []string) *Reader {
	return &Reader{opt: opt, columns: columns}
}

// Write buffers a chunk of COPY data.
func (r *Reader) Write(p []byte) {
	if r.off > 0 && r.off == len(r.buf) {
		r.buf, r.off = r.buf[:0], 0
	} else if r.off > 0 && r.off >= len(r.buf)/2 {
		n := copy(r.buf, r.buf[r.off:])
		r.buf, r.off = r.buf[:n], 0
	}
	r.buf = append(r.buf, p...)
}

// Line is the number of the last record's line (1-based; 0 before any).
func (r *Reader) Line() int64 { return r.line }

// LineText is the last text or CSV record as written, without its line
// end, for an error's context.
func (r *Reader) LineText() string { return string(r.raw) }

// Fields are the last text or CSV record's fields, nil for NULL. The
// slice is reused by the next call of Next.
func (r *Reader) Fields() []*string { return r.fields }

// BinaryFields are the last binary tuple's fields, nil for NULL. They
// point into the Reader's buffer and are valid until the next Write.
func (r *Reader) BinaryFields() [][]byte { return r.binFields }

// Next reads the next record. ok is false when no complete record is
// buffered (or the data ended); final says no more data will come, so a
// record without its line end is complete. When final binary data ends
// inside a tuple, the error is 22P04 "unexpected EOF in COPY data" and
// BinaryFields holds the fields read before it.
func (r *Reader) Next(final bool) (ok bool, err error) {
	if r.opt.Format == Binary {
		return r.nextBinary(final)
	}
	return r.nextText(final)
}

func (r *Reader) nextText(final bool) (bool, error) {
	for {
		buf := r.buf[r.off:]
		var line []byte
		var next int
		if r.opt.Format == CSV {
			end, ok := csvRecordEnd(buf, r.opt.Quote, r.opt.Escape)
			if !ok {
				if !final || len(buf) == 0 {
					return false, nil
				}
				end = len(buf)
			}
			line, next = buf[:end], min(end+1, len(buf))
		} else {
			i := bytes.IndexByte(buf, '\n')
			if i < 0 {
				if !final || len(buf) == 0 {
					return false, nil
				}
				i = len(buf)
			}
			line, next = buf[:i], min(i+1, len(buf))
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		r.off += next
		r.line++
		if r.opt.Header && !r.headerDone {
			r.headerDone = true
			continue
		}
		if r.opt.Format != CSV && string(line) == `\.` {
			r.buf, r.off = r.buf[:0], 0
			return false, nil
		}
		if r.opt.Format == CSV {
			r.fields = SplitCSV(r.fields[:0], line, &r.opt, r.columns)
		} else {
			r.fields = SplitText(r.fields[:0], line, r.opt.Delim, r.opt.Null)
		}
		r.raw = line
		return true, nil
	}
}

// csvRecordEnd finds the newline ending the first CSV record (newlines
// inside quotes do not end it).
func csvRecordEnd(b []byte, quote, escape byte) (int, bool) {
	inQuote := false
	for i := 0; i < len(b); i++ {
		ch := b[i]
		if inQuote {
			if ch == escape && escape != quote && i+1 < len(b) && (b[i+1] == quote || b[i+1] == escape) {
				i++
				continue
			}
			if ch == quote {
				if escape == quote && i+1 < len(b) && b[i+1] == quote {
					i++
					continue
				}
				inQuote = false
			}
			continue
		}
		if ch == quote {
			inQuote = true
		} else if ch == '\n' {
			return i, true
		}
	}
	return 0, false
}

// SplitText appends the fields of one text-format line (without its line
// end) to out: split at unescaped delimiters, the null string as nil, the
// others with their backslash escapes decoded.
func SplitText(out []*string, line []byte, delim byte, null string) []*string {
	start := 0
	for i := 0; i <= len(line); i++ {
		if i < len(line) && line[i] == '\\' {
			i++ // an escaped byte never ends the field
			continue
		}
		if i < len(line) && line[i] != delim {
			continue
		}
		raw := line[start:min(i, len(line))]
		start = i + 1
		if string(raw) == null {
			out = append(out, nil)
			continue
		}
		s := Unescape(raw)
		out = append(out, &s)
	}
	return out
}

// Unescape decodes text-format COPY backslash escapes.
func Unescape(raw []byte) string {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw)
	}
	cur := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		ch := raw[i]
		if ch != '\\' || i+1 >= len(raw) {
			cur = append(cur, ch)
			continue
		}
		i++
		switch e := raw[i]; e {
		case 'b':
			cur = append(cur, '\b')
		case 'f':
			cur = append(cur, '\f')
		case 'n':
			cur = append(cur, '\n')
		case 'r':
			cur = append(cur, '\r')
		case 't':
			cur = append(cur, '\t')
		case 'v':
			cur = append(cur, '\v')
		case 'x':
			v, n := 0, 0
			for n < 2 && i+1 < len(raw) && isHex(raw[i+1]) {
				v = v*16 + hexVal(raw[i+1])
				i++
				n++
			}
			if n == 0 {
				cur = append(cur, 'x')
			} else {
				cur = append(cur, byte(v))
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := int(e-'0'), 1
			for n < 3 && i+1 < len(raw) && raw[i+1] >= '0' && raw[i+1] <= '7' {
				v = v*8 + int(raw[i+1]-'0')
				i++
				n++
			}
			cur = append(cur, byte(v))
		default:
			cur = append(cur, e)
		}
	}
	return string(cur)
}

func isHex(b byte) bool { return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }

func hexVal(b byte) int {
	switch {
	case b >= '0' && b <= '9':
		return int(b - '0')
	case b >= 'a' && b <= 'f':
		return int(b-'a') + 10
	}
	return int(b-'A') + 10
}

// SplitCSV appends the fields of one CSV record (without its final line
// end) to out. An unquoted field equal to the null string is nil, as is
// a quoted one in a FORCE_NULL column (columns names them by position).
func SplitCSV(out []*string, line []byte, opt *Options, columns []string) []*string {
	q, esc, d := opt.Quote, opt.Escape, opt.Delim
	base := len(out)
	i := 0
	for {
		var field []byte
		quoted := false
		for i < len(line) && line[i] != d {
			if line[i] == q {
				quoted = true
				i++
				for i < len(line) {
					if line[i] == esc && i+1 < len(line) && (line[i+1] == q || (esc != q && line[i+1] == esc)) {
						field = append(field, line[i+1])
						i += 2
						continue
					}
					if line[i] == q {
						i++
						break
					}
					field = append(field, line[i])
					i++
				}
				continue
			}
			field = append(field, line[i])
			i++
		}
		col := len(out) - base
		forced := opt.ForceNull != nil && col < len(columns) && opt.ForceNull[columns[col]]
		if (!quoted || forced) && string(field) == opt.Null {
			out = append(out, nil)
		} else {
			s := string(field)
			out = append(out, &s)
		}
		if i >= len(line) {
			return out
		}
		i++ // delimiter
	}
}

// nextBinary reads the header once, then one tuple.
func (r *Reader) nextBinary(final bool) (bool, error) {
	r.binFields = r.binFields[:0]
	if !r.binHeader {
		buf := r.buf[r.off:]
		if len(buf) < 19 {
			if final {
				return false, pgerror.New(BadCopyFileFormat, "COPY file signature not recognized")
			}
			return false, nil
		}
		if !bytes.Equal(buf[:11], Signature) {
			return false, pgerror.New(BadCopyFileFormat, "COPY file signature not recognized")
		}
		ext := int(binary.BigEndian.Uint32(buf[15:19]))
		if len(buf) < 19+ext {
			return false, nil
		}
		r.off += 19 + ext
		r.binHeader = true
	}
	buf := r.buf[r.off:]
	if len(buf) < 2 {
		if final && len(buf) > 0 {
			return false, pgerror.New(BadCopyFileFormat, "unexpected EOF in COPY data")
		}
		return false, nil
	}
	n := int(int16(binary.BigEndian.Uint16(buf)))
	if n == -1 {
		r.buf, r.off = r.buf[:0], 0
		return false, nil
	}
	if n != len(r.columns) {
		return false, pgerror.New(BadCopyFileFormat, "row field count is %d, expected %d", n, len(r.columns))
	}
	off := 2
	fields := r.binFields[:0]
	for f := 0; f < n; f++ {
		if len(buf) < off+4 {
			return r.incomplete(fields, final)
		}
		l := int(int32(binary.BigEndian.Uint32(buf[off:])))
		off += 4
		if l == -1 {
			fields = append(fields, nil)
			continue
		}
		if l < 0 {
			r.binFields = fields
			return false, pgerror.New(BadCopyFileFormat, "invalid field size")
		}
		if len(buf) < off+l {
			return r.incomplete(fields, final)
		}
		fields = append(fields, buf[off:off+l:off+l])
		off += l
	}
	r.binFields = fields
	r.off += off
	r.line++
	return true, nil
}

func (r *Reader) incomplete(fields [][]byte, final bool) (bool, error) {
	r.binFields = fields
	if final {
		return false, pgerror.New(BadCopyFileFormat, "unexpected EOF in COPY data")
	}
	return false, nil
}
