/** `import island from "./x.ts?island"` (vite-islands.ts). */
declare module "*?island" {
  const island: import("../lib/page-scripts").IslandScript;
  export default island;
}
