// Issue 12's privilege matrix: for every table PostgREST exposes (select, insert, update, delete) and every
// function it exposes (execute), what each of five roles gets, asserted through supabase-js and PostgREST with
// real tokens against the embedded backend. The roles: anon (the public anon key, no session); pending (an
// account that signed up through POST /auth/v1/signup and was never approved); member (approved); the admin
// at aal1 (password only: not an admin, and not a member either, since the account has a second factor);
// the admin at aal2 (password and TOTP code).
//
// How it is generated: MATRIX below is the one table of expectations. Every cell of it becomes one named test,
// `${table} ${operation} as ${role}: ${expected}`, run by that table's or function's probe (PROBES, RPC_PROBES),
// which asserts the expected outcome and only that: an allowed select returns exactly the rows it should (the
// service client says which); a denied write is refused with 42501 (401 for anon, 403 signed in) or touches no
// row, and the service client finds the stored rows unchanged. The first test reads PostgREST's OpenAPI
// description and fails when a table or function is exposed but missing from MATRIX, or listed but gone; the
// last counts the cells: today 15 tables × 4 operations × 5 roles + 24 functions × 5 roles = 420.
//
// The expectations follow the migrations (supabase/migrations/); where design.md's matrix says otherwise, or is
// silent, a comment beside the cell says so. The holes it found (an admin deleting a voter's profile, and with it
// the vote; a password-only session of an account with a factor leaving or withdrawing a vote; counts of hidden
// proposals) are closed by 20261129000000_privilege_matrix_fixes.sql and kept as regression cases at the end.
// The backend is reset before and after the file.
import type { SupabaseClient } from "@supabase/supabase-js";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  anonClient,
  approveMember,
  backendUrl,
  resetBackend,
  serviceClient,
  serviceRoleKey,
  signedInClient,
  workerClient,
  type Client,
} from "../support/backend";
import { totpCode } from "../support/totp";

const ROLES = ["anon", "pending", "member", "admin_aal1", "admin_aal2"] as const;
type Role = (typeof ROLES)[number];
const OPERATIONS = ["select", "insert", "update", "delete"] as const;
type Operation = (typeof OPERATIONS)[number];

/**
 * What a role gets on a table. Each probe asserts the outcomes its table uses and refuses any other.
 * A write is tried on a row of the role's own wherever it can have one (its profile, its proposals, comments,
 * votes, reports, application) and on another account's row.
 */
type Outcome =
  | "denied" // select: refused with 42501; write: refused with 42501 or touching no row, own and others'; nothing changes
  | "no rows" // select: answered, with no row
  | "all rows" // select: every stored row
  | "allowed" // the write succeeds, on another account's row too
  | "published rows only" // select: is_published (news, events, resources); non-draft and not hidden (proposals)
  | "published and own rows" // select: the above, plus the caller's own drafts and hidden proposals
  | "rows on published proposals" // select: comments whose proposal the caller sees and is not a draft
  | "shown profiles only" // select: authors of what the site shows (published content, proposals, comments)
  | "shown profiles and own" // select: the above, plus the caller's own profile
  | "confirmed rows only" // newsletter: confirmed subscriptions only (select and delete)
  | "own rows only" // select: the caller's rows; insert: stamped with the caller, never another; update, delete: own yes, others' denied
  | "status only" // contacts: the status changes, the message never
  | "own rows and hiding"; // comments: edits its own, hides and restores anyone's, rewrites nobody else's

/** What a role gets from a function. */
type RpcOutcome =
  | "denied" // 42501 (no EXECUTE, or the function's own check); no effect
  | "Worker only" // 42501 "only the site itself may do this": the Worker's secret header is missing; no effect
  | "allowed" // runs, and its effect is checked
  | "answers for self" // the caller's own rights, nobody else's
  | "public counts only" // vote counts as /voting shows them: none while voting is open, none on drafts
  | "with the token" // anyone holding the mailed token, nobody without it
  | "own account"; // deletes the caller's account (a fresh account of the role's kind), nobody else's

type TableCells = Record<Operation, Record<Role, Outcome>>;
type RpcCells = Record<Role, RpcOutcome>;

const MATRIX = {
  tables: {
    news_articles: {
      select: { anon: "published rows only", pending: "published rows only", member: "published rows only", admin_aal1: "published rows only", admin_aal2: "all rows" },
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    },
    events: {
      select: { anon: "published rows only", pending: "published rows only", member: "published rows only", admin_aal1: "published rows only", admin_aal2: "all rows" },
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    },
    resources: {
      select: { anon: "published rows only", pending: "published rows only", member: "published rows only", admin_aal1: "published rows only", admin_aal2: "all rows" },
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    },
    groups: {
      select: { anon: "all rows", pending: "all rows", member: "all rows", admin_aal1: "all rows", admin_aal2: "all rows" },
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    },
    contacts: {
      select: { anon: "no rows", pending: "no rows", member: "no rows", admin_aal1: "no rows", admin_aal2: "all rows" },
      // Nobody inserts through the API, admins neither: the Worker's submit_contact_message does (decision 031).
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "status only" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    },
    proposals: {
      select: { anon: "published rows only", pending: "published and own rows", member: "published and own rows", admin_aal1: "published and own rows", admin_aal2: "all rows" },
      insert: { anon: "denied", pending: "denied", member: "own rows only", admin_aal1: "denied", admin_aal2: "own rows only" },
      // admin_aal2 may also retitle anyone's proposal within a status (design.md: "all transitions, hide").
      update: { anon: "denied", pending: "denied", member: "own rows only", admin_aal1: "denied", admin_aal2: "allowed" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    },
    proposal_comments: {
      select: { anon: "rows on published proposals", pending: "rows on published proposals", member: "rows on published proposals", admin_aal1: "rows on published proposals", admin_aal2: "all rows" },
      insert: { anon: "denied", pending: "denied", member: "own rows only", admin_aal1: "denied", admin_aal2: "own rows only" },
      update: { anon: "denied", pending: "denied", member: "own rows only", admin_aal1: "denied", admin_aal2: "own rows and hiding" },
      delete: { anon: "denied", pending: "denied", member: "own rows only", admin_aal1: "denied", admin_aal2: "own rows only" },
    },
    proposal_votes: {
      // A password-only session of an account with a factor is not yet the account: it reads no vote of its own.
      select: { anon: "denied", pending: "own rows only", member: "own rows only", admin_aal1: "no rows", admin_aal2: "own rows only" },
      insert: { anon: "denied", pending: "denied", member: "own rows only", admin_aal1: "denied", admin_aal2: "own rows only" },
      update: { anon: "denied", pending: "denied", member: "own rows only", admin_aal1: "denied", admin_aal2: "own rows only" },
      // Only members (is_member(): aal2 for an account with a factor) withdraw their vote (20261129000000).
      delete: { anon: "denied", pending: "denied", member: "own rows only", admin_aal1: "denied", admin_aal2: "own rows only" },
    },
    profiles: {
      select: { anon: "shown profiles only", pending: "shown profiles and own", member: "shown profiles and own", admin_aal1: "shown profiles and own", admin_aal2: "all rows" },
      // design.md: admins "all"; the migrations let nobody insert (the sign-up trigger creates profiles).
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      update: { anon: "denied", pending: "own rows only", member: "own rows only", admin_aal1: "denied", admin_aal2: "allowed" },
      // Nobody deletes a profile: the delete cascaded to the account's votes (20261129000000; the regression cases below).
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
    },
    admins: {
      select: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
    },
    // Not in design.md's matrix (members, membership_applications, proposal_reports): from the migrations.
    members: {
      select: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
    },
    membership_applications: {
      // Not even its author reads an application back.
      select: { anon: "denied", pending: "no rows", member: "no rows", admin_aal1: "no rows", admin_aal2: "all rows" },
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    },
    admin_activity: {
      select: { anon: "denied", pending: "no rows", member: "no rows", admin_aal1: "no rows", admin_aal2: "all rows" },
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
    },
    proposal_reports: {
      select: { anon: "denied", pending: "no rows", member: "no rows", admin_aal1: "no rows", admin_aal2: "all rows" },
      insert: { anon: "denied", pending: "denied", member: "own rows only", admin_aal1: "denied", admin_aal2: "own rows only" },
      // Admins resolve through resolve_report(), never by writing the row; nobody deletes a report.
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
    },
    newsletter_subscriptions: {
      // design.md: admins "read, delete"; the migrations narrow both to confirmed subscriptions.
      select: { anon: "denied", pending: "no rows", member: "no rows", admin_aal1: "no rows", admin_aal2: "confirmed rows only" },
      insert: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      update: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "denied" },
      delete: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "confirmed rows only" },
    },
  } satisfies Record<string, TableCells>,
  rpcs: {
    increment_download_count: { anon: "Worker only", pending: "Worker only", member: "Worker only", admin_aal1: "Worker only", admin_aal2: "Worker only" },
    submit_contact_message: { anon: "Worker only", pending: "Worker only", member: "Worker only", admin_aal1: "Worker only", admin_aal2: "Worker only" },
    newsletter_subscribe: { anon: "Worker only", pending: "Worker only", member: "Worker only", admin_aal1: "Worker only", admin_aal2: "Worker only" },
    newsletter_mail_failed: { anon: "Worker only", pending: "Worker only", member: "Worker only", admin_aal1: "Worker only", admin_aal2: "Worker only" },
    newsletter_purge_unconfirmed: { anon: "Worker only", pending: "Worker only", member: "Worker only", admin_aal1: "Worker only", admin_aal2: "Worker only" },
    run_housekeeping: { anon: "Worker only", pending: "Worker only", member: "Worker only", admin_aal1: "Worker only", admin_aal2: "Worker only" },
    // Public, as /privacy shows them; constants of the function, which nothing writes (20261130000000_housekeeping.sql).
    retention_periods: { anon: "allowed", pending: "allowed", member: "allowed", admin_aal1: "allowed", admin_aal2: "allowed" },
    newsletter_confirm: { anon: "with the token", pending: "with the token", member: "with the token", admin_aal1: "with the token", admin_aal2: "with the token" },
    newsletter_unsubscribe: { anon: "with the token", pending: "with the token", member: "with the token", admin_aal1: "with the token", admin_aal2: "with the token" },
    is_admin: { anon: "answers for self", pending: "answers for self", member: "answers for self", admin_aal1: "answers for self", admin_aal2: "answers for self" },
    is_member: { anon: "answers for self", pending: "answers for self", member: "answers for self", admin_aal1: "answers for self", admin_aal2: "answers for self" },
    viewer_rights: { anon: "denied", pending: "answers for self", member: "answers for self", admin_aal1: "answers for self", admin_aal2: "answers for self" },
    public_name_available: { anon: "allowed", pending: "allowed", member: "allowed", admin_aal1: "allowed", admin_aal2: "allowed" },
    // For a hidden proposal these answer nothing to those who cannot read it (the regression cases below).
    support_count: { anon: "public counts only", pending: "public counts only", member: "public counts only", admin_aal1: "public counts only", admin_aal2: "public counts only" },
    oppose_count: { anon: "public counts only", pending: "public counts only", member: "public counts only", admin_aal1: "public counts only", admin_aal2: "public counts only" },
    vote_count: { anon: "public counts only", pending: "public counts only", member: "public counts only", admin_aal1: "public counts only", admin_aal2: "public counts only" },
    cast_vote: { anon: "denied", pending: "denied", member: "allowed", admin_aal1: "denied", admin_aal2: "allowed" },
    // admin_aal1: a password alone does not delete an account that has a second factor (20261129000000).
    delete_own_account: { anon: "denied", pending: "own account", member: "own account", admin_aal1: "denied", admin_aal2: "own account" },
    member_accounts: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    approve_member: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    decline_member: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    revoke_member: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    remove_second_factor: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
    resolve_report: { anon: "denied", pending: "denied", member: "denied", admin_aal1: "denied", admin_aal2: "allowed" },
  } satisfies Record<string, RpcCells>,
};

type TableName = keyof typeof MATRIX.tables;
type RpcName = keyof typeof MATRIX.rpcs;

/** What each role is, as the database should see it (viewer_rights(), is_admin(), is_member()). */
const RIGHTS: Record<Exclude<Role, "anon">, { member: boolean; admin: boolean; admin_role: boolean; second_factor: boolean; aal: string }> = {
  pending: { member: false, admin: false, admin_role: false, second_factor: false, aal: "aal1" },
  member: { member: true, admin: false, admin_role: false, second_factor: false, aal: "aal1" },
  admin_aal1: { member: false, admin: false, admin_role: true, second_factor: true, aal: "aal1" },
  admin_aal2: { member: true, admin: true, admin_role: true, second_factor: true, aal: "aal2" },
};

// Seeded rows (supabase/seed.sql) the probes use.
const SEED = {
  admin: "a0000000-0000-4000-8000-000000000001",
  member: "a0000000-0000-4000-8000-000000000002",
  lucia: "a0000000-0000-4000-8000-000000000003",
  amara: "a0000000-0000-4000-8000-000000000004",
  tomasz: "a0000000-0000-4000-8000-000000000005",
  group: "10000000-0000-4000-8000-000000000001",
  news: "20000000-0000-4000-8000-000000000001",
  event: "30000000-0000-4000-8000-000000000001",
  resource: "40000000-0000-4000-8000-000000000001",
  memberDraft: "50000000-0000-4000-8000-000000000001",
  luciaDiscussion: "50000000-0000-4000-8000-000000000002",
  adminVoting: "50000000-0000-4000-8000-000000000003", // voting, window open; written by the admin; the member voted
  openVoting: "50000000-0000-4000-8000-000000000004", // voting, window open; lucia and the admin voted, the member not
  passed: "50000000-0000-4000-8000-000000000005",
  amaraComment: "60000000-0000-4000-8000-000000000001", // on luciaDiscussion
  newContact: "70000000-0000-4000-8000-000000000001",
  otherContact: "70000000-0000-4000-8000-000000000002",
  confirmedSubscription: "80000000-0000-4000-8000-000000000001",
} as const;

type Row = Record<string, unknown>;
type Filter = Record<string, string>;
type Result = { data: unknown; error: { code: string; message: string } | null; status: number };
type Ctx<O> = { role: Role; client: SupabaseClient; me: string | null; expected: O };
type Probe<O> = (ctx: Ctx<O>) => Promise<void>;
type Account = { client: Client; id: string; email: string; password: string };

// The probes loop over tables and functions: the typed client cannot type a union of them.
const untyped = (client: Client) => client as unknown as SupabaseClient;
let service: SupabaseClient;
const actors = {} as Record<Role, { client: SupabaseClient; id: string | null }>;
const fixtures = {
  pending: "",
  lurker: "",
  luciaDraft: "",
  adminDraft: "",
  hiddenProposal: "",
  hiddenVoting: "",
  hiddenPassed: "",
  report: "",
  activity: "",
  unconfirmed: "",
  unconfirmedToken: "",
  stale: "",
  oldMessage: "",
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = "privilege-matrix-password";
const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const short = () => randomUUID().slice(0, 8);
const kebab = (role: Role) => role.replace("_", "-");
const sha256Bytea = (token: string) => `\\x${createHash("sha256").update(token, "utf8").digest("hex")}`;
const describeResult = (result: Result) => JSON.stringify({ status: result.status, error: result.error });
const noCheck = (what: string, expected: string) => new Error(`${what}: no check is written for "${expected}"`);

function expectRefused(result: Result, role: Role) {
  expect(result.error?.code, describeResult(result)).toBe("42501");
  expect(result.status).toBe(role === "anon" ? 401 : 403);
}

/** A write refused outright (42501) or that touched no row. */
function expectDenied(result: Result, role: Role) {
  if (result.error) expectRefused(result, role);
  else expect(result.data).toEqual([]);
}

function expectOk(result: Result) {
  expect(result.error, describeResult(result)).toBeNull();
}

function expectNoRows(result: Result) {
  expectOk(result);
  expect(result.data).toEqual([]);
}

function expectTouched(result: Result, count: number) {
  expectOk(result);
  expect(result.data).toHaveLength(count);
}

/** The stored rows matching `filter`, read by the service role (no policy applies). */
async function stored(table: string, filter: Filter, columns = "*"): Promise<Row[]> {
  const { data, error } = await service.from(table).select(columns).match(filter);
  if (error) throw new Error(`service read of ${table}: ${error.message}`);
  return data as unknown as Row[];
}

async function storedOne(table: string, filter: Filter): Promise<Row> {
  const rows = await stored(table, filter);
  expect(rows, `${table} ${JSON.stringify(filter)}`).toHaveLength(1);
  return rows[0];
}

async function serviceInsert(table: string, row: Row): Promise<Row> {
  const { data, error } = await service.from(table).insert(row).select().single();
  if (error) throw new Error(`service insert into ${table}: ${error.message}`);
  return data as Row;
}

async function serviceUpdate(table: string, filter: Filter, change: Row) {
  const { error } = await service.from(table).update(change).match(filter);
  if (error) throw new Error(`service update of ${table}: ${error.message}`);
}

async function serviceDelete(table: string, filter: Filter) {
  const { error } = await service.from(table).delete().match(filter);
  if (error) throw new Error(`service delete from ${table}: ${error.message}`);
}

const pick = (row: Row, columns: string[]) => Object.fromEntries(columns.map((column) => [column, row[column]]));
const keysOf = (rows: Row[], key: string) => rows.map((row) => key.split(",").map((column) => String(row[column])).join("/")).sort();

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

/** A new account, signed up through POST /auth/v1/signup with the anon key (supabase-js's signUp). */
async function signUp(label: string, data: Record<string, string> = {}): Promise<Account> {
  const client = anonClient();
  const email = `${label}-${short()}@example.org`;
  const { data: answer, error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { username: `${label}-${short()}`, ...data } },
  });
  if (error || !answer.user || !answer.session) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  return { client, id: answer.user.id, email, password: PASSWORD };
}

async function grant(email: string, role: "admin" | "member") {
  if (role === "member") return approveMember(email);
  const response = await fetch(`${backendUrl()}/__admin`, {
    method: "POST",
    headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${serviceRoleKey()}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email, grant: "admin" }),
  });
  if (!response.ok) throw new Error(`making ${email} an admin failed: ${response.status}`);
}

/** Enrols and verifies a TOTP factor: the client's session is at aal2 afterwards. */
async function enrolFactor(client: Client) {
  const { data, error } = await client.auth.mfa.enroll({ factorType: "totp" });
  if (error || data.type !== "totp") throw error ?? new Error("no totp factor");
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: totpCode(data.totp.secret) });
  if (verified.error) throw verified.error;
}

/** A fresh account of a role's kind (delete_own_account cannot use the shared ones). */
async function freshAccountAs(role: Exclude<Role, "anon">): Promise<Account> {
  const account = await signUp(`fresh-${kebab(role)}`);
  if (role === "pending") return account;
  await grant(account.email, "member");
  if (role === "member") return account;
  await grant(account.email, "admin");
  await enrolFactor(account.client);
  if (role === "admin_aal2") return account;
  return { ...account, client: await signedInClient({ email: account.email, password: account.password }, { aal1: true }) };
}

/** Accounts made once, on first use, for the functions that change an account. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
}
const targets = {
  toApprove: once(() => signUp("to-approve")),
  toDecline: once(() => signUp("to-decline")),
  toRevoke: once(async () => {
    const account = await signUp("to-revoke");
    await grant(account.email, "member");
    return account;
  }),
  withFactor: once(async () => {
    const account = await signUp("with-factor");
    await enrolFactor(account.client);
    return account;
  }),
  report: once(async () =>
    String((await serviceInsert("proposal_reports", { proposal_id: SEED.luciaDiscussion, reporter_id: SEED.amara, reason: "Please look at this" })).id),
  ),
};

// ---------------------------------------------------------------------------------------------
// Probes for tables
// ---------------------------------------------------------------------------------------------

type Visible = (me: string | null) => Promise<string[]>;

interface SelectSpec {
  /** Rows a partial outcome must return, as keys (from the service role's reading). */
  rules?: Partial<Record<Outcome, Visible>>;
}

interface InsertSpec {
  row: (role: Role, me: string | null) => Row;
  /** Where a stored copy of the row would be found. */
  find: (role: Role, me: string | null) => Filter;
  /** "own rows only": the column naming the owner, and the same kind of row in another account's name. */
  owner?: string;
  forged?: (role: Role) => { row: Row; find: Filter };
  prepare?: (role: Role, me: string | null) => Promise<void>;
}

/** The row of the role's own that a write tries, made by the service role where needed; null where it has none. */
type Own = (role: Role, me: string | null) => Promise<Filter | null>;

interface UpdateSpec {
  change: (role: Role) => Row;
  /** Another account's row (or one nobody owns). */
  others: () => Filter;
  own?: Own;
  custom?: Partial<Record<Outcome, Probe<Outcome>>>;
}

interface DeleteSpec {
  /** Another account's row (or one nobody owns). */
  others: () => Filter;
  own?: Own;
  /** "allowed": a row made for the occasion. */
  fresh?: () => Promise<Filter>;
  custom?: Partial<Record<Outcome, Probe<Outcome>>>;
}

interface TableSpec {
  /** The primary key's columns (what the probes select and compare). */
  key: string;
  select: SelectSpec;
  insert: InsertSpec;
  update: UpdateSpec;
  delete: DeleteSpec;
}

function tableProbes(table: TableName, spec: TableSpec): Record<Operation, Probe<Outcome>> {
  const { key } = spec;
  return {
    async select({ role, client, me, expected }) {
      const result = await client.from(table).select(key);
      if (expected === "denied") return expectRefused(result, role);
      expectOk(result);
      const seen = keysOf(result.data as unknown as Row[], key);
      const everything = keysOf(await stored(table, {}, key), key);
      expect(everything.length, `${table} holds rows to hide`).toBeGreaterThan(0);
      if (expected === "no rows") return expect(seen).toEqual([]);
      if (expected === "all rows") return expect(seen).toEqual(everything);
      const rule = spec.select.rules?.[expected];
      if (!rule) throw noCheck(`${table} select`, expected);
      const wanted = [...(await rule(me))].sort();
      // A partial outcome must hide something, or it proves nothing.
      expect(wanted.length).toBeLessThan(everything.length);
      expect(seen).toEqual(wanted);
    },

    async insert({ role, client, me, expected }) {
      const { row, find, owner, forged, prepare } = spec.insert;
      await prepare?.(role, me);
      const where = find(role, me);
      const before = await stored(table, where);
      const result = await client.from(table).insert(row(role, me));
      const after = await stored(table, where);
      if (expected === "denied") {
        expectRefused(result, role);
        return expect(after).toEqual(before);
      }
      expectOk(result);
      expect(after).toHaveLength(before.length + 1);
      if (expected === "allowed") return;
      if (expected !== "own rows only" || !owner || !forged || !me) throw noCheck(`${table} insert`, expected);
      const added = after.filter((stored) => !keysOf(before, key).includes(keysOf([stored], key)[0]));
      expect(added.map((stored) => stored[owner])).toEqual([me]);
      // The same row in another account's name is refused.
      const other = forged(role);
      const otherBefore = await stored(table, other.find);
      expectRefused(await client.from(table).insert(other.row), role);
      expect(await stored(table, other.find)).toEqual(otherBefore);
    },

    async update(ctx) {
      const custom = spec.update.custom?.[ctx.expected];
      if (custom) return custom(ctx);
      const { role, client, me, expected } = ctx;
      const { change, others, own } = spec.update;
      const changed = change(role);
      const mine = (await own?.(role, me)) ?? null;
      if (expected === "own rows only") {
        if (!mine) throw noCheck(`${table} update`, expected);
        const before = await storedOne(table, mine);
        expectTouched(await client.from(table).update(changed).match(mine).select(key), 1);
        expect(await storedOne(table, mine)).toMatchObject(changed);
        await serviceUpdate(table, mine, pick(before, Object.keys(changed)));
        return expectUpdateDenied(others(), changed);
      }
      if (expected === "allowed") {
        const where = others();
        const before = await storedOne(table, where);
        expectTouched(await client.from(table).update(changed).match(where).select(key), 1);
        expect(await storedOne(table, where)).toMatchObject(changed);
        return serviceUpdate(table, where, pick(before, Object.keys(changed)));
      }
      if (expected !== "denied") throw noCheck(`${table} update`, expected);
      if (mine) await expectUpdateDenied(mine, changed);
      await expectUpdateDenied(others(), changed);

      async function expectUpdateDenied(where: Filter, change: Row) {
        const before = await storedOne(table, where);
        expectDenied(await client.from(table).update(change).match(where).select(key), role);
        expect(await storedOne(table, where)).toEqual(before);
      }
    },

    async delete(ctx) {
      const custom = spec.delete.custom?.[ctx.expected];
      if (custom) return custom(ctx);
      const { role, client, me, expected } = ctx;
      const { others, own, fresh } = spec.delete;
      if (expected === "allowed") {
        if (!fresh) throw noCheck(`${table} delete`, expected);
        const doomed = await fresh();
        await storedOne(table, doomed);
        expectTouched(await client.from(table).delete().match(doomed).select(key), 1);
        return expect(await stored(table, doomed)).toEqual([]);
      }
      const mine = (await own?.(role, me)) ?? null;
      if (expected === "own rows only") {
        if (!mine) throw noCheck(`${table} delete`, expected);
        await storedOne(table, mine);
        expectTouched(await client.from(table).delete().match(mine).select(key), 1);
        expect(await stored(table, mine)).toEqual([]);
        return expectDeleteDenied(others());
      }
      if (expected !== "denied") throw noCheck(`${table} delete`, expected);
      if (mine) await expectDeleteDenied(mine);
      await expectDeleteDenied(others());

      async function expectDeleteDenied(where: Filter) {
        const before = await storedOne(table, where);
        expectDenied(await client.from(table).delete().match(where).select(key), role);
        expect(await storedOne(table, where)).toEqual(before);
      }
    },
  };
}

/** Proposals the caller's session may read: non-draft and not hidden, or its own. */
async function proposalsSeenBy(me: string | null): Promise<Row[]> {
  const all = await stored("proposals", {}, "id, status, is_hidden, author_id");
  return all.filter((p) => (p.status !== "draft" && !p.is_hidden) || (me !== null && p.author_id === me));
}

/** The profiles policy, replayed: authors of what the caller can see published, and the caller. */
async function shownProfiles(me: string | null): Promise<string[]> {
  const [news, events, resources, proposals, comments] = await Promise.all([
    stored("news_articles", { is_published: "true" }, "author_id"),
    stored("events", { is_published: "true" }, "organizer_id"),
    stored("resources", { is_published: "true" }, "author_id"),
    proposalsSeenBy(me),
    stored("proposal_comments", { is_hidden: "false" }, "author_id, proposal_id"),
  ]);
  const published = proposals.filter((p) => p.status !== "draft");
  const publishedIds = new Set(published.map((p) => p.id));
  const shown = new Set(
    [
      ...news.map((r) => r.author_id),
      ...events.map((r) => r.organizer_id),
      ...resources.map((r) => r.author_id),
      ...published.map((p) => p.author_id),
      ...comments.filter((c) => publishedIds.has(c.proposal_id)).map((c) => c.author_id),
    ]
      .filter((id) => id !== null)
      .map(String),
  );
  if (me) shown.add(me);
  return [...shown];
}

const publishedOnly = (table: string): Visible => async () => keysOf(await stored(table, { is_published: "true" }, "id"), "id");

function contentTable(table: "news_articles" | "events" | "resources", payload: (slug: string) => Row, seeded: string): TableSpec {
  return {
    key: "id",
    select: { rules: { "published rows only": publishedOnly(table) } },
    insert: {
      row: (role) => payload(`matrix-${kebab(role)}`),
      find: (role) => ({ slug: `matrix-${kebab(role)}` }),
    },
    update: { change: (role) => ({ title: `Changed by ${role}` }), others: () => ({ id: seeded }) },
    delete: {
      others: () => ({ id: seeded }),
      fresh: async () => ({ id: String((await serviceInsert(table, payload(`doomed-${short()}`))).id) }),
    },
  };
}

const isAdminRole = (role: Role) => role === "admin_aal1" || role === "admin_aal2";

/** The role's own vote on a proposal, "support", cast (again) by the service role. */
async function ownVote(proposal: string, me: string): Promise<Filter> {
  const where = { proposal_id: proposal, user_id: me };
  await serviceDelete("proposal_votes", where);
  await serviceInsert("proposal_votes", { ...where, vote: "support" });
  return where;
}

/** The proposal each role votes on: one open for voting where it has no vote in the seed. */
const ballotOf = (role: Role) => (isAdminRole(role) ? SEED.adminVoting : SEED.openVoting);

/**
 * The role's own vote where it can have one: members and admins on a ballot still open (the other one than
 * ballotOf). A pending account has none: it never voted, or its open votes went when its membership was revoked.
 */
const ownVoteOf: Own = async (role, me) => (me && role !== "pending" ? ownVote(isAdminRole(role) ? SEED.openVoting : SEED.adminVoting, me) : null);

/** A new comment of the role's own (a pending account may have written it while it was a member). */
const ownCommentOf: Own = async (_role, me) =>
  me ? { id: String((await serviceInsert("proposal_comments", { proposal_id: SEED.luciaDiscussion, author_id: me, content: "My own remark" })).id) } : null;

/** The role's own proposal: the member's and the admin's drafts; a pending account's, written while it was a member. */
const ownProposalOf: Own = async (role, me) => {
  if (!me) return null;
  if (role === "member") return { id: SEED.memberDraft };
  if (isAdminRole(role)) return { id: fixtures.adminDraft };
  return { id: String((await serviceInsert("proposals", { title: "An idea from before", author_id: me })).id) };
};

const ownReportOf: Own = async (_role, me) =>
  me ? { id: String((await serviceInsert("proposal_reports", { proposal_id: SEED.luciaDiscussion, reporter_id: me, reason: "My own report" })).id) } : null;

const PROBES: Record<TableName, Record<Operation, Probe<Outcome>>> = {
  news_articles: tableProbes(
    "news_articles",
    contentTable(
      "news_articles",
      (slug) => ({ title: "Assembly notes", slug, excerpt: "What the assembly agreed.", content: "<p>Notes.</p>", tags: ["assembly"] }),
      SEED.news,
    ),
  ),
  events: tableProbes(
    "events",
    contentTable(
      "events",
      (slug) => ({ title: "Open assembly", slug, description: "Everyone welcome.", start_date: iso(30 * DAY), time_zone: "Europe/Madrid", location: "Barcelona, Spain" }),
      SEED.event,
    ),
  ),
  resources: tableProbes(
    "resources",
    contentTable(
      "resources",
      (slug) => ({ title: "Tenants' guide", slug, description: "How to organise a building.", resource_type: "guide", file_url: "https://files.example/tenants.pdf" }),
      SEED.resource,
    ),
  ),

  groups: tableProbes("groups", {
    key: "id",
    select: {},
    insert: {
      row: (role) => ({ name: `Matrix group ${role}`, description: "A neighbourhood assembly.", location: "Lisbon, Portugal", latitude: 38.72, longitude: -9.14 }),
      find: (role) => ({ name: `Matrix group ${role}` }),
    },
    update: { change: (role) => ({ name: `Renamed by ${role}` }), others: () => ({ id: SEED.group }) },
    delete: {
      others: () => ({ id: SEED.group }),
      fresh: async () => ({ id: String((await serviceInsert("groups", { name: "Doomed group", description: "Soon gone." })).id) }),
    },
  }),

  contacts: tableProbes("contacts", {
    key: "id",
    select: {},
    insert: {
      row: (role) => ({ name: `Matrix ${role}`, email: "writer@example.net", message: "Hello, how do we join?", source: "join", region: "europe" }),
      find: (role) => ({ name: `Matrix ${role}` }),
    },
    update: {
      change: () => ({ status: "read" }),
      others: () => ({ id: SEED.newContact }),
      custom: {
        async "status only"({ role, client }) {
          const where = { id: SEED.newContact };
          const before = await storedOne("contacts", where);
          expect(before.status).toBe("new");
          expectTouched(await client.from("contacts").update({ status: "read" }).match(where).select("id"), 1);
          expectRefused(await client.from("contacts").update({ message: "Rewritten" }).match(where).select("id"), role);
          // The database stamps when an admin handled it (the messages' retention period counts from then).
          expect(before.handled_at).toBeNull();
          expect(await storedOne("contacts", where)).toEqual({ ...before, status: "read", handled_at: expect.any(String) });
          await serviceUpdate("contacts", where, { status: "new" });
          await serviceUpdate("contacts", where, { handled_at: null });
        },
      },
    },
    delete: {
      others: () => ({ id: SEED.otherContact }),
      fresh: async () => ({
        id: String((await serviceInsert("contacts", { name: "Doomed", email: "doomed@example.net", message: "Bye", source: "contact" })).id),
      }),
    },
  }),

  proposals: tableProbes("proposals", {
    key: "id",
    select: {
      rules: {
        "published rows only": async () => keysOf(await proposalsSeenBy(null), "id"),
        "published and own rows": async (me) => keysOf(await proposalsSeenBy(me), "id"),
      },
    },
    insert: {
      row: (role) => ({ title: `A proposal by ${role}`, content: "<p>Let us share the printing costs.</p>", group_id: SEED.group }),
      find: (role) => ({ title: `A proposal by ${role}` }),
      owner: "author_id",
      forged: (role) => ({ row: { title: `Forged by ${role}`, author_id: SEED.lucia }, find: { title: `Forged by ${role}` } }),
    },
    update: { change: (role) => ({ title: `Retitled by ${role}` }), others: () => ({ id: SEED.luciaDiscussion }), own: ownProposalOf },
    delete: {
      others: () => ({ id: SEED.luciaDiscussion }),
      own: ownProposalOf,
      fresh: async () => ({ id: String((await serviceInsert("proposals", { title: "Doomed proposal", author_id: SEED.lucia })).id) }),
    },
  }),

  proposal_comments: tableProbes("proposal_comments", {
    key: "id",
    select: {
      rules: {
        "rows on published proposals": async (me) => {
          const open = new Set((await proposalsSeenBy(me)).filter((p) => p.status !== "draft").map((p) => p.id));
          return keysOf((await stored("proposal_comments", {}, "id, proposal_id")).filter((c) => open.has(c.proposal_id)), "id");
        },
      },
    },
    insert: {
      row: (role) => ({ proposal_id: SEED.luciaDiscussion, content: `A thought from ${role}` }),
      find: (role) => ({ content: `A thought from ${role}` }),
      owner: "author_id",
      forged: (role) => ({
        row: { proposal_id: SEED.luciaDiscussion, content: `Forged by ${role}`, author_id: SEED.lucia },
        find: { content: `Forged by ${role}` },
      }),
    },
    update: {
      change: (role) => ({ content: `Rewritten by ${role}` }),
      others: () => ({ id: SEED.amaraComment }),
      own: ownCommentOf,
      custom: {
        async "own rows and hiding"({ role, client, me }) {
          const mine = (await ownCommentOf(role, me))!;
          expectTouched(await client.from("proposal_comments").update({ content: "Edited remark" }).match(mine).select("id"), 1);
          expect((await storedOne("proposal_comments", mine)).content).toBe("Edited remark");
          const theirs = { id: SEED.amaraComment };
          const before = await storedOne("proposal_comments", theirs);
          expectRefused(await client.from("proposal_comments").update({ content: "Rewritten by an admin" }).match(theirs).select("id"), role);
          expect(await storedOne("proposal_comments", theirs)).toEqual(before);
          expectTouched(await client.from("proposal_comments").update({ is_hidden: true }).match(theirs).select("id"), 1);
          expect(await storedOne("proposal_comments", theirs)).toMatchObject({ is_hidden: true, content: "" });
          expectTouched(await client.from("proposal_comments").update({ is_hidden: false }).match(theirs).select("id"), 1);
          expect(await storedOne("proposal_comments", theirs)).toMatchObject({ is_hidden: false, content: before.content });
        },
      },
    },
    delete: { others: () => ({ id: SEED.amaraComment }), own: ownCommentOf },
  }),

  proposal_votes: tableProbes("proposal_votes", {
    key: "proposal_id,user_id",
    select: { rules: { "own rows only": async (me) => keysOf(await stored("proposal_votes", { user_id: String(me) }), "proposal_id,user_id") } },
    insert: {
      // Each tries a ballot open for voting where it has no vote yet (removed first if an earlier cell cast one).
      prepare: async (role, me) => {
        if (me) await serviceDelete("proposal_votes", { proposal_id: ballotOf(role), user_id: me });
      },
      row: (role) => ({ proposal_id: ballotOf(role), vote: "support" }),
      find: (role) => ({ proposal_id: ballotOf(role) }),
      owner: "user_id",
      forged: () => ({
        row: { proposal_id: SEED.openVoting, vote: "oppose", user_id: SEED.amara },
        find: { proposal_id: SEED.openVoting, user_id: SEED.amara },
      }),
    },
    update: { change: () => ({ vote: "oppose" }), others: () => ({ proposal_id: SEED.openVoting, user_id: SEED.lucia }), own: ownVoteOf },
    delete: { others: () => ({ proposal_id: SEED.openVoting, user_id: SEED.lucia }), own: ownVoteOf },
  }),

  profiles: tableProbes("profiles", {
    key: "id",
    select: {
      rules: {
        "shown profiles only": () => shownProfiles(null),
        "shown profiles and own": (me) => shownProfiles(me),
      },
    },
    insert: {
      row: (role, me) => ({ id: me ?? randomUUID(), username: `matrix-${kebab(role)}` }),
      find: (role) => ({ username: `matrix-${kebab(role)}` }),
    },
    update: {
      change: (role) => ({ username: `renamed-${kebab(role)}` }),
      others: () => ({ id: SEED.tomasz }),
      own: async (_role, me) => (me ? { id: me } : null),
    },
    delete: {
      others: () => ({ id: SEED.tomasz }),
      own: async (_role, me) => (me ? { id: me } : null),
      fresh: async () => ({ id: (await signUp("doomed")).id }),
    },
  }),

  admins: tableProbes("admins", {
    key: "user_id",
    select: {},
    insert: { row: (_role, me) => ({ user_id: me ?? SEED.member }), find: (_role, me) => ({ user_id: me ?? SEED.member }) },
    update: { change: () => ({ created_at: iso() }), others: () => ({ user_id: SEED.admin }) },
    delete: { others: () => ({ user_id: SEED.admin }) },
  }),

  members: tableProbes("members", {
    key: "user_id",
    select: {},
    insert: { row: () => ({ user_id: fixtures.pending }), find: () => ({ user_id: fixtures.pending }) },
    update: {
      change: () => ({ approved_at: iso() }),
      others: () => ({ user_id: SEED.lucia }),
      own: async (role, me) => (me && role !== "pending" ? { user_id: me } : null),
    },
    delete: { others: () => ({ user_id: SEED.lucia }), own: async (role, me) => (me && role !== "pending" ? { user_id: me } : null) },
  }),

  membership_applications: tableProbes("membership_applications", {
    key: "user_id",
    select: {},
    insert: {
      // For an account without an application (the pending account has one already).
      row: (role, me) => ({ user_id: role === "anon" || role === "pending" ? SEED.tomasz : me, reason: "I run a food bank and want to take part." }),
      find: (role, me) => ({ user_id: String(role === "anon" || role === "pending" ? SEED.tomasz : me) }),
    },
    update: {
      change: () => ({ reason: "Rewritten" }),
      others: () => ({ user_id: fixtures.lurker }),
      own: async (role, me) => (role === "pending" && me ? { user_id: me } : null),
    },
    delete: {
      others: () => ({ user_id: fixtures.lurker }),
      own: async (role, me) => (role === "pending" && me ? { user_id: me } : null),
      fresh: async () => {
        await serviceInsert("membership_applications", { user_id: SEED.tomasz, reason: "I would like to join." });
        return { user_id: SEED.tomasz };
      },
    },
  }),

  admin_activity: tableProbes("admin_activity", {
    key: "id",
    select: {},
    insert: {
      row: (role, me) => ({ actor_id: me, actor_name: `matrix-${role}`, table_name: "news_articles", record_id: SEED.news, action: "deleted" }),
      find: (role) => ({ actor_name: `matrix-${role}` }),
    },
    update: { change: () => ({ action: "deleted" }), others: () => ({ id: fixtures.activity }) },
    delete: { others: () => ({ id: fixtures.activity }) },
  }),

  proposal_reports: tableProbes("proposal_reports", {
    key: "id",
    select: {},
    insert: {
      row: (role) => ({ proposal_id: SEED.luciaDiscussion, comment_id: SEED.amaraComment, reason: `Reported by ${role}` }),
      find: (role) => ({ reason: `Reported by ${role}` }),
      owner: "reporter_id",
      forged: (role) => ({
        row: { proposal_id: SEED.luciaDiscussion, reason: `Forged by ${role}`, reporter_id: SEED.lucia },
        find: { reason: `Forged by ${role}` },
      }),
    },
    update: { change: () => ({ resolved_at: iso() }), others: () => ({ id: fixtures.report }), own: ownReportOf },
    delete: { others: () => ({ id: fixtures.report }), own: ownReportOf },
  }),

  newsletter_subscriptions: tableProbes("newsletter_subscriptions", {
    key: "id",
    select: {
      rules: {
        "confirmed rows only": async () =>
          keysOf((await stored("newsletter_subscriptions", {}, "id, confirmed_at")).filter((row) => row.confirmed_at !== null), "id"),
      },
    },
    insert: { row: (role) => ({ email: `${kebab(role)}@news.example` }), find: (role) => ({ email: `${kebab(role)}@news.example` }) },
    update: { change: () => ({ email: "hijacked@news.example" }), others: () => ({ id: SEED.confirmedSubscription }) },
    delete: {
      others: () => ({ id: SEED.confirmedSubscription }),
      custom: {
        async "confirmed rows only"({ client }) {
          const confirmed = await serviceInsert("newsletter_subscriptions", { email: `doomed-${short()}@news.example`, confirmed_at: iso() });
          expectTouched(await client.from("newsletter_subscriptions").delete().eq("id", confirmed.id).select("id"), 1);
          expect(await stored("newsletter_subscriptions", { id: String(confirmed.id) })).toEqual([]);
          const unconfirmed = { id: fixtures.unconfirmed };
          const before = await storedOne("newsletter_subscriptions", unconfirmed);
          expectNoRows(await client.from("newsletter_subscriptions").delete().match(unconfirmed).select("id"));
          expect(await storedOne("newsletter_subscriptions", unconfirmed)).toEqual(before);
        },
      },
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Probes for functions
// ---------------------------------------------------------------------------------------------

/** A function that needs the Worker's secret: refused without it, and nothing changes. */
function workerOnly(call: (client: SupabaseClient, role: Role) => PromiseLike<Result>, state: (role: Role) => Promise<unknown>): Probe<RpcOutcome> {
  return async ({ role, client, expected }) => {
    if (expected !== "Worker only") throw noCheck("a Worker function", expected);
    const before = await state(role);
    const result = await call(client, role);
    expectRefused(result, role);
    expect(result.error?.message).toMatch(/only the site itself/);
    expect(await state(role)).toEqual(before);
  };
}

/** An admin's function: refused to everyone else with nothing changed; run by an admin, `done` checks its effect. */
function adminOnly<T>(spec: {
  target: () => Promise<T>;
  call: (client: SupabaseClient, target: T) => PromiseLike<Result>;
  state: (target: T) => Promise<unknown>;
  done: (result: Result, target: T) => Promise<void>;
}): Probe<RpcOutcome> {
  return async ({ role, client, expected }) => {
    const target = await spec.target();
    const before = await spec.state(target);
    const result = await spec.call(client, target);
    if (expected === "allowed") {
      expectOk(result);
      return spec.done(result, target);
    }
    if (expected !== "denied") throw noCheck("an admin function", expected);
    expectRefused(result, role);
    expect(await spec.state(target)).toEqual(before);
  };
}

function answersForSelf(name: "is_admin" | "is_member"): Probe<RpcOutcome> {
  return async ({ role, client, expected }) => {
    if (expected !== "answers for self") throw noCheck(name, expected);
    const result = await client.rpc(name);
    expectOk(result);
    const right = name === "is_admin" ? "admin" : "member";
    expect(result.data).toBe(role === "anon" ? false : RIGHTS[role][right]);
  };
}

/** The counts /voting shows: a decided proposal's stored result, the number of voters while voting, never a draft's. */
function publicCounts(name: "support_count" | "oppose_count" | "vote_count"): Probe<RpcOutcome> {
  return async ({ client, expected }) => {
    if (expected !== "public counts only") throw noCheck(name, expected);
    const count = async (id: string) => {
      const result = await client.rpc(name, { proposal: { id } });
      expectOk(result);
      return result.data;
    };
    const passed = await storedOne("proposals", { id: SEED.passed });
    const liveVoters = (await stored("proposal_votes", { proposal_id: SEED.adminVoting })).length;
    const support = passed.final_support_count as number;
    const oppose = passed.final_oppose_count as number;
    const decided = { support_count: support, oppose_count: oppose, vote_count: support + oppose }[name];
    expect(decided).not.toBeNull();
    expect(await count(SEED.passed)).toBe(decided);
    expect(liveVoters).toBeGreaterThan(0);
    expect(await count(SEED.adminVoting)).toBe(name === "vote_count" ? liveVoters : null);
    expect(await count(SEED.memberDraft)).toBeNull();
  };
}

/** A subscription waiting for its confirmation link, whose token is returned. */
async function awaitingConfirmation(label: string) {
  const token = randomBytes(24).toString("hex");
  const row = await serviceInsert("newsletter_subscriptions", {
    email: `${label}-${short()}@news.example`,
    confirmation_token_hash: sha256Bytea(token),
    confirmation_sent_at: iso(),
    confirmation_mails: 1,
  });
  return { token, where: { id: String(row.id) } };
}

const RPC_PROBES: Record<RpcName, Probe<RpcOutcome>> = {
  increment_download_count: workerOnly(
    (client) => client.rpc("increment_download_count", { resource_id: SEED.resource }),
    async () => (await storedOne("resources", { id: SEED.resource })).download_count,
  ),
  submit_contact_message: workerOnly(
    (client, role) => client.rpc("submit_contact_message", { name: `Message from ${role}`, email: "writer@example.net", message: "Hello!", source: "contact", region: "africa" }),
    (role) => stored("contacts", { name: `Message from ${role}` }),
  ),
  newsletter_subscribe: workerOnly(
    (client, role) => client.rpc("newsletter_subscribe", { address: `subscribe-${kebab(role)}@news.example` }),
    (role) => stored("newsletter_subscriptions", { email: `subscribe-${kebab(role)}@news.example` }),
  ),
  newsletter_mail_failed: workerOnly(
    (client) => client.rpc("newsletter_mail_failed", { token: fixtures.unconfirmedToken }),
    () => stored("newsletter_subscriptions", { id: fixtures.unconfirmed }),
  ),
  newsletter_purge_unconfirmed: workerOnly(
    (client) => client.rpc("newsletter_purge_unconfirmed"),
    () => stored("newsletter_subscriptions", { id: fixtures.stale }),
  ),
  run_housekeeping: workerOnly(
    (client) => client.rpc("run_housekeeping"),
    () => stored("contacts", { id: fixtures.oldMessage }),
  ),
  async retention_periods({ client, expected }) {
    if (expected !== "allowed") throw noCheck("retention_periods", expected);
    const result = await client.rpc("retention_periods");
    expectOk(result);
    expect((result.data as Row[]).map((row) => row.item).sort()).toEqual(["admin_activity", "messages", "newsletter_unconfirmed", "resolved_reports"]);
  },

  async newsletter_confirm({ role, client, expected }) {
    if (expected !== "with the token") throw noCheck("newsletter_confirm", expected);
    const { token, where } = await awaitingConfirmation(`confirm-${kebab(role)}`);
    const wrong = await client.rpc("newsletter_confirm", { token: randomBytes(24).toString("hex") });
    expectOk(wrong);
    expect(wrong.data).toBeNull();
    expect((await storedOne("newsletter_subscriptions", where)).confirmed_at).toBeNull();
    const right = await client.rpc("newsletter_confirm", { token });
    expectOk(right);
    const confirmed = await storedOne("newsletter_subscriptions", where);
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(right.data).toBe(confirmed.unsubscribe_token);
  },
  async newsletter_unsubscribe({ role, client, expected }) {
    if (expected !== "with the token") throw noCheck("newsletter_unsubscribe", expected);
    const token = randomBytes(24).toString("hex");
    const row = await serviceInsert("newsletter_subscriptions", { email: `leaving-${kebab(role)}@news.example`, confirmed_at: iso(), unsubscribe_token: token });
    const where = { id: String(row.id) };
    const wrong = await client.rpc("newsletter_unsubscribe", { token: randomBytes(24).toString("hex") });
    expectOk(wrong);
    expect(wrong.data).toBe(false);
    await storedOne("newsletter_subscriptions", where);
    const right = await client.rpc("newsletter_unsubscribe", { token });
    expectOk(right);
    expect(right.data).toBe(true);
    expect(await stored("newsletter_subscriptions", where)).toEqual([]);
  },

  is_admin: answersForSelf("is_admin"),
  is_member: answersForSelf("is_member"),
  async viewer_rights({ role, client, expected }) {
    const result = await client.rpc("viewer_rights");
    if (expected === "denied") return expectRefused(result, role);
    if (expected !== "answers for self" || role === "anon") throw noCheck("viewer_rights", expected);
    expectOk(result);
    expect(result.data).toEqual(RIGHTS[role]);
  },

  async public_name_available({ client, expected }) {
    if (expected !== "allowed") throw noCheck("public_name_available", expected);
    const taken = await client.rpc("public_name_available", { name: "lucia" });
    expectOk(taken);
    expect(taken.data).toBe(false);
    const lookalike = await client.rpc("public_name_available", { name: "LUCIA" });
    expect(lookalike.data).toBe(false);
    const free = await client.rpc("public_name_available", { name: `free-name-${short()}` });
    expect(free.data).toBe(true);
  },

  support_count: publicCounts("support_count"),
  oppose_count: publicCounts("oppose_count"),
  vote_count: publicCounts("vote_count"),

  async cast_vote({ role, client, me, expected }) {
    const proposal = ballotOf(role);
    if (me) await serviceDelete("proposal_votes", { proposal_id: proposal, user_id: me });
    const before = await stored("proposal_votes", { proposal_id: proposal });
    const result = await client.rpc("cast_vote", { proposal_id: proposal, vote: "oppose" });
    if (expected === "denied") {
      expectRefused(result, role);
      return expect(await stored("proposal_votes", { proposal_id: proposal })).toEqual(before);
    }
    if (expected !== "allowed" || !me) throw noCheck("cast_vote", expected);
    expectOk(result);
    expect(await storedOne("proposal_votes", { proposal_id: proposal, user_id: me })).toMatchObject({ vote: "oppose" });
    expect(await stored("proposal_votes", { proposal_id: proposal })).toHaveLength(before.length + 1);
  },

  async delete_own_account({ role, client, expected }) {
    if (expected === "denied") {
      const before = (await stored("profiles", {}, "id")).length;
      expectRefused(await client.rpc("delete_own_account"), role);
      return expect((await stored("profiles", {}, "id")).length).toBe(before);
    }
    if (expected !== "own account" || role === "anon") throw noCheck("delete_own_account", expected);
    const account = await freshAccountAs(role);
    expect(RIGHTS[role].admin).toBe((await account.client.rpc("is_admin")).data);
    const others = (await stored("profiles", {}, "id")).length - 1;
    expectOk(await account.client.rpc("delete_own_account"));
    expect(await stored("profiles", { id: account.id })).toEqual([]);
    expect((await stored("profiles", {}, "id")).length).toBe(others);
    const again = await anonClient().auth.signInWithPassword({ email: account.email, password: account.password });
    expect(again.error).not.toBeNull();
  },

  member_accounts: adminOnly({
    target: async () => null,
    call: (client) => client.rpc("member_accounts"),
    state: async () => null,
    done: async (result) => {
      const rows = result.data as Row[];
      expect(rows).toHaveLength((await stored("profiles", {}, "id")).length);
      expect(rows.map((row) => row.email)).toContain(ACCOUNTS.member.email);
    },
  }),
  approve_member: adminOnly({
    target: targets.toApprove,
    call: (client, account) => client.rpc("approve_member", { account: account.id }),
    state: (account) => stored("members", { user_id: account.id }),
    done: async (_result, account) => expect(await stored("members", { user_id: account.id })).toHaveLength(1),
  }),
  decline_member: adminOnly({
    target: targets.toDecline,
    call: (client, account) => client.rpc("decline_member", { account: account.id }),
    state: (account) => stored("profiles", { id: account.id }),
    done: async (_result, account) => expect(await stored("profiles", { id: account.id })).toEqual([]),
  }),
  revoke_member: adminOnly({
    target: targets.toRevoke,
    call: (client, account) => client.rpc("revoke_member", { account: account.id }),
    state: (account) => stored("members", { user_id: account.id }),
    done: async (_result, account) => expect(await stored("members", { user_id: account.id })).toEqual([]),
  }),
  remove_second_factor: adminOnly({
    target: targets.withFactor,
    call: (client, account) => client.rpc("remove_second_factor", { account: account.id }),
    // The account's own view of itself: its JWT still reaches PostgREST after its sessions end.
    state: async (account) => ((await account.client.rpc("viewer_rights")).data as Row).second_factor,
    done: async (_result, account) => expect(((await account.client.rpc("viewer_rights")).data as Row).second_factor).toBe(false),
  }),
  resolve_report: adminOnly({
    target: targets.report,
    call: (client, report) => client.rpc("resolve_report", { report }),
    state: (report) => stored("proposal_reports", { id: report }, "resolved_at, resolved_by"),
    done: async (_result, report) => {
      const resolved = await storedOne("proposal_reports", { id: report });
      expect(resolved.resolved_at).not.toBeNull();
      expect(resolved.resolved_by).toBe(SEED.admin);
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Setup: a clean backend, the five roles, and the rows the probes need beside the seed's
// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  await resetBackend();
  service = untyped(serviceClient());
  // A reset ends every session, and admin rights need a live one: both admin sessions start after it.
  const [member, adminAal1, adminAal2, pending, lurker] = await Promise.all([
    signedInClient(ACCOUNTS.member),
    signedInClient(ACCOUNTS.admin, { aal1: true }),
    signedInClient(ACCOUNTS.admin),
    signUp("pending", { join_reason: "I organise a tenants' union and would like to take part." }),
    // An account whose only content is hidden: nobody but admins may see its profile.
    signUp("lurker", { join_reason: "I read a lot and write little." }),
  ]);
  actors.anon = { client: untyped(anonClient()), id: null };
  actors.pending = { client: untyped(pending.client), id: pending.id };
  actors.member = { client: untyped(member), id: SEED.member };
  actors.admin_aal1 = { client: untyped(adminAal1), id: SEED.admin };
  actors.admin_aal2 = { client: untyped(adminAal2), id: SEED.admin };
  fixtures.pending = pending.id;
  fixtures.lurker = lurker.id;

  const id = async (table: string, row: Row) => String((await serviceInsert(table, row)).id);
  const window = { voting_starts_at: iso(-HOUR), voting_ends_at: iso(DAY) };
  const closed = { voting_starts_at: iso(-10 * DAY), voting_ends_at: iso(-DAY) };
  [fixtures.luciaDraft, fixtures.adminDraft, fixtures.hiddenProposal, fixtures.hiddenVoting, fixtures.hiddenPassed] = await Promise.all([
    id("proposals", { title: "Lucia's unfinished idea", author_id: SEED.lucia }),
    id("proposals", { title: "The admin's unfinished idea", author_id: SEED.admin }),
    id("proposals", { title: "Hidden: spam", status: "discussion", author_id: lurker.id, is_hidden: true }),
    id("proposals", { title: "Hidden: a vote", status: "voting", author_id: lurker.id, is_hidden: true, ...window }),
    id("proposals", {
      title: "Hidden: a decision",
      status: "passed",
      author_id: lurker.id,
      is_hidden: true,
      ...closed,
      final_support_count: 2,
      final_oppose_count: 1,
    }),
  ]);
  fixtures.unconfirmedToken = randomBytes(24).toString("hex");
  [fixtures.report, fixtures.activity, fixtures.unconfirmed, fixtures.stale] = await Promise.all([
    id("proposal_reports", { proposal_id: SEED.luciaDiscussion, reporter_id: SEED.lucia, reason: "Off-topic" }),
    id("admin_activity", { actor_id: SEED.admin, actor_name: "rosa", table_name: "news_articles", record_id: SEED.news, action: "updated" }),
    id("newsletter_subscriptions", {
      email: "waiting@news.example",
      confirmation_token_hash: sha256Bytea(fixtures.unconfirmedToken),
      confirmation_sent_at: iso(),
      confirmation_mails: 1,
    }),
    id("newsletter_subscriptions", { email: "forgotten@news.example", created_at: iso(-30 * DAY) }),
    id("proposal_comments", { proposal_id: fixtures.hiddenProposal, author_id: SEED.amara, content: "Replying to spam" }),
    id("proposal_comments", { proposal_id: SEED.memberDraft, author_id: SEED.lucia, content: "A note on a draft" }),
  ]);
  await serviceInsert("proposal_votes", { proposal_id: fixtures.hiddenVoting, user_id: SEED.lucia, vote: "support" });
  // Kept past its period: what run_housekeeping() removes, and only with the Worker's secret.
  fixtures.oldMessage = await id("contacts", { name: "An old message", email: "old@example.net", message: "From long ago.", source: "contact", created_at: iso(-800 * DAY) });
});

afterAll(resetBackend);

// ---------------------------------------------------------------------------------------------
// The cells
// ---------------------------------------------------------------------------------------------

let exposed: { tables: string[]; rpcs: string[] } | null = null;

it("the matrix lists every table and function PostgREST exposes, and nothing else", async () => {
  const response = await fetch(`${backendUrl()}/rest/v1/`, { headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${serviceRoleKey()}` } });
  expect(response.status).toBe(200);
  const paths = Object.keys(((await response.json()) as { paths: Record<string, unknown> }).paths);
  exposed = {
    tables: paths.filter((path) => path !== "/" && !path.startsWith("/rpc/")).map((path) => path.slice(1)).sort(),
    rpcs: paths.filter((path) => path.startsWith("/rpc/")).map((path) => path.slice("/rpc/".length)).sort(),
  };
  const listed = { tables: Object.keys(MATRIX.tables).sort(), rpcs: Object.keys(MATRIX.rpcs).sort() };
  const problems = [
    ...exposed.tables.filter((t) => !listed.tables.includes(t)).map((t) => `table ${t} is exposed by PostgREST but has no rows in MATRIX.tables`),
    ...listed.tables.filter((t) => !exposed!.tables.includes(t)).map((t) => `table ${t} is in MATRIX.tables but PostgREST does not expose it`),
    ...exposed.rpcs.filter((f) => !listed.rpcs.includes(f)).map((f) => `function ${f} is exposed by PostgREST but has no row in MATRIX.rpcs`),
    ...listed.rpcs.filter((f) => !exposed!.rpcs.includes(f)).map((f) => `function ${f} is in MATRIX.rpcs but PostgREST does not expose it`),
  ];
  expect(problems, problems.join("\n")).toEqual([]);
});

// Every cell, listed before vitest runs the describe blocks below (their callbacks run later, at collection).
const TABLE_CELLS = (Object.keys(MATRIX.tables) as TableName[]).flatMap((table) =>
  OPERATIONS.flatMap((operation) => ROLES.map((role) => ({ table, operation, role, expected: MATRIX.tables[table][operation][role] as Outcome }))),
);
const RPC_CELLS = (Object.keys(MATRIX.rpcs) as RpcName[]).flatMap((name) =>
  ROLES.map((role) => ({ name, role, expected: MATRIX.rpcs[name][role] as RpcOutcome })),
);
const CELLS = TABLE_CELLS.length + RPC_CELLS.length;

for (const table of Object.keys(MATRIX.tables) as TableName[]) {
  describe(table, () => {
    for (const { operation, role, expected } of TABLE_CELLS.filter((cell) => cell.table === table)) {
      it(`${table} ${operation} as ${role}: ${expected}`, () =>
        PROBES[table][operation]({ role, client: actors[role].client, me: actors[role].id, expected }));
    }
  });
}

for (const name of Object.keys(MATRIX.rpcs) as RpcName[]) {
  describe(`rpc ${name}`, () => {
    for (const { role, expected } of RPC_CELLS.filter((cell) => cell.name === name)) {
      it(`${name} execute as ${role}: ${expected}`, () => RPC_PROBES[name]({ role, client: actors[role].client, me: actors[role].id, expected }));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Beyond the cells
// ---------------------------------------------------------------------------------------------

describe("controls", () => {
  it("the Worker-only functions do run with the Worker's secret and the cells' arguments (the cells' refusals are the secret's)", async () => {
    const worker = untyped(workerClient());
    const downloads = (await storedOne("resources", { id: SEED.resource })).download_count as number;
    expectOk(await worker.rpc("increment_download_count", { resource_id: SEED.resource }));
    expect((await storedOne("resources", { id: SEED.resource })).download_count).toBe(downloads + 1);
    expectOk(await worker.rpc("submit_contact_message", { name: "Message from the Worker", email: "writer@example.net", message: "Hello!", source: "contact", region: "africa" }));
    await storedOne("contacts", { name: "Message from the Worker" });
    const subscribed = await worker.rpc("newsletter_subscribe", { address: "subscribe-worker@news.example" });
    expectOk(subscribed);
    expect(subscribed.data).toMatch(/^[0-9a-f]{48}$/);
    expectOk(await worker.rpc("newsletter_mail_failed", { token: fixtures.unconfirmedToken }));
    expect(await stored("newsletter_subscriptions", { id: fixtures.unconfirmed })).toEqual([]);
    expectOk(await worker.rpc("newsletter_purge_unconfirmed"));
    expect(await stored("newsletter_subscriptions", { id: fixtures.stale })).toEqual([]);
    expectOk(await worker.rpc("run_housekeeping"));
    expect(await stored("contacts", { id: fixtures.oldMessage })).toEqual([]);
  });
});

describe("holes the matrix found, closed (20261129000000_privilege_matrix_fixes.sql): regression cases", () => {
  it("support_count, oppose_count and vote_count answer nothing to anon for a hidden proposal, which anon cannot read", async () => {
    const anon = actors.anon.client;
    expect((await anon.from("proposals").select("id").in("id", [fixtures.hiddenVoting, fixtures.hiddenPassed])).data).toEqual([]);
    expect((await anon.rpc("vote_count", { proposal: { id: fixtures.hiddenVoting } })).data).toBeNull();
    expect((await anon.rpc("support_count", { proposal: { id: fixtures.hiddenPassed } })).data).toBeNull();
    expect((await anon.rpc("oppose_count", { proposal: { id: fixtures.hiddenPassed } })).data).toBeNull();
    // The admin still sees them.
    expect((await actors.admin_aal2.client.rpc("support_count", { proposal: { id: fixtures.hiddenPassed } })).data).toBe(2);
  });

  it("nobody votes on or comments a hidden proposal, though its phase is open", async () => {
    const member = actors.member.client;
    expect((await member.rpc("cast_vote", { proposal_id: fixtures.hiddenVoting, vote: "oppose" })).error).not.toBeNull();
    expect(await stored("proposal_votes", { proposal_id: fixtures.hiddenVoting, user_id: SEED.member })).toEqual([]);
    const comment = await member.from("proposal_comments").insert({ proposal_id: fixtures.hiddenProposal, content: "seen it" }).select("id");
    expect(comment.error).not.toBeNull();
    expect(await stored("proposal_comments", { proposal_id: fixtures.hiddenProposal, content: "seen it" })).toEqual([]);
  });

  it("an admin cannot delete a voter's profile, so no vote leaves an open ballot that way", async () => {
    const voter = await signUp("voter");
    await grant(voter.email, "member");
    expectOk(await voter.client.rpc("cast_vote", { proposal_id: SEED.openVoting, vote: "oppose" }));
    const before = await stored("proposal_votes", { proposal_id: SEED.openVoting });
    const attempt = await actors.admin_aal2.client.from("profiles").delete().eq("id", voter.id).select("id");
    expect(attempt.error?.code ?? (attempt.data?.length === 0 ? "none touched" : "deleted")).not.toBe("deleted");
    expect(await stored("proposal_votes", { proposal_id: SEED.openVoting })).toHaveLength(before.length);
  });

  it("a password-only (aal1) session of an account with a second factor neither withdraws its vote nor deletes the account", async () => {
    const where = { proposal_id: SEED.openVoting, user_id: SEED.admin };
    await ownVote(SEED.openVoting, SEED.admin);
    expect((await actors.admin_aal1.client.rpc("is_member")).data).toBe(false);
    const withdrawal = await actors.admin_aal1.client.from("proposal_votes").delete().match(where).select("vote");
    expect(withdrawal.data ?? []).toEqual([]);
    expect(await stored("proposal_votes", where)).toHaveLength(1);
    const admin = await freshAccountAs("admin_aal1");
    expect((await admin.client.rpc("delete_own_account")).error?.code).toBe("42501");
    expect(await stored("admins", { user_id: admin.id })).toHaveLength(1);
  });
});

// Today: 15 tables × 4 operations × 5 roles + 24 functions × 5 roles = 420 cells.
it(`the matrix has ${CELLS} cells (${TABLE_CELLS.length} for tables, ${RPC_CELLS.length} for functions), one per table, operation and role and per function and role`, () => {
  expect(exposed, "the first test reads the API's tables and functions").not.toBeNull();
  expect(TABLE_CELLS.length).toBe(exposed!.tables.length * OPERATIONS.length * ROLES.length);
  expect(RPC_CELLS.length).toBe(exposed!.rpcs.length * ROLES.length);
  expect(CELLS).toBe(exposed!.tables.length * 4 * 5 + exposed!.rpcs.length * 5);
});
