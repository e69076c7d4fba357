import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SaveReply } from "~/components/admin/ConflictNotice";
import { ContentFormPage } from "~/components/admin/ContentFormPage";
import { saveContent } from "~/lib/admin-content.server";
import { sectionKey } from "~/lib/admin-texts";
import { requireAdmin } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18n.server";
import { timeZoneChoices } from "~/lib/zoned-time";
import { contentSection, emptyForm } from "~/models/admin-content.server";

/** /admin/news/new (and events, resources, groups): the add form on its own page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { headers } = await requireAdmin(request, context);
  const section = contentSection(params.section);
  if (!section) throw data(null, { status: 404, headers });
  const t = getFixedT(request, "admin");
  return data(
    {
      name: section.name,
      title: t(sectionKey(section.name, "add")),
      defaults: emptyForm(section.name),
      timeZones: section.name === "events" ? timeZoneChoices() : [],
    },
    { headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return saveContent(request, context, params.section, null);
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page?.title }, { name: "robots", content: "noindex" }];

export default function NewRecordPage() {
  const { name, defaults, timeZones } = useLoaderData<typeof loader>();
  return <ContentFormPage name={name} id={null} defaults={defaults} timeZones={timeZones} actionData={useActionData<typeof action>() as SaveReply | undefined} />;
}
