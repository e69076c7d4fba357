import { useEffect, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { EditorProps, EditorStrings, RichTextSettings } from "~/components/RichTextEditor.client";

/** The editor for a page without React's app, for the handle of a route with such a field (app/lib/page-scripts.ts). */
export { default as richTextScript } from "./rich-text-island.ts?island";

/**
 * The shared rich-text field. The server (and the first render in the browser) gives a plain
 * textarea with the same field name, so the form works without JavaScript; `<name>_format` tells
 * the server whether the textarea holds plain text or existing HTML (app/lib/rich-text.server.ts).
 * The hint says how to write in that textarea, and goes with it.
 * After mounting, the editor's code is imported (its own chunk: no page preloads it). The textarea
 * stays until the editor exists, which then takes over what was typed into it meanwhile, and the
 * focus: on a slow phone, someone may be writing before the editor has loaded.
 * On a page that runs no React app, rich-text-island.ts starts the same editor from the
 * textarea's `data-rich-text` (its label and texts) when the member is about to write.
 */
export function RichTextEditor({
  hint,
  ...props
}: Omit<EditorProps, "format" | "fallback" | "ready" | "onReady" | "strings"> & {
  format?: EditorProps["format"];
  /** How to write in the textarea without the editor (`<id>-hint`): it leaves with the textarea. */
  hint: string;
}) {
  const { name, id, defaultValue, label, describedBy, invalid, format = "text" } = props;
  const strings = useEditorStrings();
  const settings: RichTextSettings = { label, strings };
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [Editor, setEditor] = useState<ComponentType<EditorProps> | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void import("~/components/RichTextEditor.client").then((module) => {
      if (live) setEditor(() => module.Editor);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      {ready ? null : (
        <>
          <p id={`${id}-hint`} className="mb-2 text-sm text-ink-700">
            {hint}
          </p>
          <input type="hidden" name={`${name}_format`} value={format} />
          <textarea
            ref={textarea}
            id={id}
            name={name}
            defaultValue={defaultValue}
            rows={10}
            dir="auto"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            data-rich-text={JSON.stringify(settings)}
            className="block min-h-48 w-full rounded-md border border-ink-300 bg-white px-3 py-2 font-mono text-sm text-ink-950 shadow-sm focus:border-accent-600"
          />
        </>
      )}
      {Editor ? <Editor {...props} strings={strings} format={format} fallback={textarea} ready={ready} onReady={() => setReady(true)} /> : null}
    </>
  );
}

function useEditorStrings(): EditorStrings {
  const { t } = useTranslation("editor");
  return {
    toolbar: {
      label: t("toolbar.label"),
      bold: t("toolbar.bold"),
      italic: t("toolbar.italic"),
      heading1: t("toolbar.heading1"),
      heading2: t("toolbar.heading2"),
      bulletList: t("toolbar.bulletList"),
      orderedList: t("toolbar.orderedList"),
      link: t("toolbar.link"),
    },
    link: { prompt: t("link.prompt"), refused: t("link.refused") },
  };
}
