import { useNavigate } from 'react-router';
import { toast } from '#client/components/ui/use-toast.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { copySvg } from '../api/copy-svg.ts';
import { copyText } from '../clipboard.ts';
import { copiedToast, type CopyFormat, type SvgCodeFormat } from '../copy/copy-formats.ts';
import { useCopyState } from './use-copy-state.ts';
import { DOWNLOAD_MESSAGES } from '#shared/downloads/downloads.schemas.ts';
import { formatAttribution } from '../attribution.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/** Whether a logo's source can be copied: only SVG files (the url contains .svg). */
function isCopyableSvg(logo: Pick<Logo, 'url'>): boolean {
  return logo.url.toLowerCase().includes('.svg');
}

/** The 403 text for signed-in free users, worded like the batch and consolidate prompts. */
const COPY_PREMIUM_REQUIRED_MESSAGE = `${DOWNLOAD_MESSAGES.copyPremium}. Please upgrade to use this feature.`;

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
 * Copy SVG and the copy menu. Every format made from the SVG source is Premium
 * (docs/product.md#copy-svg), so the server's copy-svg endpoint decides (401 guests, 403 free
 * users) and the buttons only reflect it. The credit line is for everyone and needs no request.
 */
export function useCopySvg(logo: Logo) {
  const { state, run } = useCopyState();
  const navigate = useNavigate();
  const upgrade = {
    label: 'Upgrade',
    altText: 'Upgrade to Premium to copy SVG code',
    onClick: () => void navigate('/premium'),
  };

  const copyAs = async (copy: CopyFormat) => {
    if (state === 'copying') return;
    if (copy.kind === 'code' && !isCopyableSvg(logo)) {
      toast({
        variant: 'destructive',
        title: 'Copy Failed',
        description: DOWNLOAD_MESSAGES.onlySvg,
      });
      return;
    }
    let failure: unknown = null;
    // The clipboard write starts during the click, with the text still on its way (Safari).
    const copied = await run(async () => {
      try {
        await copyText(
          copy.kind === 'code' ? svgCode(logo, copy.format) : formatAttribution(logo, copy.format),
        );
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    if (copied) {
      toast(copiedToast(copy, logo));
    } else if (isApiError(failure) && failure.status === 401) {
      toast({
        title: '✨ Premium Feature',
        description: DOWNLOAD_MESSAGES.copyPremium,
        action: upgrade,
      });
    } else if (isApiError(failure) && failure.status === 403) {
      toast({
        title: 'Premium Subscription Required',
        description: COPY_PREMIUM_REQUIRED_MESSAGE,
        action: upgrade,
      });
    } else {
      toast({
        variant: 'destructive',
        title: 'Copy Failed',
        description:
          copy.kind === 'code'
            ? 'There was an error copying the SVG code to clipboard.'
            : 'There was an error copying the attribution to clipboard.',
      });
    }
  };

  return { copy: () => copyAs({ kind: 'code', format: 'svg' }), copyAs, state };
}
