import { EditorContent, useEditor, useEditorState, type Editor as TiptapEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { LineIcon } from "~/components/LineIcon";
import { ALLOWED_LINK_SCHEMES, isAllowedLinkUrl } from "~/lib/link-schemes";
import { plainTextToHtml } from "~/lib/plain-text";

/** The editor's own texts (locales/<lng>/editor.json), given by the page: no i18next is needed to show it. */
export type EditorStrings = {
  toolbar: Record<"label" | "bold" | "italic" | "heading1" | "heading2" | "bulletList" | "orderedList" | "link", string>;
  link: Record<"prompt" | "refused", string>;
};

/** What the server's textarea carries for an editor started without React's app (rich-text-island.editor.tsx). */
export type RichTextSettings = { label: string; strings: EditorStrings };

/** Those settings from the textarea's `data-rich-text`, or null if it holds none. */
export function richTextSettings(json: string | undefined): RichTextSettings | null {
  if (!json) return null;
  const settings = JSON.parse(json) as Partial<RichTextSettings>;
  return settings.label !== undefined && settings.strings ? (settings as RichTextSettings) : null;
}

export type EditorProps = {
  name: string;
  id: string;
  defaultValue: string;
  label: string;
  strings: EditorStrings;
  describedBy?: string;
  invalid?: boolean;
  /** What the server's textarea holds: plain text, or existing HTML. */
  format: "text" | "html";
  /** The textarea shown until the editor exists (app/components/RichTextEditor.tsx). */
  fallback: RefObject<HTMLTextAreaElement>;
  /** False while that textarea is still the field: the editor is hidden and posts nothing. */
  ready: boolean;
  onReady: () => void;
};

/**
 * Tiptap with the toolbar of the specification (bold, italic, headings 1 and 2, lists, link);
 * pasted quotes, code and headings 1–6 are kept; undo depth 100, a new undo step after 500 ms.
 * The HTML travels in a hidden input under the field's name (sanitized again by the server).
 */
export function Editor({ name, id, defaultValue, label, strings, describedBy, invalid, format, fallback, ready, onReady }: EditorProps) {
  const [html, setHtml] = useState(defaultValue);
  const [linkError, setLinkError] = useState(false);
  // The textarea had the focus when the editor was made: the editor takes it once it is shown. Not
  // before: a hidden element takes no focus, and Tiptap's focus waits for a frame, which on a busy
  // phone came before the commit that shows the editor, and the focus was lost.
  const focusWhenShown = useRef(false);
  const editor = useEditor({
    immediatelyRender: false,
    // Its stylesheet would be a <style> element, which a page without a nonce may not add:
    // ProseMirror's own (the same rules) is part of app/styles/app.css.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        undoRedo: { depth: 100, newGroupDelay: 500 },
        link: {
          openOnClick: false,
          autolink: false,
          protocols: [...ALLOWED_LINK_SCHEMES],
          isAllowedUri: (url) => isAllowedLinkUrl(url),
        },
      }),
    ],
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        dir: "auto",
        class: "prose min-h-48 max-w-none px-3 py-2 focus:outline-none",
      },
    },
    // The content comes from the textarea as it is now: the page's value, or what was typed into it
    // before the editor loaded.
    onCreate: ({ editor: created }) => {
      const textarea = fallback.current;
      const value = textarea?.value ?? defaultValue;
      created.commands.setContent(format === "html" ? value : plainTextToHtml(value));
      focusWhenShown.current = textarea !== null && document.activeElement === textarea;
      onReady();
    },
    onUpdate: ({ editor: current }) => setHtml(current.isEmpty ? "" : current.getHTML()),
  });

  useEffect(() => {
    if (!ready || !editor || !focusWhenShown.current) return;
    focusWhenShown.current = false;
    editor.commands.focus("end");
  }, [ready, editor]);

  const setLink = () => {
    if (!editor) return;
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const answer = window.prompt(strings.link.prompt, previous);
    if (answer === null) return;
    const url = answer.trim();
    if (!url) {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      setLinkError(false);
      return;
    }
    if (!isAllowedLinkUrl(url)) {
      setLinkError(true);
      return;
    }
    setLinkError(false);
    editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
  };

  return (
    <div hidden={!ready} className="rounded-md border border-ink-300 bg-white shadow-sm focus-within:border-accent-600" aria-label={label}>
      <input type="hidden" name={`${name}_format`} value="html" disabled={!ready} />
      <input type="hidden" name={name} value={html} disabled={!ready} />
      {editor ? <Toolbar editor={editor} onLink={setLink} strings={strings.toolbar} /> : null}
      {linkError ? (
        <p role="alert" className="border-b border-ink-200 px-3 py-2 text-sm font-medium text-accent-700">
          {strings.link.refused}
        </p>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}

/** A toolbar in the WAI-ARIA pattern: one tab stop, arrow keys move between buttons. */
function Toolbar({ editor, onLink, strings }: { editor: TiptapEditor; onLink: () => void; strings: EditorStrings["toolbar"] }) {
  const bar = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(0);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      h1: current.isActive("heading", { level: 1 }),
      h2: current.isActive("heading", { level: 2 }),
      bullet: current.isActive("bulletList"),
      ordered: current.isActive("orderedList"),
      link: current.isActive("link"),
    }),
  });
  const buttons: Array<{ label: string; active: boolean; run: () => void; icon: ReactNode }> = [
    { label: strings.bold, active: state.bold, run: () => editor.chain().focus().toggleBold().run(), icon: <b>B</b> },
    { label: strings.italic, active: state.italic, run: () => editor.chain().focus().toggleItalic().run(), icon: <i>I</i> },
    { label: strings.heading1, active: state.h1, run: () => editor.chain().focus().toggleHeading({ level: 1 }).run(), icon: "H1" },
    { label: strings.heading2, active: state.h2, run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(), icon: "H2" },
    { label: strings.bulletList, active: state.bullet, run: () => editor.chain().focus().toggleBulletList().run(), icon: "•" },
    { label: strings.orderedList, active: state.ordered, run: () => editor.chain().focus().toggleOrderedList().run(), icon: "1." },
    { label: strings.link, active: state.link, run: onLink, icon: <LinkIcon /> },
  ];

  const onKeyDown = (event: KeyboardEvent) => {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -buttons.length, End: buttons.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(buttons.length - 1, Math.max(0, focused + step));
    setFocused(next);
    bar.current?.querySelectorAll("button")[next]?.focus();
  };

  return (
    <div ref={bar} role="toolbar" aria-label={strings.label} onKeyDown={onKeyDown} className="flex flex-wrap gap-1 border-b border-ink-200 p-1.5">
      {buttons.map((button, index) => (
        <button
          key={button.label}
          type="button"
          tabIndex={index === focused ? 0 : -1}
          aria-pressed={button.active}
          title={button.label}
          onFocus={() => setFocused(index)}
          onClick={button.run}
          className="min-h-9 min-w-9 rounded px-2 text-sm font-semibold text-ink-800 hover:bg-ink-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent-600 aria-pressed:bg-ink-900 aria-pressed:text-white"
        >
          {/* The name is the label, not the symbol: "H1" read aloud tells nothing (and axe's label-content-name-mismatch). */}
          <span aria-hidden="true" dir="ltr">
            {button.icon}
          </span>
          <span className="sr-only">{button.label}</span>
        </button>
      ))}
    </div>
  );
}

/** Two chain links (an emoji would depend on the reader's fonts). */
function LinkIcon() {
  return (
    <LineIcon className="inline-block h-4 w-4">
      <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
      <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
    </LineIcon>
  );
}
