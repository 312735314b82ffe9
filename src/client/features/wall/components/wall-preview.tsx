import type { Logo } from '#shared/search/search.schemas.ts';
import { cn } from '#client/lib/cn.ts';
import {
  WALL_FILTER_ID,
  backgroundFill,
  colourFilterMarkup,
  type Box,
  type WallLayout,
  type WallSettings,
} from '../wall-layout.ts';
import { wallImageUrl } from './wall-thumb.tsx';

/**
 * The wall as it will be saved: the same boxes, background and colour filter as the exported SVG,
 * drawn from the logos' own files.
 */
export function WallPreview({
  layout,
  placed,
  settings,
  className,
}: {
  layout: WallLayout;
  placed: readonly { logo: Logo; box: Box }[];
  settings: WallSettings;
  className?: string;
}) {
  const fill = backgroundFill(settings.background);
  const filter = colourFilterMarkup(settings.colour);
  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border',
        // A transparent wall shows on the checkerboard, as transparency is shown elsewhere.
        fill === null &&
          'bg-[length:16px_16px] bg-[linear-gradient(45deg,#e4e4e7_25%,transparent_25%,transparent_75%,#e4e4e7_75%),linear-gradient(45deg,#e4e4e7_25%,#fff_25%,#fff_75%,#e4e4e7_75%)] bg-[position:0_0,8px_8px]',
        className,
      )}
    >
      <svg
        role="img"
        aria-label={`Preview of the wall: ${placed.length} ${placed.length === 1 ? 'logo' : 'logos'}`}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        className="block h-auto w-full"
      >
        {/* Our own markup (a colour from the settings), the same the exported file carries. */}
        {filter && <defs dangerouslySetInnerHTML={{ __html: filter }} />}
        {fill && <rect width={layout.width} height={layout.height} fill={fill} />}
        {placed.map(({ logo, box }) => (
          <image
            key={logo.url}
            href={wallImageUrl(logo)}
            x={box.x}
            y={box.y}
            width={box.width}
            height={box.height}
            preserveAspectRatio="xMidYMid meet"
            filter={filter ? `url(#${WALL_FILTER_ID})` : undefined}
          >
            <title>{logo.title}</title>
          </image>
        ))}
      </svg>
    </div>
  );
}
