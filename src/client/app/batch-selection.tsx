import { useEffect, useState } from 'react';
import { useViewer } from '#client/app/require-user.tsx';
import type { BatchKind } from '#client/features/downloads/hooks/batch-messages.ts';
import {
  useBatchAccessPrompt,
  type BatchAccess,
} from '#client/features/downloads/hooks/use-batch-access-prompt.ts';
import { useBatchDownload } from '#client/features/downloads/hooks/use-batch-download.ts';
import { useLogoSelection } from '#client/features/search/hooks/use-logo-selection.ts';
import {
  loadAllStep,
  logosOfName,
  type LoadAll,
  type MoreResults,
} from '#client/features/search/load-all.ts';
import { MAX_BATCH_LOGOS } from '#shared/downloads/downloads.schemas.ts';
import { lazyPart } from '#client/lib/hydration.tsx';
import type { Logo } from '#shared/search/search.schemas.ts';

// Batch mode's panel and bar load when it is first turned on (Premium only), not with the page.
const BatchPanel = lazyPart(
  async () => (await import('#client/features/downloads/components/batch-panel.tsx')).BatchPanel,
);
const BatchBottomBar = lazyPart(
  async () =>
    (await import('#client/features/downloads/components/batch-bottom-bar.tsx')).BatchBottomBar,
);

/**
 * Batch mode on the home and results pages: search's selection, downloads' panel, bar and download,
 * for Premium only (the server refuses everyone else's batch as well). Select All takes `logos`,
 * the logos the filters leave, after loading what `more` can still bring.
 */
export function useBatchSelection(kind: BatchKind, logos: readonly Logo[], more?: MoreResults) {
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
  const [loadAll, setLoadAll] = useState<LoadAll | null>(null);

  // Signing out, or Premium ending, while batch mode is on turns it off (and clears the selection).
  if (selection.batchMode && access !== null && access !== 'premium') {
    selection.setBatchMode(false);
  }

  // A Select All waiting for the rest of the results: selects once they are in, or stops when the
  // query or filters change, a fetch fails, or batch mode goes off.
  const step =
    loadAll && more && selection.batchMode
      ? loadAllStep(loadAll, logos, more, MAX_BATCH_LOGOS)
      : null;
  if (loadAll && (!step || step.kind === 'stop')) setLoadAll(null);
  if (step?.kind === 'select') {
    setLoadAll(null);
    selection.selectAll(step.logos);
  }
  const fetchNow = step?.kind === 'fetch';
  const fetchMore = more?.fetchMore;
  useEffect(() => {
    if (fetchNow) fetchMore?.();
  }, [fetchNow, fetchMore]);

  /** Select All, or a group's 'Select all of {name}'. */
  const selectAllOf = (name: string | null) => {
    if (more?.hasMore) setLoadAll({ name, key: more.key, errors: more.errors });
    else selection.selectAll(logosOfName(logos, name).slice(0, MAX_BATCH_LOGOS));
  };

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

  const panel = (
    <BatchPanel
      batch={batch}
      selectedCount={selection.selectedCount}
      selectableCount={logos.length}
      onSelectAll={() => selectAllOf(null)}
      loadingAll={loadAll ? logosOfName(logos, loadAll.name).length : null}
      onCancelLoadingAll={() => setLoadAll(null)}
      maxBatch={MAX_BATCH_LOGOS}
      onClearSelection={selection.clear}
      onVisibilityChange={setPanelVisible}
    />
  );

  const bottomBar = selection.batchMode && (
    <BatchBottomBar
      batch={batch}
      open={!panelVisible}
      selectedCount={selection.selectedCount}
      onClearSelection={selection.clear}
    />
  );

  return {
    selection,
    setBatchMode,
    /** True until the session check says who is asking. */
    batchModePending: access === null,
    panel,
    bottomBar,
    selectAllOf,
    /** Whether a Select All is waiting for more results (its buttons wait too). */
    loadingAll: loadAll !== null,
    /** Download Batch, as the panel's button does it (the grid's Shift+D). */
    downloadBatch: batch.download,
  };
}
