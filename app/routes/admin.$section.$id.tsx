import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SaveReply } from "~/components/admin/ConflictNotice";
import { ContentFormPage } from "~/components/admin/ContentFormPage";
import { saveContent } from "~/lib/admin-content.server";
import { sectionKey } from "~/lib/admin-texts";
import { requireAdmin } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18n.server";
import { timeZoneChoices } from "~/lib/zoned-time";
import { contentSection } from "~/models/admin-content.server";
import { recordById } from "~/models/admin-records.server";

/**
 * /admin/news/:id (and events, resources, groups): the edit form filled with the record, its
 * version (updated_at) in a hidden field. The list's inline form loads this loader's data too.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireAdmin(request, context);
  const section = contentSection(params.section);
  const record = section ? await recordById<Record<string, unknown>>(supabase, section.table, section.recordColumns, params.id ?? "") : null;
  if (!section || !record) throw data(null, { status: 404, headers });
  const t = getFixedT(request, "admin");
  return data(
    {
      name: section.name,
      id: String(record.id),
      title: t(sectionKey(section.name, "edit")),
      defaults: section.formValues(record),
      timeZones: section.name === "events" ? timeZoneChoices() : [],
    },
    { headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return saveContent(request, context, params.section, params.id ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function EditRecordPage() {
  const { name, id, defaults, timeZones } = useLoaderData<typeof loader>();
  return <ContentFormPage name={name} id={id} defaults={defaults} timeZones={timeZones} actionData={useActionData<typeof action>() as SaveReply | undefined} />;
}
