package session

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The check hooks of PostgreSQL's string parameters (guc_tables.c names
// one per parameter): SET, set_config and ALTER ROLE | DATABASE ... SET
// refuse what they refuse, with their SQLSTATEs and wording. Each takes
// the value as given and returns what is stored.

// invalidValue is guc.c's 22023 for a value a check hook refuses.
func invalidValue(name, value string) *pgerror.Error {
	return pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"%s\": \"%s\"", name, value)
}

// checkLocale is check_locale for lc_messages, lc_monetary, lc_numeric
// and lc_time: a locale the server has. tinybase's are C, POSIX, C.UTF-8
// and en_US.UTF-8, which the PostgreSQL images Supabase builds on
// generate, so a migration setting it applies on both (a codeset matches
// without case or punctuation, as glibc's does: C.utf8); an empty value
// means the server's environment, which lc_messages takes only as its
// boot value.
func checkLocale(param string, emptyOK bool) func(string) error {
	return func(v string) error {
		lang, codeset, dotted := strings.Cut(v, ".")
		switch {
		case v == "" && emptyOK, v == "C", v == "POSIX":
			return nil
		case dotted && (lang == "C" || lang == "en_US") && normalizeCodeset(codeset) == "utf8":
			return nil
		}
		return invalidValue(param, v)
	}
}

// normalizeCodeset is glibc's _nl_normalize_codeset: letters lowered,
// anything but letters and digits dropped.
func normalizeCodeset(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// checkTZAbbreviations is check_timezone_abbreviations: the name of a
// file in the server's share/timezonesets (case matters).
func checkTZAbbreviations(v string) error {
	switch v {
	case "Default", "Australia", "India":
		return nil
	case "":
		// the name is a path under timezonesets, so "" is the directory
		return pgerror.New(pgerror.InvalidParameterValue, "could not read time zone file \"\": Is a directory")
	}
	return invalidValue("timezone_abbreviations", v)
}

// checkKeywordList is the check of a list parameter whose elements are
// key words (restrict_nonsystem_relation_kind, wal_consistency_checking):
// SplitIdentifierString's syntax, then each element, lowered unless
// quoted, one of words (or "all", when allowed).
func checkKeywordList(param string, words ...string) func(string) error {
	return func(v string) error {
		list, ok := types.SplitIdentifierString(v, ',')
		if !ok {
			return invalidValue(param, v).WithDetail("List syntax is invalid.")
		}
		for _, w := range list {
			known := false
			for _, k := range words {
				if strings.EqualFold(w, k) {
					known = true
					break
				}
			}
			if !known {
				return invalidValue(param, v).WithDetail("Unrecognized key word: \"%s\".", w)
			}
		}
		return nil
	}
}

// walMaskRmgrs are the resource managers wal_consistency_checking may
// name: PostgreSQL 15's with a page masking function, and "all".
var walMaskRmgrs = []string{"all", "Heap2", "Heap", "Btree", "Hash", "Gin", "Gist", "Sequence", "SPGist", "BRIN", "Generic"}

// checkTempTablespaces is check_temp_tablespaces: a list of tablespaces
// that exist (pg_default and pg_global are tinybase's). When the value
// is only being stored (ALTER ROLE | DATABASE ... SET) a missing one is
// a notice instead, as PostgreSQL's PGC_S_TEST source makes it.
func checkTempTablespaces(v string) error {
	list, ok := types.SplitIdentifierString(v, ',')
	if !ok {
		return invalidValue("temp_tablespaces", v).WithDetail("List syntax is invalid.")
	}
	for _, n := range list {
		if n != "pg_default" && n != "pg_global" {
			return pgerror.New(pgerror.UndefinedObject, "tablespace \"%s\" does not exist", n)
		}
	}
	return nil
}

// canonEncoding is check_client_encoding: an encoding name in any of
// PostgreSQL's spellings (pg_encname_tbl, matched as clean_encoding_name
// matches it: lower case, letters and digits only), stored by its
// canonical name. MULE_INTERNAL has no conversion to the server's UTF8.
func canonEncoding(v string) (string, error) {
	enc, ok := encodingNames[normalizeCodeset(v)]
	if !ok {
		return "", invalidValue("client_encoding", v)
	}
	if enc == "MULE_INTERNAL" {
		err := invalidValue("client_encoding", v).WithDetail("Conversion between MULE_INTERNAL and UTF8 is not supported.")
		err.Code = pgerror.FeatureNotSupported
		return "", err
	}
	return enc, nil
}

// encodingNames are PostgreSQL's encoding names and aliases, cleaned.
// Immutable package data.
var encodingNames = func() map[string]string {
	m := map[string]string{
		"abc": "WIN1258", "alt": "WIN866", "big5": "BIG5", "euccn": "EUC_CN", "eucjis2004": "EUC_JIS_2004",
		"eucjp": "EUC_JP", "euckr": "EUC_KR", "euctw": "EUC_TW", "gb18030": "GB18030", "gbk": "GBK",
		"iso88591": "LATIN1", "iso885910": "LATIN6", "iso885913": "LATIN7", "iso885914": "LATIN8",
		"iso885915": "LATIN9", "iso885916": "LATIN10", "iso88592": "LATIN2", "iso88593": "LATIN3",
		"iso88594": "LATIN4", "iso88595": "ISO_8859_5", "iso88596": "ISO_8859_6", "iso88597": "ISO_8859_7",
		"iso88598": "ISO_8859_8", "iso88599": "LATIN5", "johab": "JOHAB", "koi8": "KOI8R", "koi8r": "KOI8R",
		"koi8u": "KOI8U", "mskanji": "SJIS", "muleinternal": "MULE_INTERNAL", "shiftjis": "SJIS",
		"shiftjis2004": "SHIFT_JIS_2004", "sjis": "SJIS", "sqlascii": "SQL_ASCII", "tcvn": "WIN1258",
		"tcvn5712": "WIN1258", "uhc": "UHC", "unicode": "UTF8", "utf8": "UTF8", "vscii": "WIN1258",
		"win": "WIN1251", "win866": "WIN866", "win874": "WIN874", "win932": "SJIS", "win936": "GBK",
		"win949": "UHC", "win950": "BIG5", "windows866": "WIN866", "windows874": "WIN874",
		"windows932": "SJIS", "windows936": "GBK", "windows949": "UHC", "windows950": "BIG5",
	}
	for i := 1; i <= 10; i++ {
		m["latin"+strconv.Itoa(i)] = "LATIN" + strconv.Itoa(i)
	}
	for i := 1250; i <= 1258; i++ {
		m["win"+strconv.Itoa(i)] = "WIN" + strconv.Itoa(i)
		m["windows"+strconv.Itoa(i)] = "WIN" + strconv.Itoa(i)
	}
	return m
}()
