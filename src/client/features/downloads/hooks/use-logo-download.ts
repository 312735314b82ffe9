import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  closeUpgradeDialog,
  openUpgradeDialog,
  prepareUpgradeDialog,
} from '#client/components/ui/use-upgrade-dialog.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { checkLimitQueryKeyRoot } from '../api/check-limit.ts';
import { getLogoFile } from '../api/get-logo-file.ts';
import { invalidateDownloadQueries, trackDownload } from '../api/track-download.ts';
import { describeDownloadFailure } from '../download-outcome.ts';
import { logoFileName } from '../zip-names.ts';
import { saveFile } from '../save-file.ts';
import type { CheckLimitResponse } from '#shared/downloads/downloads.schemas.ts';
import { FileTypeSchema, type FileType } from '#shared/search/search.schemas.ts';

interface DownloadableLogo {
  title: string;
  url: string;
  fileType?: FileType | null;
}

/**
 * Where the download starts, for its messages: the card and the detail dialog stay quiet on
 * success (the allowance line updates), 'Download Again' on the dashboard says it worked
 *.
 */
type DownloadContext = 'logo' | 'history';

/** The file a download saves, and the type its history row records. */
type DownloadOutput = { blob: Blob; fileName: string; fileType: FileType };

/**
 * Turns the fetched original into the file to save (raster export: a PNG drawn from the SVG). It
 * runs before tracking, so a conversion that fails costs no download.
 */
export type ConvertDownload = (original: Blob) => Promise<DownloadOutput>;

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

/** Whether the last allowance check (any logo) said the caller is a guest. */
function knownGuest(queryClient: QueryClient): boolean {
  return queryClient
    .getQueriesData<CheckLimitResponse>({ queryKey: checkLimitQueryKeyRoot })
    .some(([, data]) => data?.isGuest === true);
}

/**
 * Downloading one logo: the single place where a download happens, so every Download button (card,
 * dialog, 'Download Again', raster export) follows the same plan rules. In this order:
 *  1. fetch the file through our proxy — a file that cannot be fetched never costs a download;
 *  2. convert it, when `download` is given a conversion (export as PNG, WebP or JPG);
 *  3. track it — the server checks and counts in one atomic step, and a refusal (403) saves nothing;
 *  4. save it.
 * Afterwards the allowance, the history and the user's count are refreshed, whatever happened.
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
      const tracked = await trackDownload({
        logoUrl: logo.url,
        logoTitle: logo.title,
        fileType: output.fileType,
      });
      saveFile(output.blob, output.fileName);
      return { tracked, fileType: output.fileType };
    },
    onSuccess: ({ fileType }) => {
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
          toast({
            variant: 'destructive',
            title: 'Download limit reached',
            description: failure.message,
            action: {
              label: 'Create Account',
              altText: 'Create an account to get more downloads',
              onClick: () => void navigate('/auth?redirect=/premium'),
            },
          });
          return;
        case 'guest-address-limit':
          toast({
            variant: 'destructive',
            title: 'Daily guest limit reached',
            description: failure.message,
            action: {
              label: 'Sign Up',
              altText: 'Sign up for a free account to keep downloading',
              onClick: () => void navigate('/auth'),
            },
          });
          return;
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
    /** Downloads the original file, or what `convert` makes of it. */
    download: (convert?: ConvertDownload) => {
      if (!mutation.isPending) mutation.mutate(convert);
    },
    isDownloading: mutation.isPending,
  };
}
