import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { islands } from "./vite-islands";

// Vitest has its own plain config: loading vite.config.ts (Remix + Cloudflare proxy plugins) makes it hang on close.
export default defineConfig({
  plugins: [islands({ clientManifest: "build/client/.vite/manifest.json" })],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // The actions run on Node here, where worker-mailer's cloudflare:sockets does not exist.
      "worker-mailer": fileURLToPath(new URL("./scripts/worker-mailer-on-node.ts", import.meta.url)),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/attacker/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One embedded backend serves every suite; files that reset it must not overlap.
    fileParallelism: false,
  },
});
