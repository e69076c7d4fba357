import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { getLoadContext } from "./load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  plugins: [
    // Must come before remix(): it gives `remix vite:dev` the same load context as server.ts.
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tailwindcss(),
  ],
  resolve: {
    alias: {
      "~": new URL("./app", import.meta.url).pathname,
      // `remix vite:dev` runs the Worker's code on Node, which has no cloudflare:sockets; the build keeps the real one.
      ...(command === "serve" ? { "worker-mailer": new URL("./scripts/worker-mailer-on-node.ts", import.meta.url).pathname } : {}),
    },
  },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
}));
