package extensions_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestPostGISDurable reopens a data directory: geometry columns keep
// their values and typmods across a checkpoint and the log after it.
func TestPostGISDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, `create extension postgis with schema extensions;
create table shops (id int primary key, g extensions.geometry(Point, 4326), a extensions.geography);
create index shops_g on shops using gist (g);
insert into shops values (1, 'SRID=4326;POINT(-71.10044 42.373695)', 'POINT(1 2)')`, `insert into shops values (2, 'POINT(3 4)', null)`)
	res := enginetest.Exec(t, s2, `set search_path = public, extensions; select id, st_asewkt(g), a, row_to_json(shops)::text from shops order by id`)
	want := `1|SRID=4326;POINT(-71.10044 42.373695)|0101000020E6100000000000000000F03F0000000000000040|{"id":1,"g":{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[-71.10044,42.373695]},"a":"0101000020E6100000000000000000F03F0000000000000040"}
2|SRID=4326;POINT(3 4)|<null>|{"id":2,"g":{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[3,4]},"a":null}`
	if got := enginetest.LastRows(res); got != want {
		t.Errorf("after reopening:\n got %q\nwant %q", got, want)
	}
	if _, err := s2.Exec(context.Background(), `insert into shops values (3, 'SRID=3857;POINT(1 1)', null)`); err == nil {
		t.Error("typmod lost after reopening: an SRID 3857 point went into geometry(Point,4326)")
	}
}
