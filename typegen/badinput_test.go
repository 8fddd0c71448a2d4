package typegen

import (
	"context"
	"strings"
	"testing"
)

func TestTypeScriptUnknownSchema(t *testing.T) {
	s := newSession(t)
	_, err := TypeScript(context.Background(), s, []string{"public", "nope"})
	if err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Fatalf("want an error naming schema nope, got %v", err)
	}
}
