// Admins' decisions about accounts, through the API as the admin screens will make them: the list
// with email addresses (admins only), approve, decline (the account and its text deleted), revoke
// (back to pending; votes where voting is still open removed, comments kept). Each is refused to
// members (403), for unknown accounts (404) and in the wrong state (409), and recorded in the log.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNTS, anonClient, approveMember, resetBackend, serviceClient, signedInClient, type Client } from "../support/backend";

const LUCIA = "a0000000-0000-4000-8000-000000000003";
const VOTING = "50000000-0000-4000-8000-000000000003"; // lucia voted support; window open
const UNKNOWN = "a0000000-0000-4000-8000-0000000000ff";

let admin: Client;
let member: Client;
let pending: Client;
let pendingId: string;
let pendingEmail: string;

beforeAll(async () => {
  member = await signedInClient(ACCOUNTS.member);
});

// A reset ends every session, and admin rights need a live one: the admin signs in after each.
beforeEach(async () => {
  await resetBackend();
  admin = await signedInClient(ACCOUNTS.admin);
  pendingEmail = `pending-${crypto.randomUUID().slice(0, 8)}@example.org`;
  pending = anonClient();
  const { data, error } = await pending.auth.signUp({
    email: pendingEmail,
    password: "a-pending-password",
    options: { data: { username: "applicant", join_reason: "I run a food-not-bombs group." } },
  });
  if (error) throw error;
  pendingId = data.user!.id;
});

async function isMember(id: string) {
  const { count } = await serviceClient().from("members").select("user_id", { count: "exact", head: true }).eq("user_id", id);
  return count === 1;
}

async function actions() {
  const { data } = await serviceClient().from("admin_activity").select("table_name, record_id, action, actor_name").order("id");
  return data!;
}

describe("member_accounts", () => {
  it("admin: lists every account with email, sign-up date, approval and what it wrote; pending first", async () => {
    const { data, error } = await admin.rpc("member_accounts");
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ id: pendingId, username: "applicant", email: pendingEmail, approved_at: null, reason: "I run a food-not-bombs group." });
    expect(data!.filter((row) => row.approved_at !== null)).toHaveLength(5);
  });
  it("member and visitor: refused (403, 401)", async () => {
    expect((await member.rpc("member_accounts")).status).toBe(403);
    expect((await anonClient().rpc("member_accounts")).status).toBe(401);
  });
});

describe("approve_member", () => {
  it("admin: approves a pending account, whose application text then goes; recorded", async () => {
    expect((await admin.rpc("approve_member", { account: pendingId })).error).toBeNull();
    expect(await isMember(pendingId)).toBe(true);
    const { count } = await serviceClient().from("membership_applications").select("user_id", { count: "exact", head: true }).eq("user_id", pendingId);
    expect(count).toBe(0);
    expect(await actions()).toEqual([
      { table_name: "members", record_id: pendingId, action: "created", actor_name: "rosa" },
      { table_name: "membership_applications", record_id: pendingId, action: "deleted", actor_name: "rosa" },
    ]);
  });
  it("on the server (npm run db:admin -- --approve), approving deletes the application text too", async () => {
    const applications = () => serviceClient().from("membership_applications").select("user_id", { count: "exact", head: true }).eq("user_id", pendingId);
    expect((await applications()).count).toBe(1);
    await approveMember(pendingEmail);
    expect(await isMember(pendingId)).toBe(true);
    expect((await applications()).count).toBe(0);
  });
  it("refused to a member (403), for an unknown account (404), for a member already (409)", async () => {
    expect((await member.rpc("approve_member", { account: pendingId })).status).toBe(403);
    expect(await isMember(pendingId)).toBe(false);
    expect((await admin.rpc("approve_member", { account: UNKNOWN })).status).toBe(404);
    expect((await admin.rpc("approve_member", { account: LUCIA })).status).toBe(409);
  });
});

describe("decline_member", () => {
  it("admin: deletes the pending account and its text; recorded without either", async () => {
    expect((await admin.rpc("decline_member", { account: pendingId })).error).toBeNull();
    const { data } = await serviceClient().auth.admin.getUserById(pendingId).catch(() => ({ data: { user: null } }));
    expect(data.user ?? null).toBeNull();
    expect((await serviceClient().from("profiles").select("id").eq("id", pendingId)).data).toEqual([]);
    const log = await actions();
    expect(log.map((entry) => [entry.table_name, entry.action]).sort()).toEqual([
      ["membership_applications", "deleted"],
      ["profiles", "deleted"],
    ]);
    expect(log.every((entry) => entry.record_id === pendingId && entry.actor_name === "rosa")).toBe(true);
    expect(JSON.stringify(log)).not.toMatch(/food|example\.org|applicant/);
  });
  it("refused for a member (409): revoke first", async () => {
    expect((await admin.rpc("decline_member", { account: LUCIA })).status).toBe(409);
    expect(await isMember(LUCIA)).toBe(true);
  });
});

describe("revoke_member", () => {
  it("admin: returns a member to pending, removes their votes where voting is open, keeps their comments", async () => {
    const commentsBefore = (await serviceClient().from("proposal_comments").select("id").eq("author_id", LUCIA)).data!.length;
    expect((await admin.rpc("revoke_member", { account: LUCIA })).error).toBeNull();
    expect(await isMember(LUCIA)).toBe(false);
    const votes = await serviceClient().from("proposal_votes").select("proposal_id").eq("user_id", LUCIA);
    expect(votes.data!.map((vote) => vote.proposal_id)).not.toContain(VOTING);
    // Decided proposals keep her votes (and their stored results).
    expect(votes.data!.length).toBeGreaterThan(0);
    expect((await serviceClient().from("proposal_comments").select("id").eq("author_id", LUCIA)).data).toHaveLength(commentsBefore);
    expect(await actions()).toEqual([{ table_name: "members", record_id: LUCIA, action: "deleted", actor_name: "rosa" }]);
  });
  it("refused to a member (403) and for a pending account (409)", async () => {
    expect((await member.rpc("revoke_member", { account: LUCIA })).status).toBe(403);
    expect((await admin.rpc("revoke_member", { account: pendingId })).status).toBe(409);
  });
});

// Issue 11's functions, in the privilege matrix: visitor, pending account, member, admin.
describe("remove_second_factor", () => {
  it("refused to a visitor (401), a pending account and a member (403); an admin may (409 without a factor, 404 for nobody)", async () => {
    expect((await anonClient().rpc("remove_second_factor", { account: LUCIA })).status).toBe(401);
    expect((await pending.rpc("remove_second_factor", { account: LUCIA })).status).toBe(403);
    expect((await member.rpc("remove_second_factor", { account: LUCIA })).status).toBe(403);
    expect((await admin.rpc("remove_second_factor", { account: LUCIA })).status).toBe(409);
    expect((await admin.rpc("remove_second_factor", { account: UNKNOWN })).status).toBe(404);
    expect(await actions()).toEqual([]);
  });
});

describe("viewer_rights", () => {
  it("refused to a visitor (401); tells a pending account, a member and an admin each their own rights", async () => {
    expect((await anonClient().rpc("viewer_rights")).status).toBe(401);
    const none = { member: false, admin: false, admin_role: false, second_factor: false, aal: "aal1" };
    expect((await pending.rpc("viewer_rights")).data).toEqual(none);
    expect((await member.rpc("viewer_rights")).data).toEqual({ ...none, member: true });
    expect((await admin.rpc("viewer_rights")).data).toEqual({ member: true, admin: true, admin_role: true, second_factor: true, aal: "aal2" });
  });
});
