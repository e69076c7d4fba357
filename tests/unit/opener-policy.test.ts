import { describe, expect, it } from "vitest";
import { openerPolicy } from "~/lib/opener-policy";

describe("openerPolicy", () => {
  it("isolates a page unless its own route says it need not be", () => {
    expect(openerPolicy([])).toBe("same-origin");
    expect(openerPolicy([{ handle: undefined }, { handle: { scripts: [] } }])).toBe("same-origin");
    expect(openerPolicy([{ handle: undefined }, { handle: { isolate: true } }])).toBe("same-origin");
    expect(openerPolicy([{ handle: undefined }, { handle: { isolate: false } }])).toBe("unsafe-none");
  });

  it("lets only the page's own route decide, not a layout above it", () => {
    expect(openerPolicy([{ handle: { isolate: false } }, { handle: {} }])).toBe("same-origin");
  });
});
