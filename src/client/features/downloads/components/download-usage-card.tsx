import { UpgradeLink } from '#client/components/layout/upgrade-link.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { useCheckLimit } from '../api/check-limit.ts';
import { longDate, parseDate } from '#client/lib/format-date.ts';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';

/**
 * The dashboard's 'Download Usage' card. Numbers come from the allowance check (as in the dialog,
 * so the period's reset applies); until it answers, the user record's count stands in.
 */
export function DownloadUsageCard({
  premium,
  fallbackCount,
}: {
  premium: boolean;
  fallbackCount: number;
}) {
  const { data } = useCheckLimit();
  const unlimited = data?.isSubscribed ?? premium;
  const limit = data?.limit ?? FREE_DOWNLOADS_PER_MONTH;
  const used = data?.downloadCount ?? fallbackCount;
  const remaining = data?.remaining ?? Math.max(0, limit - used);
  const percent = Math.min(100, (used / limit) * 100);
  const resets = parseDate(data?.periodEndsAt);

  return (
    <SectionCard
      title="Download Usage"
      description={
        unlimited
          ? 'Premium downloads are unlimited. Each logo you download counts once per period, a month from your first download.'
          : `Free accounts get ${FREE_DOWNLOADS_PER_MONTH} downloads a month.`
      }
      contentClassName="grid gap-4"
    >
      <p className="text-3xl font-semibold tracking-tight tabular-nums">
        {used}
        <span className="text-lg font-normal text-muted-foreground">
          {unlimited ? ` download${used === 1 ? '' : 's'} this period` : `/${limit}`}
        </span>
      </p>
      {!unlimited && (
        <div
          role="progressbar"
          aria-label="Downloads used"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          aria-valuetext={`${used} of ${limit}`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Downloads remaining</dt>
          <dd className="font-medium tabular-nums">{unlimited ? 'Unlimited' : remaining}</dd>
        </div>
        {resets && (
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">
              {unlimited ? 'Count starts again on' : 'Resets on'}
            </dt>
            <dd className="font-medium">
              <time dateTime={data?.periodEndsAt ?? undefined}>{longDate(resets)}</time>
            </dd>
          </div>
        )}
      </dl>
      {!unlimited && <UpgradeLink className="justify-self-start" />}
    </SectionCard>
  );
}
