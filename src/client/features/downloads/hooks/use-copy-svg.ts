import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '#client/components/ui/use-toast.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { checkLimitQueryOptions } from '../api/check-limit.ts';
import { copySvg } from '../api/copy-svg.ts';
import { getLogoFile } from '../api/get-logo-file.ts';
import { copyImage, copyText } from '../clipboard.ts';
import { rasterToPng } from '../raster/render-image.ts';
import {
  copiedToast,
  isSvgFile,
  type CopyFormat,
  type RasterCopyFormat,
  type SvgCodeFormat,
} from '../copy/copy-formats.ts';
import { DOWNLOAD_MESSAGES } from '#shared/downloads/downloads.schemas.ts';
import { formatAttribution } from '../attribution.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

const COPIED_LABEL_MS = 2000;

export type CopyState = 'idle' | 'copying' | 'copied';

type Refused = 'guest' | 'free';

/** A raster copy asked for by someone without Premium (the SVG copies hear it from the server). */
class PremiumRequired extends Error {
  override name = 'PremiumRequired';
  readonly who: Refused;
  constructor(who: Refused) {
    super('Copying logos is a premium feature.');
    this.who = who;
  }
}

const IMAGE_COPY_PREMIUM = 'Direct image copying is a premium feature';

/** The refusals to guests and free users, worded like the batch prompts, for code or a picture. */
function premiumToast(who: Refused, what: 'svg' | 'image') {
  const feature = what === 'svg' ? DOWNLOAD_MESSAGES.copyPremium : IMAGE_COPY_PREMIUM;
  return who === 'guest'
    ? { title: '✨ Premium Feature', description: feature }
    : {
        title: 'Premium Subscription Required',
        description: `${feature}. Please upgrade to use this feature.`,
      };
}

/** Who was refused: by the copy-svg endpoint (401 guests, 403 free users) or the raster check. */
function refusedBy(failure: unknown): Refused | null {
  if (failure instanceof PremiumRequired) return failure.who;
  if (isApiError(failure) && failure.status === 401) return 'guest';
  if (isApiError(failure) && failure.status === 403) return 'free';
  return null;
}

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
 * A raster logo's file, for Premium only: the plan comes from the allowance check (fresh, so a
 * subscription that just started or ended counts), the file through our proxy. Not a download.
 */
async function premiumRasterFile(queryClient: QueryClient, logo: Logo): Promise<Blob> {
  const limit = await queryClient.fetchQuery(checkLimitQueryOptions());
  if (!limit.isSubscribed) throw new PremiumRequired(limit.isGuest ? 'guest' : 'free');
  return getLogoFile(logo.url);
}

function dataUri(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Copies a raster logo as a PNG picture or as a data URI of its own file. */
async function copyRaster(queryClient: QueryClient, logo: Logo, format: RasterCopyFormat) {
  const file = premiumRasterFile(queryClient, logo);
  return format === 'data-uri' ? copyText(file.then(dataUri)) : copyImage(file.then(rasterToPng));
}

/**
 * Copy SVG (or, for a raster logo, Copy image), the copy menu and Copy attribution, with the
 * button's state ('Copied!' for two seconds). Every copy of the logo itself is Premium
 * (docs/product.md#copy-svg): the copy-svg endpoint decides for SVG code (401 guests, 403 free
 * users), the allowance check for raster pictures. The credit line needs no request.
 */
export function useCopySvg(logo: Logo) {
  const [state, setState] = useState<CopyState>('idle');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const svg = isSvgFile(logo);
  const upgrade = {
    label: 'Upgrade',
    altText: `Upgrade to Premium to copy ${svg ? 'SVG code' : 'logo images'}`,
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
    if (copy.kind === 'code' && !svg) {
      toast({
        variant: 'destructive',
        title: 'Copy Failed',
        description: DOWNLOAD_MESSAGES.onlySvg,
      });
      return;
    }
    setState('copying');
    try {
      // The clipboard write starts during the click, with the content still on its way (Safari).
      if (copy.kind === 'raster') await copyRaster(queryClient, logo, copy.format);
      else if (copy.kind === 'code') await copyText(svgCode(logo, copy.format));
      else await copyText(formatAttribution(logo, copy.format));
      setState('copied');
      toast(copiedToast(copy, logo));
    } catch (failure) {
      setState('idle');
      const refused = copy.kind === 'attribution' ? null : refusedBy(failure);
      if (refused) {
        toast({ ...premiumToast(refused, svg ? 'svg' : 'image'), action: upgrade });
      } else {
        const what = { code: 'the SVG code', raster: 'the image', attribution: 'the attribution' };
        toast({
          variant: 'destructive',
          title: 'Copy Failed',
          description: `There was an error copying ${what[copy.kind]} to clipboard.`,
        });
      }
    }
  };

  /** The card's main copy: the SVG code, or a raster logo's picture. */
  const copy = () =>
    copyAs(svg ? { kind: 'code', format: 'svg' } : { kind: 'raster', format: 'image' });

  return { copy, copyAs, state, svg };
}
