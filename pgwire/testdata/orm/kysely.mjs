import { Kysely, PostgresDialect, Migrator, sql } from "kysely";
import pg from "pg";
const url = process.argv[2];
const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }) });
const out = [];
const strip = (v) => JSON.parse(JSON.stringify(v, (k, x) => (k === "id" || k === "created_at" || k === "person_id" || k === "timestamp" || k === "owner_id") && x !== null && typeof x !== "number" ? "<" + k + ">" : x));
async function step(name, f) { try { out.push([name, strip(await f())]); } catch (e) { out.push([name, "ERROR " + (e.code ?? "") + " " + e.message]); } }
const migrations = {
  "001_init": { async up(db) {
    await db.schema.createType("ky_species").asEnum(["dog", "cat", "hamster"]).execute();
    await db.schema.createTable("ky_person").addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("first_name", "varchar(100)", (c) => c.notNull()).addColumn("last_name", "text")
      .addColumn("gender", "varchar(20)", (c) => c.notNull().check(sql`gender in ('m','f','x')`))
      .addColumn("meta", "jsonb", (c) => c.defaultTo(sql`'{}'::jsonb`))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`)).execute();
    await db.schema.createTable("ky_pet").addColumn("id", "serial", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull().unique()).addColumn("owner_id", "uuid", (c) => c.references("ky_person.id").onDelete("cascade").notNull())
      .addColumn("species", sql`ky_species`, (c) => c.notNull()).addColumn("age", "integer").execute();
    await db.schema.createIndex("ky_pet_owner_idx").on("ky_pet").column("owner_id").execute();
  }, async down(db) { await db.schema.dropTable("ky_pet").execute(); await db.schema.dropTable("ky_person").execute(); await db.schema.dropType("ky_species").execute(); } },
  "002_alter": { async up(db) {
    await db.schema.alterTable("ky_person").addColumn("email", "text").execute();
    await db.schema.alterTable("ky_person").alterColumn("last_name", (c) => c.setDefault("")).execute();
    await db.schema.alterTable("ky_pet").addUniqueConstraint("ky_pet_owner_name_uq", ["owner_id", "name"]).execute();
    await db.schema.alterTable("ky_person").renameColumn("email", "mail").execute();
    await db.schema.createIndex("ky_person_mail_idx").on("ky_person").column("mail").unique().where(sql.ref("mail"), "is not", null).execute();
    await db.schema.createView("ky_pet_view").as(db.selectFrom("ky_pet").select(["id", "name"])).execute();
  }, async down(db) { await db.schema.dropView("ky_pet_view").execute(); await db.schema.alterTable("ky_person").dropColumn("mail").execute(); await db.schema.alterTable("ky_pet").dropConstraint("ky_pet_owner_name_uq").execute(); } },
};
const migrator = new Migrator({ db, provider: { async getMigrations() { return migrations; } }, migrationTableName: "ky_migrations", migrationLockTableName: "ky_migrations_lock" });
await step("migrate up", async () => { const r = await migrator.migrateToLatest(); if (r.error) throw r.error; return r.results; });
await step("migrate down", async () => { const r = await migrator.migrateDown(); if (r.error) throw r.error; return r.results; });
await step("migrate up again", async () => { const r = await migrator.migrateToLatest(); if (r.error) throw r.error; return r.results; });
await step("list", async () => (await migrator.getMigrations()).map((m) => [m.name, m.executedAt !== undefined]));
await step("introspect", async () => (await db.introspection.getTables()).filter((t) => t.name.startsWith("ky_")).sort((a,b)=>a.name.localeCompare(b.name)).map((t) => [t.name, t.isView, t.columns.map((c) => [c.name, c.dataType, c.isNullable, c.hasDefaultValue, c.isAutoIncrementing])]));
await step("insert returning", () => db.insertInto("ky_person").values([{ first_name: "Jen", gender: "f", meta: JSON.stringify({ a: 1 }) }, { first_name: "Arnold", last_name: "S", gender: "m" }]).returning(["first_name", "last_name", "meta"]).execute());
await step("people", async () => 1); const people = await db.selectFrom("ky_person").selectAll().orderBy("first_name").execute();
await step("insert pets", () => db.insertInto("ky_pet").values([{ name: "Rex", owner_id: people[0].id, species: "dog", age: 3 }, { name: "Tom", owner_id: people[1].id, species: "cat" }]).returningAll().execute());
await step("join", () => db.selectFrom("ky_pet").innerJoin("ky_person", "ky_person.id", "ky_pet.owner_id").select(["ky_pet.name as pet", "ky_person.first_name", "species"]).where("species", "in", ["dog", "cat"]).orderBy("pet", "desc").limit(10).offset(0).execute());
await step("upsert", () => db.insertInto("ky_pet").values({ name: "Rex", owner_id: people[1].id, species: "cat" }).onConflict((oc) => oc.column("name").doUpdateSet((eb) => ({ age: eb.ref("excluded.age"), species: eb.ref("excluded.species") }))).returning(["name", "species", "age"]).execute());
await step("agg", () => db.selectFrom("ky_pet").select((eb) => [eb.fn.count("id").as("n"), eb.fn.max("age").as("mx"), eb.fn.coalesce(eb.fn.sum("age"), sql`0`).as("s")]).executeTakeFirst());
await step("json subquery", () => db.selectFrom("ky_person").select((eb) => ["first_name", sql`(select coalesce(json_agg(p.name order by p.name), '[]') from ky_pet p where p.owner_id = ky_person.id)`.as("pets")]).orderBy("first_name").execute());
await step("txn", () => db.transaction().execute(async (trx) => { await trx.updateTable("ky_pet").set({ age: 9 }).where("name", "=", "Tom").execute(); return trx.selectFrom("ky_pet").select(["name", "age"]).orderBy("name").execute(); }));
await step("view", () => db.selectFrom("ky_pet_view").select("name").orderBy("name").execute());
await step("delete returning", () => db.deleteFrom("ky_person").where("first_name", "=", "Arnold").returning("first_name").execute());
await step("count after cascade", () => db.selectFrom("ky_pet").select(sql`count(*)`.as("c")).execute());
await step("cleanup", async () => { await sql`drop view if exists ky_pet_view; drop table if exists ky_pet, ky_person, ky_migrations, ky_migrations_lock cascade; drop type if exists ky_species`.execute(db); return "ok"; });
console.log(JSON.stringify(out, null, 1)); await db.destroy();
