import { cn } from '#client/lib/cn.ts';
import { previewSurface, type PreviewBackground } from '../preview-background.ts';

// Each logo has its own brand colour: a spectrum stands for 'the logo's colour'.
const BRAND_SPECTRUM = {
  backgroundImage:
    'conic-gradient(from 45deg, #ea4335, #fbbc05, #34a853, #4285f4, #a142f4, #ea4335)',
};

/** A small square painted like a preview background, for the controls that choose one. */
export function BackgroundSwatch({ background }: { background: PreviewBackground }) {
  const brand = background === 'brand';
  const surface = previewSurface(background, null);
  return (
    <span
      aria-hidden
      className={cn(
        'inline-block size-4 shrink-0 rounded-[5px] border border-zinc-400',
        !brand && surface.className,
      )}
      style={
        brand ? BRAND_SPECTRUM : surface.style && { ...surface.style, backgroundSize: '8px 8px' }
      }
    />
  );
}
