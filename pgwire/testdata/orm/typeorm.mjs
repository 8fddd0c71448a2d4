// TypeORM as TestORMFlows runs it: synchronize, the schema diff that
// `typeorm migration:generate` computes after model changes (v2, v3),
// and migrations run and undone, then repository and query-builder calls.
import "reflect-metadata";
import { DataSource, EntitySchema } from "typeorm";
const url = process.argv[2], mode = process.argv[3] ?? "sync";
const out = [];
const strip = (v) => JSON.parse(JSON.stringify(v, (k, x) => (k === "id" || k === "createdAt" || k === "updatedAt" || k === "authorId") && typeof x === "string" ? "<" + k + ">" : x));
async function step(name, f) { try { out.push([name, strip(await f())]); } catch (e) { out.push([name, "ERROR " + (e.code ?? "") + " " + e.message + (e.query ? " Q: " + e.query : "")]); } }
const v2 = process.argv[4] === "v2";
const Author = new EntitySchema({ name: "Author", tableName: "to_author", columns: {
  id: { type: "uuid", primary: true, generated: "uuid" },
  name: { type: "varchar", length: 100 },
  email: { type: "varchar", unique: true },
  kind: { type: "enum", enum: process.argv[4] === "v3" ? ["staff", "guest", "admin"] : ["staff", "guest"], enumName: "to_author_kind", default: "guest" },
  profile: { type: "jsonb", nullable: true },
  tags: { type: "text", array: true, default: () => "'{}'" },
  createdAt: { type: "timestamptz", createDate: true },
  updatedAt: { type: "timestamp", updateDate: true },
  ...(v2 ? { bio: { type: "text", nullable: true }, rating: { type: "numeric", precision: 5, scale: 2, default: 0 } } : { age: { type: "int", nullable: true } }),
}, relations: { books: { type: "one-to-many", target: "Book", inverseSide: "author" } },
  indices: [{ name: "to_author_name_idx", columns: ["name"] }, ...(v2 ? [{ name: "to_author_kind_created_idx", columns: ["kind", "createdAt"] }] : [])] });
const Book = new EntitySchema({ name: "Book", tableName: "to_book", columns: {
  id: { type: "int", primary: true, generated: "increment" },
  title: { type: "text" },
  pages: { type: "int", default: 0 },
  price: { type: v2 ? "numeric" : "real", nullable: true },
  published: { type: "boolean", default: false },
  version: { type: "int", version: true },
}, relations: { author: { type: "many-to-one", target: "Author", joinColumn: { name: "author_id" }, onDelete: "CASCADE", inverseSide: "books", nullable: false },
  genres: { type: "many-to-many", target: "Genre", joinTable: { name: "to_book_genres" } } },
  uniques: [{ name: "to_book_title_author_uq", columns: ["title", "author"] }],
  checks: [{ name: "to_book_pages_chk", expression: `"pages" >= 0` }] });
const Genre = new EntitySchema({ name: "Genre", tableName: "to_genre", columns: { id: { type: "int", primary: true, generated: "identity" }, name: { type: "varchar", length: 50, unique: true } } });
const ds = new DataSource({ type: "postgres", url, entities: [Author, Book, Genre], synchronize: false, logging: process.env.LOG ? ["query", "error"] : false, migrationsTableName: "to_migrations" });
await ds.initialize();
if (mode === "sync") {
  await step("synchronize", async () => { await ds.synchronize(); return "ok"; });
  await step("pending after sync", async () => (await ds.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query));
} else if (mode === "log") {
  await step("pending", async () => (await ds.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query));
}
if (mode === "sync" && !v2) {
  const ar = ds.getRepository("Author"), br = ds.getRepository("Book"), gr = ds.getRepository("Genre");
  await step("save", async () => { const g1 = await gr.save({ name: "scifi" }); const g2 = await gr.save({ name: "drama" }); const a = await ar.save({ name: "Ann", email: "a@x", kind: "staff", profile: { x: 1 }, tags: ["a", "b"] }); const b = await br.save({ title: "Dune", pages: 400, price: 9.5, author: a, genres: [g1, g2] }); await br.save({ title: "Emma", author: a }); return [a.name, a.kind, a.tags, b.version, typeof a.id]; });
  await step("find relations", () => ar.find({ relations: { books: { genres: true } }, order: { name: "ASC", books: { title: "ASC", genres: { name: "ASC" } } } }).then((r) => r.map((a) => ({ ...a, createdAt: a.createdAt instanceof Date, updatedAt: a.updatedAt instanceof Date }))));
  await step("qb join", () => br.createQueryBuilder("b").innerJoinAndSelect("b.author", "a").where("a.kind = :k", { k: "staff" }).andWhere("b.pages >= :p", { p: 0 }).orderBy("b.title", "DESC").skip(0).take(5).getMany().then((r) => r.map((b) => [b.title, b.author.name, b.price])));
  await step("count/paginate", () => br.findAndCount({ where: { author: { name: "Ann" } }, take: 1, order: { title: "ASC" } }).then(([r, n]) => [r.map((b) => b.title), n]));
  await step("update version", async () => { const b = await br.findOneByOrFail({ title: "Dune" }); b.pages = 401; await br.save(b); return (await br.findOneByOrFail({ title: "Dune" })).version; });
  await step("upsert", async () => { await gr.upsert([{ name: "scifi" }, { name: "poetry" }], ["name"]); return (await gr.find({ order: { name: "ASC" } })).map((g) => g.name); });
  await step("transaction", () => ds.transaction(async (m) => { await m.getRepository("Genre").insert({ name: "tx" }); return m.getRepository("Genre").count(); }));
  await step("raw", () => ds.query(`select a.name, count(b.id)::int as n, array_agg(b.title order by b.title) as titles from to_author a left join to_book b on b.author_id = a.id group by a.name`));
  await step("check violation", () => br.save({ title: "Bad", pages: -1, author: { id: "00000000-0000-0000-0000-000000000000" } }));
  await step("delete cascade", async () => { await ar.delete({ email: "a@x" }); return br.count(); });
}
if (mode === "gen") {
  // what `typeorm migration:generate` computes
  await step("generate v2", async () => (await ds.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query));
  await step("apply v2 via synchronize", async () => { await ds.synchronize(); return "ok"; });
  await step("pending after v2", async () => (await ds.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query));
}
if (mode === "mig") {
  class M1 { name = "M1700000000001"; async up(q) { await q.query(`CREATE TABLE "to_note" ("id" SERIAL NOT NULL, "body" text NOT NULL, "author_id" uuid, CONSTRAINT "PK_to_note" PRIMARY KEY ("id"))`); await q.query(`ALTER TABLE "to_note" ADD CONSTRAINT "FK_to_note_author" FOREIGN KEY ("author_id") REFERENCES "to_author"("id") ON DELETE SET NULL`); await q.query(`CREATE INDEX "IDX_to_note_body" ON "to_note" ("body")`); }
    async down(q) { await q.query(`DROP TABLE "to_note"`); } }
  class M2 { name = "M1700000000002"; async up(q) { await q.query(`ALTER TABLE "to_note" ADD "pinned" boolean NOT NULL DEFAULT false`); await q.query(`ALTER TABLE "to_note" RENAME COLUMN "body" TO "text"`); }
    async down(q) { await q.query(`ALTER TABLE "to_note" RENAME COLUMN "text" TO "body"`); await q.query(`ALTER TABLE "to_note" DROP COLUMN "pinned"`); } }
  const ds2 = new DataSource({ type: "postgres", url, entities: [Author, Book, Genre], migrations: [M1, M2], migrationsTableName: "to_migrations", migrationsTransactionMode: "each" });
  await ds2.initialize();
  await step("show before", () => ds2.showMigrations());
  await step("run", async () => (await ds2.runMigrations()).map((m) => m.name));
  await step("show after", () => ds2.showMigrations());
  await step("undo", async () => { await ds2.undoLastMigration(); return ds2.query(`select name from to_migrations order by id`); });
  await step("cols", () => ds2.query(`select column_name, data_type, column_default from information_schema.columns where table_name = 'to_note' order by ordinal_position`));
  await step("run again", async () => (await ds2.runMigrations()).map((m) => m.name));
  await step("undo all", async () => { await ds2.undoLastMigration(); await ds2.undoLastMigration(); return ds2.query(`select count(*)::int as n from to_migrations`); });
  await ds2.destroy();
}
if (mode === "drop") { await step("drop", async () => { await ds.query("drop table if exists to_book_genres, to_book, to_genre, to_author, to_migrations cascade"); await ds.query("drop type if exists to_author_kind, to_author_kind_old"); return "ok"; }); }
console.log(JSON.stringify(out, null, 1)); await ds.destroy();
