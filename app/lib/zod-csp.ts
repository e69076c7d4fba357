/**
 * Zod 4 probes `new Function("")` to decide whether to compile validators.
 * Our CSP has no 'unsafe-eval', so in the browser that probe is a reported
 * CSP violation. Validators work the same without compilation: switch it
 * off. Imported for its side effect at the top of app/root.tsx, so it runs
 * before any module that builds a schema (route modules load root first).
 */
import { config } from "zod";

config({ jitless: true });
