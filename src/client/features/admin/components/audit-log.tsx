import { ScrollText } from 'lucide-react';
import type { AuditEntry } from '#shared/admin/admin.schemas.ts';
import { useAuditLog } from '../api/admin-api.ts';
import { auditActionLabel } from '../admin-format.ts';
import { formatDateTime } from '#client/lib/format-date.ts';
import { AdminList, LatestEntriesCard, Missing, type AdminColumn } from './admin-list.tsx';

/** The 'Audit Log' tab: what administrators did, newest first. */
export function AuditLog() {
  const log = useAuditLog();
  return (
    <LatestEntriesCard
      title="Audit Log"
      description="Every administrator action — grants, downgrades, deletions, codes and credential resets — newest first."
      query={log}
      what="the audit log"
      loadingLabel="Loading the audit log…"
      empty={{
        icon: <ScrollText />,
        title: 'Nothing recorded yet',
        description: 'Administrator actions appear here as they happen.',
      }}
    >
      {(entries) => <AuditList entries={entries} />}
    </LatestEntriesCard>
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
