import type { AdminUser } from '#shared/schemas/admin/users';
import { formatDate } from '#browser/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { displayName } from './display-name';
import { adminUsers } from '#shared/copy/admin/users';

const t = adminUsers;

/** What the admin is asked before taking Premium away: whether the user paid for it, and for what. */
function removePremiumQuestion(user: AdminUser) {
  const sub = user.premiumSubscription;
  if (sub && sub.plan !== 'admin_granted') {
    return t.removePaidPremiumConfirm(displayName(user), sub.plan, sub.endDate ? formatDate(sub.endDate) : null);
  }
  return t.removeGrantedPremiumConfirm(displayName(user));
}

/**
 * Asks before Premium is taken from `user` (open while there is one), wherever it is taken: the
 * users list's switch and the edit dialog's checkbox. Granting needs no question.
 */
export function RemovePremiumConfirm({
  user,
  onConfirm,
  onClose,
}: {
  user: AdminUser | null;
  onConfirm: (user: AdminUser) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      subject={user}
      title={t.removePremiumTitle}
      message={removePremiumQuestion}
      confirmLabel={t.removePremiumAction}
      destructive
      failed={{ title: t.errorTitle, message: t.updateFailed }}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
