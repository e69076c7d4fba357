// Votes arriving at once: 50 approved members voting on the same proposal give exact counts, and
// one member changing their vote 20 times at once leaves exactly one vote row. The members are
// created through the backend's own paths (GoTrue's sign-up with the anon key, then approval as
// `npm run db:admin -- --approve` does), not through the site's rate-limited /signup.
import { beforeAll, describe, expect, it } from "vitest";
import { anonClient, approveMember, resetBackend, serviceClient, type Client } from "../support/backend";

const PROPOSAL = "50000000-0000-4000-8000-000000000004"; // in voting; the seed has 2 votes on it
const VOTERS = 50;

async function approvedMember(i: number): Promise<Client> {
  const client = anonClient();
  const email = `voter-${i}-${crypto.randomUUID().slice(0, 6)}@example.org`;
  const { error } = await client.auth.signUp({ email, password: `voter-password-${i}` });
  if (error) throw error;
  await approveMember(email);
  return client;
}

async function tally() {
  const { data } = await serviceClient().from("proposal_votes").select("user_id, vote").eq("proposal_id", PROPOSAL);
  return data!;
}

let voters: Client[];

beforeAll(async () => {
  await resetBackend();
  voters = [];
  // Created a few at a time: the point of this file is the votes, not sign-ups at once.
  for (let i = 0; i < VOTERS; i += 10) {
    voters.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => approvedMember(i + j)))));
  }
}, 120_000);

describe("concurrent votes", () => {
  it(`${VOTERS} members voting at once give exact counts`, async () => {
    const seeded = await tally();
    const results = await Promise.all(
      voters.map((client, i) => client.rpc("cast_vote", { proposal_id: PROPOSAL, vote: i % 5 < 3 ? "support" : "oppose" })),
    );
    expect(results.map((result) => result.error)).toEqual(results.map(() => null));

    const votes = await tally();
    expect(votes).toHaveLength(seeded.length + VOTERS);
    const count = (rows: typeof votes, vote: string) => rows.filter((row) => row.vote === vote).length;
    expect(count(votes, "support")).toBe(count(seeded, "support") + 30);
    expect(count(votes, "oppose")).toBe(count(seeded, "oppose") + 20);

    // What a visitor sees: the number of voters while voting is open, the counts once it has closed.
    const { data: open } = await anonClient().from("proposals").select("vote_count, support_count").eq("id", PROPOSAL).single();
    expect(open).toEqual({ vote_count: seeded.length + VOTERS, support_count: null });
    await serviceClient().from("proposals").update({ voting_ends_at: new Date(Date.now() - 1000).toISOString() }).eq("id", PROPOSAL);
    const { data: closed } = await anonClient().from("proposals").select("support_count, oppose_count").eq("id", PROPOSAL).single();
    expect(closed).toEqual({ support_count: count(votes, "support"), oppose_count: count(votes, "oppose") });
  });

  it("one member's 20 changes at once leave exactly one vote row", async () => {
    await resetBackend();
    const voter = await approvedMember(100);
    const { data: user } = await voter.auth.getUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => voter.rpc("cast_vote", { proposal_id: PROPOSAL, vote: i % 2 ? "support" : "oppose" })),
    );
    expect(results.map((result) => result.error)).toEqual(results.map(() => null));
    const mine = (await tally()).filter((row) => row.user_id === user.user!.id);
    expect(mine).toHaveLength(1);
    expect(["support", "oppose"]).toContain(mine[0].vote);
  });
});
