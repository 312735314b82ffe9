import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  closeUpgradeDialog,
  openUpgradeDialog,
  prepareUpgradeDialog,
} from '#client/components/ui/use-upgrade-dialog.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { checkLimitQueryKeyRoot } from '../api/check-limit.ts';
import { getLogoFile } from '../api/get-logo-file.ts';
import { invalidateDownloadQueries, trackDownload } from '../api/track-download.ts';
import { logoFileName } from '../zip-names.ts';
import { saveFile } from '../save-file.ts';
import {
  DOWNLOAD_MESSAGES,
  DownloadLimitErrorSchema,
  type CheckLimitResponse,
} from '#shared/downloads/downloads.schemas.ts';
import { FileTypeSchema, type FileType } from '#shared/search/search.schemas.ts';

export type DownloadableLogo = { title: string; url: string; fileType?: FileType | null };

/** Where the download starts: only 'Download Again' on the dashboard says it worked. */
export type DownloadContext = 'logo' | 'history';

/**
 * Turns the fetched original into the file to save and the type its history row records (raster
 * export). It runs before tracking, so a conversion that fails costs no download.
 */
export type ConvertDownload = (
  original: Blob,
) => Promise<{ blob: Blob; fileName: string; fileType: FileType }>;

export const DOWNLOAD_FAILED_MESSAGE = 'There was an error downloading the logo. Please try again.';

/**
 * What a failed download means, read by its code: a guest's limit (the session's, or the network's
 * day with Sign Up), a signed-in user's month (the upgrade dialog), or an ordinary failure.
 */
export function describeDownloadFailure(
  error: unknown,
  { isGuest = false }: { isGuest?: boolean } = {},
): { kind: 'guest-limit' | 'guest-address-limit' | 'limit' | 'failed'; message: string } {
  if (
    isApiError(error) &&
    (error.code === 'DOWNLOAD_LIMIT_REACHED' || error.code === 'GUEST_LIMIT_REACHED')
  ) {
    const body = DownloadLimitErrorSchema.safeParse(error.data);
    const message = body.success ? body.data.message.trim() : '';
    if (body.success && body.data.reason === 'address') {
      return { kind: 'guest-address-limit', message: message || DOWNLOAD_FAILED_MESSAGE };
    }
    if (isGuest || error.code === 'GUEST_LIMIT_REACHED') {
      return { kind: 'guest-limit', message: DOWNLOAD_MESSAGES.guestLimit };
    }
    return { kind: 'limit', message: message || DOWNLOAD_MESSAGES.monthlyLimit };
  }
  const message = error instanceof Error ? error.message.trim() : '';
  return { kind: 'failed', message: message || DOWNLOAD_FAILED_MESSAGE };
}

/** The type a file name's extension says ('jpeg' is recorded as 'jpg'). */
function fileTypeOfName(fileName: string): FileType | undefined {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  const parsed = FileTypeSchema.safeParse(extension === 'jpeg' ? 'jpg' : extension);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The original file as it is saved. From the history, the row's type may be that of an export
 * (PNG) while Download Again saves the original: the file's own extension decides there.
 */
export function originalOutput(blob: Blob, logo: DownloadableLogo, context: DownloadContext) {
  const fileName = logoFileName(logo);
  const fileType =
    (context === 'history' ? fileTypeOfName(fileName) : undefined) ?? logo.fileType ?? undefined;
  return { blob, fileName, fileType };
}

/** A guest's limit toasts: the session's (Create Account) or the network's day (Sign Up). */
const GUEST_LIMIT_TOASTS = {
  'guest-limit': {
    title: 'Download limit reached',
    action: { label: 'Create Account', altText: 'Create an account to get more downloads' },
    to: '/auth?redirect=/premium',
  },
  'guest-address-limit': {
    title: 'Daily guest limit reached',
    action: { label: 'Sign Up', altText: 'Sign up for a free account to keep downloading' },
    to: '/auth',
  },
} as const;

/** Whether the last allowance check (any logo) said the caller is a guest. */
function knownGuest(queryClient: QueryClient): boolean {
  return queryClient
    .getQueriesData<CheckLimitResponse>({ queryKey: checkLimitQueryKeyRoot })
    .some(([, data]) => data?.isGuest === true);
}

/**
 * The one place a download happens, so every Download button follows the same plan rules:
 *  1. fetch the file through our proxy — a file that cannot be fetched never costs a download;
 *  2. convert it, when given a conversion (export as PNG, WebP or JPG);
 *  3. track it — the server checks and counts atomically, and a refusal (403) saves nothing;
 *  4. save it. Then the allowance, history and user's count are refreshed, whatever happened.
 */
export function useLogoDownload(logo: DownloadableLogo, context: DownloadContext = 'logo') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const mutation = useMutation({
    // Each refusal has its own toast below.
    meta: { errorToast: false },
    onMutate: () => prepareUpgradeDialog(),
    mutationFn: async (convert: ConvertDownload | undefined) => {
      const original = await getLogoFile(logo.url, { download: true });
      const output = convert ? await convert(original) : originalOutput(original, logo, context);
      await trackDownload({ logoUrl: logo.url, logoTitle: logo.title, fileType: output.fileType });
      saveFile(output.blob, output.fileName);
      return output.fileType;
    },
    onSuccess: (fileType) => {
      if (context !== 'history') return;
      const type = fileType?.toUpperCase() || 'logo';
      toast({
        title: 'Download successful',
        description: `The ${type} has been downloaded successfully.`,
      });
    },
    onError: (error) => {
      const failure = describeDownloadFailure(error, { isGuest: knownGuest(queryClient) });
      switch (failure.kind) {
        case 'guest-limit':
        case 'guest-address-limit': {
          const { title, action, to } = GUEST_LIMIT_TOASTS[failure.kind];
          toast({
            variant: 'destructive',
            title,
            description: failure.message,
            action: { ...action, onClick: () => void navigate(to) },
          });
          return;
        }
        case 'limit':
          // The toast comes once the dialog is up, so its Upgrade stays clickable above the modal.
          openUpgradeDialog({
            reason: failure.message,
            afterOpen: () =>
              toast({
                variant: 'destructive',
                title: '⚠️ Download Limit Reached',
                description: failure.message,
                action: {
                  label: 'Upgrade',
                  altText: 'Upgrade to Premium for unlimited downloads',
                  onClick: () => {
                    closeUpgradeDialog();
                    void navigate('/premium');
                  },
                },
              }),
          });
          return;
        case 'failed':
          toast({
            variant: 'destructive',
            title: 'Download failed',
            description:
              context === 'history'
                ? 'There was an error downloading the file. Please try again.'
                : failure.message,
          });
          return;
      }
    },
    onSettled: () => invalidateDownloadQueries(queryClient),
  });

  return {
    download: (convert?: ConvertDownload) => {
      if (!mutation.isPending) mutation.mutate(convert);
    },
    isDownloading: mutation.isPending,
  };
}
