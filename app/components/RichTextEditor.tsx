import { useEffect, useState, type ComponentType } from "react";
import type { EditorProps } from "~/components/RichTextEditor.client";

/**
 * The shared rich-text field. The server (and the first render in the browser) gives a plain
 * textarea with the same field name, so the form works without JavaScript; `<name>_format` tells
 * the server whether the textarea holds plain text or existing HTML (app/lib/rich-text.server.ts).
 * After mounting, the editor's code is imported (its own chunk: no page preloads it) and replaces
 * the textarea, posting HTML.
 */
export function RichTextEditor(props: EditorProps & { format?: "text" | "html" }) {
  const { name, id, defaultValue, describedBy, invalid, format = "text" } = props;
  const [Editor, setEditor] = useState<ComponentType<EditorProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import("~/components/RichTextEditor.client").then((module) => {
      if (live) setEditor(() => module.Editor);
    });
    return () => {
      live = false;
    };
  }, []);

  if (Editor) return <Editor {...props} />;
  return (
    <>
      <input type="hidden" name={`${name}_format`} value={format} />
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={10}
        dir="auto"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className="block min-h-48 w-full rounded-md border border-ink-300 bg-white px-3 py-2 font-mono text-sm text-ink-950 shadow-sm focus:border-accent-600"
      />
    </>
  );
}
