import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/use-toast.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { externalStore } from '#client/lib/external-store.ts';
import type {
  BatchDownloadBody,
  BatchDownloadResponse,
} from '#shared/downloads/downloads.schemas.ts';
import { recordBatch } from '../api/record-batch.ts';
import { invalidateDownloadQueries } from '../api/track-download.ts';
import { BATCH_TOASTS, limitReachedText } from './batch-messages.ts';
import { isPremiumRefusal, useBatchAccessPrompt } from './use-batch-access-prompt.ts';

/*
 * What the Premium downloads built in the browser share (a batch zip, a sheet, a logo wall's
 * export): the server's say first, then one run at a time with a progress bar.
 */

/** How long a finished bar stays at 100% before it returns to 0: long enough to see it finish. */
const DONE_HOLD_MS = 1200;

export function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * Records the logos of a batch before anything is fetched: the server decides (401 for guests,
 * 403 for free accounts or a spent allowance). Resolves with the server's answer; `null` when
 * recording failed for another reason (the download goes on: a blip must not cost the person
 * their file); `false` when the server refused, after telling the person why with the batch's
 * own prompts.
 */
export function useRecordBatch() {
  const promptAccess = useBatchAccessPrompt();
  const queryClient = useQueryClient();
  return async (
    body: BatchDownloadBody,
    signal: AbortSignal,
  ): Promise<BatchDownloadResponse | null | false> => {
    try {
      const answer = await recordBatch(body, signal);
      // The batch now counts in the allowance, the user's count and the history.
      void invalidateDownloadQueries(queryClient);
      return answer;
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      if (!isApiError(error) || (error.status !== 401 && error.status !== 403)) return null;
      if (error.status === 401) promptAccess('guest');
      else if (isPremiumRefusal(error)) {
        promptAccess('free', body.consolidated ? 'consolidate' : 'batch');
      } else {
        const description = limitReachedText(error.message, error.data);
        toast({ variant: 'destructive', ...BATCH_TOASTS.limitReached, description });
      }
      return false;
    }
  };
}

/**
 * Runs `work` once at a time (a second start while one runs is ignored) with a progress bar from
 * 0 to 100 that holds 100 a moment after a run that saved something. Leaving the page cancels
 * the run. The bar's value lives outside React state: each step re-renders the bars that show it
 * (read with `progress.use()`), not the page holding the run
 * (docs/decisions/045-lean-idle-server-and-responsive-batches.md).
 */
export function useProgressRun<V>({
  work,
  onSettled,
}: {
  /** True when something was saved, false when the person was already told why not. */
  work: (
    variables: V,
    signal: AbortSignal,
    setProgress: (percent: number) => void,
  ) => Promise<boolean>;
  /** After every run that was not cancelled; the caller reports its own errors (no second toast). */
  onSettled?: (saved: boolean, error: unknown, variables: V) => void;
}) {
  const [progress] = useState(() => externalStore(0));
  const running = useRef<AbortController | null>(null);
  const resetTimer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      running.current?.abort();
      window.clearTimeout(resetTimer.current);
    },
    [],
  );

  const mutation = useMutation({
    mutationFn: ({ variables, signal }: { variables: V; signal: AbortSignal }) =>
      work(variables, signal, progress.set),
    onMutate: () => {
      window.clearTimeout(resetTimer.current);
      progress.set(0);
    },
    onSettled: (saved, error, { variables, signal }) => {
      if (isAbort(error, signal)) return;
      if (saved) resetTimer.current = window.setTimeout(() => progress.set(0), DONE_HOLD_MS);
      else progress.set(0);
      onSettled?.(saved === true, error, variables);
    },
    meta: { errorToast: false },
  });

  /** True when the run saved something. */
  const start = async (variables: V): Promise<boolean> => {
    if (running.current) return false;
    const controller = new AbortController();
    running.current = controller;
    try {
      return await mutation.mutateAsync({ variables, signal: controller.signal });
    } catch {
      return false;
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  return {
    start,
    busy: mutation.isPending,
    /** 0–100, back to 0 shortly after a run ends; read it with `progress.use()`. */
    progress,
    /** What the current (or last) run was started with. */
    variables: mutation.variables?.variables,
  };
}
