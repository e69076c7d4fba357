import { unavailableClass } from "./unavailable";

export const FunctionsClient = unavailableClass("Supabase Functions");
export class FunctionsError extends Error {}
export class FunctionsFetchError extends FunctionsError {}
export class FunctionsHttpError extends FunctionsError {}
export class FunctionsRelayError extends FunctionsError {}
export const FunctionRegion = {};
