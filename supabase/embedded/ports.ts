// Ports of the embedded backend's parts. The gateway's port is fixed (the site is configured with it);
// the others lie in Linux's ephemeral range, where an outgoing connection may hold one for a while, so
// each falls back to a port the system hands out (supabase/embedded/README.md, "Ports").
import net from "node:net";

/** The preferred port if it is free, else one the system hands out. */
export async function choosePort(preferred: number, what: string, log: (line: string) => void): Promise<number> {
  try {
    return await listenAndClose(preferred);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const port = await listenAndClose(0);
    log(`port ${preferred} (${what}) is taken, using ${port} instead`);
    return port;
  }
}

function listenAndClose(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(port, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : port));
    });
  });
}

export function portError(error: unknown, port: number, what: string): Error {
  if ((error as NodeJS.ErrnoException)?.code === "EADDRINUSE") {
    return new Error(`Port ${port} (${what}) is already in use. Is another embedded backend or Supabase stack running?`);
  }
  return error instanceof Error ? error : new Error(String(error));
}
