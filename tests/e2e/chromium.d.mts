import type { LaunchOptions } from "@playwright/test";
export function chromiumLaunchOptions(): LaunchOptions;
