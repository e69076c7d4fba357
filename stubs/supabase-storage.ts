import { unavailableClass } from "./unavailable";

export const StorageClient = unavailableClass("Supabase Storage");
export class StorageApiError extends Error {}
