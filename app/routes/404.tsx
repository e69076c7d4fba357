import { data, type MetaFunction } from "@remix-run/cloudflare";
import { NotFoundScreen } from "~/components/NotFound";
import { translateFromPayload } from "~/lib/i18n";
import type { IsolationHandle } from "~/lib/opener-policy";
import type { RootLoaderData } from "~/root";

/** /404, where "not found" redirects land: the 404 screen, with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

/** A page people only read: no new browser process for it (app/lib/opener-policy.ts). */
export const handle = { isolate: false } satisfies IsolationHandle;

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as RootLoaderData | undefined;
  return [
    { title: translateFromPayload(root, "notFound.title") },
    { name: "robots", content: "noindex" },
  ];
};

export default function NotFoundPage() {
  return <NotFoundScreen />;
}
