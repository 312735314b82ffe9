import { Check, LifeBuoy, Mail } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { formatDateTime } from '#client/lib/format-date.ts';
import type { SupportRequest } from '#shared/support/support.schemas.ts';
import { useMarkSupportRequestDone, useSupportRequests } from '../api/admin-api.ts';
import { LatestEntriesCard } from './admin-list.tsx';

const PRIORITY_CLASSES =
  'border-transparent bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100';
const DONE_CLASSES = 'border-transparent bg-secondary text-secondary-foreground';
const OPEN_CLASSES =
  'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200';

/** The 'Support' tab: messages from /contact, open ones first with Priority (Premium) on top. */
export function SupportRequests() {
  const requests = useSupportRequests();
  const open = requests.data?.filter((r) => r.doneAt === null).length ?? 0;

  return (
    <LatestEntriesCard
      title="Support"
      description="Messages sent from the contact page. Open requests come first, Priority (Premium) ones at the top; reply by email, then mark them done."
      query={requests}
      what="support requests"
      loadingLabel="Loading support requests…"
      empty={{
        icon: <LifeBuoy />,
        title: 'No support requests yet',
        description: 'Messages sent from the contact page appear here.',
      }}
      above={
        <p className="text-sm text-muted-foreground">
          {open === 0 ? 'Nothing open.' : `${open} open`}
        </p>
      }
    >
      {(shown) => (
        <ul aria-label="Support requests" className="grid gap-3">
          {shown.map((request) => (
            <SupportRequestItem key={request.id} request={request} />
          ))}
        </ul>
      )}
    </LatestEntriesCard>
  );
}

function replyLink(request: SupportRequest): string {
  return `mailto:${request.email}?subject=${encodeURIComponent(`Re: ${request.subject}`)}`;
}

function SupportRequestItem({ request }: { request: SupportRequest }) {
  const markDone = useMarkSupportRequestDone();
  const done = request.doneAt !== null;
  return (
    <li>
      <article
        aria-labelledby={`support-${request.id}`}
        className="grid gap-3 rounded-xl border p-4 data-[done=true]:bg-muted/40"
        data-done={done}
      >
        <div className="flex flex-wrap items-center gap-2">
          {request.priority && <Badge className={PRIORITY_CLASSES}>Priority</Badge>}
          <Badge className={done ? DONE_CLASSES : OPEN_CLASSES}>{done ? 'Done' : 'Open'}</Badge>
          <time dateTime={request.createdAt} className="ml-auto text-xs text-muted-foreground">
            {formatDateTime(request.createdAt)}
          </time>
        </div>
        <h3 id={`support-${request.id}`} className="font-semibold [overflow-wrap:anywhere]">
          {request.subject}
        </h3>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          From <span className="text-foreground">{request.email}</span>
          {request.username ? ` (account ${request.username})` : ' (not signed in)'}
        </p>
        <p className="text-sm/6 whitespace-pre-wrap [overflow-wrap:anywhere]">{request.message}</p>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild size="sm" variant="outline">
            <a href={replyLink(request)}>
              <Mail aria-hidden />
              Reply by email
            </a>
          </Button>
          {done ? (
            <p className="text-sm text-muted-foreground">
              Done by {request.doneBy ?? 'an administrator'} on {formatDateTime(request.doneAt!)}
            </p>
          ) : (
            <Button
              size="sm"
              disabled={markDone.isPending}
              aria-label={`Mark “${request.subject}” done`}
              onClick={() =>
                markDone.mutate(request.id, {
                  onSuccess: ({ message }) => toast({ title: message }),
                })
              }
            >
              <Check aria-hidden />
              {markDone.isPending ? 'Marking...' : 'Mark done'}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
