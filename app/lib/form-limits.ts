// Lengths the forms accept, the same as the database's CHECK constraints. A module of its own,
// without zod, so that a component needing only a maxLength (the footer's newsletter form on every
// page) does not pull the schema library into the page's JavaScript.
export const NAME_MAX = 200;
export const EMAIL_MAX = 320;
export const MESSAGE_MAX = 10_000;
