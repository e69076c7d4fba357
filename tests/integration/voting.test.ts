// The /voting loader, called as the Worker calls it, against the embedded backend with the seed's
// proposals (supabase/seed.sql: 50000000-…-0001 is a draft, the others one per public status).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/voting._index";
import { resetBackend, serviceClient } from "../support/backend";
import { siteRequest, testLoadContext } from "../support/route-context";

const DRAFT_ID = "50000000-0000-4000-8000-000000000001";
const HYBRID_ID = "50000000-0000-4000-8000-000000000003";

type Answer = { data: unknown; init: ResponseInit | null };

async function load(env: Partial<Env> = {}, path = "/voting") {
  const answer = (await loader({ request: siteRequest(path), params: {}, context: testLoadContext(env) })) as unknown;
  const { data, init } = answer as Answer;
  return { status: init?.status ?? 200, data: data as Awaited<ReturnType<typeof loader>>["data"] };
}

beforeAll(resetBackend);
afterAll(resetBackend);

describe("/voting", () => {
  it("lists every non-draft proposal, newest first, with the seed's counts", async () => {
    const { status, data } = await load();
    expect(status).toBe(200);
    const proposals = data.proposals!.items;
    expect(proposals).not.toBeNull();

    const { data: expected, error } = await serviceClient()
      .from("proposals")
      .select("id, status, created_at, proposal_votes(vote), proposal_comments(id)")
      .neq("status", "draft")
      .order("created_at", { ascending: false });
    expect(error).toBeNull();
    expect(proposals.map((p) => p.id)).toEqual(expected!.map((row) => row.id));
    expect(proposals.map((p) => p.id)).not.toContain(DRAFT_ID);
    expect(proposals).toHaveLength(6);
    expect(new Set(proposals.map((p) => p.status))).toEqual(new Set(["discussion", "voting", "passed", "rejected", "withdrawn"]));

    for (const [i, row] of expected!.entries()) {
      expect(proposals[i].comment_count).toBe(row.proposal_comments.length);
    }

    // While voting is open only the number of voters is public: the hybrid congress proposal
    // (3 support, 1 oppose in the seed) shows 4 votes and no support or oppose count.
    expect(proposals.find((p) => p.id === HYBRID_ID)).toMatchObject({
      title: "Hold the congress in a hybrid format",
      status: "voting",
      support_count: null,
      oppose_count: null,
      vote_count: 4,
      comment_count: 3,
      author: { username: "rosa" },
      group: null,
    });
    // Decided: the stored result.
    expect(proposals.find((p) => p.status === "passed")).toMatchObject({ support_count: 4, oppose_count: 0 });
    expect(proposals.find((p) => p.status === "rejected")).toMatchObject({ support_count: 1, oppose_count: 3 });
    const withGroup = proposals.find((p) => p.id === "50000000-0000-4000-8000-000000000002")!;
    expect(withGroup.group?.name).toBeTruthy();
    expect(withGroup.voting_starts_at).toBeNull();
    expect(proposals.find((p) => p.id === HYBRID_ID)!.voting_ends_at).toBeTruthy();

    const dates = proposals.map((p) => Date.parse(p.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("sanitizes each proposal's content", async () => {
    const { error } = await serviceClient()
      .from("proposals")
      .insert({
        id: "50000000-0000-4000-8000-0000000000ff",
        title: "Proposal with a script",
        content: '<p onclick="steal()">Hello</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
        status: "discussion",
        author_id: "a0000000-0000-4000-8000-000000000002",
      });
    expect(error).toBeNull();

    const { data } = await load();
    const inserted = data.proposals!.items.find((p) => p.title === "Proposal with a script")!;
    expect(inserted).toBeTruthy();
    expect(data.proposals!.items[0].id).toBe(inserted.id); // the newest
    expect(inserted.html).toContain("Hello");
    expect(inserted.html).not.toMatch(/<script|onclick|javascript:/i);
    expect(inserted).not.toHaveProperty("content");
  });

  it("filters open and closed proposals", async () => {
    const open = await load({}, "/voting?status=open");
    expect(new Set(open.data.proposals!.items.map((p) => p.status))).toEqual(new Set(["discussion", "voting"]));
    const closed = await load({}, "/voting?status=closed");
    expect(new Set(closed.data.proposals!.items.map((p) => p.status))).toEqual(new Set(["passed", "rejected", "withdrawn"]));
  });

  it("answers 503 with no list when the backend cannot be reached", async () => {
    const { status, data } = await load({ SUPABASE_URL: "http://127.0.0.1:9" });
    expect(status).toBe(503);
    expect(data.proposals).toBeNull();
    expect(data.title).toBe("Proposals & Voting — INAG");
  });
});
