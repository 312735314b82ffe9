import { useMutation } from '@tanstack/react-query';
import { toast } from '#client/components/ui/use-toast.ts';
import { getLogoFile } from '../api/get-logo-file.ts';
import { logoFileName } from '../file-name.ts';
import { saveFile } from '../save-file.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/**
 * Downloading one logo: the single place where a download happens, so the plan rules (guest and
 * monthly limits, tracking, premium prompts) can be added here and apply to every Download button.
 */
export function useLogoDownload(logo: Pick<Logo, 'title' | 'url'>) {
  const mutation = useMutation({
    mutationFn: async () => {
      const blob = await getLogoFile(logo.url, { download: true });
      saveFile(blob, logoFileName(logo));
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Download failed',
        description: error.message || 'There was an error downloading the logo. Please try again.',
      });
    },
  });
  return {
    download: () => {
      if (!mutation.isPending) mutation.mutate();
    },
    isDownloading: mutation.isPending,
  };
}
