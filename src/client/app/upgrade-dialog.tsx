import { lazy, Suspense } from 'react';
import { useUpgradeDialog } from '#client/components/ui/use-upgrade-dialog.ts';

const UpgradeDialogContent = lazy(async () => ({
  default: (await import('./upgrade-dialog-content.tsx')).UpgradeDialogContent,
}));

/**
 * The app's one upgrade dialog, opened with `openUpgradeDialog()` from anywhere (a download limit,
 * an Upgrade button). Mounted once in the app providers. The dialog itself (Radix Dialog, plans,
 * the current user) loads when a download starts (`prepareUpgradeDialog()`) or it first opens:
 * most visits never need it, and the home page's first download stays small.
 */
export function UpgradeDialog() {
  const { prepared } = useUpgradeDialog();
  if (!prepared) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeDialogContent />
    </Suspense>
  );
}
