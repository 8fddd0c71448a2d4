package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/lint"
	"github.com/tinybase/tinybase/typegen"
)

// AdvisorsResult is get_advisors' result: {"result": {"lints": [...]}},
// the shape of Supabase's advisors API, each lint with splinter's name,
// title, level, categories, detail and remediation link.
type AdvisorsResult struct {
	Result Lints `json:"result"`
}

// Lints are the findings of one advisor type, and the lints that could
// not run on this database.
type Lints struct {
	Lints   []lint.Finding `json:"lints"`
	Skipped []lint.Skipped `json:"skipped,omitempty"`
}

// GetAdvisors runs the database advisors (package lint, `tinybase db
// lint`) and returns the findings of one type: "security" or
// "performance".
func (t *Tools) GetAdvisors(ctx context.Context, kind string) (*AdvisorsResult, error) {
	category := strings.ToUpper(kind)
	if category != "SECURITY" && category != "PERFORMANCE" {
		return nil, errorf(fmt.Sprintf("unknown advisor type %q: use security or performance", kind))
	}
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	r, err := lint.Check(ctx, s, lint.Options{ExposedSchemas: t.cfg.Schemas})
	if err != nil {
		return nil, catalogError(err)
	}
	out := &AdvisorsResult{Result: Lints{Lints: []lint.Finding{}}}
	for _, f := range r.Findings {
		for _, c := range f.Categories {
			if c == category {
				out.Result.Lints = append(out.Result.Lints, f)
				break
			}
		}
	}
	out.Result.Skipped = r.Skipped
	return out, nil
}

// TypesResult is generate_typescript_types' result.
type TypesResult struct {
	Types string `json:"types"`
}

// GenerateTypeScriptTypes returns the public schema's `Database` type, as
// `supabase gen types typescript` prints it.
func (t *Tools) GenerateTypeScriptTypes(ctx context.Context) (*TypesResult, error) {
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	ts, err := typegen.TypeScript(ctx, s, []string{"public"})
	if err != nil {
		return nil, catalogError(err)
	}
	return &TypesResult{Types: ts}, nil
}

// ProjectURLResult is get_project_url's result.
type ProjectURLResult struct {
	URL string `json:"url"`
}

// GetProjectURL returns the API URL (what createClient is given).
func (t *Tools) GetProjectURL(ctx context.Context) (*ProjectURLResult, error) {
	return &ProjectURLResult{URL: t.cfg.APIURL}, nil
}

// APIKey is one API key as get_publishable_keys lists it.
type APIKey struct {
	APIKey      string `json:"api_key"`
	Name        string `json:"name"`
	Type        string `json:"type"` // legacy (JWT) keys; tinybase has no sb_publishable_ keys
	Description string `json:"description,omitempty"`
}

// KeysResult is get_publishable_keys' result.
type KeysResult struct {
	Keys []APIKey `json:"keys"`
}

// GetPublishableKeys returns the anon key (for client code) and, labelled
// as a secret, the local service_role key.
func (t *Tools) GetPublishableKeys(ctx context.Context) (*KeysResult, error) {
	return &KeysResult{Keys: []APIKey{
		{APIKey: t.cfg.AnonKey, Name: "anon", Type: "legacy", Description: "Publishable: use it in client code (createClient). Row level security decides what it can read and write."},
		{APIKey: t.cfg.ServiceRoleKey, Name: "service_role", Type: "legacy", Description: "SECRET, not publishable: it bypasses row level security. Use it only in trusted server code and tests; never put it in client code or commit it."},
	}}, nil
}
