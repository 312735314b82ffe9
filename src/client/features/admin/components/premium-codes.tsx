import { useState } from 'react';
import { Ban, Copy, TicketX } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import type { PremiumCode } from '#shared/premium-codes/premium-codes.schemas.ts';
import { usePremiumCodes } from '../api/get-premium-codes.ts';
import { useInvalidatePremiumCode } from '../api/invalidate-premium-code.ts';
import {
  CODE_STATUS_LABELS,
  durationText,
  fetchFailedMessage,
  formatLongDate,
  redeemedByText,
} from '../admin-format.ts';
import { copyWithToast } from '../copy-with-toast.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { GenerateCodeDialog } from './generate-code-dialog.tsx';
import { ListError, ListSkeleton } from './list-states.tsx';
import { AdminTable } from './admin-table.tsx';

const STATUS_CLASSES: Record<PremiumCode['status'], string> = {
  active:
    'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  redeemed: 'border-transparent bg-accent text-accent-foreground',
  expired: 'border-transparent bg-secondary text-secondary-foreground',
  invalidated: 'border-transparent bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

interface Confirming {
  code: PremiumCode;
  open: boolean;
}

/** The 'Premium Access Codes' tab: generate, copy and invalidate one-time codes. */
export function PremiumCodes() {
  const codes = usePremiumCodes();
  const invalidate = useInvalidatePremiumCode();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const close = () => setConfirming((current) => current && { ...current, open: false });

  const confirmInvalidate = (code: PremiumCode) =>
    invalidate.mutate(code.id, {
      onSuccess: ({ message }) => toast({ title: 'Code invalidated', description: message }),
      onSettled: close,
    });

  const onInvalidate = (code: PremiumCode) => setConfirming({ code, open: true });

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle level={2}>Premium Access Codes</CardTitle>
          <CardDescription>
            One-time codes that give Premium for a set number of days when redeemed on the
            dashboard.
          </CardDescription>
        </div>
        <GenerateCodeDialog />
      </CardHeader>
      <CardContent>
        {codes.isPending ? (
          <ListSkeleton label="Loading premium codes…" />
        ) : codes.isError ? (
          <ListError
            message={fetchFailedMessage('premium codes', codes.error)}
            onRetry={() => void codes.refetch()}
          />
        ) : codes.data.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<TicketX />}
            title="No premium codes yet"
            description="Generate a code to give someone Premium without a payment."
          />
        ) : (
          <>
            <CodesTable codes={codes.data} onInvalidate={onInvalidate} />
            <CodeCards codes={codes.data} onInvalidate={onInvalidate} />
          </>
        )}
      </CardContent>

      <ConfirmDialog
        open={confirming?.open ?? false}
        onOpenChange={(open) => !open && close()}
        title={`Invalidate code ${confirming?.code.code ?? ''}?`}
        description={<p>Nobody will be able to redeem it any more. This cannot be undone.</p>}
        confirmLabel="Invalidate"
        pendingLabel="Invalidating..."
        pending={invalidate.isPending}
        destructive
        onConfirm={() => confirming && confirmInvalidate(confirming.code)}
      />
    </Card>
  );
}

function StatusBadge({ status }: { status: PremiumCode['status'] }) {
  return <Badge className={STATUS_CLASSES[status]}>{CODE_STATUS_LABELS[status]}</Badge>;
}

function DateText({ value }: { value: string }) {
  return <time dateTime={value}>{formatLongDate(value) ?? value}</time>;
}

function RedeemedBy({ code }: { code: PremiumCode }) {
  const text = redeemedByText(code);
  return text ? (
    <span className="[overflow-wrap:anywhere]">{text}</span>
  ) : (
    <>
      <span aria-hidden className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">Nobody</span>
    </>
  );
}

function CodeActions({
  code,
  onInvalidate,
}: {
  code: PremiumCode;
  onInvalidate: (code: PremiumCode) => void;
}) {
  return (
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
          className="text-red-700 hover:text-red-800 dark:text-red-300 dark:hover:text-red-200"
          aria-label={`Invalidate code ${code.code}`}
          onClick={() => onInvalidate(code)}
        >
          <Ban aria-hidden />
          Invalidate
        </Button>
      )}
    </div>
  );
}

function CodesTable({
  codes,
  onInvalidate,
}: {
  codes: PremiumCode[];
  onInvalidate: (code: PremiumCode) => void;
}) {
  return (
    <AdminTable
      caption="Premium access codes, newest first"
      className="hidden lg:block"
      columns={[
        { label: 'Code' },
        { label: 'Status' },
        { label: 'Created' },
        { label: 'Duration' },
        { label: 'Expires' },
        { label: 'Redeemed by' },
        { label: 'Actions', align: 'right' },
      ]}
    >
      {codes.map((code) => (
        <tr key={code.id}>
          <th scope="row" className="px-4 py-3 font-mono font-semibold tracking-wider">
            {code.code}
          </th>
          <td className="px-4 py-3">
            <StatusBadge status={code.status} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap">
            <DateText value={code.createdAt} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap">{durationText(code.duration)}</td>
          <td className="px-4 py-3 whitespace-nowrap">
            <DateText value={code.expiresAt} />
          </td>
          <td className="max-w-56 min-w-40 px-4 py-3">
            <RedeemedBy code={code} />
          </td>
          <td className="w-px px-4 py-3">
            <CodeActions code={code} onInvalidate={onInvalidate} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function CodeCards({
  codes,
  onInvalidate,
}: {
  codes: PremiumCode[];
  onInvalidate: (code: PremiumCode) => void;
}) {
  return (
    <ul aria-label="Premium access codes" className="grid gap-3 lg:hidden">
      {codes.map((code) => (
        <li key={code.id} className="grid gap-3 rounded-xl border p-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold tracking-wider [overflow-wrap:anywhere]">
              {code.code}
            </span>
            <StatusBadge status={code.status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Created</dt>
            <dd>
              <DateText value={code.createdAt} />
            </dd>
            <dt className="text-muted-foreground">Duration</dt>
            <dd>{durationText(code.duration)}</dd>
            <dt className="text-muted-foreground">Expires</dt>
            <dd>
              <DateText value={code.expiresAt} />
            </dd>
            <dt className="text-muted-foreground">Redeemed by</dt>
            <dd className="min-w-0">
              <RedeemedBy code={code} />
            </dd>
          </dl>
          <CodeActions code={code} onInvalidate={onInvalidate} />
        </li>
      ))}
    </ul>
  );
}
