import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import type { AuditEntry } from '#shared/admin/admin.schemas.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { auditActionLabel, fetchFailedMessage, formatDateTime } from '../admin-format.ts';
import { ListError, ListSkeleton } from './list-states.tsx';
import { AdminTable } from './admin-table.tsx';

const PAGE = 50;

/** The 'Audit Log' tab: what administrators did, newest first. */
export function AuditLog() {
  const log = useAuditLog();
  const [shown, setShown] = useState(PAGE);

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Audit Log</CardTitle>
        <CardDescription>
          Every administrator action — grants, downgrades, deletions, codes and credential resets —
          newest first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {log.isPending ? (
          <ListSkeleton label="Loading the audit log…" />
        ) : log.isError ? (
          <ListError
            message={fetchFailedMessage('the audit log', log.error)}
            onRetry={() => void log.refetch()}
          />
        ) : log.data.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<ScrollText />}
            title="Nothing recorded yet"
            description="Administrator actions appear here as they happen."
          />
        ) : (
          <>
            <AuditTable entries={log.data.slice(0, shown)} />
            <AuditCards entries={log.data.slice(0, shown)} />
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
      </CardContent>
    </Card>
  );
}

function Optional({ value }: { value: string | null }) {
  return value ? (
    <span className="[overflow-wrap:anywhere]">{value}</span>
  ) : (
    <>
      <span aria-hidden className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">None</span>
    </>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <AdminTable
      caption="Administrator actions, newest first"
      className="hidden lg:block"
      columns={[
        { label: 'When' },
        { label: 'Administrator' },
        { label: 'Action' },
        { label: 'Target' },
        { label: 'Detail' },
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.id} className="align-top">
          <td className="px-4 py-3 whitespace-nowrap">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </td>
          <td className="px-4 py-3 [overflow-wrap:anywhere]">{entry.actor}</td>
          <td className="px-4 py-3 font-medium">{auditActionLabel(entry.action)}</td>
          <td className="max-w-56 min-w-40 px-4 py-3 [overflow-wrap:anywhere]">
            <Optional value={entry.target} />
          </td>
          <td className="max-w-80 px-4 py-3">
            <Optional value={entry.detail} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function AuditCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul aria-label="Administrator actions" className="grid gap-3 lg:hidden">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-2 rounded-xl border p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-medium">{auditActionLabel(entry.action)}</span>
            <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
              {formatDateTime(entry.createdAt)}
            </time>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">Administrator</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{entry.actor}</dd>
            <dt className="text-muted-foreground">Target</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              <Optional value={entry.target} />
            </dd>
            <dt className="text-muted-foreground">Detail</dt>
            <dd className="min-w-0">
              <Optional value={entry.detail} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
