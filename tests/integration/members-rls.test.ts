// The members' rules as the database enforces them, tried through the API with the public anon
// key and the tokens of a pending account, approved members and an admin: each case allowed AND
// denied, as an attacker with the anon key and their own account would try them (the app is not
// involved). Denied means refused with the status the app shows (401/403 42501, 409 PT409 or
// 23505, 400 23514) or no row touched; every denial is checked against the stored rows.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNTS, anonClient, resetBackend, serviceClient, signedInClient, type Client } from "../support/backend";

const ids = {
  admin: "a0000000-0000-4000-8000-000000000001",
  member: "a0000000-0000-4000-8000-000000000002",
  lucia: "a0000000-0000-4000-8000-000000000003",
  memberDraft: "50000000-0000-4000-8000-000000000001",
  luciaDiscussion: "50000000-0000-4000-8000-000000000002",
  votingMemberVoted: "50000000-0000-4000-8000-000000000003",
  votingMemberNotVoted: "50000000-0000-4000-8000-000000000004",
  passed: "50000000-0000-4000-8000-000000000005",
  withdrawn: "50000000-0000-4000-8000-000000000007",
  amaraComment: "60000000-0000-4000-8000-000000000001",
};

const LUCIA = { email: "lucia@example.org", password: "local-member-password" };

let anon: Client;
let member: Client;
let lucia: Client;
let admin: Client;
let pending: Client;
let pendingId: string;

beforeAll(async () => {
  await resetBackend();
  anon = anonClient();
  member = await signedInClient(ACCOUNTS.member);
  lucia = await signedInClient(LUCIA);
});

// The seeded accounts keep their ids across resets, so members' tokens stay valid (admin rights
// need a live session: the admin signs in after each reset); the pending account is created again
// after each reset, as anyone can through GoTrue with the anon key.
beforeEach(async () => {
  await resetBackend();
  admin = await signedInClient(ACCOUNTS.admin);
  pending = anonClient();
  const { data, error } = await pending.auth.signUp({
    email: `pending-${crypto.randomUUID().slice(0, 8)}@example.org`,
    password: "a-pending-password",
    options: { data: { username: "newcomer" } },
  });
  if (error) throw error;
  pendingId = data.user!.id;
});

type Result = { error: { code: string } | null; status: number };

function expectRefused(result: Result, status: number, code: string) {
  expect(result.error?.code, JSON.stringify(result.error)).toBe(code);
  expect(result.status).toBe(status);
}

async function storedVotes(proposalId: string) {
  const { data } = await serviceClient().from("proposal_votes").select("user_id, vote").eq("proposal_id", proposalId).order("user_id");
  return data!;
}

async function storedProposal(id: string) {
  const { data } = await serviceClient().from("proposals").select("*").eq("id", id).single();
  return data!;
}

describe("reading votes: only one's own, whoever asks", () => {
  it("anon: reads no vote row, and votes joined to public names answer nothing", async () => {
    expectRefused(await anon.from("proposal_votes").select("vote"), 401, "42501");
    expectRefused(await anon.from("proposal_votes").select("vote, profiles(username)"), 401, "42501");
  });
  it("pending: reads no vote row (they have none)", async () => {
    const { data, error } = await pending.from("proposal_votes").select("user_id");
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
  it("member: reads their own votes and nobody else's", async () => {
    const { data } = await member.from("proposal_votes").select("user_id, proposal_id");
    expect(data!.length).toBeGreaterThan(0);
    expect(data!.every((row) => row.user_id === ids.member)).toBe(true);
  });
  it("admin: reads only their own votes, not who voted what", async () => {
    const { data } = await admin.from("proposal_votes").select("user_id").eq("proposal_id", ids.votingMemberVoted);
    expect(data).toEqual([]);
    const all = await admin.from("proposal_votes").select("user_id");
    expect(all.data!.every((row) => row.user_id === ids.admin)).toBe(true);
  });
  it("anon: while voting only the number of voters is public; once decided, the counts", async () => {
    const { data: open } = await anon
      .from("proposals")
      .select("support_count, oppose_count, vote_count")
      .eq("id", ids.votingMemberVoted)
      .single();
    expect(open).toEqual({ support_count: null, oppose_count: null, vote_count: 4 });
    const { data: decided } = await anon.from("proposals").select("support_count, oppose_count, vote_count").eq("id", ids.passed).single();
    expect(decided).toEqual({ support_count: 4, oppose_count: 0, vote_count: 4 });
  });
});

describe("casting votes", () => {
  it("member: votes once, a second vote is a 409, cast_vote changes it and a withdrawal removes it", async () => {
    const proposal = ids.votingMemberNotVoted;
    expect((await member.from("proposal_votes").insert({ proposal_id: proposal, vote: "support" })).error).toBeNull();
    expectRefused(await member.from("proposal_votes").insert({ proposal_id: proposal, vote: "support" }), 409, "23505");
    expect((await member.rpc("cast_vote", { proposal_id: proposal, vote: "oppose" })).error).toBeNull();
    expect((await storedVotes(proposal)).filter((v) => v.user_id === ids.member)).toEqual([{ user_id: ids.member, vote: "oppose" }]);
    expect((await member.from("proposal_votes").delete().eq("proposal_id", proposal).select("vote")).data).toHaveLength(1);
    expect((await storedVotes(proposal)).some((v) => v.user_id === ids.member)).toBe(false);
  });
  it("member: a second member's vote counts separately", async () => {
    const before = await storedVotes(ids.votingMemberNotVoted);
    await member.rpc("cast_vote", { proposal_id: ids.votingMemberNotVoted, vote: "support" });
    await lucia.rpc("cast_vote", { proposal_id: ids.votingMemberNotVoted, vote: "oppose" });
    const after = await storedVotes(ids.votingMemberNotVoted);
    expect(after.length).toBe(before.length + 1); // lucia had voted already: changed, not added
    expect(after.find((v) => v.user_id === ids.member)?.vote).toBe("support");
    expect(after.find((v) => v.user_id === ids.lucia)?.vote).toBe("oppose");
  });
  it("member: cannot forge a vote for another account", async () => {
    const before = await storedVotes(ids.votingMemberNotVoted);
    expectRefused(
      await member.from("proposal_votes").insert({ proposal_id: ids.votingMemberNotVoted, vote: "support", user_id: ids.admin } as never),
      403,
      "42501",
    );
    expect(await storedVotes(ids.votingMemberNotVoted)).toEqual(before);
  });
  it("admin: can neither cast, change nor withdraw another account's vote", async () => {
    const proposal = ids.votingMemberVoted;
    const before = await storedVotes(proposal);
    expectRefused(
      await admin.from("proposal_votes").insert({ proposal_id: proposal, vote: "oppose", user_id: ids.lucia } as never),
      403,
      "42501",
    );
    expect((await admin.from("proposal_votes").update({ vote: "oppose" }).eq("user_id", ids.member).select("vote")).data).toEqual([]);
    expect((await admin.from("proposal_votes").delete().eq("user_id", ids.member).select("vote")).data).toEqual([]);
    expect(await storedVotes(proposal)).toEqual(before);
  });
  it("member: cannot vote on a draft, a withdrawn or a decided proposal (409)", async () => {
    for (const proposal of [ids.memberDraft, ids.withdrawn, ids.passed]) {
      const before = await storedVotes(proposal);
      expectRefused(await member.rpc("cast_vote", { proposal_id: proposal, vote: "support" }), 409, "PT409");
      expect(await storedVotes(proposal)).toEqual(before);
    }
  });
  it("member: cannot change or withdraw a vote once the proposal is decided (409)", async () => {
    const before = await storedVotes(ids.passed);
    expectRefused(await member.from("proposal_votes").update({ vote: "oppose" }).eq("proposal_id", ids.passed), 409, "PT409");
    expectRefused(await member.from("proposal_votes").delete().eq("proposal_id", ids.passed), 409, "PT409");
    expect(await storedVotes(ids.passed)).toEqual(before);
  });
  it("member: cannot vote before the window opens or after it ends, even while the status says voting", async () => {
    const hour = 3_600_000;
    for (const window of [
      { voting_starts_at: new Date(Date.now() + hour).toISOString(), voting_ends_at: new Date(Date.now() + 2 * hour).toISOString() },
      { voting_starts_at: new Date(Date.now() - 2 * hour).toISOString(), voting_ends_at: new Date(Date.now() - 1000).toISOString() },
    ]) {
      await serviceClient().from("proposals").update(window).eq("id", ids.votingMemberVoted);
      expectRefused(await member.rpc("cast_vote", { proposal_id: ids.votingMemberVoted, vote: "oppose" }), 409, "PT409");
      expect((await storedVotes(ids.votingMemberVoted)).find((v) => v.user_id === ids.member)?.vote).toBe("support");
    }
  });
  it("pending: cannot vote (403) until an admin approves the account", async () => {
    expectRefused(await pending.rpc("cast_vote", { proposal_id: ids.votingMemberNotVoted, vote: "support" }), 403, "42501");
    expect((await storedVotes(ids.votingMemberNotVoted)).some((v) => v.user_id === pendingId)).toBe(false);
  });
  it("anon: cannot vote (401)", async () => {
    expectRefused(await anon.rpc("cast_vote", { proposal_id: ids.votingMemberNotVoted, vote: "support" }), 401, "42501");
  });
  it("member: a made-up vote value is a 400", async () => {
    const result = await member.rpc("cast_vote", { proposal_id: ids.votingMemberNotVoted, vote: "abstain" });
    expect(result.status).toBe(400);
  });
});

describe("proposals", () => {
  it("pending: cannot propose (403); member: can", async () => {
    expectRefused(await pending.from("proposals").insert({ title: "From a newcomer" }), 403, "42501");
    expect((await member.from("proposals").insert({ title: "From a member" })).error).toBeNull();
  });
  it("author: cannot set the voting window (403), the status voting or passed (409), or a timestamp (403)", async () => {
    const before = await storedProposal(ids.luciaDiscussion);
    const soon = new Date(Date.now() + 60_000).toISOString();
    expectRefused(await lucia.from("proposals").update({ voting_starts_at: soon }).eq("id", ids.luciaDiscussion), 403, "42501");
    expectRefused(await lucia.from("proposals").update({ status: "voting" }).eq("id", ids.luciaDiscussion), 409, "PT409");
    expectRefused(await lucia.from("proposals").update({ status: "passed" }).eq("id", ids.luciaDiscussion), 409, "PT409");
    for (const column of ["published_at", "created_at", "updated_at"] as const) {
      expectRefused(await lucia.from("proposals").update({ [column]: "2000-01-01T00:00:00Z" } as never).eq("id", ids.luciaDiscussion), 403, "42501");
    }
    expect(await storedProposal(ids.luciaDiscussion)).toEqual(before);
  });
  it("author: cannot edit a published proposal (409), may withdraw it", async () => {
    expectRefused(await lucia.from("proposals").update({ title: "Rewritten" }).eq("id", ids.luciaDiscussion), 409, "PT409");
    const withdrawn = await lucia.from("proposals").update({ status: "withdrawn" }).eq("id", ids.luciaDiscussion).select("status").single();
    expect(withdrawn.data?.status).toBe("withdrawn");
  });
  it("member: cannot publish someone else's draft, and cannot see it", async () => {
    const { data: draft } = await serviceClient().from("proposals").insert({ title: "Lucia's draft", author_id: ids.lucia }).select("id").single();
    expect((await member.from("proposals").select("id").eq("id", draft!.id)).data).toEqual([]);
    expect((await member.from("proposals").update({ status: "discussion" }).eq("id", draft!.id).select("id")).data).toEqual([]);
    expect((await storedProposal(draft!.id)).status).toBe("draft");
  });
  it("admin: opens voting only with a window, and records only the result the votes decide, after it ends", async () => {
    const id = ids.luciaDiscussion;
    expectRefused(await admin.from("proposals").update({ status: "voting" }).eq("id", id), 400, "23514");
    const started = new Date(Date.now() - 60_000).toISOString();
    const ends = new Date(Date.now() + 60_000).toISOString();
    expect((await admin.from("proposals").update({ status: "voting", voting_starts_at: started, voting_ends_at: ends }).eq("id", id)).error).toBeNull();
    await member.rpc("cast_vote", { proposal_id: id, vote: "support" });
    expectRefused(await admin.from("proposals").update({ status: "passed" }).eq("id", id), 409, "PT409");
    // The window ends (moved by the operator, as time would).
    await serviceClient().from("proposals").update({ voting_ends_at: new Date(Date.now() - 1000).toISOString() }).eq("id", id);
    expectRefused(await admin.from("proposals").update({ status: "rejected" }).eq("id", id), 409, "PT409");
    const decided = await admin.from("proposals").update({ status: "passed" }).eq("id", id).select("status, support_count, oppose_count").single();
    expect(decided.data).toEqual({ status: "passed", support_count: 1, oppose_count: 0 });
  });
  it("admin: cannot open a vote whose window has ended, nor move an open vote's window (its counts would show early)", async () => {
    const hour = 3_600_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const id = ids.luciaDiscussion;
    expectRefused(await admin.from("proposals").update({ status: "voting", voting_starts_at: at(-2 * hour), voting_ends_at: at(-1000) }).eq("id", id), 400, "23514");
    expect((await storedProposal(id)).status).toBe("discussion");

    expect((await admin.from("proposals").update({ status: "voting", voting_starts_at: at(-hour), voting_ends_at: at(hour) }).eq("id", id)).error).toBeNull();
    await member.rpc("cast_vote", { proposal_id: id, vote: "support" });
    const open = await storedProposal(id);
    for (const moved of [{ voting_ends_at: at(-1000) }, { voting_ends_at: at(2 * hour) }, { voting_starts_at: at(-2 * hour) }]) {
      expectRefused(await admin.from("proposals").update(moved).eq("id", id), 409, "PT409");
    }
    expect(await storedProposal(id)).toEqual(open);
    const counts = await admin.from("proposals").select("vote_count, support_count, oppose_count").eq("id", id).single();
    expect(counts.data).toEqual({ vote_count: 1, support_count: null, oppose_count: null });
  });
});

describe("comments", () => {
  it("member: cannot comment in another account's name (403)", async () => {
    expectRefused(
      await member.from("proposal_comments").insert({ proposal_id: ids.luciaDiscussion, content: "Forged", author_id: ids.lucia } as never),
      403,
      "42501",
    );
  });
  it("member: cannot edit or delete someone else's comment", async () => {
    const { data: before } = await serviceClient().from("proposal_comments").select("content").eq("id", ids.amaraComment).single();
    expect((await member.from("proposal_comments").update({ content: "Rewritten" }).eq("id", ids.amaraComment).select("id")).data).toEqual([]);
    expect((await member.from("proposal_comments").delete().eq("id", ids.amaraComment).select("id")).data).toEqual([]);
    const { data: after } = await serviceClient().from("proposal_comments").select("content").eq("id", ids.amaraComment).single();
    expect(after).toEqual(before);
  });
  it("member: comments while a proposal is in discussion, not once it is withdrawn (409)", async () => {
    expect((await member.from("proposal_comments").insert({ proposal_id: ids.luciaDiscussion, content: "A thought" })).error).toBeNull();
    expectRefused(await member.from("proposal_comments").insert({ proposal_id: ids.withdrawn, content: "Too late" }), 409, "PT409");
  });
  it("pending: cannot comment (403)", async () => {
    expectRefused(await pending.from("proposal_comments").insert({ proposal_id: ids.luciaDiscussion, content: "Hello" }), 403, "42501");
  });
  it("member: an empty or over-long comment is a 400", async () => {
    expectRefused(await member.from("proposal_comments").insert({ proposal_id: ids.luciaDiscussion, content: "   " }), 400, "23514");
    expectRefused(
      await member.from("proposal_comments").insert({ proposal_id: ids.luciaDiscussion, content: "x".repeat(5001) }),
      400,
      "23514",
    );
  });
});

describe("profiles and public names", () => {
  it("anon: cannot list the accounts: only authors the site shows", async () => {
    const { data } = await anon.from("profiles").select("id, username");
    const { count } = await serviceClient().from("profiles").select("id", { count: "exact", head: true });
    expect(data!.length).toBeLessThan(count!);
    expect(data!.some((row) => row.id === pendingId)).toBe(false);
  });
  it("pending: reads their own profile; member: does not see the pending account", async () => {
    expect((await pending.from("profiles").select("username").eq("id", pendingId)).data).toEqual([{ username: "newcomer" }]);
    expect((await member.from("profiles").select("username").eq("id", pendingId)).data).toEqual([]);
  });
  it("member: cannot rename to an invisible-character twin, a look-alike or a case twin of another name", async () => {
    const rename = (username: string) => member.from("profiles").update({ username }).eq("id", ids.member);
    expectRefused(await rename("lucia\u200b"), 400, "23514"); // zero-width space
    expectRefused(await rename("\u2066lucia"), 400, "23514"); // bidi isolate
    expectRefused(await rename("LUCIA"), 409, "23505");
    expectRefused(await rename("luсia"), 409, "23505"); // Cyrillic с
    expectRefused(await rename("аdmin"), 400, "23514"); // Cyrillic а, reserved
    expectRefused(await rename("r0sa"), 409, "23505"); // 0 for o
    const { data } = await serviceClient().from("profiles").select("username").eq("id", ids.member).single();
    expect(data?.username).toBe("member");
    expect((await rename("member-renamed")).error).toBeNull();
  });
  it("member: cannot rename someone else", async () => {
    expect((await member.from("profiles").update({ username: "hijacked" }).eq("id", ids.lucia).select("id")).data).toEqual([]);
  });
});
