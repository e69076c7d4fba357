import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { backendMail } from "../../scripts/ports.mjs";
import { choosePort } from "../../supabase/embedded/ports";

/** A server holding a port the system hands out, as an outgoing connection or another program may. */
async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("the embedded backend's internal ports (PostgREST, the PGlite socket, the mail catcher)", () => {
  const held: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(held.splice(0).map((release) => release()));
  });

  it("keep the preferred port when it is free, and say nothing", async () => {
    const { port, release } = await holdPort();
    await release();
    const lines: string[] = [];
    expect(await choosePort(port, "the mail catcher's page", (line) => lines.push(line))).toBe(port);
    expect(lines).toEqual([]);
  });

  it("take a free one when the preferred port is taken, and say which", async () => {
    const { port, release } = await holdPort();
    held.push(release);
    const lines: string[] = [];
    const chosen = await choosePort(port, "the mail catcher's page", (line) => lines.push(line));
    expect(chosen).not.toBe(port);
    expect(lines).toEqual([`port ${port} (the mail catcher's page) is taken, using ${chosen} instead`]);
    // The port handed back is one a server can listen on.
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(chosen, "127.0.0.1", resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});

describe("backendMail: where the Worker sends mail and the tests read it", () => {
  it("falls back to the Supabase CLI's layout (API port + 3, + 4) for a stack that does not say, or none", async () => {
    const other = http.createServer((_request, response) => response.end(JSON.stringify({ msg: "another stack" })));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const { port } = other.address() as net.AddressInfo;
    try {
      expect(await backendMail(`http://127.0.0.1:${port}`)).toEqual({ url: `http://127.0.0.1:${port + 3}`, smtpPort: port + 4 });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
    expect(await backendMail(`http://127.0.0.1:${port}`)).toEqual({ url: `http://127.0.0.1:${port + 3}`, smtpPort: port + 4 });
  });
});
