/**
 * How long the daily housekeeping keeps each kind of row: the database's public.retention_periods()
 * (supabase/migrations/20261130000000_housekeeping.sql), which public.run_housekeeping() applies, as
 * /privacy and the README show it. tests/integration/housekeeping.test.ts fails when this, the
 * database's table or the README's table disagree; change all three in one go (a new migration).
 */
export type RetentionItem = "newsletter_unconfirmed" | "messages" | "resolved_reports" | "admin_activity";

export type RetentionPeriod = { amount: number; unit: "days" | "months" };

export const RETENTION_PERIODS = {
  newsletter_unconfirmed: { amount: 7, unit: "days" },
  messages: { amount: 12, unit: "months" },
  resolved_reports: { amount: 12, unit: "months" },
  admin_activity: { amount: 24, unit: "months" },
} as const satisfies Record<RetentionItem, RetentionPeriod>;

/** What run_housekeeping() returns: the rows it removed, per item. */
export type HousekeepingCounts = Record<RetentionItem, number>;
