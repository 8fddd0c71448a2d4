package copycodec

import (
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Format is a COPY data format.
type Format uint8

// The COPY formats (the FORMAT option).
const (
	Text Format = iota
	CSV
	Binary
)

// Options are a COPY statement's format options, defaults filled in.
type Options struct {
	Format Format
	// Delim separates fields (tab in text, comma in CSV).
	Delim byte
	// Null is the string that stands for NULL (\N in text, empty in CSV).
	Null string
	// Header: CSV and text data start with a line of column names.
	Header bool
	// Quote and Escape are CSV's quoting bytes; Escape defaults to Quote.
	Quote, Escape byte
	// ForceNull names the columns whose quoted NULL string is NULL too
	// (CSV FORCE_NULL).
	ForceNull map[string]bool
}

// Option is one option of a COPY statement's WITH list as written.
type Option struct {
	Name string
	// Value is the argument in text form; HasValue is false when the
	// option was written without one (HEADER alone).
	Value    string
	HasValue bool
	// List is a column-list argument (FORCE_NULL (a, b)).
	List []string
}

// ParseOptions validates a COPY statement's options and fills in the
// defaults of the chosen format, as PostgreSQL's ProcessCopyOptions does
// for the options tinybase implements.
func ParseOptions(opts []Option) (Options, error) {
	o := Options{Format: Text, Null: `\N`, Delim: '\t', Quote: '"'}
	delimSet, nullSet := false, false
	var forceNull []string
	for _, d := range opts {
		v := d.Value
		switch d.Name {
		case "format":
			switch strings.ToLower(v) {
			case "text":
				o.Format = Text
			case "csv":
				o.Format = CSV
			case "binary":
				o.Format = Binary
			default:
				return o, pgerror.New(pgerror.InvalidParameterValue, "COPY format \"%s\" not recognized", v)
			}
		case "delimiter":
			if len(v) != 1 {
				return o, pgerror.New(pgerror.FeatureNotSupported, "COPY delimiter must be a single one-byte character")
			}
			o.Delim, delimSet = v[0], true
		case "null":
			o.Null, nullSet = v, true
		case "header":
			o.Header = !d.HasValue || v == "true" || v == "on" || v == "1" || strings.EqualFold(v, "match")
		case "quote":
			if len(v) != 1 {
				return o, pgerror.New(pgerror.FeatureNotSupported, "COPY quote must be a single one-byte character")
			}
			o.Quote = v[0]
		case "escape":
			if len(v) != 1 {
				return o, pgerror.New(pgerror.FeatureNotSupported, "COPY escape must be a single one-byte character")
			}
			o.Escape = v[0]
		case "freeze", "encoding", "force_quote", "force_not_null":
			// accepted; FREEZE has no meaning for tinybase storage
		case "force_null":
			forceNull = append(forceNull, d.List...)
		default:
			return o, pgerror.New(pgerror.SyntaxError, "option \"%s\" not recognized", d.Name)
		}
	}
	if o.Format == CSV {
		if !delimSet {
			o.Delim = ','
		}
		if !nullSet {
			o.Null = ""
		}
		if o.Escape == 0 {
			o.Escape = o.Quote
		}
	}
	if o.Format == Binary && (delimSet || nullSet) {
		return o, pgerror.New(pgerror.SyntaxError, "cannot specify DELIMITER in BINARY mode")
	}
	if len(forceNull) > 0 {
		o.ForceNull = map[string]bool{}
		for _, f := range forceNull {
			o.ForceNull[f] = true
		}
	}
	return o, nil
}
