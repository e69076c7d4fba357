import { useEffect, useRef, useState, type ComponentType } from "react";
import type { EditorProps } from "~/components/RichTextEditor.client";

/**
 * The shared rich-text field. The server (and the first render in the browser) gives a plain
 * textarea with the same field name, so the form works without JavaScript; `<name>_format` tells
 * the server whether the textarea holds plain text or existing HTML (app/lib/rich-text.server.ts).
 * After mounting, the editor's code is imported (its own chunk: no page preloads it). The textarea
 * stays until the editor exists, which then takes over what was typed into it meanwhile, and the
 * focus: on a slow phone, someone may be writing before the editor has loaded.
 */
export function RichTextEditor(props: Omit<EditorProps, "format" | "fallback" | "ready" | "onReady"> & { format?: EditorProps["format"] }) {
  const { name, id, defaultValue, describedBy, invalid, format = "text" } = props;
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
            className="block min-h-48 w-full rounded-md border border-ink-300 bg-white px-3 py-2 font-mono text-sm text-ink-950 shadow-sm focus:border-accent-600"
          />
        </>
      )}
      {Editor ? <Editor {...props} format={format} fallback={textarea} ready={ready} onReady={() => setReady(true)} /> : null}
    </>
  );
}
