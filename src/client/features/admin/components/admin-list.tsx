import { Fragment, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { cn } from '#client/lib/cn.ts';
import { fetchFailedMessage } from '../admin-format.ts';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';

/** What a confirmation asks about, kept while the dialog closes so its text does not change. */
export function useConfirmation<T>() {
  const [state, setState] = useState<{ target: T; open: boolean } | null>(null);
  const close = () => setState((current) => current && { ...current, open: false });
  return {
    target: state?.target,
    ask: (target: T) => setState({ target, open: true }),
    close,
    /** The ConfirmDialog's `open` and `onOpenChange`. */
    dialog: { open: state?.open ?? false, onOpenChange: (open: boolean) => !open && close() },
  };
}

/** A ghost button that removes something. */
export const DESTRUCTIVE_GHOST =
  'text-red-700 hover:text-red-800 dark:text-red-300 dark:hover:text-red-200';

export interface AdminColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Classes of the table cell beyond its padding. */
  className?: string;
  align?: 'right';
  /** The row's header cell (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Left out of the phone card, whose title shows it already. */
  inTitle?: boolean;
}

/** Every admin list: a table on wide screens and, with `cardTitle`, cards on phones instead. */
export function AdminList<T>({
  rows,
  rowKey,
  caption,
  label,
  columns,
  cardTitle,
  actions,
  rowClassName,
}: {
  rows: T[];
  rowKey: (row: T) => string | number;
  caption: string;
  /** The card list's name. */
  label?: string;
  columns: AdminColumn<T>[];
  cardTitle?: (row: T) => ReactNode;
  actions?: (row: T) => ReactNode;
  rowClassName?: string;
}) {
  const headers = actions ? [...columns, { label: 'Actions', align: 'right' as const }] : columns;
  return (
    <>
      <div className={cn('overflow-x-auto rounded-xl border', cardTitle && 'hidden lg:block')}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-xs font-medium text-muted-foreground">
            <tr>
              {headers.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={cn('px-3 py-3', column.align === 'right' && 'text-right')}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName}>
                {columns.map(({ label, cell, className, align, rowHeader }) => {
                  const Cell = rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={label}
                      scope={rowHeader ? 'row' : undefined}
                      className={cn('px-3 py-3', align === 'right' && 'text-right', className)}
                    >
                      {cell(row)}
                    </Cell>
                  );
                })}
                {actions && <td className="w-px px-3 py-3">{actions(row)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cardTitle && (
        <ul aria-label={label} className="grid gap-3 lg:hidden">
          {rows.map((row) => (
            <li key={rowKey(row)} className="grid gap-3 rounded-xl border p-4">
              <div className="flex flex-wrap items-center gap-2">{cardTitle(row)}</div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {columns
                  .filter((column) => !column.inTitle)
                  .map(({ label, cell }) => (
                    <Fragment key={label}>
                      <dt className="text-muted-foreground">{label}</dt>
                      <dd className="min-w-0 [overflow-wrap:anywhere]">{cell(row)}</dd>
                    </Fragment>
                  ))}
              </dl>
              {actions?.(row)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** An empty value: a dash on screen, `spoken` for screen readers. */
export function Missing({ spoken = 'None' }: { spoken?: string }) {
  return (
    <>
      <span aria-hidden className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}

/** A list still loading (skeleton rows) or that could not be loaded (the message and a retry). */
export function ListStatus({
  query,
  what,
  label,
  rows = 4,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  what: Parameters<typeof fetchFailedMessage>[0];
  label: string;
  rows?: number;
}) {
  if (!query.isPending && query.error) {
    return (
      <Notice role="alert" variant="warning" icon={<TriangleAlert aria-hidden />}>
        <p>{fetchFailedMessage(what, query.error)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          <RotateCcw aria-hidden />
          Try again
        </Button>
      </Notice>
    );
  }
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-14" />
      ))}
    </div>
  );
}

const SHOWN_AT_A_TIME = 50;

/**
 * An admin tab that lists the latest entries the server sends (the audit log, support requests):
 * loading and failure, an empty state, then 50 at a time with 'Show more'. `above` goes over the
 * list once there are entries; `children` draws the entries shown.
 */
export function LatestEntriesCard<T>({
  title,
  description,
  query,
  what,
  loadingLabel,
  empty,
  above,
  children,
}: {
  title: string;
  description: string;
  query: UseQueryResult<T[]>;
  what: Parameters<typeof fetchFailedMessage>[0];
  loadingLabel: string;
  empty: { icon: ReactNode; title: string; description: string };
  above?: ReactNode;
  children: (shown: T[]) => ReactNode;
}) {
  const [shown, setShown] = useState(SHOWN_AT_A_TIME);
  return (
    <SectionCard
      title={title}
      description={description}
      action={null}
      contentClassName="grid gap-4"
    >
      {query.isPending || query.isError ? (
        <ListStatus query={query} what={what} label={loadingLabel} />
      ) : query.data.length === 0 ? (
        <EmptyState headingLevel={3} {...empty} />
      ) : (
        <>
          {above}
          {children(query.data.slice(0, shown))}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              Showing {Math.min(shown, query.data.length)} of {query.data.length}
            </p>
            {shown < query.data.length && (
              <Button variant="outline" size="sm" onClick={() => setShown(shown + SHOWN_AT_A_TIME)}>
                Show more
              </Button>
            )}
          </div>
        </>
      )}
    </SectionCard>
  );
}
