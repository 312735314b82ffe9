import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import type { AuditEntry } from '#shared/admin/admin.schemas.ts';
import { useAuditLog } from '../api/admin-api.ts';
import { auditActionLabel } from '../admin-format.ts';
import { formatDateTime } from '#client/lib/format-date.ts';
import { AdminList, ListStatus, Missing, type AdminColumn } from './admin-list.tsx';

const PAGE = 50;

/** The 'Audit Log' tab: what administrators did, newest first. */
export function AuditLog() {
  const log = useAuditLog();
  const [shown, setShown] = useState(PAGE);

  return (
    <SectionCard
      title="Audit Log"
      description="Every administrator action — grants, downgrades, deletions, codes and credential resets — newest first."
      action={null}
      contentClassName="grid gap-4"
    >
      {log.isPending || log.isError ? (
        <ListStatus query={log} what="the audit log" label="Loading the audit log…" />
      ) : log.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<ScrollText />}
          title="Nothing recorded yet"
          description="Administrator actions appear here as they happen."
        />
      ) : (
        <>
          <AuditList entries={log.data.slice(0, shown)} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              Showing {Math.min(shown, log.data.length)} of {log.data.length}
            </p>
            {shown < log.data.length && (
              <Button variant="outline" size="sm" onClick={() => setShown(shown + PAGE)}>
                Show more
              </Button>
            )}
          </div>
        </>
      )}
    </SectionCard>
  );
}

const optional = (value: string | null) => value ?? <Missing />;

const COLUMNS: AdminColumn<AuditEntry>[] = [
  {
    label: 'When',
    inTitle: true,
    className: 'whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
  },
  { label: 'Administrator', className: '[overflow-wrap:anywhere]', cell: (entry) => entry.actor },
  {
    label: 'Action',
    inTitle: true,
    className: 'font-medium',
    cell: (entry) => auditActionLabel(entry.action),
  },
  {
    label: 'Target',
    className: 'max-w-56 min-w-40 [overflow-wrap:anywhere]',
    cell: (entry) => optional(entry.target),
  },
  {
    label: 'Detail',
    className: 'max-w-80 [overflow-wrap:anywhere]',
    cell: (entry) => optional(entry.detail),
  },
];

function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <AdminList
      rows={entries}
      rowKey={(entry) => entry.id}
      caption="Administrator actions, newest first"
      label="Administrator actions"
      rowClassName="align-top"
      columns={COLUMNS}
      cardTitle={(entry) => (
        <>
          <span className="font-medium">{auditActionLabel(entry.action)}</span>
          <time dateTime={entry.createdAt} className="ml-auto text-xs text-muted-foreground">
            {formatDateTime(entry.createdAt)}
          </time>
        </>
      )}
    />
  );
}
