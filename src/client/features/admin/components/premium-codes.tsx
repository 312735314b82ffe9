import { Ban, Copy, TicketX } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import type { PremiumCode } from '#shared/premium-codes/premium-codes.schemas.ts';
import { useInvalidatePremiumCode, usePremiumCodes } from '../api/admin-api.ts';
import { durationText, redeemedByText } from '../admin-format.ts';
import { formatLongDate } from '#client/lib/format-date.ts';
import { copyWithToast } from '../copy-with-toast.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { GenerateCodeDialog } from './generate-code-dialog.tsx';
import {
  AdminList,
  useConfirmation,
  ListStatus,
  DESTRUCTIVE_GHOST,
  Missing,
  type AdminColumn,
} from './admin-list.tsx';

const STATUS_CLASSES: Record<PremiumCode['status'], string> = {
  active:
    'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  redeemed: 'border-transparent bg-accent text-accent-foreground',
  expired: 'border-transparent bg-secondary text-secondary-foreground',
  invalidated: 'border-transparent bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

/** The 'Premium Access Codes' tab: generate, copy and invalidate one-time codes. */
export function PremiumCodes() {
  const codes = usePremiumCodes();
  const invalidate = useInvalidatePremiumCode();
  const confirmation = useConfirmation<PremiumCode>();
  const code = confirmation.target;

  return (
    <SectionCard
      title="Premium Access Codes"
      description="One-time codes that give Premium for a set number of days when redeemed on the dashboard."
      action={<GenerateCodeDialog />}
    >
      {codes.isPending || codes.isError ? (
        <ListStatus query={codes} what="premium codes" label="Loading premium codes…" />
      ) : codes.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<TicketX />}
          title="No premium codes yet"
          description="Generate a code to give someone Premium without a payment."
        />
      ) : (
        <CodeList codes={codes.data} onInvalidate={confirmation.ask} />
      )}

      <ConfirmDialog
        {...confirmation.dialog}
        title={`Invalidate code ${code?.code ?? ''}?`}
        description={<p>Nobody will be able to redeem it any more. This cannot be undone.</p>}
        confirmLabel="Invalidate"
        pendingLabel="Invalidating..."
        pending={invalidate.isPending}
        destructive
        onConfirm={() =>
          code &&
          invalidate.mutate(code.id, {
            onSuccess: ({ message }) => toast({ title: 'Code invalidated', description: message }),
            onSettled: confirmation.close,
          })
        }
      />
    </SectionCard>
  );
}

function StatusBadge({ status }: { status: PremiumCode['status'] }) {
  return <Badge className={STATUS_CLASSES[status]}>{status}</Badge>;
}

const date = (value: string) => <time dateTime={value}>{formatLongDate(value) ?? value}</time>;

const COLUMNS: AdminColumn<PremiumCode>[] = [
  {
    label: 'ID',
    className: 'whitespace-nowrap tabular-nums text-muted-foreground',
    cell: (code) => `#${code.id}`,
  },
  {
    label: 'Code',
    rowHeader: true,
    inTitle: true,
    className: 'font-mono font-semibold tracking-wider',
    cell: (code) => code.code,
  },
  { label: 'Status', inTitle: true, cell: (code) => <StatusBadge status={code.status} /> },
  { label: 'Created', className: 'whitespace-nowrap', cell: (code) => date(code.createdAt) },
  {
    label: 'Duration',
    className: 'whitespace-nowrap',
    cell: (code) => durationText(code.duration),
  },
  { label: 'Expires', className: 'whitespace-nowrap', cell: (code) => date(code.expiresAt) },
  {
    label: 'Redeemed by',
    className: 'max-w-56 min-w-32 [overflow-wrap:anywhere]',
    cell: (code) => redeemedByText(code) ?? <Missing spoken="Nobody" />,
  },
];

function CodeList({
  codes,
  onInvalidate,
}: {
  codes: PremiumCode[];
  onInvalidate: (code: PremiumCode) => void;
}) {
  return (
    <AdminList
      rows={codes}
      rowKey={(code) => code.id}
      caption="Premium access codes, newest first"
      label="Premium access codes"
      columns={COLUMNS}
      cardTitle={(code) => (
        <>
          <span className="font-mono font-semibold tracking-wider [overflow-wrap:anywhere]">
            {code.code}
          </span>
          <StatusBadge status={code.status} />
        </>
      )}
      actions={(code) => (
        <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap lg:justify-end">
          <Button
            size="sm"
            variant="outline"
            aria-label={`Copy code ${code.code}`}
            onClick={() =>
              void copyWithToast(code.code, { success: `Code ${code.code} is on your clipboard.` })
            }
          >
            <Copy aria-hidden />
            Copy
          </Button>
          {code.status === 'active' && (
            <Button
              size="sm"
              variant="ghost"
              className={DESTRUCTIVE_GHOST}
              aria-label={`Invalidate code ${code.code}`}
              onClick={() => onInvalidate(code)}
            >
              <Ban aria-hidden />
              Invalidate
            </Button>
          )}
        </div>
      )}
    />
  );
}
