import type { ReactNode } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import type { LogoPeriod } from '#shared/brands/brands.schemas.ts';

/** '1987' from '1987', '2012-08' or '2012-08-23': the timeline shows years. */
const yearOf = (date: string) => date.slice(0, 4).replace(/^0+/, '');

function When({ date }: { date: string }) {
  return <time dateTime={date}>{yearOf(date)}</time>;
}

/** 'Since 2012', '1987 – 2012', 'From 2014', 'Until 1962', or 'Dates not known'. */
export function PeriodText({ period }: { period: LogoPeriod }) {
  const { start, end, current } = period;
  if (start && end)
    return (
      <>
        <When date={start} /> – <When date={end} />
      </>
    );
  if (start)
    return current ? (
      <>
        Since <When date={start} />
      </>
    ) : (
      <>
        From <When date={start} />
      </>
    );
  if (end)
    return (
      <>
        Until <When date={end} />
      </>
    );
  return <>Dates not known</>;
}

/**
 * The official logos over time, newest first, as an ordered list: each entry's years, whether it is
 * the current logo, and the logo's card (which the page renders, with its actions).
 */
export function LogoTimeline({
  periods,
  label,
  renderLogo,
}: {
  periods: readonly LogoPeriod[];
  /** Names the list for screen readers. */
  label: string;
  renderLogo: (period: LogoPeriod) => ReactNode;
}) {
  return (
    <ol
      aria-label={label}
      className="relative flex flex-col gap-8 border-l-2 border-border pl-6 sm:pl-8"
    >
      {periods.map((period) => (
        <li key={period.logo.url} className="relative">
          {/* The dot on the line: filled for the current logo. */}
          <span
            aria-hidden
            className={
              period.current
                ? 'absolute top-1 -left-[calc(1.5rem+7px)] size-3 rounded-full bg-primary ring-4 ring-background sm:-left-[calc(2rem+7px)]'
                : 'absolute top-1 -left-[calc(1.5rem+7px)] size-3 rounded-full border-2 border-muted-foreground bg-background ring-4 ring-background sm:-left-[calc(2rem+7px)]'
            }
          />
          <p className="mb-3 flex flex-wrap items-center gap-2 text-lg font-semibold tracking-tight">
            <span>
              <PeriodText period={period} />
            </span>
            {period.current && <Badge variant="accent">Current logo</Badge>}
          </p>
          <div className="max-w-md">{renderLogo(period)}</div>
        </li>
      ))}
    </ol>
  );
}
