import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

type AdminTableColumn = { label: string; align?: 'right' };

/**
 * The frame every admin list shares on wide screens: a bordered, horizontally scrollable table
 * with a caption for screen readers and a header row; the rows are the caller's.
 */
export function AdminTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: string;
  columns: AdminTableColumn[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('overflow-x-auto rounded-xl border', className)}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs font-medium text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('px-4 py-3', column.align === 'right' && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}
