package pgcatalog

// SettingInfo is what pg_settings says of a parameter besides its value.
type SettingInfo struct {
	Unit, Category, ShortDesc, Context, VarType, Min, Max string
}

// SettingInfos describes the parameters tinybase knows, as PostgreSQL 15
// describes them in pg_settings (recorded from it). Parameters missing
// here are hidden from pg_settings, as PostgreSQL hides is_superuser,
// role and session_authorization. Immutable package data.
var SettingInfos = map[string]SettingInfo{
	"DateStyle":                           {"", "Client Connection Defaults / Locale and Formatting", "Sets the display format for date and time values.", "user", "string", "", ""},
	"IntervalStyle":                       {"", "Client Connection Defaults / Locale and Formatting", "Sets the display format for interval values.", "user", "enum", "", ""},
	"TimeZone":                            {"", "Client Connection Defaults / Locale and Formatting", "Sets the time zone for displaying and interpreting time stamps.", "user", "string", "", ""},
	"application_name":                    {"", "Reporting and Logging / What to Log", "Sets the application name to be reported in statistics and logs.", "user", "string", "", ""},
	"bytea_output":                        {"", "Client Connection Defaults / Statement Behavior", "Sets the output format for bytea.", "user", "enum", "", ""},
	"check_function_bodies":               {"", "Client Connection Defaults / Statement Behavior", "Check routine bodies during CREATE FUNCTION and CREATE PROCEDURE.", "user", "bool", "", ""},
	"client_encoding":                     {"", "Client Connection Defaults / Locale and Formatting", "Sets the client's character set encoding.", "user", "string", "", ""},
	"client_min_messages":                 {"", "Client Connection Defaults / Statement Behavior", "Sets the message levels that are sent to the client.", "user", "enum", "", ""},
	"default_text_search_config":          {"", "Client Connection Defaults / Locale and Formatting", "Sets default text search configuration.", "user", "string", "", ""},
	"default_transaction_isolation":       {"", "Client Connection Defaults / Statement Behavior", "Sets the transaction isolation level of each new transaction.", "user", "enum", "", ""},
	"default_transaction_read_only":       {"", "Client Connection Defaults / Statement Behavior", "Sets the default read-only status of new transactions.", "user", "bool", "", ""},
	"extra_float_digits":                  {"", "Client Connection Defaults / Locale and Formatting", "Sets the number of digits displayed for floating-point values.", "user", "integer", "-15", "3"},
	"idle_in_transaction_session_timeout": {"ms", "Client Connection Defaults / Statement Behavior", "Sets the maximum allowed idle time between queries, when in a transaction.", "user", "integer", "0", "2147483647"},
	"compute_query_id":                    {"", "Statistics / Monitoring", "Enables in-core computation of query identifiers.", "superuser", "enum", "", ""},
	"effective_cache_size":                {"8kB", "Query Tuning / Planner Cost Constants", "Sets the planner's assumption about the total size of the data caches.", "user", "integer", "1", "2147483647"},
	"integer_datetimes":                   {"", "Preset Options", "Shows whether datetimes are integer based.", "internal", "bool", "", ""},
	"jit":                                 {"", "Query Tuning / Other Planner Options", "Allow JIT compilation.", "user", "bool", "", ""},
	"lc_messages":                         {"", "Client Connection Defaults / Locale and Formatting", "Sets the language in which messages are displayed.", "superuser", "string", "", ""},
	"lc_monetary":                         {"", "Client Connection Defaults / Locale and Formatting", "Sets the locale for formatting monetary amounts.", "user", "string", "", ""},
	"lc_numeric":                          {"", "Client Connection Defaults / Locale and Formatting", "Sets the locale for formatting numbers.", "user", "string", "", ""},
	"lc_time":                             {"", "Client Connection Defaults / Locale and Formatting", "Sets the locale for formatting date and time values.", "user", "string", "", ""},
	"lock_timeout":                        {"ms", "Client Connection Defaults / Statement Behavior", "Sets the maximum allowed duration of any wait for a lock.", "user", "integer", "0", "2147483647"},
	"log_statement":                       {"", "Reporting and Logging / What to Log", "Sets the type of statements logged.", "superuser", "enum", "", ""},
	"maintenance_work_mem":                {"kB", "Resource Usage / Memory", "Sets the maximum memory to be used for maintenance operations.", "user", "integer", "1024", "2147483647"},
	"max_identifier_length":               {"", "Preset Options", "Shows the maximum identifier length.", "internal", "integer", "", ""},
	"row_security":                        {"", "Client Connection Defaults / Statement Behavior", "Enable row security.", "user", "bool", "", ""},
	"session_replication_role":            {"", "Client Connection Defaults / Statement Behavior", "Sets the session's behavior for triggers and rewrite rules.", "superuser", "enum", "", ""},
	"search_path":                         {"", "Client Connection Defaults / Statement Behavior", "Sets the schema search order for names that are not schema-qualified.", "user", "string", "", ""},
	"server_encoding":                     {"", "Preset Options", "Shows the server (database) character set encoding.", "internal", "string", "", ""},
	"server_version":                      {"", "Preset Options", "Shows the server version.", "internal", "string", "", ""},
	"server_version_num":                  {"", "Preset Options", "Shows the server version as an integer.", "internal", "integer", "", ""},
	"standard_conforming_strings":         {"", "Version and Platform Compatibility / Previous PostgreSQL Versions", "Causes '...' strings to treat backslashes literally.", "user", "bool", "", ""},
	"statement_timeout":                   {"ms", "Client Connection Defaults / Statement Behavior", "Sets the maximum allowed duration of any statement.", "user", "integer", "0", "2147483647"},
	"synchronous_commit":                  {"", "Write-Ahead Log / Settings", "Sets the current transaction's synchronization level.", "user", "enum", "", ""},
	"timezone_abbreviations":              {"", "Client Connection Defaults / Locale and Formatting", "Selects a file of time zone abbreviations.", "user", "string", "", ""},
	"transaction_isolation":               {"", "Client Connection Defaults / Statement Behavior", "Sets the current transaction's isolation level.", "user", "enum", "", ""},
	"transaction_read_only":               {"", "Client Connection Defaults / Statement Behavior", "Sets the current transaction's read-only status.", "user", "bool", "", ""},
	"work_mem":                            {"kB", "Resource Usage / Memory", "Sets the maximum memory to be used for query workspaces.", "user", "integer", "64", "2147483647"},
	"xmloption":                           {"", "Client Connection Defaults / Statement Behavior", "Sets whether XML data in implicit parsing and serialization operations is to be considered as documents or content fragments.", "user", "enum", "", ""},
	"default_tablespace":                  {"", "Client Connection Defaults / Statement Behavior", "Sets the default tablespace to create tables and indexes in.", "user", "string", "", ""},
	"default_table_access_method":         {"", "Client Connection Defaults / Statement Behavior", "Sets the default table access method for new tables.", "user", "string", "", ""},
	"idle_session_timeout":                {"ms", "Client Connection Defaults / Statement Behavior", "Sets the maximum allowed idle time between queries, when not in a transaction.", "user", "integer", "0", "2147483647"},
}
