exports.up = async (knex) => {
  await knex.schema.alterTable("kx_tickets", (t) => {
    t.string("title", 200).notNullable().alter();
    t.integer("priority").notNullable().defaultTo(3);
    t.renameColumn("urgent", "is_urgent");
    t.unique(["user_id", "title"]);
    t.check("priority > 0", [], "kx_priority_positive");
  });
  await knex.schema.alterTable("kx_users", (t) => { t.dropColumn("settings"); t.string("name").nullable(); });
  await knex.schema.raw("create view kx_open as select * from kx_tickets where status = 'open'");
};
exports.down = async (knex) => {
  await knex.schema.raw("drop view kx_open");
  await knex.schema.alterTable("kx_users", (t) => { t.jsonb("settings").defaultTo("{}"); t.dropColumn("name"); });
  await knex.schema.alterTable("kx_tickets", (t) => { t.dropChecks(["kx_priority_positive"]); t.dropUnique(["user_id", "title"]); t.renameColumn("is_urgent", "urgent"); t.dropColumn("priority"); t.text("title").notNullable().alter(); });
};
