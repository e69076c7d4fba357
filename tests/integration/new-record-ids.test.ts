// A new back-office record takes the id its form was given (decision 057), through saveRecord with
// an admin's session on the embedded backend: the same form sent again makes nothing more; the form
// used again for another record makes that record once; and once both records were edited since,
// the reused form sent again is a record of its own, under an id the database picks.
import { beforeEach, describe, expect, it } from "vitest";
import { contentSection, saveRecord } from "~/models/admin-content.server";
import { ACCOUNTS, resetBackend, signedInClient, type Client } from "../support/backend";

const ADMIN = "a0000000-0000-4000-8000-000000000001";
const news = contentSection("news")!;
const events = contentSection("events")!;
let admin: Client;

beforeEach(async () => {
  await resetBackend();
  admin = await signedInClient(ACCOUNTS.admin);
});

function newsForm(title: string, newRecordId: string): FormData {
  const form = new FormData();
  const fields = { title, excerpt: "Sent again.", imageUrl: "/demo/assembly.webp", content: "Sent again.", content_format: "text", newRecordId };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** An event's add form as the page posts it, its hidden fields included (empty on a new record). */
function eventForm(title: string, newRecordId: string): FormData {
  const form = new FormData();
  const fields = { title, description: "Sent twice.", startsAt: "2027-10-31T02:30", endsAt: "", startsAtStored: "", endsAtStored: "", timeZone: "Europe/Berlin", newRecordId };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

async function send(form: FormData, section = news) {
  const parsed = section.parse(form);
  if (!parsed.ok) throw new Error(`the form was refused: ${JSON.stringify(parsed.reply.error)}`);
  return saveRecord(admin, section, null, parsed, form, ADMIN);
}

async function articles(title: string) {
  const { data, error } = await admin.from("news_articles").select("id").eq("title", title);
  expect(error).toBeNull();
  return data!.map((row) => row.id);
}

describe("a new record's id", () => {
  it("is the form's, once however often it is sent; a reused form's record is made once too; edited since, a resend is new", async () => {
    const formId = crypto.randomUUID();
    const first = newsForm("Named by its form", formId);
    expect(await send(first)).toEqual({ kind: "created" });
    expect(await send(first)).toEqual({ kind: "created" });
    expect(await articles("Named by its form")).toEqual([formId]);

    const reused = newsForm("The same form, another article", formId);
    await Promise.all([send(reused), send(reused)]);
    await send(reused);
    const [derived, ...more] = await articles("The same form, another article");
    expect(more).toEqual([]);
    expect(derived).not.toBe(formId);

    // Both records changed since: neither holds what the reused form says, so it is a new article.
    expect((await admin.from("news_articles").update({ excerpt: "Edited since." }).in("id", [formId, derived])).error).toBeNull();
    await send(reused);
    const after = await articles("The same form, another article");
    expect(after).toHaveLength(2);
    expect(after).toContain(derived);
  });

  it("is an event's form's too: the fields that say what the form was opened on are not the record's values", async () => {
    const formId = crypto.randomUUID();
    const form = eventForm("An event sent twice", formId);
    expect(await send(form, events)).toEqual({ kind: "created" });
    expect(await send(form, events)).toEqual({ kind: "created" });
    const { data, error } = await admin.from("events").select("id").eq("title", "An event sent twice");
    expect(error).toBeNull();
    expect(data!.map((row) => row.id)).toEqual([formId]);
  });
});
