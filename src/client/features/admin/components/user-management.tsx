import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ChevronLeft,
  ChevronRight,
  Crown,
  Search,
  ShieldCheck,
  Trash2,
  UserRoundX,
  Users,
} from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { cn } from '#client/lib/cn.ts';
import type { AdminUser, AdminUsersPage } from '#shared/admin/admin.schemas.ts';
import {
  useAdminUsers,
  useDeleteUser,
  useDowngradeSubscription,
  useGrantSubscription,
} from '../api/admin-api.ts';
import { downloadsCell, userActions } from '../admin-format.ts';
import { formatLongDate } from '#client/lib/format-date.ts';
import { useDebouncedCallback } from 'use-debounce';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import {
  AdminList,
  useConfirmation,
  ListStatus,
  DESTRUCTIVE_GHOST,
  Missing,
  type AdminColumn,
} from './admin-list.tsx';

const SEARCH_PARAM = 'search';
const PAGE_PARAM = 'page';
const SEARCH_DELAY_MS = 300;

/** The page in the address (?page=), 1 when it is missing or not a page number. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

function withPage(params: URLSearchParams, page: number): URLSearchParams {
  if (page > 1) params.set(PAGE_PARAM, String(page));
  else params.delete(PAGE_PARAM);
  return params;
}

const count = new Intl.NumberFormat('en-US');
// A replaced entry on the same page keeps its scroll position (use-scroll-restoration.ts).
const QUIETLY = { replace: true };

const GRANTS = [
  { months: 1, label: '1 month' },
  { months: 12, label: '1 year' },
] as const;

/**
 * 'User Management': the search and page live in the address; a new search starts at page 1.
 * `ownId` is the signed-in administrator, whose own row offers no actions.
 */
export function UserManagement({ ownId }: { ownId: number }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM) ?? '';
  const page = pageFrom(searchParams.get(PAGE_PARAM));
  const [input, setInput] = useState(search);
  const searchInput = useRef<HTMLInputElement>(null);
  const users = useAdminUsers({ search, page });

  const commitSearch = useDebouncedCallback((value: string) => {
    setSearchParams((params) => {
      if (value.trim()) params.set(SEARCH_PARAM, value.trim());
      else params.delete(SEARCH_PARAM);
      params.delete(PAGE_PARAM);
      return params;
    }, QUIETLY);
  }, SEARCH_DELAY_MS);

  const goToPage = (next: number) => setSearchParams((params) => withPage(params, next), QUIETLY);

  // A page that emptied (its last accounts deleted, or an old address) moves to the last one.
  const lastPage = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  const pastTheEnd = !users.isPlaceholderData && users.data !== undefined && page > lastPage;
  useEffect(() => {
    if (!pastTheEnd) return;
    setSearchParams((params) => withPage(params, lastPage), QUIETLY);
  }, [pastTheEnd, lastPage, setSearchParams]);

  const grant = useGrantSubscription();
  const downgrade = useDowngradeSubscription();
  const remove = useDeleteUser();
  const confirmation = useConfirmation<
    | { kind: 'grant'; user: AdminUser; grant: (typeof GRANTS)[number] }
    | { kind: 'downgrade' | 'delete'; user: AdminUser }
  >();

  const grantPremium = (user: AdminUser, months: 1 | 12) =>
    grant.mutate(
      { userId: user.id, months },
      {
        onSuccess: ({ user: granted }) => {
          const until = formatLongDate(granted.subscriptionExpiryDate);
          toast({
            title: 'Premium granted',
            description: until
              ? `${granted.username} has Premium until ${until}.`
              : `${granted.username} has Premium.`,
          });
        },
        onSettled: confirmation.close,
      },
    );

  const rowActions = (user: AdminUser) => {
    const { canGrant, canDowngrade, canDelete } = userActions(user, ownId);
    if (!canGrant && !canDowngrade && !canDelete) return null;
    const granting = grant.isPending && grant.variables.userId === user.id;
    return (
      <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap lg:justify-end">
        {canGrant &&
          GRANTS.map((option) => (
            <Button
              key={option.months}
              size="sm"
              variant="outline"
              disabled={granting}
              aria-label={`Grant ${option.label} of Premium to ${user.username}`}
              onClick={() => confirmation.ask({ kind: 'grant', user, grant: option })}
            >
              {option.label}
            </Button>
          ))}
        {canDowngrade && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Downgrade ${user.username}`}
            onClick={() => confirmation.ask({ kind: 'downgrade', user })}
          >
            Downgrade
          </Button>
        )}
        {canDelete && (
          <Button
            size="sm"
            variant="ghost"
            className={DESTRUCTIVE_GHOST}
            aria-label={`Delete ${user.username}`}
            onClick={() => confirmation.ask({ kind: 'delete', user })}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        )}
      </div>
    );
  };

  /** The confirmation's text and action for what is being asked. */
  const ask = (asked: NonNullable<typeof confirmation.target>) => {
    const { user } = asked;
    const done = (title: string) => ({
      onSuccess: ({ message }: { message: string }) => toast({ title, description: message }),
      onSettled: confirmation.close,
    });
    switch (asked.kind) {
      case 'grant':
        return {
          title: `Grant ${asked.grant.label} of Premium to ${user.username}?`,
          description: (
            <p>
              <strong>{user.username}</strong> gets Premium for {asked.grant.label}, counted from
              today or from the end of the Premium they already have.
            </p>
          ),
          confirmLabel: 'Grant Premium',
          pendingLabel: 'Granting...',
          pending: grant.isPending,
          onConfirm: () => grantPremium(user, asked.grant.months),
        };
      case 'downgrade':
        return {
          title: `Downgrade ${user.username} to Free?`,
          description: (
            <>
              <p>
                Their Premium ends now and the free limit of {FREE_DOWNLOADS_PER_MONTH} downloads a
                month applies again.
              </p>
              {user.hasStripeSubscription && (
                <p>Their paid Stripe subscription is cancelled as well.</p>
              )}
            </>
          ),
          confirmLabel: 'Downgrade',
          pendingLabel: 'Downgrading...',
          pending: downgrade.isPending,
          destructive: true,
          onConfirm: () => downgrade.mutate(user.id, done('Subscription downgraded')),
        };
      case 'delete':
        return {
          title: `Delete ${user.username}?`,
          description: (
            <p>
              The account of <strong>{user.username}</strong>
              {user.email ? ` (${user.email})` : ''}, with its download history, is removed for
              good. This cannot be undone.
            </p>
          ),
          confirmLabel: 'Delete user',
          pendingLabel: 'Deleting...',
          pending: remove.isPending,
          destructive: true,
          onConfirm: () => remove.mutate(user.id, done('User deleted')),
        };
    }
  };
  const question = confirmation.target && ask(confirmation.target);
  const data = users.data;
  const searching = search !== '';

  return (
    <SectionCard
      title="User Management"
      description="Grant or end Premium and remove accounts. Administrator accounts cannot be deleted."
      action={null}
      contentClassName="grid gap-5"
    >
      <div className="grid gap-1.5 sm:max-w-sm">
        <label htmlFor="admin-user-search" className="text-sm font-medium">
          Search users
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={searchInput}
            id="admin-user-search"
            type="search"
            className="pl-9"
            placeholder="Name or email"
            autoComplete="off"
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              commitSearch(event.target.value);
            }}
          />
        </div>
      </div>

      {users.isPending || (users.isError && !data) ? (
        <ListStatus query={users} what="users" label="Loading users…" />
      ) : data?.total === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<UserRoundX />}
          title={searching ? 'No users match your search' : 'No users yet'}
          description={
            searching
              ? `Nobody's name or email contains "${search}".`
              : 'Accounts appear here as people sign up.'
          }
        />
      ) : data ? (
        <div
          className={cn('grid gap-3', users.isPlaceholderData && 'opacity-60')}
          aria-busy={users.isFetching || undefined}
        >
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {listSummary(data, search)}
          </p>
          <AdminList
            rows={data.users}
            rowKey={(user) => user.id}
            caption="Users, with their plan, expiry and downloads"
            label="Users"
            rowClassName="align-middle"
            columns={COLUMNS}
            cardTitle={(user) => (
              <>
                <Users aria-hidden className="size-4 text-muted-foreground" />
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">
                  {user.username}
                </span>
                <PlanBadge plan={user.plan} />
                {user.isAdmin && <AdminBadge />}
              </>
            )}
            actions={rowActions}
          />
          {data.total > data.pageSize && (
            <Pager
              page={data.page}
              lastPage={lastPage}
              busy={users.isPlaceholderData}
              onPage={goToPage}
            />
          )}
        </div>
      ) : null}

      {question && (
        <ConfirmDialog {...confirmation.dialog} {...question} returnFocusFallback={searchInput} />
      )}
    </SectionCard>
  );
}

/** '3 users', '1 user matches "ali"', or 'Showing 51–100 of 10,000 users' once there are pages. */
function listSummary({ users: list, total, page, pageSize }: AdminUsersPage, search: string) {
  const shown = list.length;
  const users = `${count.format(total)} ${total === 1 ? 'user' : 'users'}`;
  if (total <= pageSize) {
    if (!search) return users;
    return `${users} ${total === 1 ? 'matches' : 'match'} "${search}"`;
  }
  const from = (page - 1) * pageSize + 1;
  const to = from + shown - 1;
  const range = shown > 0 ? `${count.format(from)}–${count.format(to)}` : 'none';
  return `Showing ${range} of ${users}${search ? ` matching "${search}"` : ''}`;
}

/**
 * Previous and Next. A button at the end of the list is marked unavailable rather than disabled,
 * so keyboard focus stays on it instead of falling back to the top of the page.
 */
function Pager({
  page,
  lastPage,
  busy,
  onPage,
}: {
  page: number;
  lastPage: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const first = page <= 1;
  const last = page >= lastPage;
  return (
    <nav aria-label="User list pages" className="flex flex-wrap items-center justify-between gap-3">
      <Button
        variant="outline"
        size="sm"
        aria-disabled={first || undefined}
        onClick={() => !first && onPage(page - 1)}
      >
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground tabular-nums" aria-busy={busy || undefined}>
        Page {count.format(page)} of {count.format(lastPage)}
      </p>
      <Button
        variant="outline"
        size="sm"
        aria-disabled={last || undefined}
        onClick={() => !last && onPage(page + 1)}
      >
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}

function PlanBadge({ plan }: { plan: AdminUser['plan'] }) {
  return plan === 'Premium' ? (
    <Badge variant="accent">
      <Crown aria-hidden />
      Premium
    </Badge>
  ) : (
    <Badge variant="secondary">Free</Badge>
  );
}

function AdminBadge() {
  return (
    <Badge variant="outline">
      <ShieldCheck aria-hidden />
      Admin
    </Badge>
  );
}

function Expiry({ user }: { user: AdminUser }) {
  if (user.plan !== 'Premium') return <Missing />;
  const date = formatLongDate(user.subscriptionExpiryDate);
  return date ? (
    <time dateTime={user.subscriptionExpiryDate ?? undefined}>{date}</time>
  ) : (
    <span>No end date</span>
  );
}

const COLUMNS: AdminColumn<AdminUser>[] = [
  {
    label: 'User',
    rowHeader: true,
    inTitle: true,
    className: 'min-w-44 font-medium',
    cell: (user) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="[overflow-wrap:anywhere]">{user.username}</span>
        {user.isAdmin && <AdminBadge />}
      </span>
    ),
  },
  {
    label: 'Email',
    className: 'max-w-64 min-w-40',
    cell: (user) =>
      user.email ? (
        <span className="[overflow-wrap:anywhere]">{user.email}</span>
      ) : (
        <span className="text-muted-foreground italic">Not provided</span>
      ),
  },
  { label: 'Plan', inTitle: true, cell: (user) => <PlanBadge plan={user.plan} /> },
  { label: 'Expires', className: 'whitespace-nowrap', cell: (user) => <Expiry user={user} /> },
  {
    label: 'Downloads',
    cell: (user) => {
      const cell = downloadsCell(user);
      return (
        <>
          <span aria-hidden className="tabular-nums">
            {cell.text}
          </span>
          <span className="sr-only">{cell.label}</span>
        </>
      );
    },
  },
];
