// The /groups loader, called as Remix calls it (a Request and the Worker's load context), against the
// embedded backend and its seed: nine groups, eight with coordinates (the Translation Working Group
// has none), all eight of those with a website. Eight groups to a page: the seed's nine make two.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loader } from "~/routes/groups";
import { GROUPS_PAGE_SIZE } from "~/models/groups.server";
import { resetBackend } from "../support/backend";
import { siteRequest, testLoadContext } from "../support/route-context";

const BY_NAME = [
  "Assemblea Llibertària del Raval",
  "Coletivo Terra e Liberdade",
  "Harbour City Solidarity Circle",
  "Khayelitsha Commons Collective",
  "Kolektif Pustaka Bebas",
  "Kolektyw Wzajemność",
  "Riverside Mutual Aid Collective",
  "Tadamon Tunis",
  "Translation Working Group",
];
/** Nothing listens there: every query fails as when the backend is down. */
const DEAD_BACKEND = "http://127.0.0.1:9";

type Loaded = Awaited<ReturnType<typeof loader>>;

/** Remix's data(): the page data, the status and the headers the response will carry. */
function unwrap(value: Loaded) {
  expect(value.type).toBe("DataWithResponseInit");
  return { page: value.data, status: value.init?.status ?? 200, headers: new Headers(value.init?.headers) };
}

const load = async (path = "/groups", env: Partial<Env> = {}) =>
  unwrap(await loader({ request: siteRequest(path), context: testLoadContext(env), params: {} }));

/** The Response the loader threw (Remix renders a 404 as the 404 screen). */
async function thrown(path: string): Promise<Response> {
  try {
    await loader({ request: siteRequest(path), context: testLoadContext(), params: {} });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error(`expected ${path} to throw a Response`);
}

beforeAll(resetBackend);

describe("/groups loader", () => {
  it("returns the seeded groups by name, a page at a time, with the fields a card shows", async () => {
    expect(GROUPS_PAGE_SIZE).toBe(8);
    const { page, status, headers } = await load();
    expect(status).toBe(200);
    expect(page.groups).toMatchObject({ page: 1, pageCount: 2, total: BY_NAME.length });
    expect(page.groups!.items.map((group) => group.name)).toEqual(BY_NAME.slice(0, GROUPS_PAGE_SIZE));
    expect(Object.keys(page.groups!.items[0]).sort()).toEqual(
      ["contact_email", "description", "id", "is_verified", "location", "name", "website"].sort(),
    );
    expect(page.title).toBe("Groups — INAG");

    const second = await load("/groups?page=2");
    expect(second.page.groups).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.page.groups!.items.map((group) => group.name)).toEqual(BY_NAME.slice(GROUPS_PAGE_SIZE));
    expect(second.page.title).toBe("Groups, page 2 — INAG");
    expect(second.page.groups!.items.find((group) => group.name === "Tadamon Tunis")).toBeUndefined();
    expect(page.groups!.items.find((group) => group.name === "Tadamon Tunis")).toMatchObject({
      location: "Tunis, Tunisia",
      website: "https://tadamon-tunis.example",
      contact_email: "tadamon@tadamon-tunis.example",
      is_verified: true,
    });
    // A successful page is left to the site's cache policy.
    expect(headers.has("Cache-Control")).toBe(false);
  });

  it("answers 404 for a page past the last one, and reads anything but a positive whole number as page 1", async () => {
    for (const number of ["3", "99999999999999999999"]) expect((await thrown(`/groups?page=${number}`)).status).toBe(404);
    for (const number of ["0", "-1", "abc", "1.5"]) expect((await load(`/groups?page=${number}`)).page.groups?.page).toBe(1);
  });

  it("maps the eight groups with both coordinates, and only those, on every page, with only what a marker needs", async () => {
    for (const path of ["/groups", "/groups?page=2"]) {
      const { page } = await load(path);
      expect(page.mapped).toHaveLength(8);
      expect(page.mapped!.map((group) => group.name)).toEqual(BY_NAME.filter((name) => name !== "Translation Working Group"));
      for (const group of page.mapped!) {
        expect(Object.keys(group).sort()).toEqual(["id", "latitude", "location", "longitude", "name", "website"]);
        expect(group.latitude).toBeTypeOf("number");
        expect(group.longitude).toBeTypeOf("number");
        expect(group.website).toMatch(/^https:\/\//);
      }
    }
  });

  it("gives the translated title and description for the page's meta tags", async () => {
    const { page } = await load("/groups?lng=en");
    expect(page.title).toBe("Groups — INAG");
    expect(page.description).toMatch(/affiliated groups/);
  });

  it("answers a backend failure with the page (status 200), the list and the map each failed (null, not empty), logged and not cached", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { page, status, headers } = await load("/groups", { SUPABASE_URL: DEAD_BACKEND });
      expect(status).toBe(200);
      expect(page.groups).toBeNull();
      expect(page.mapped).toBeNull();
      expect(headers.get("Cache-Control")).toBe("no-store");
      // Once for the list, once for the map: both queries failed.
      expect(log).toHaveBeenCalledTimes(2);
      for (const [message] of log.mock.calls) expect(String(message)).toContain("groups");
    } finally {
      log.mockRestore();
    }
  });
});
