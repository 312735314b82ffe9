import { toast } from '#client/components/ui/use-toast.ts';
import { getLogoSvgSource } from '../api/get-logo-file.ts';
import { copyText } from '../clipboard.ts';
import { useCopyState } from './use-copy-state.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/** Whether a logo's source can be copied: only SVG files (spec 000 §5: the url contains .svg). */
export function isCopyableSvg(logo: Pick<Logo, 'url'>): boolean {
  return logo.url.toLowerCase().includes('.svg');
}

/**
 * Copy SVG: the one place where a logo's SVG source goes to the clipboard, so the premium rule
 * for direct SVG copy can be added here.
 */
export function useCopySvg(logo: Pick<Logo, 'url'>) {
  const { state, run } = useCopyState();

  const copy = async () => {
    if (state === 'copying') return;
    if (!isCopyableSvg(logo)) {
      toast({
        variant: 'destructive',
        title: 'Copy Failed',
        description: 'Only SVG files can be copied to clipboard.',
      });
      return;
    }
    const copied = await run(() => copyText(getLogoSvgSource(logo.url)));
    toast(
      copied
        ? {
            title: 'SVG Copied',
            description:
              'The SVG code has been copied to your clipboard for use in vector programs.',
          }
        : {
            variant: 'destructive',
            title: 'Copy Failed',
            description: 'There was an error copying the SVG code to clipboard.',
          },
    );
  };

  return { copy, state };
}
