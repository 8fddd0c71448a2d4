package types

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// XMLType is xml (docs 8.13): text that must be well-formed XML content
// (xmloption = content: a document, or a fragment with text and several
// top-level elements). The value is kept as written.
var XMLType = &Type{Kind: KindXML, OID: 142, Name: "xml", SQLName: "xml", Category: 'U', Mod: -1, ArrayOID: 143, Len: -1}

// ParseXML is xml_in: it rejects content that is not well-formed.
func ParseXML(s string) (string, error) {
	if err := CheckXML(s, false); err != nil {
		return "", err
	}
	return stripXMLDecl(s), nil
}

// stripXMLDecl drops an XML declaration that says no more than the
// defaults (version 1.0, no standalone), and one newline after it, as
// xml_out does.
func stripXMLDecl(s string) string {
	if !strings.HasPrefix(s, "<?xml") || len(s) > 5 && !isSpaceByte(s[5]) {
		return s
	}
	end := strings.Index(s, "?>")
	if end < 0 {
		return s
	}
	decl := s[5:end]
	if strings.Contains(decl, "standalone") {
		return s
	}
	if i := strings.Index(decl, "version"); i >= 0 {
		v := strings.TrimLeft(decl[i+len("version"):], " \t\r\n=")
		if !strings.HasPrefix(v, `"1.0"`) && !strings.HasPrefix(v, `'1.0'`) {
			return s
		}
	}
	rest := s[end+2:]
	return strings.TrimPrefix(rest, "\n")
}

// CheckXML reports whether s is well-formed XML content, or a document
// (exactly one root element) when document is set.
func CheckXML(s string, document bool) error {
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = true
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return invalidXML(document)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if document && depth == 0 && strings.TrimSpace(string(t)) != "" {
				return invalidXML(document)
			}
		}
	}
	if depth != 0 || document && roots != 1 {
		return invalidXML(document)
	}
	return nil
}

func invalidXML(document bool) error {
	if document {
		return pgerror.New(pgerror.InvalidXMLDocument, "invalid XML document")
	}
	return pgerror.New(pgerror.InvalidXMLContent, "invalid XML content")
}
