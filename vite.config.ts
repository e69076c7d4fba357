import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { getLoadContext } from "./load-context";
import { islands } from "./vite-islands";
import { languages } from "./app/lib/i18n";
import { readTranslationFiles, translationFile } from "./app/lib/translation-files";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  plugins: [
    {
      // The server build leaves dependencies to wrangler, which bundles them. Rollup would repeat every
      // import of the main chunk as a bare `import "zod"` at the top of each lazily loaded chunk, and
      // wrangler's esbuild warns about each one (dependencies are side-effect free).
      name: "server-chunks-without-hoisted-imports",
      config: (_config, { isSsrBuild }) =>
        isSsrBuild ? { build: { rollupOptions: { output: { hoistTransitiveImports: false } } } } : undefined,
    },
    // Must come before remix(): it gives `remix vite:dev` the same load context as server.ts.
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off: eager discovery fetched /__manifest for every link after hydration and patched the
        // routes in, which rendered the whole page twice more; a low-end phone's slowest part of a
        // hydrated page (docs/decisions/042). The whole manifest comes with the page instead (4 KB).
        v3_lazyRouteDiscovery: false,
        v3_routeConfig: true,
      },
    }),
    islands({ clientManifest: "build/client/.vite/manifest.json" }),
    tailwindcss(),
    {
      // The translations leave the Worker's bundle (app/lib/i18n.server.ts): the browser build
      // carries them as /locales/<lng>.json, which the Worker reads through its ASSETS binding.
      name: "translation-files",
      apply: "build",
      async generateBundle() {
        if (this.environment.name !== "client") return;
        const files = await readTranslationFiles(new URL("./locales", import.meta.url).pathname);
        for (const language of languages) {
          this.emitFile({ type: "asset", fileName: `locales/${language}.json`, source: JSON.stringify(translationFile(files, language)) });
        }
      },
    },
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
