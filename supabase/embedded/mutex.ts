// One global promise-chain mutex. PGlite is a single Postgres session: every HTTP request (rest and auth)
// and every reset runs under this lock, so a direct query never lands inside PostgREST's open transaction.

export type Release = () => void;

export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Waits for every earlier holder, then returns the function that lets the next one in (idempotent). */
  acquire(): Promise<Release> {
    let release!: Release;
    const turn = new Promise<void>((resolve) => {
      let released = false;
      release = () => {
        if (released) return;
        released = true;
        resolve();
      };
    });
    const previous = this.tail;
    this.tail = previous.then(() => turn);
    return previous.then(() => release);
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
