/**
 * Operator roles and the console's sections (docs/product.md §13 Roles). The server enforces
 * the roles of every operation (`roles` of each admin contract); the console only hides the
 * links of sections a role may not open.
 */
export const OPERATOR_ROLES = ['moderator', 'support', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Who may open each section of the console (and call its operations). */
export const SECTION_ROLES = {
  dashboard: ['moderator', 'support', 'finance', 'admin'],
  reports: ['moderator', 'admin'],
  photos: ['moderator', 'admin'],
  members: ['moderator', 'support', 'admin'],
  payments: ['finance', 'admin'],
  affiliates: ['finance', 'admin'],
  audit: ['admin'],
  operators: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type AdminSection = keyof typeof SECTION_ROLES;

/**
 * Member actions and who may take them (docs/product.md §13 Members): moderators act on
 * conduct short of deletion, support on credits, premium and mails, admins on everything.
 */
export const MEMBER_ACTION_ROLES = {
  moderate: ['moderator', 'admin'],
  support: ['support', 'admin'],
  delete: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** Whether `role` may open `section`. */
export function canOpen(role: OperatorRole, section: AdminSection): boolean {
  return (SECTION_ROLES[section] as readonly OperatorRole[]).includes(role);
}
