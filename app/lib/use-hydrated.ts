import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/** false while rendering on the server and while hydrating; true afterwards and for components mounted later. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
