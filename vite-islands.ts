import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import type { IslandScript } from "./app/lib/page-scripts";

const QUERY = "?island";

/** An entry of Vite's build manifest (build.manifest), as far as islands read it. */
export type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };

/**
 * Islands: a module bundled with its dependencies (React, Tiptap…) for a page that runs no React app
 * (docs/decisions/044-islands.md). `import island from "./x.ts?island"` makes x.ts an entry of the browser
 * build and gives `{ src, imports }`: its address, and those of every chunk it may import, which the
 * page's CSP must admit. The browser build emits the chunk; the server build reads the addresses from
 * the browser build's manifest (build/client/.vite/manifest.json, which Remix's build writes first);
 * in development Vite serves the source, and the whole origin is admitted.
 */
export function islands({ clientManifest }: { clientManifest: string }): Plugin {
  let command: "build" | "serve" = "serve";
  let root = process.cwd();
  return {
    name: "islands",
    configResolved(config) {
      command = config.command;
      root = config.root;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${QUERY}` : null;
    },
    load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      const key = path.relative(root, file);
      if (command === "serve") return island({ src: `/${key}`, imports: ["/"] });
      if (this.environment.name === "client") {
        const reference = this.emitFile({ type: "chunk", id: file, preserveSignature: "strict" });
        return `export default { src: import.meta.ROLLUP_FILE_URL_${reference}, imports: [] };`;
      }
      return island(islandFromManifest(readManifest(path.resolve(root, clientManifest)), key));
    },
  };
}

function readManifest(file: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  } catch (error) {
    throw new Error(`Islands: cannot read the browser build's manifest, ${file}. The server build reads it after the browser build: run the whole \`remix vite:build\`.`, { cause: error });
  }
}

/**
 * The island `key` (its source path from the root) as the browser build emitted it: its chunk's
 * address first, then every chunk it imports, statically or not, each once. An island may not bring
 * a stylesheet: the page loads its script only, so its styles would silently be missing (they belong
 * in app/styles/app.css, as the editor's do).
 */
export function islandFromManifest(manifest: Record<string, ManifestChunk>, key: string): IslandScript {
  if (!manifest[key]) throw new Error(`Islands: ${key} is not in the browser build's manifest`);
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (chunk.css?.length) throw new Error(`Islands: ${key} brings a stylesheet (${chunk.css.join(", ")}, through ${name}); import it in app/styles/app.css instead`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(key);
  const files = [...seen].map((name) => `/${manifest[name].file}`);
  return { src: files[0], imports: files.slice(1) };
}

function island(script: IslandScript) {
  return `export default ${JSON.stringify(script)};`;
}
