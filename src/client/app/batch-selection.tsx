import { useState } from 'react';
import { useViewer } from '#client/app/require-user.tsx';
import { BatchBottomBar } from '#client/features/downloads/components/batch-bottom-bar.tsx';
import { BatchPanel } from '#client/features/downloads/components/batch-panel.tsx';
import type { BatchKind } from '#client/features/downloads/hooks/batch-messages.ts';
import {
  useBatchAccessPrompt,
  type BatchAccess,
} from '#client/features/downloads/hooks/use-batch-access-prompt.ts';
import { useBatchDownload } from '#client/features/downloads/hooks/use-batch-download.ts';
import { useLogoSelection } from '#client/features/search/hooks/use-logo-selection.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/**
 * Batch mode on the home and results pages: search's selection, downloads' panel, bar and download,
 * for Premium only (the server refuses everyone else's batch as well).
 */
export function useBatchSelection(kind: BatchKind) {
  const viewer = useViewer();
  // Unknown until the session check answers: the switch waits rather than give a wrong prompt.
  const access: BatchAccess | null = viewer === 'loading' ? null : viewer;

  const selection = useLogoSelection();
  const promptAccess = useBatchAccessPrompt();
  const batch = useBatchDownload({
    selected: selection.selectedLogos,
    kind,
    onSuccess: selection.clear,
  });
  const [panelVisible, setPanelVisible] = useState(true);

  // Signing out, or Premium ending, while batch mode is on turns it off (and clears the selection).
  if (selection.batchMode && access !== null && access !== 'premium') {
    selection.setBatchMode(false);
  }

  const setBatchMode = (on: boolean) => {
    if (!on) {
      selection.setBatchMode(false);
      return;
    }
    if (access === null) return;
    if (access !== 'premium') {
      promptAccess(access);
      return;
    }
    selection.setBatchMode(true);
  };

  /** The panel under the toolbar; Select All takes `filtered`, the logos the filters leave. */
  const renderPanel = (filtered: readonly Logo[]) => (
    <BatchPanel
      batch={batch}
      selectedCount={selection.selectedCount}
      selectableCount={filtered.length}
      onSelectAll={() => selection.selectAll(filtered)}
      onClearSelection={selection.clear}
      onVisibilityChange={setPanelVisible}
    />
  );

  const bottomBar = (
    <BatchBottomBar
      batch={batch}
      open={selection.batchMode && !panelVisible}
      selectedCount={selection.selectedCount}
      onClearSelection={selection.clear}
    />
  );

  return {
    selection,
    setBatchMode,
    /** True until the session check says who is asking. */
    batchModePending: access === null,
    renderPanel,
    bottomBar,
    /** Download Batch, as the panel's button does it (the grid's Shift+D). */
    downloadBatch: batch.download,
  };
}
