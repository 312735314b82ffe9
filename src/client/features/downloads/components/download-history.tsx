import { UpgradeLink } from '#client/components/layout/upgrade-link.tsx';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, History, Lock, RotateCcw } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { useDownloadHistory } from '../api/get-download-history.ts';
import { longDate, parseDate } from '#client/lib/format-date.ts';
import { plural } from '../hooks/batch-messages.ts';
import { HISTORY_PAGE_SIZE, pageNumbers, paginate, showingText } from '../pagination.ts';
import type { DownloadHistoryItem } from '#shared/downloads/downloads.schemas.ts';
import { DownloadButton } from './logo-file-actions.tsx';

const PLACEHOLDER_LOGO = '/placeholder-logo.png';

function subtitle(count: number): string {
  return count === 0
    ? "You haven't downloaded any logos yet"
    : `Your ${plural(count, 'most recent download', 'most recent downloads')}`;
}

/**
 * The dashboard's 'Download History' card, a Premium feature (docs/product.md#download-history):
 * free users see how many downloads are on record; the server records them all meanwhile.
 */
export function DownloadHistory({ premium }: { premium: boolean }) {
  const history = useDownloadHistory();

  if (history.isPending) return <HistoryCard description="Loading your downloads…" loading />;
  if (history.isError) {
    const status = isApiError(history.error) ? history.error.status : 0;
    return (
      <HistoryCard description="Your downloads could not be loaded.">
        <Notice role="alert" icon={<History aria-hidden />}>
          <p>{status ? `Failed to fetch downloads: ${status}` : history.error.message}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={() => void history.refetch()}
          >
            <RotateCcw aria-hidden />
            Try again
          </Button>
        </Notice>
      </HistoryCard>
    );
  }

  const items = history.data;
  return (
    <HistoryCard description={subtitle(items.length)}>
      {premium && items.length > 0 ? (
        <PaginatedHistory items={items} />
      ) : premium ? (
        <EmptyState
          headingLevel={3}
          icon={<History />}
          title="No download history found"
          description="Logos you download appear here, so you can find them and download them again."
        >
          <Button asChild variant="outline">
            <Link to="/">Browse Logos</Link>
          </Button>
        </EmptyState>
      ) : (
        <EmptyState
          headingLevel={3}
          icon={<Lock />}
          title="Download history is a Premium feature"
          description={
            <>
              {items.length > 0 &&
                `You have ${plural(items.length, 'download', 'downloads')} on record. `}
              Upgrade to Premium to see every logo you download and download it again in one click.
            </>
          }
        >
          <UpgradeLink />
        </EmptyState>
      )}
    </HistoryCard>
  );
}

function HistoryCard({
  description,
  loading = false,
  children,
}: {
  description: string;
  loading?: boolean;
  children?: ReactNode;
}) {
  return (
    <SectionCard
      title="Download History"
      description={description}
      aria-busy={loading || undefined}
    >
      {loading ? (
        <div className="grid gap-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-16" />
          ))}
        </div>
      ) : (
        children
      )}
    </SectionCard>
  );
}

function PaginatedHistory({ items }: { items: DownloadHistoryItem[] }) {
  const [requestedPage, setPage] = useState(1);
  const listId = useId();
  const page = paginate(items, requestedPage, HISTORY_PAGE_SIZE);
  // Previous (-1) or Next (+1): aria-disabled at either end, so it stays in the tab order.
  const step = (by: -1 | 1) => {
    const to = page.page + by;
    const disabled = to < 1 || to > page.pageCount;
    return (
      <li>
        <Button
          variant="ghost"
          size="sm"
          aria-controls={listId}
          aria-disabled={disabled || undefined}
          onClick={() => !disabled && setPage(to)}
        >
          {by < 0 ? <ChevronLeft aria-hidden /> : null}
          {by < 0 ? 'Previous' : 'Next'}
          {by > 0 ? <ChevronRight aria-hidden /> : null}
        </Button>
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <ul id={listId} aria-label="Downloaded logos" className="divide-y rounded-xl border">
        {page.items.map((item) => (
          <HistoryRow key={item.id} item={item} />
        ))}
      </ul>
      <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {showingText(page)}
        </p>
        {page.pageCount > 1 && (
          <nav aria-label="Download history pages">
            <ul className="flex flex-wrap items-center gap-1">
              {step(-1)}
              {pageNumbers(page.page, page.pageCount).map((entry, index) =>
                entry === 'gap' ? (
                  <li key={`gap-${index}`} aria-hidden className="px-1 text-muted-foreground">
                    …
                  </li>
                ) : (
                  <li key={entry}>
                    <Button
                      variant={entry === page.page ? 'outline' : 'ghost'}
                      size="icon-sm"
                      aria-controls={listId}
                      aria-current={entry === page.page ? 'page' : undefined}
                      aria-label={`Page ${entry}`}
                      onClick={() => setPage(entry)}
                    >
                      {entry}
                    </Button>
                  </li>
                ),
              )}
              {step(1)}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}

function HistoryRow({ item }: { item: DownloadHistoryItem }) {
  const date = parseDate(item.downloadDate);

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 p-3 sm:flex-nowrap sm:px-4">
      <HistoryImage url={item.logoUrl} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate text-sm font-medium" title={item.logoTitle}>
          {item.logoTitle}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {date ? <time dateTime={item.downloadDate}>{longDate(date)}</time> : 'Unknown date'}
          {item.fileType && (
            <Badge variant="outline" className="font-mono">
              <span className="sr-only">File type: </span>
              {item.fileType.toUpperCase()}
            </Badge>
          )}
        </p>
      </div>
      <DownloadButton
        logo={{ title: item.logoTitle, url: item.logoUrl, fileType: item.fileType }}
        context="history"
        label="Download Again"
        variant="outline"
        className="w-full sm:w-auto"
      />
    </li>
  );
}

/** The logo itself; a file that fails to load (removed from Commons, offline) shows the placeholder. */
function HistoryImage({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-white p-1.5 dark:bg-zinc-100">
      <img
        src={failed ? PLACEHOLDER_LOGO : url}
        alt=""
        loading="lazy"
        decoding="async"
        className={cn('max-h-full max-w-full object-contain', failed && 'opacity-80')}
        onError={() => setFailed(true)}
      />
    </span>
  );
}
