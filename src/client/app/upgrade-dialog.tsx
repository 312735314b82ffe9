import { lazy, Suspense } from 'react';
import { useUpgradeDialog } from '#client/components/ui/use-upgrade-dialog.ts';

const UpgradeDialogContent = lazy(async () => ({
  default: (await import('./upgrade-dialog-content.tsx')).UpgradeDialogContent,
}));

/**
 * The app's one upgrade dialog, mounted in the providers. Its code loads when a download starts
 * (`prepareUpgradeDialog()`) or it first opens: most visits never need it.
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
