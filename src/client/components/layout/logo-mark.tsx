import { useId, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '#client/lib/cn.ts';

/** The WikiLogos mark (also public/favicon.svg): a "W" on an indigo tile. Decorative by default. */
export function LogoMark({ className, ...props }: ComponentProps<'svg'>) {
  // Each instance needs its own gradient id: the mark appears in the header and the footer.
  const gradientId = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden
      focusable="false"
      className={cn('size-8 shrink-0', className)}
      {...props}
    >
      <defs>
        <linearGradient
          id={gradientId}
          x1="0"
          y1="0"
          x2="32"
          y2="32"
          gradientUnits="userSpaceOnUse"
        >
          <stop offset="0" stopColor="#818cf8" />
          <stop offset="0.55" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#3730a3" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <rect
        x="0.5"
        y="0.5"
        width="31"
        height="31"
        rx="7.5"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.18"
      />
      <path
        d="M7.5 10.5 11.6 22l4.4-9.2 4.4 9.2 4.1-11.5"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The mark and name, linking home: the header's and the footer's first link. */
export function HomeLink({ className }: { className: string }) {
  return (
    <Link
      to="/"
      className={cn(
        '-mx-1 items-center gap-2.5 rounded-lg px-1 py-1 font-semibold tracking-tight',
        className,
      )}
    >
      <LogoMark className="size-7" />
      WikiLogos
    </Link>
  );
}
