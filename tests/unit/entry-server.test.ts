import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";

const SITE = "https://inag.network";

/** What Remix passes to handleError for a request. */
function args(init: { aborted?: boolean } = {}) {
  const controller = new AbortController();
  if (init.aborted) controller.abort();
  const request = new Request(`${SITE}/news`, { method: "POST", signal: controller.signal });
  return { request, params: {}, context: {} } as unknown as Parameters<typeof handleError>[1];
}

/** A route error response as Remix's router builds it (isRouteErrorResponse checks this shape). */
function routeErrorResponse(status: number, statusText: string) {
  return { status, statusText, internal: true, data: `Error: ${statusText}`, error: new Error(statusText) };
}

describe("handleError", () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => log.mockClear());

  it("does not log a 405 (POST to a route without an action) or a 404", () => {
    handleError(routeErrorResponse(405, "Method Not Allowed"), args());
    handleError(routeErrorResponse(404, "Not Found"), args());
    expect(log).not.toHaveBeenCalled();
  });

  it("does not log errors of requests the client aborted", () => {
    handleError(new Error("boom"), args({ aborted: true }));
    expect(log).not.toHaveBeenCalled();
  });

  it("logs real errors and route error responses of 500 and above (through logError: app/lib/log.server.ts)", () => {
    const error = new Error("boom");
    handleError(error, args());
    expect(log).toHaveBeenCalledWith("Request failed:", expect.stringMatching(/^Error: boom\n\s+at /));

    const failure = routeErrorResponse(500, "Internal Server Error");
    handleError(failure, args());
    expect(log).toHaveBeenLastCalledWith("Request failed:", expect.stringMatching(/^Error: Internal Server Error\n/));
  });
});
