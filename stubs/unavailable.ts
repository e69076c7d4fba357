/** Thrown by every stubbed client the Worker's code actually calls: stubs/README.md. */
export function unavailable(client: string): never {
  throw new Error(`${client} is not in the Worker's bundle (stubs/README.md, wrangler.toml [alias]).`);
}

/** A class whose construction is harmless and whose use throws. */
export function unavailableClass(client: string) {
  return class {
    constructor() {
      return new Proxy(this, { get: (target, key) => (key === "then" ? undefined : unavailable(client)) });
    }
  };
}
