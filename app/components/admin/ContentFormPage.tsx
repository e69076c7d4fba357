import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { sectionKey } from "~/lib/admin-texts";
import { AdminPage } from "~/components/admin/AdminPage";
import type { SaveReply } from "~/components/admin/ConflictNotice";
import { ContentForm } from "~/components/admin/ContentForm";
import type { ContentSectionName, FormValues } from "~/models/admin-content.server";

/** The add or edit form on a page of its own (without JavaScript, or opened by its address). */
export function ContentFormPage({
  name,
  id,
  defaults,
  timeZones,
  actionData,
}: {
  name: ContentSectionName;
  id: string | null;
  defaults: FormValues;
  timeZones: string[];
  actionData: SaveReply | undefined;
}) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  return (
    <AdminPage title={id ? t(sectionKey(name, "edit")) : t(sectionKey(name, "add"))}>
      <ContentForm
        section={name}
        action={`/admin/${name}/${id ?? "new"}`}
        defaults={defaults}
        lastResult={navigation.state === "idle" ? actionData?.result : null}
        conflict={actionData?.conflict ?? null}
        submitting={navigation.state === "submitting"}
        isNew={id === null}
        timeZones={timeZones}
      />
    </AdminPage>
  );
}
