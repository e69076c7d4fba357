// The site's actions, read from app/routes: a route module that exports `action` takes POSTs. Reading
// them from the files, not from a list in a test, is what makes a new form part of the attacker's
// sweeps the day it is written. Each is turned into a path with a seeded value for its parameters.
import { readdirSync, readFileSync } from "node:fs";

const PARAMETERS: Record<string, string> = {
  $slug: "starting-a-mutual-aid-group", // a published resource of the seed
  $id: "new",
  $section: "news",
  $link: "confirm",
};
/** Where `$id` means a proposal, the seed's proposal in discussion. */
const PROPOSAL = "50000000-0000-4000-8000-000000000002";

/** Stands for an escaped dot ("[.]") while the name is split at the others. */
const DOT = "\u0000";

/** Remix flat-route file name → URL path (dots are slashes, `_index` is the parent, a trailing `_` only escapes layout nesting). */
function pathOf(file: string): string {
  const name = file.replace(/\.tsx?$/, "").replaceAll("[.]", DOT);
  const segments = name
    .split(".")
    .map((segment) => segment.replace(/_$/, "").replace(/^_index$/, ""))
    .map((segment) => (segment.startsWith("$") ? (file.startsWith("voting") && segment === "$id" ? PROPOSAL : PARAMETERS[segment] ?? "x") : segment))
    .filter(Boolean);
  return `/${segments.join("/")}`.replaceAll(DOT, ".");
}

export function actionPaths(): string[] {
  const directory = new URL("../../app/routes/", import.meta.url);
  return readdirSync(directory)
    .filter((file) => /export (async )?function action\b/.test(readFileSync(new URL(file, directory), "utf8")))
    .map(pathOf)
    .sort();
}
