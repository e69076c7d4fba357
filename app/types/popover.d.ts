/**
 * The HTML popover attributes, which @types/react 18 does not know yet.
 * React 18 passes unknown lower-case attributes through to the HTML as they are.
 */
import "react";

// Augmenting an interface must repeat its type parameter, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module "react" {
  interface HTMLAttributes<T> {
    popover?: "auto" | "manual";
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
    popovertargetaction?: "toggle" | "show" | "hide";
  }
}
