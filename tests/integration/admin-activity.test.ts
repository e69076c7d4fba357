// The admins' activity log, written by the database itself: each admin write through the API
// leaves one row (who, when, table, record, action) and nothing of the row's contents; members'
// and visitors' writes, votes, the seed and the service role leave none; nobody can write, change
// or delete a row of it through the API, and only admins read it.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNTS, anonClient, resetBackend, serviceClient, signedInClient, workerClient, type Client } from "../support/backend";

const ADMIN = "a0000000-0000-4000-8000-000000000001";
const DRAFT_NEWS = "20000000-0000-4000-8000-000000000007";
const CONTACT = "70000000-0000-4000-8000-000000000001";

let admin: Client;
let member: Client;

beforeAll(async () => {
  member = await signedInClient(ACCOUNTS.member);
});
// A reset ends every session, and admin rights need a live one: the admin signs in after each.
beforeEach(async () => {
  await resetBackend();
  admin = await signedInClient(ACCOUNTS.admin);
});

async function log() {
  const { data, error } = await serviceClient()
    .from("admin_activity")
    .select("actor_id, actor_name, table_name, record_id, action")
    .order("id");
  expect(error).toBeNull();
  return data!;
}

describe("admin activity", () => {
  it("the seed leaves no entry", async () => {
    expect(await log()).toEqual([]);
  });

  it("records an admin's create, update, publish, unpublish and delete, with the actor's public name", async () => {
    const created = await admin
      .from("news_articles")
      .insert({ title: "Audit", slug: "audit", excerpt: "x", content: "<p>x</p>" })
      .select("id")
      .single();
    const id = created.data!.id;
    await admin.from("news_articles").update({ title: "Audit, edited" }).eq("id", id);
    await admin.from("news_articles").update({ is_published: true }).eq("id", id);
    await admin.from("news_articles").update({ is_published: false }).eq("id", id);
    await admin.from("news_articles").delete().eq("id", id);
    const entry = { actor_id: ADMIN, actor_name: "rosa", table_name: "news_articles", record_id: id };
    expect(await log()).toEqual(
      ["created", "updated", "published", "unpublished", "deleted"].map((action) => ({ ...entry, action })),
    );
  });

  it("keeps nothing of a contact message: only that an admin marked it read and deleted it", async () => {
    await admin.from("contacts").update({ status: "read" }).eq("id", CONTACT);
    await admin.from("contacts").delete().eq("id", CONTACT);
    const entries = await log();
    expect(entries.map((entry) => entry.action)).toEqual(["updated", "deleted"]);
    expect(JSON.stringify(entries)).not.toMatch(/@|Inès/);
  });

  it("records nothing for visitors', members' or the service role's writes, nor for votes", async () => {
    await workerClient().rpc("submit_contact_message", { name: "Ana", email: "ana@example.net", message: "Hello", source: "contact" });
    await member.from("proposals").insert({ title: "A member's draft" });
    await member.rpc("cast_vote", { proposal_id: "50000000-0000-4000-8000-000000000004", vote: "support" });
    await admin.rpc("cast_vote", { proposal_id: "50000000-0000-4000-8000-000000000003", vote: "support" });
    await serviceClient().from("news_articles").update({ title: "By the operator" }).eq("id", DRAFT_NEWS);
    expect(await log()).toEqual([]);
  });

  it("only admins read it, and nobody writes, changes or deletes it through the API", async () => {
    await admin.from("news_articles").update({ title: "Logged" }).eq("id", DRAFT_NEWS);
    expect((await admin.from("admin_activity").select("id")).data).toHaveLength(1);
    expect((await member.from("admin_activity").select("id")).data).toEqual([]);
    expect((await anonClient().from("admin_activity").select("id")).status).toBe(401);

    const forged = await admin.from("admin_activity").insert({ actor_name: "x", table_name: "x", record_id: "x", action: "created" });
    expect(forged.status).toBe(403);
    expect((await admin.from("admin_activity").update({ actor_name: "someone else" }).gt("id", 0)).status).toBe(403);
    expect((await admin.from("admin_activity").delete().gt("id", 0)).status).toBe(403);
    expect(await log()).toHaveLength(1);
  });
});
