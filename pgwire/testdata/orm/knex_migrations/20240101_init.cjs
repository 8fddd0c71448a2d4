exports.up = async (knex) => {
  await knex.raw("create type kx_status as enum ('open','closed')");
  await knex.schema.createTable("kx_users", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.string("email", 120).notNullable().unique();
    t.enu("role", ["user", "admin"], { useNative: true, enumName: "kx_role" }).defaultTo("user");
    t.jsonb("settings").defaultTo("{}");
    t.timestamps(true, true);
  });
  await knex.schema.createTable("kx_tickets", (t) => {
    t.increments("id");
    t.uuid("user_id").references("id").inTable("kx_users").onDelete("CASCADE");
    t.specificType("status", "kx_status").notNullable().defaultTo("open");
    t.text("title").notNullable();
    t.decimal("cost", 8, 2);
    t.bigInteger("big").unsigned();
    t.boolean("urgent").defaultTo(false);
    t.specificType("labels", "text[]");
    t.index(["user_id", "status"], "kx_tickets_user_status_idx");
  });
};
exports.down = async (knex) => { await knex.schema.dropTable("kx_tickets"); await knex.schema.dropTable("kx_users"); await knex.raw("drop type kx_status; drop type kx_role"); };
