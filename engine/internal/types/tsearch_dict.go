package types

import (
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"
	"github.com/kljensen/snowball/french"
	"github.com/kljensen/snowball/russian"
	"github.com/kljensen/snowball/spanish"
	"github.com/kljensen/snowball/swedish"
	"github.com/tinybase/tinybase/internal/pgerror"
	"golang.org/x/text/unicode/norm"
)

// Text search dictionaries (docs 12.6): a dictionary reads one token and
// recognizes it (its lexemes, none for a stop word), does not know it
// (the next dictionary of the mapping tries), or, as a filtering
// dictionary such as unaccent, hands a changed token to the next one.

// TSLexizeResult says what a dictionary made of a token.
type TSLexizeResult int

// The dictionary outcomes, as PostgreSQL's lexize functions return them:
// NULL, a lexeme array (empty for a stop word), or a TSL_FILTER lexeme.
const (
	TSUnknown TSLexizeResult = iota
	TSRecognized
	TSFiltered
)

// TSDict is a text search dictionary built from its template and options.
type TSDict struct {
	// Name is the dictionary's name as regdictionary prints it.
	Name string
	// Template is simple, snowball or unaccent.
	Template string
	lang     *tsLanguage
	stop     func(string) bool
	reject   bool // simple with Accept = false: other words are unknown
}

// tsLanguage is a Snowball stemmer and its stop list.
type tsLanguage struct {
	stem func(string, bool) string
	stop func(string) bool
}

// tsLanguages are the Snowball languages whose stemmer and stop list
// give PostgreSQL 15's lexemes (checked against its ts_lexize over each
// stemmer's test vocabulary, 20,000 to 50,000 words each, danish's
// against testdata/danish_stem.golden; norwegian's stop list and
// hungarian's stems differ, so they are not here).
var tsLanguages = map[string]*tsLanguage{
	"danish":  {danishStem, danishIsStopWord},
	"english": {english.Stem, english.IsStopWord},
	"french":  {frenchStem, french.IsStopWord},
	"spanish": {spanishStem, spanish.IsStopWord},
	"russian": {russian.Stem, russian.IsStopWord},
	"swedish": {swedish.Stem, swedish.IsStopWord},
}

// TSLanguages lists the languages tinybase can stem, for hints.
const TSLanguages = "danish, english, french, russian, spanish, swedish (and simple)"

// tsPGLanguages are the languages PostgreSQL 15 has a Snowball stemmer
// (and a built-in configuration) for.
var tsPGLanguages = []string{"arabic", "armenian", "basque", "catalan", "danish", "dutch", "english", "finnish", "french",
	"german", "greek", "hindi", "hungarian", "indonesian", "irish", "italian", "lithuanian", "nepali",
	"norwegian", "portuguese", "romanian", "russian", "serbian", "spanish", "swedish", "tamil", "turkish", "yiddish"}

// tsStopLists are the stop-word files PostgreSQL 15 ships
// (tsearch_data/<name>.stop).
var tsStopLists = map[string]bool{"danish": true, "dutch": true, "english": true, "finnish": true, "french": true, "german": true,
	"hungarian": true, "italian": true, "nepali": true, "norwegian": true, "portuguese": true, "russian": true, "spanish": true,
	"swedish": true, "turkish": true}

func tsLanguageUnsupported(what, lang string) error {
	return pgerror.New(pgerror.FeatureNotSupported, "%s %q is not supported yet", what, lang).
		WithHint("The languages available are " + TSLanguages + ".")
}

// stopList reads a StopWords option: the name of a stop-word file, which
// tinybase knows for its languages.
func stopList(name string) (func(string) bool, error) {
	n := strings.ToLower(name)
	if strings.ContainsAny(n, "/\\.") {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid text search configuration file name %q", name)
	}
	if l, ok := tsLanguages[n]; ok {
		return l.stop, nil
	}
	if tsStopLists[n] {
		return nil, tsLanguageUnsupported("stop-word file", n)
	}
	return nil, pgerror.New("F0000", "could not open stop-word file \"tsearch_data/%s.stop\": No such file or directory", n)
}

// TSOption is one option of CREATE / ALTER TEXT SEARCH DICTIONARY.
type TSOption struct{ Name, Value string }

// NewTSDict builds a dictionary of a template from its options, failing
// as the template's init function does.
func NewTSDict(name, template string, opts []TSOption) (*TSDict, error) {
	d := &TSDict{Name: name, Template: template}
	switch template {
	case "simple":
		seenStop, seenAccept := false, false
		for _, o := range opts {
			switch strings.ToLower(o.Name) {
			case "stopwords":
				if err := d.setStopWords(o.Value, &seenStop); err != nil {
					return nil, err
				}
			case "accept":
				if seenAccept {
					return nil, pgerror.New(pgerror.InvalidParameterValue, "multiple Accept parameters")
				}
				seenAccept = true
				b, ok := parseBool(o.Value)
				if !ok {
					return nil, pgerror.New(pgerror.InvalidParameterValue, "%s requires a Boolean value", o.Name)
				}
				d.reject = !b
			default:
				return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognized simple dictionary parameter: %q", o.Name)
			}
		}
	case "snowball":
		seenStop, lang := false, ""
		for _, o := range opts {
			switch strings.ToLower(o.Name) {
			case "stopwords":
				if err := d.setStopWords(o.Value, &seenStop); err != nil {
					return nil, err
				}
			case "language":
				if lang != "" {
					return nil, pgerror.New(pgerror.InvalidParameterValue, "multiple Language parameters")
				}
				lang = strings.ToLower(o.Value)
			default:
				return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognized Snowball parameter: %q", o.Name)
			}
		}
		if lang == "" {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "missing Language parameter")
		}
		l, ok := tsLanguages[lang]
		if !ok {
			for _, p := range tsPGLanguages {
				if p == lang {
					return nil, tsLanguageUnsupported("Snowball stemmer for language", lang)
				}
			}
			return nil, pgerror.New(pgerror.UndefinedObject, "no Snowball stemmer available for language %q and encoding %q", lang, "UTF8")
		}
		d.lang = l
	case "unaccent":
		for _, o := range opts {
			switch strings.ToLower(o.Name) {
			case "rules":
				if strings.ToLower(o.Value) != "unaccent" {
					return nil, pgerror.New("F0000", "could not open unaccent file \"tsearch_data/%s.rules\": No such file or directory", strings.ToLower(o.Value))
				}
			default:
				return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognized Unaccent parameter: %q", o.Name)
			}
		}
	default:
		return nil, pgerror.New(pgerror.FeatureNotSupported, "text search template %q is not supported yet", template).
			WithHint("The simple, snowball and unaccent templates are available.")
	}
	return d, nil
}

// Lexize runs the dictionary on one token, as ts_lexize does.
func (d *TSDict) Lexize(word string) (string, TSLexizeResult) {
	switch d.Template {
	case "unaccent":
		if u := Unaccent(word); u != word {
			return u, TSFiltered
		}
		return "", TSUnknown
	}
	w := strings.ToLower(word)
	if w == "" || d.stop != nil && d.stop(w) {
		return "", TSRecognized
	}
	if d.lang != nil {
		return d.lang.stem(w, false), TSRecognized
	}
	if d.reject {
		return "", TSUnknown
	}
	return w, TSRecognized
}

// tsSimpleDict is pg_catalog.simple.
var tsSimpleDict = &TSDict{Name: "simple", Template: "simple"}

// tsStemDict returns the built-in <lang>_stem dictionary, nil when
// tinybase has no stemmer for the language.
func tsStemDict(lang string) *TSDict {
	l, ok := tsLanguages[lang]
	if !ok {
		return nil
	}
	d := &TSDict{Name: lang + "_stem", Template: "snowball", lang: l}
	if tsStopLists[lang] {
		d.stop = l.stop
	}
	return d
}

// BuiltinTSDict returns a pg_catalog dictionary by name: simple or a
// language's _stem; ok is false for none, err set for a stemmer tinybase
// lacks.
func BuiltinTSDict(name string) (*TSDict, bool, error) {
	if name == "simple" {
		return tsSimpleDict, true, nil
	}
	lang, ok := strings.CutSuffix(name, "_stem")
	if !ok {
		return nil, false, nil
	}
	if d := tsBuiltinStems[lang]; d != nil {
		return d, true, nil
	}
	for _, p := range tsPGLanguages {
		if p == lang {
			return nil, true, tsLanguageUnsupported("text search dictionary", name)
		}
	}
	return nil, false, nil
}

var tsBuiltinStems = func() map[string]*TSDict {
	m := map[string]*TSDict{}
	for l := range tsLanguages {
		m[l] = tsStemDict(l)
	}
	return m
}()

// frenchStem is the Snowball French stemmer as PostgreSQL 15 ships it
// (Snowball 2): its prelude marks ë and ï as He and Hi, so that the H,
// not a vowel, bounds the regions, and its postlude restores them; the
// Go stemmer predates that, so the marks are made here with a letter it
// counts as a consonant. Snowball 2 keeps the i-verb endings (step 2a)
// after an H, which the Go stemmer would take off: then the unmarked
// word's stem stands.
func frenchStem(w string, stop bool) string {
	if !strings.ContainsAny(w, "ëï") {
		return french.Stem(w, stop)
	}
	marked := strings.NewReplacer("ë", "ʜe", "ï", "ʜi").Replace(w)
	s := french.Stem(marked, stop)
	if strings.HasSuffix(s, "ʜ") && strings.HasPrefix(marked, s) && frenchStep2a[marked[len(s):]] {
		return french.Stem(w, stop)
	}
	return strings.NewReplacer("ʜe", "ë", "ʜi", "ï", "ʜ", "").Replace(s)
}

// frenchStep2a are the Snowball French verb endings step 2a removes
// after a non-vowel.
var frenchStep2a = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields("îmes ît îtes i ie ies ir ira irai iraient irais irait iras irent irez iriez irions irons iront is issaient issais issait issant issante issantes issants isse issent isses issez issiez issions issons it") {
		m[e] = true
	}
	return m
}()

// spanishStem is the Snowball Spanish stemmer; as PostgreSQL 15's, its
// postlude takes the acute accents off words too short to stem.
func spanishStem(w string, stop bool) string {
	s := spanish.Stem(w, stop)
	if s == w && len([]rune(w)) < 3 {
		return strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u").Replace(w)
	}
	return s
}

// Unaccent removes diacritics as the unaccent extension's default rules
// (unaccent.rules) do: canonical decomposition without its combining
// marks, plus the letters that do not decompose (ligatures, stroked and
// special letters).
func Unaccent(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 {
			b.WriteRune(r)
			continue
		}
		if rep, ok := unaccentSpecial[r]; ok {
			b.WriteString(rep)
			continue
		}
		d := norm.NFD.String(string(r))
		base := strings.Map(func(m rune) rune {
			if unicode.Is(unicode.Mn, m) {
				return -1
			}
			return m
		}, d)
		if base == "" || base == d && len([]rune(d)) > 1 {
			b.WriteRune(r)
			continue
		}
		b.WriteString(base)
	}
	return b.String()
}

// unaccentSpecial are letters without a canonical decomposition that
// unaccent.rules still maps.
var unaccentSpecial = map[rune]string{
	'Æ': "AE", 'æ': "ae", 'Œ': "OE", 'œ': "oe", 'ß': "ss", 'ẞ': "SS", 'Ø': "O", 'ø': "o",
	'Ł': "L", 'ł': "l", 'Đ': "D", 'đ': "d", 'Ð': "D", 'ð': "d", 'Ħ': "H", 'ħ': "h",
	'ı': "i", 'Þ': "TH", 'þ': "th", 'Ŧ': "T", 'ŧ': "t", 'Ŀ': "L", 'ŀ': "l", 'ĸ': "q",
	'Ŋ': "N", 'ŋ': "n", 'Ĳ': "IJ", 'ĳ': "ij", 'ŉ': "'n", 'ſ': "s", 'Ƀ': "B", 'ƀ': "b",
	'Ɨ': "I", 'ɨ': "i", 'Ƶ': "Z", 'ƶ': "z", 'ﬀ': "ff", 'ﬁ': "fi", 'ﬂ': "fl", 'ﬃ': "ffi", 'ﬄ': "ffl",
}

// FormatTSOptions prints dictinitoption: name = 'value', ...
func FormatTSOptions(opts []TSOption) string {
	parts := make([]string, len(opts))
	for i, o := range opts {
		parts[i] = strings.ToLower(o.Name) + " = '" + strings.ReplaceAll(o.Value, "'", "''") + "'"
	}
	return strings.Join(parts, ", ")
}

// setStopWords is a dictionary's StopWords option, given at most once.
func (d *TSDict) setStopWords(file string, seen *bool) error {
	if *seen {
		return pgerror.New(pgerror.InvalidParameterValue, "multiple StopWords parameters")
	}
	*seen = true
	s, err := stopList(file)
	if err != nil {
		return err
	}
	d.stop = s
	return nil
}
