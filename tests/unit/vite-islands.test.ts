import { describe, expect, it } from "vitest";
import { islandFromManifest, type ManifestChunk } from "../../vite-islands";

/** A browser build's manifest as Vite writes it: an island, a lazily imported chunk, and chunks they share. */
const manifest: Record<string, ManifestChunk> = {
  "app/components/rich-text-island.ts": { file: "assets/rich-text-island-a1.js", imports: ["_preload-helper.js"], dynamicImports: ["app/components/RichTextEditor.client.tsx"] },
  "_preload-helper.js": { file: "assets/preload-helper-b2.js" },
  "app/components/RichTextEditor.client.tsx": { file: "assets/RichTextEditor.client-c3.js", imports: ["_react.js", "_preload-helper.js"] },
  "_react.js": { file: "assets/react-d4.js" },
  "app/root.tsx": { file: "assets/root-e5.js", imports: ["_react.js"], css: ["assets/app-f6.css"] },
};

describe("islandFromManifest", () => {
  it("gives the island's chunk first, then every chunk it may import, each once, and nothing else of the build", () => {
    expect(islandFromManifest(manifest, "app/components/rich-text-island.ts")).toEqual({
      src: "/assets/rich-text-island-a1.js",
      imports: ["/assets/preload-helper-b2.js", "/assets/RichTextEditor.client-c3.js", "/assets/react-d4.js"],
    });
  });

  it("refuses an island the browser build did not emit, by name", () => {
    expect(() => islandFromManifest(manifest, "app/components/missing.ts")).toThrow("app/components/missing.ts is not in the browser build's manifest");
  });

  it("refuses an island that brings a stylesheet, which its page would never load", () => {
    const withStyles = { ...manifest, "_react.js": { file: "assets/react-d4.js", css: ["assets/editor-g7.css"] } };
    expect(() => islandFromManifest(withStyles, "app/components/rich-text-island.ts")).toThrow(/brings a stylesheet \(assets\/editor-g7\.css, through _react\.js\)/);
  });
});
