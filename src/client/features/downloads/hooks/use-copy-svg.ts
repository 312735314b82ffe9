import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#client/components/ui/use-toast.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { copySvg } from '../api/copy-svg.ts';
import { copyText } from '../clipboard.ts';
import { copiedToast, type CopyFormat, type SvgCodeFormat } from '../copy/copy-formats.ts';
import { DOWNLOAD_MESSAGES } from '#shared/downloads/downloads.schemas.ts';
import { formatAttribution } from '../attribution.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

const COPIED_LABEL_MS = 2000;

export type CopyState = 'idle' | 'copying' | 'copied';

/** The refusals by status: 401 for guests, 403 for free users (worded like the batch prompts). */
const PREMIUM_TOASTS: Partial<Record<number, { title: string; description: string }>> = {
  401: { title: '✨ Premium Feature', description: DOWNLOAD_MESSAGES.copyPremium },
  403: {
    title: 'Premium Subscription Required',
    description: `${DOWNLOAD_MESSAGES.copyPremium}. Please upgrade to use this feature.`,
  },
};

/** The SVG source, turned into `format` by the code generators (loaded with the first copy). */
async function svgCode(logo: Logo, format: SvgCodeFormat): Promise<string> {
  if (format === 'svg') return copySvg(logo.url);
  const [svg, { svgCopyText }] = await Promise.all([
    copySvg(logo.url),
    import('../copy/svg-code.ts'),
  ]);
  return svgCopyText(format, svg, logo);
}

/**
 * Copy SVG, the copy menu and Copy attribution, with the button's state ('Copied!' for two
 * seconds). Every format made from the SVG source is Premium (docs/product.md#copy-svg): the
 * copy-svg endpoint decides (401 guests, 403 free users). The credit line needs no request.
 */
export function useCopySvg(logo: Logo) {
  const [state, setState] = useState<CopyState>('idle');
  const navigate = useNavigate();
  const upgrade = {
    label: 'Upgrade',
    altText: 'Upgrade to Premium to copy SVG code',
    onClick: () => void navigate('/premium'),
  };

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_LABEL_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copyAs = async (copy: CopyFormat) => {
    if (state === 'copying') return;
    // Only SVG files (the url contains .svg) have a source to copy.
    if (copy.kind === 'code' && !logo.url.toLowerCase().includes('.svg')) {
      toast({
        variant: 'destructive',
        title: 'Copy Failed',
        description: DOWNLOAD_MESSAGES.onlySvg,
      });
      return;
    }
    setState('copying');
    try {
      // The clipboard write starts during the click, with the text still on its way (Safari).
      await copyText(
        copy.kind === 'code' ? svgCode(logo, copy.format) : formatAttribution(logo, copy.format),
      );
      setState('copied');
      toast(copiedToast(copy, logo));
    } catch (failure) {
      setState('idle');
      const premium = isApiError(failure) ? PREMIUM_TOASTS[failure.status] : undefined;
      if (premium) {
        toast({ ...premium, action: upgrade });
      } else {
        const what = copy.kind === 'code' ? 'the SVG code' : 'the attribution';
        toast({
          variant: 'destructive',
          title: 'Copy Failed',
          description: `There was an error copying ${what} to clipboard.`,
        });
      }
    }
  };

  return { copy: () => copyAs({ kind: 'code', format: 'svg' }), copyAs, state };
}
