/**
 * The back-office's translation keys that are built from a section's name, written out in one
 * place (locales/<lng>/admin.json): the sidebar, each section's headings, its failure messages
 * (specification.md §8) and the messages a redirect carries (flash).
 */
export const ADMIN_NAMESPACE = "admin";

/** The back-office's sections, in the sidebar's order. */
export const ADMIN_SECTIONS = ["dashboard", "news", "events", "resources", "groups", "contacts", "proposals", "members", "newsletter", "activity"] as const;
export type AdminSectionName = (typeof ADMIN_SECTIONS)[number];

export const adminPath = (section: AdminSectionName) => (section === "dashboard" ? "/admin" : `/admin/${section}`);

export const navKey = (section: AdminSectionName) => `nav.${section}`;

type SectionText = "title" | "description" | "meta" | "add" | "edit" | "search" | "dateColumn";
export const sectionKey = (section: string, text: SectionText) => `sections.${section}.${text}`;

type Failure = "fetch" | "save";
export const failureKey = (section: string, failure: Failure) => `failures.${section}.${failure}`;

/** The red box of a save refused because someone else saved the record first (409). */
export const CONFLICT_KEY = "conflict.title";

/** Why the database refused a save (refusalOf's reasons), as the red box says it. */
export const REFUSAL_KEYS = {
  invalid: "failures.invalid",
  forbidden: "failures.forbidden",
  notFound: "failures.notFound",
  conflict: "failures.conflict",
} as const;

type RecordEvent = "created" | "updated" | "deleted" | "deleteFailed";
export const recordFlashKey = (section: string, event: RecordEvent) => `flash.${section}.${event}`;

export type ProposalEvent = "votingOpened" | "close" | "withdraw" | "hide" | "restore" | "hideComment" | "restoreComment";
export const proposalFlashKey = (event: ProposalEvent) => `flash.proposals.${event}`;

type MembershipEvent = "approve" | "decline" | "revoke" | "removeFactor";
const membershipFlashKey = (event: MembershipEvent) => `flash.members.${event}`;

/**
 * What a decision's answer says: the database's refusals as messages (PT409 not possible in the
 * account's state, PT404 no such account), anything else a failure.
 */
export function decisionFlash(decision: MembershipEvent, error: { code: string } | null) {
  if (!error) return { kind: "success", key: membershipFlashKey(decision) } as const;
  const key = error.code === "PT409" ? "flash.members.notAllowed" : error.code === "PT404" ? "flash.members.missing" : "flash.members.failed";
  return { kind: "error", key } as const;
}
