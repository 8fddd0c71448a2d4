package extensions

// pgaudit stands in for pgaudit 1.7 as far as a migration reaches it:
// CREATE EXTENSION and its configuration parameters (SET, ALTER ROLE
// ... SET, current_setting and SHOW see pgaudit.log and the rest with
// pgaudit's defaults). tinybase writes no audit log: its statement log
// (`tinybase logs --service postgres`) is the record of what ran.
func pgaudit() *Extension {
	return &Extension{
		Name:        "pgaudit",
		Version:     "1.7",
		Comment:     "provides auditing functionality",
		Relocatable: false,
		Settings: map[string]string{
			"pgaudit.log":                    "none",
			"pgaudit.log_catalog":            "on",
			"pgaudit.log_client":             "off",
			"pgaudit.log_level":              "log",
			"pgaudit.log_parameter":          "off",
			"pgaudit.log_parameter_max_size": "0",
			"pgaudit.log_relation":           "off",
			"pgaudit.log_rows":               "off",
			"pgaudit.log_statement":          "on",
			"pgaudit.log_statement_once":     "off",
			"pgaudit.role":                   "",
		},
	}
}
