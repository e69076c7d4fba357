import { useLayoutEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { Editor, richTextSettings, type EditorProps } from "~/components/RichTextEditor.client";

/**
 * Puts the editor over each server-rendered rich-text textarea of the page (app/components/rich-text-island.ts
 * decides when). The textarea and its `<name>_format` input stay the field until the editor exists;
 * then they leave the form, and the editor's hidden inputs post instead.
 */
export function mountEditors() {
  for (const textarea of document.querySelectorAll<HTMLTextAreaElement>("textarea[data-rich-text]")) {
    const settings = richTextSettings(textarea.dataset.richText);
    if (!settings) continue;
    delete textarea.dataset.richText;
    const format = textarea.previousElementSibling instanceof HTMLInputElement ? textarea.previousElementSibling : null;
    const host = document.createElement("div");
    textarea.insertAdjacentElement("afterend", host);
    createRoot(host).render(
      <TakeOver
        textarea={textarea}
        props={{
          ...settings,
          name: textarea.name,
          id: textarea.id,
          defaultValue: textarea.value,
          describedBy: textarea.getAttribute("aria-describedby") ?? undefined,
          invalid: textarea.getAttribute("aria-invalid") === "true",
          format: format?.value === "html" ? "html" : "text",
        }}
        onReady={() => {
          document.getElementById(`${textarea.id}-hint`)?.remove();
          format?.remove();
          textarea.remove();
        }}
      />,
    );
  }
}

function TakeOver({
  textarea,
  props,
  onReady,
}: {
  textarea: HTMLTextAreaElement;
  props: Omit<EditorProps, "fallback" | "ready" | "onReady">;
  onReady: () => void;
}) {
  const fallback = useRef(textarea);
  const [ready, setReady] = useState(false);
  // The textarea leaves in the commit that shows the editor and enables its inputs: never a moment
  // when the form would post no content.
  useLayoutEffect(() => {
    if (ready) onReady();
  }, [ready, onReady]);
  return <Editor {...props} fallback={fallback} ready={ready} onReady={() => setReady(true)} />;
}
