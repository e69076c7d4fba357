import type { ElementType, ReactNode } from "react";

/**
 * Typography for long text (static pages, article bodies): headings, lists,
 * links, quotes and code get legible sizes and spacing. The rules live in
 * app/styles/app.css under `.prose`, so sanitized HTML rendered with
 * dangerouslySetInnerHTML inside <Prose> is styled too.
 */
export function Prose({
  children,
  as: Tag = "div",
  className = "",
}: {
  children: ReactNode;
  as?: ElementType;
  className?: string;
}) {
  return <Tag className={`prose ${className}`.trim()}>{children}</Tag>;
}
