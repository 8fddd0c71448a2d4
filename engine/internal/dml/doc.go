// Package dml runs what tinybase cannot hand to go-mysql-server as one
// statement, and fires triggers around what it can.
//
// Data modification (PostgreSQL docs: INSERT, UPDATE, DELETE reference
// pages; 7.8.4 "Data-Modifying Statements in WITH"): translate.DML
// programs — INSERT ... ON CONFLICT with a real arbiter index and EXCLUDED,
// DELETE ... USING / RETURNING, UPDATE ... FROM, data-modifying WITH items,
// MERGE (merge.go: one join, then a one-row statement per acted row) —
// run as a sequence of ordinary GMS statements inside the statement's
// savepoint, their results materialised (Run, Step). A materialized
// WITH query (docs 7.8.3; translate's cte_materialize.go) is started
// before the main statement and read by every reference from one buffer
// filled only as far as they read (openCTE, expr.CTEScan). Prepare adds
// PostgreSQL's assignment casts (docs 10.4, "Value Storage") to an INSERT
// or UPDATE before GMS plans it; ReadOnlyWrite refuses writes in a READ
// ONLY transaction (25006).
//
// Triggers (docs chapter 39, "Triggers"; CREATE TRIGGER): BuildWrites
// runs under the engine's GMS exec builder so every write passes its rows
// through BEFORE / AFTER row and statement triggers; foreign key actions
// fire the referencing tables' row triggers; REFERENCING transition tables
// are visible to AFTER triggers (EphemeralTable); InsteadOf runs writes on
// views through INSTEAD OF triggers; CreateTrigger, DropTrigger and
// EnableTriggers are CREATE / DROP TRIGGER and ALTER TABLE ... ENABLE /
// DISABLE TRIGGER.
//
// The trigger node sits between every INSERT / UPDATE / DELETE and its
// row source, GMS's fast paths and the steps of DML programs included:
// BEFORE row triggers change or skip rows before constraints are checked;
// AFTER triggers are queued per statement level and fire when the
// statement finishes (or at the end of a statement inside a routine).
// Foreign key actions GMS carries out below any plan node fire the
// referencing table's row triggers through wrapped editors
// (trigger_cascade.go); a write on a view with an INSTEAD OF trigger is a
// translate.InsteadOf command that computes the OLD/NEW rows with one
// query and passes them to the trigger (trigger_instead.go).
//
// Partitioning (docs 5.10, 5.11): BuildWrites routes an INSERT into a
// partitioned table to the partition whose bound accepts each row and
// checks a partition's constraint on rows written to it directly
// (partition_route.go); an UPDATE or DELETE of a table with descendants
// arrives as DML.Parts, one statement per table, and an UPDATE through a
// partitioned table moves rows whose key changed (partition_update.go).
//
// Boundary: the package works on one session through Host, which the
// session package implements; it may import translate, expr, types,
// storage, catalog, routine, plpgsql, pgtree, pgerror and go-mysql-server,
// never session. Trigger functions and WHEN conditions run through Host
// (the session's routine machinery).
package dml
