/*
 * SPEC §6 / DESIGN §5: the words shown when a role may not do something. The server answers its
 * 403s with them and the web shows the same words before asking (an edit page a staff member
 * opens, a settings form an owner may change), so the two never drift apart.
 */
export const PERMISSION_MESSAGES = {
  /** A guard without a message of its own. */
  default: 'You do not have permission to perform this action.',
  bookingEdit: 'You do not have permission to edit bookings. Manager role required.',
  bookingCancel: 'You do not have permission to cancel bookings. Manager role required.',
  bookingDelete: 'You do not have permission to delete bookings. Owner role required.',
  seniorPwd:
    'You do not have permission to grant senior citizen or PWD discounts. Manager role required.',
  folioReverse: 'You do not have permission to reverse folio entries. Manager role required.',
  /** Issue 20: voiding a receipt or invoice, and the sales journal. */
  documentVoid: 'You do not have permission to void documents. Manager role required.',
  salesJournal: 'You do not have permission to view the sales journal. Manager role required.',
  /** Issue 23: the owner's reports. */
  reports: 'You do not have permission to view reports. Manager role required.',
  guestEdit: 'You do not have permission to edit guests. Manager role required.',
  guestExport: 'You do not have permission to export guest data. Manager role required.',
  guestAnonymize: 'You do not have permission to anonymise guests. Owner role required.',
  paymentEdit: 'You do not have permission to edit payments. Manager role required.',
  paymentVerify: 'You do not have permission to verify payments. Manager role required.',
  paymentRefund: 'You do not have permission to refund payments. Manager role required.',
  /** DESIGN §5: a verified payment is edited by administrators only. */
  verifiedPaymentAdminOnly: 'Verified payments can only be edited by administrators.',
  unitCreate: 'You do not have permission to add cabins. Manager role required.',
  unitEdit: 'You do not have permission to edit cabins. Manager role required.',
  unitDelete: 'You do not have permission to delete cabins. Owner role required.',
  /** DESIGN §5: an expense is edited by its creator or a manager and above. */
  expenseEdit: 'You do not have permission to edit this expense.',
  expenseDelete: 'You do not have permission to delete expenses. Owner role required.',
  blackoutChange: 'You do not have permission to change blocked dates. Manager role required.',
  usersManage: 'You do not have permission to manage users. Administrator role required.',
  settingsChange: 'You do not have permission to change settings.',
  /** Issue 21: stay rules are settings (owners and administrators); promo codes managers and up. */
  stayRulesChange:
    'You do not have permission to change stay rules. Owner or administrator role required.',
  promoCodes: 'You do not have permission to manage promo codes. Manager role required.',
  ruleOverride: 'You do not have permission to book past a stay rule. Manager role required.',
  /** Issue 22: a housekeeping account may use only the housekeeping board. */
  housekeepingOnly: 'Housekeeping accounts can only use the housekeeping board.',
  /** Issue 22: Inspected and Out of order (and leaving Out of order) are a manager's call. */
  housekeepingManager:
    'You do not have permission to mark a cabin Inspected or Out of order. Manager role required.',
  /** What a manager reads on the settings forms they may only view. */
  settingsViewOnly: 'Only owners and administrators can change these settings. You can view them.',
  auditLogs: 'You do not have permission to access audit logs',
  /** Issue 22: checking out a guest who still owes money. */
  checkoutOverride:
    'You do not have permission to check out a booking with a balance due. Manager role required.',
  /** DESIGN §3: the audit trail's denial names who may read it. */
  auditLogsWho: 'The Audit Trail is restricted to owners and administrators.',
} as const;
