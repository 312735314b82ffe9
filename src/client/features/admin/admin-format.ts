import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';
import type { AdminUser } from '#shared/admin/admin.schemas.ts';
import type { PremiumCode } from '#shared/premium-codes/premium-codes.schemas.ts';

/** What the cell shows ('n/10', or 'n (no limit)'), and what a screen reader hears instead. */
export function downloadsCell(user: Pick<AdminUser, 'plan' | 'downloadCount'>) {
  if (user.plan === 'Premium') {
    // Premium downloads are counted per period like Free's; there is just no limit to show.
    const downloads = `${user.downloadCount} ${user.downloadCount === 1 ? 'download' : 'downloads'}`;
    return {
      text: `${user.downloadCount} (no limit)`,
      label: `${downloads} this period, no limit (Premium)`,
    };
  }
  return {
    text: `${user.downloadCount}/${FREE_DOWNLOADS_PER_MONTH}`,
    label: `${user.downloadCount} of ${FREE_DOWNLOADS_PER_MONTH} downloads used`,
  };
}

/**
 * Grant buttons only for users without Premium, downgrade only for Premium, delete never for
 * administrators, and nothing on the administrator's own account (the server refuses it too).
 */
export function userActions(user: Pick<AdminUser, 'id' | 'plan' | 'isAdmin'>, ownId: number) {
  const own = user.id === ownId;
  return {
    canGrant: !own && user.plan !== 'Premium',
    canDowngrade: !own && user.plan === 'Premium',
    canDelete: !own && !user.isAdmin,
  };
}

export function durationText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Who redeemed a code: their username, '#id' when the account is gone, '—' when nobody did. */
export function redeemedByText(code: Pick<PremiumCode, 'redeemedBy' | 'redeemedByUsername'>) {
  if (code.redeemedByUsername) return code.redeemedByUsername;
  if (code.redeemedBy !== null) return `Deleted user #${code.redeemedBy}`;
  return null;
}

/** The message of a failed list request: '{what}: {status}', or the client's own message when offline. */
export function fetchFailedMessage(
  what: 'users' | 'premium codes' | 'the audit log' | 'backups' | 'support requests',
  error: Error,
) {
  const status = 'status' in error && typeof error.status === 'number' ? error.status : 0;
  return status ? `Failed to fetch ${what}: ${status}` : error.message;
}

const ACTION_LABELS: Record<string, string> = {
  'grant-subscription': 'Granted Premium',
  'downgrade-subscription': 'Downgraded to Free',
  'delete-user': 'Deleted user',
  'create-code': 'Created premium code',
  'invalidate-code': 'Invalidated premium code',
  'reset-credentials': 'Reset administrator credentials',
  'reset-all-users': 'Created test accounts',
  'create-backup': 'Backed up the database',
  'resolve-support-request': 'Marked support request done',
};

/** A readable label for an audit action; unknown actions show as recorded. */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}
