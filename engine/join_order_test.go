package engine_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// starSchema is a star of 50k orders around four dimensions, one of them
// (stores) filtered to one row by name, with indexes on the facts'
// foreign keys.
const starSchema = `
create table regions (id int primary key, name text not null);
create table stores (id int primary key, region_id int not null references regions(id), name text not null);
create table customers (id int primary key, name text not null, tier int not null);
create table products (id int primary key, name text not null, price numeric not null);
create table orders (id bigint primary key, customer_id int not null references customers(id), product_id int not null references products(id), store_id int not null references stores(id), qty int not null);
insert into regions select g, 'region ' || g from generate_series(1, 10) g;
insert into stores select g, 1 + g % 10, 'store ' || g from generate_series(1, 100) g;
insert into customers select g, 'customer ' || g, g % 5 from generate_series(1, 5000) g;
insert into products select g, 'product ' || g, g % 97 from generate_series(1, 1000) g;
insert into orders select g, 1 + (g * 7919) % 5000, 1 + (g * 104729) % 1000, 1 + (g * 31) % 100, 1 + g % 9 from generate_series(1::bigint, 50000) g;
create index orders_customer_id_idx on orders (customer_id);
create index orders_product_id_idx on orders (product_id);
create index orders_store_id_idx on orders (store_id);
analyze regions; analyze stores; analyze customers; analyze products; analyze orders;`

// TestJoinOrder checks joins of up to five tables written in different
// orders (gmsadapter's rule_join_order.go) against the plans GMS makes
// without tinybase's access paths (enable_indexscan = off): the same
// rows, in the same order under ORDER BY; outer joins stay where they
// were written. The selective dimension written last drives the join.
func TestJoinOrder(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, starSchema)
	queries := []string{
		"select o.id, c.name, p.name, s.name, r.name from orders o join customers c on c.id = o.customer_id join products p on p.id = o.product_id join stores s on s.id = o.store_id join regions r on r.id = s.region_id where s.name = 'store 7'",
		"select o.id, c.name, p.name, s.name, r.name from regions r join stores s on r.id = s.region_id join orders o on s.id = o.store_id join customers c on c.id = o.customer_id join products p on p.id = o.product_id where s.name = 'store 7'",
		"select o.id, c.name, p.name, s.name from orders o join customers c on c.id = o.customer_id join products p on p.id = o.product_id join stores s on s.id = o.store_id where s.name = 'store 7' and p.price > 50",
		"select o.id, c.name, s.name from orders o, customers c, stores s where c.id = o.customer_id and s.id = o.store_id and c.name = 'customer 42'",
		"select o.id, c.name, p.name, s.name from orders o join customers c on c.id = o.customer_id left join products p on p.id = o.product_id and p.price < 10 join stores s on s.id = o.store_id where s.name in ('store 3', 'store 4')",
		"select o.id, c.name, p.name, r.name from orders o join customers c on c.id = o.customer_id join products p on p.id = o.product_id join stores s on s.id = o.store_id right join regions r on r.id = s.region_id and r.id = 3 where c.tier = 1 or c.tier is null",
		"select o.id, c.name, s.name, p.name from orders o join customers c on c.id = o.customer_id join stores s on s.id = o.store_id left join products p on p.id = o.product_id and p.price < 20 where s.name = 'store 9'",
		"select o.id, c.name, s.name from orders o join customers c on c.id = o.customer_id join stores s on s.id = o.store_id where s.name = 'store 11' and not exists (select 1 from products p where p.id = o.product_id and p.price > 90)",
		"select o.id, c.name, s.name from orders o join customers c on c.id = o.customer_id join stores s on s.id = o.store_id where s.name = 'store 13' and exists (select 1 from products p where p.id = o.product_id and p.price < 60)",
		"select r.name, count(*) from orders o join customers c on c.id = o.customer_id join stores s on s.id = o.store_id join regions r on r.id = s.region_id where c.tier = 3 group by r.name",
		"select o.id, o.qty, s.name from orders o join stores s on s.id = o.store_id join regions r on r.id = s.region_id join customers c on c.id = o.customer_id where r.name = 'region 4' and c.name like 'customer 1%' order by o.qty desc, o.id limit 15",
		"select o.id, s.name, p.name from orders o join products p on p.id = o.product_id join stores s on s.id = o.store_id and s.id > o.qty * 10 where p.name = 'product 5'",
	}
	for _, q := range queries {
		ordered := strings.Contains(q, "order by")
		got := queryStrings(t, s, q)
		exec(t, s, "set enable_indexscan = off")
		want := queryStrings(t, s, q)
		exec(t, s, "reset enable_indexscan")
		if !ordered {
			sortRows(got)
			sortRows(want)
		}
		if !equalRows(got, want) {
			t.Fatalf("%s:\ngot  %d rows %v\nwant %d rows %v", q, len(got), head(got), len(want), head(want))
		}
		if len(got) == 0 {
			t.Fatalf("%s: no rows (the case tests nothing)", q)
		}
	}
	// written fact first, the plan starts from the one store
	var plan []string
	for _, r := range queryStrings(t, s, "explain (costs off) "+queries[0]) {
		plan = append(plan, r[0])
	}
	text := strings.Join(plan, "\n")
	first := ""
	for _, l := range plan {
		if strings.Contains(l, " on ") {
			first = l
			break
		}
	}
	if !strings.Contains(first, " on stores s") {
		t.Fatalf("the join does not start from stores:\n%s", text)
	}
}

func sortRows(rows [][]string) {
	sort.Slice(rows, func(i, j int) bool { return strings.Join(rows[i], "|") < strings.Join(rows[j], "|") })
}

func head(rows [][]string) string {
	if len(rows) > 5 {
		rows = rows[:5]
	}
	return fmt.Sprint(rows)
}

// firstScan is the first relation scan of q's plan (EXPLAIN (COSTS OFF)),
// the line naming it, with the whole plan's lines.
func firstScan(t *testing.T, s *engine.Session, q string) (string, []string) {
	t.Helper()
	var plan []string
	for _, r := range queryStrings(t, s, "explain (costs off) "+q) {
		plan = append(plan, r[0])
	}
	for _, l := range plan {
		if strings.Contains(l, " on ") {
			return l, plan
		}
	}
	return "", plan
}

// TestJoinOrderExplain prints the plans of TestJoinOrder's left join and
// semi join: the inner joins on their outer side start from the store.
func TestJoinOrderExplain(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, starSchema)
	for _, q := range []string{
		"select o.id, c.name, s.name, p.name from orders o join customers c on c.id = o.customer_id join stores s on s.id = o.store_id left join products p on p.id = o.product_id and p.price < 20 where s.name = 'store 9'",
		"select o.id, c.name, s.name from orders o join customers c on c.id = o.customer_id join stores s on s.id = o.store_id where s.name = 'store 11' and not exists (select 1 from products p where p.id = o.product_id and p.price > 90)",
	} {
		first, plan := firstScan(t, s, q)
		if !strings.Contains(first, " on stores s") {
			t.Fatalf("%s: the join does not start from stores:\n%s", q, strings.Join(plan, "\n"))
		}
	}
}
