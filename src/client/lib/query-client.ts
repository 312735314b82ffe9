import { MutationCache, QueryClient, type Register } from '@tanstack/react-query';
import { toast } from '#client/components/ui/use-toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Title of the default error toast ('Something went wrong' without one). */
      errorTitle?: string;
      /** Its text, instead of the error's own message. */
      errorText?: string;
      /** False where the caller shows the failure itself (under a field, in the dialog). */
      errorToast?: false;
    };
  }
}

/** Every failed mutation says so in one toast, unless its `meta` opts out (docs/conventions.md). */
function toastMutationError(error: Error, meta: Register['mutationMeta'] = {}): void {
  if (meta.errorToast === false) return;
  toast({
    title: meta.errorTitle ?? 'Something went wrong',
    description: meta.errorText ?? error.message,
    variant: 'destructive',
  });
}

/**
 * Always stale, unused cache kept five minutes, no retries (a download check retried silently
 * could double-count); a feature that retries says so in its own options.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => toastMutationError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 5 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: true,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The browser's client (the server renders each page with a fresh one). */
export const queryClient = createQueryClient();
