import { PostgrestError } from "@supabase/supabase-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAILED_READ, QueryError, readOrUnavailable, tryRead } from "~/models/query.server";

const backendFailure = () =>
  new QueryError("the news", new PostgrestError({ code: "57014", message: "canceling statement due to statement timeout", details: "", hint: "" }));

describe("tryRead", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives the read's answer, a 'not found' null included", async () => {
    expect(await tryRead("the news", Promise.resolve([1, 2]))).toEqual([1, 2]);
    expect(await tryRead("an article", Promise.resolve(null))).toBeNull();
  });

  it("gives FAILED_READ for a read the backend failed, and logs what was read", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await tryRead("the news", Promise.reject(backendFailure()))).toBe(FAILED_READ);
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0][0])).toContain("Reading the news failed");
  });

  it("throws anything else on: a bug is not 'unavailable'", async () => {
    const bug = new TypeError("cannot read properties of undefined");
    await expect(tryRead("the news", Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe("readOrUnavailable", () => {
  afterEach(() => vi.restoreAllMocks());

  it("throws a 503 response, with the headers given, for a read the backend failed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const thrown = await readOrUnavailable(Promise.reject(backendFailure()), { "Set-Cookie": "a=b" }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect((thrown as Response).headers.get("Set-Cookie")).toBe("a=b");
  });
});
