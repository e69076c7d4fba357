// stubs/turbo-stream-on-demand.ts, the Worker's turbo-stream (wrangler.toml [alias]): the real module's
// bytes, encoded only once somebody reads them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decode, encode } from "../../stubs/turbo-stream-on-demand";
import { encode as encodeAtOnce } from "../../node_modules/turbo-stream/dist/turbo-stream.js";

const bytesOf = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

/** Loader data that counts how often the encoder reads it. */
function watched() {
  let reads = 0;
  const data = {
    groups: [{ name: "Lima Workers' Solidarity Network", latitude: -12.05, longitude: -77.04 }],
    get title() {
      reads += 1;
      return "Groups";
    },
  };
  return { data, reads: () => reads };
}

describe("turbo-stream, encoded on demand", () => {
  it("does not touch the data until the stream is read", async () => {
    const { data, reads } = watched();
    const stream = encode(data);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads()).toBe(0);
    await bytesOf(stream);
    expect(reads()).toBe(1);
  });

  it("gives the real module's bytes, which decode to the data", async () => {
    const data = { groups: [{ name: "Bamako", when: new Date("2026-11-27T00:00:00Z") }], later: Promise.resolve(3) };
    const [lazy, eager] = await Promise.all([bytesOf(encode(data)), bytesOf(encodeAtOnce(data))]);
    expect(lazy).toBe(eager);
    const decoded = await decode(encode(data));
    expect((decoded.value as { groups: unknown }).groups).toEqual(data.groups);
    await decoded.done;
  });

  it("a stream cancelled before any read never encodes", async () => {
    const { data, reads } = watched();
    await encode(data).cancel("the page rendered no scripts");
    expect(reads()).toBe(0);
  });
});

describe("the turbo-stream the stub wraps", () => {
  // The Worker's alias sends Remix's server-side imports to the stub, which reads the top-level copy that
  // package.json pins; the browser decodes with the copy @remix-run/react depends on. A Remix upgrade that
  // moves to another turbo-stream without the pin would nest its own copy and split the two.
  it("is the very version both halves of Remix depend on", () => {
    const manifest = (path: string) => JSON.parse(readFileSync(new URL(`../../node_modules/${path}/package.json`, import.meta.url), "utf8"));
    const pinned = manifest("turbo-stream").version;
    expect(manifest("@remix-run/server-runtime").dependencies["turbo-stream"]).toBe(pinned);
    expect(manifest("@remix-run/react").dependencies["turbo-stream"]).toBe(pinned);
  });
});
