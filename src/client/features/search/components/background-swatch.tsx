import { cn } from '#client/lib/cn.ts';
import { previewSurface, type PreviewBackground } from '../preview-background.ts';

/** A small square painted like a preview background, for the controls that choose one. */
export function BackgroundSwatch({
  background,
  className,
}: {
  background: PreviewBackground;
  className?: string;
}) {
  if (background === 'brand') {
    // Each logo has its own brand colour: a spectrum stands for 'the logo's colour'.
    return (
      <span
        aria-hidden
        className={cn(
          'inline-block size-4 shrink-0 rounded-[5px] border border-zinc-400',
          className,
        )}
        style={{
          backgroundImage:
            'conic-gradient(from 45deg, #ea4335, #fbbc05, #34a853, #4285f4, #a142f4, #ea4335)',
        }}
      />
    );
  }
  const surface = previewSurface(background, null);
  return (
    <span
      aria-hidden
      className={cn(
        'inline-block size-4 shrink-0 rounded-[5px] border border-zinc-400',
        surface.className,
        className,
      )}
      style={surface.style && { ...surface.style, backgroundSize: '8px 8px' }}
    />
  );
}
