// The /groups loader, called as Remix calls it (a Request and the Worker's load context), against the
// embedded backend and its seed: nine groups, eight with coordinates (the Translation Working Group
// has none), all eight of those with a website.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loader } from "~/routes/groups";
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

beforeAll(resetBackend);

describe("/groups loader", () => {
  it("returns every seeded group, sorted by name, with the fields a card shows", async () => {
    const { page, status, headers } = await load();
    expect(status).toBe(200);
    expect(page.failed).toBe(false);
    expect(page.groups.map((group) => group.name)).toEqual(BY_NAME);
    expect(Object.keys(page.groups[0]).sort()).toEqual(
      ["contact_email", "description", "id", "is_verified", "latitude", "location", "longitude", "name", "website"].sort(),
    );
    expect(page.groups.find((group) => group.name === "Tadamon Tunis")).toMatchObject({
      location: "Tunis, Tunisia",
      website: "https://tadamon-tunis.example",
      contact_email: "tadamon@tadamon-tunis.example",
      is_verified: true,
    });
    // A successful page is left to the site's cache policy.
    expect(headers.has("Cache-Control")).toBe(false);
  });

  it("maps the eight groups with both coordinates, and only those", async () => {
    const { page } = await load();
    expect(page.mapped).toHaveLength(8);
    expect(page.mapped.map((group) => group.name)).toEqual(BY_NAME.filter((name) => name !== "Translation Working Group"));
    for (const group of page.mapped) {
      expect(group.latitude).toBeTypeOf("number");
      expect(group.longitude).toBeTypeOf("number");
      expect(group.website).toMatch(/^https:\/\//);
    }
    // The same rows as the list (the serialisation then refers to them rather than repeating them).
    expect(page.mapped.every((group) => page.groups.includes(group))).toBe(true);
  });

  it("gives the translated title and description for the page's meta tags", async () => {
    const { page } = await load("/groups?lng=en");
    expect(page.title).toBe("Groups — INAG");
    expect(page.description).toMatch(/affiliated groups/);
  });

  it("answers a backend failure with the page (status 200), nothing listed or mapped, logged and not cached", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { page, status, headers } = await load("/groups", { SUPABASE_URL: DEAD_BACKEND });
      expect(status).toBe(200);
      expect(page.failed).toBe(true);
      expect(page.groups).toEqual([]);
      expect(page.mapped).toEqual([]);
      expect(headers.get("Cache-Control")).toBe("no-store");
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0][0])).toContain("groups");
    } finally {
      log.mockRestore();
    }
  });
});
