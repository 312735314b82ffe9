import { Archive, DatabaseBackup, Info } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import type { Backup } from '#shared/admin/backups.schemas.ts';
import { useBackups, useCreateBackup } from '../api/admin-api.ts';
import { formatDateTime } from '#client/lib/format-date.ts';
import { backupScheduleText, formatBackupSize } from '../backup-format.ts';
import { AdminList, ListStatus, type AdminColumn } from './admin-list.tsx';

/** The 'Backups' tab. On PostgreSQL the backups are the database server's, and the tab says so. */
export function Backups() {
  const backups = useBackups();
  const create = useCreateBackup();
  const onPostgres = backups.data?.managedBy === 'postgres';

  const backUpNow = () =>
    create.mutate(undefined, {
      onSuccess: (backup) =>
        toast({
          title: 'Backup created',
          description: `${backup.name} (${formatBackupSize(backup.size)}) is in DATA_DIR/backups.`,
        }),
    });

  return (
    <SectionCard
      title="Backups"
      description={
        backups.data && !onPostgres
          ? `Copies of the database, kept in DATA_DIR/backups. ${backupScheduleText(backups.data)}`
          : 'Copies of the database, to go back to if something goes wrong.'
      }
      action={
        backups.data && !onPostgres ? (
          <Button onClick={backUpNow} disabled={create.isPending}>
            <DatabaseBackup aria-hidden />
            {create.isPending ? 'Backing up…' : 'Back up now'}
          </Button>
        ) : null
      }
      contentClassName="grid gap-4"
    >
      {backups.isPending || backups.isError ? (
        <ListStatus query={backups} what="backups" label="Loading backups…" rows={2} />
      ) : onPostgres ? (
        <Notice icon={<Info aria-hidden />}>
          <p>
            This server keeps its data in PostgreSQL (DATABASE_URL), so its backups belong to
            PostgreSQL: take them with <code>pg_dump</code> and restore them with{' '}
            <code>pg_restore</code>, as the README’s “Backups” section shows.
          </p>
        </Notice>
      ) : backups.data.backups.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<Archive />}
          title="No backups yet"
          description="Back up now, or wait for the first scheduled backup."
        />
      ) : (
        <>
          <AdminList
            rows={backups.data.backups}
            rowKey={(backup) => backup.name}
            caption="Backups, newest first"
            columns={COLUMNS}
          />
          <p className="text-sm text-muted-foreground">
            To restore one, stop the server and run{' '}
            <code className="[overflow-wrap:anywhere]">
              npm run db:restore -- DATA_DIR/backups/&lt;file&gt;
            </code>
            ; the database it replaces is kept beside it.
          </p>
        </>
      )}
    </SectionCard>
  );
}

const COLUMNS: AdminColumn<Backup>[] = [
  {
    label: 'Taken',
    rowHeader: true,
    className: 'font-medium whitespace-nowrap',
    cell: (backup) => <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time>,
  },
  {
    label: 'File',
    className: 'font-mono text-xs [overflow-wrap:anywhere]',
    cell: (backup) => backup.name,
  },
  {
    label: 'Size',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (backup) => formatBackupSize(backup.size),
  },
];
