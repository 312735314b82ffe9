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
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { cn } from '#client/lib/cn.ts';
import type { AdminUser } from '#shared/admin/admin.schemas.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useDowngradeSubscription } from '../api/downgrade-subscription.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useGrantSubscription } from '../api/grant-subscription.ts';
import { downloadsCell, fetchFailedMessage, formatLongDate, userActions } from '../admin-format.ts';
import { useDebouncedCallback } from 'use-debounce';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { ListError, ListSkeleton } from './list-states.tsx';
import { AdminTable } from './admin-table.tsx';

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

interface Confirming {
  kind: 'downgrade' | 'delete';
  user: AdminUser;
  /** Kept apart from the target, so the dialog keeps its text while it closes. */
  open: boolean;
}

interface RowActions {
  grant: (user: AdminUser, months: 1 | 12) => void;
  /** The user whose grant is on its way, if any. */
  granting: number | null;
  confirm: (kind: 'downgrade' | 'delete', user: AdminUser) => void;
}

/**
 * The 'User Management' tab: accounts a page at a time, searched on the server. The search and
 * the page are kept in the address (?search=, ?page=); a new search starts again at page 1.
 */
export function UserManagement() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM) ?? '';
  const page = pageFrom(searchParams.get(PAGE_PARAM));
  const [input, setInput] = useState(search);
  const searchInput = useRef<HTMLInputElement>(null);
  const users = useAdminUsers({ search, page });

  const commitSearch = useDebouncedCallback((value: string) => {
    setSearchParams(
      (params) => {
        if (value.trim()) params.set(SEARCH_PARAM, value.trim());
        else params.delete(SEARCH_PARAM);
        params.delete(PAGE_PARAM);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, SEARCH_DELAY_MS);

  const goToPage = (next: number) =>
    setSearchParams((params) => withPage(params, next), {
      replace: true,
      preventScrollReset: true,
    });

  // A page that emptied (its last accounts deleted, or an old address) moves to the last one.
  const lastPage = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  const pastTheEnd = !users.isPlaceholderData && users.data !== undefined && page > lastPage;
  useEffect(() => {
    if (!pastTheEnd) return;
    setSearchParams((params) => withPage(params, lastPage), {
      replace: true,
      preventScrollReset: true,
    });
  }, [pastTheEnd, lastPage, setSearchParams]);

  const grant = useGrantSubscription();
  const downgrade = useDowngradeSubscription();
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const close = () => setConfirming((current) => current && { ...current, open: false });

  const actions: RowActions = {
    grant: (user, months) =>
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
        },
      ),
    granting: grant.isPending ? grant.variables.userId : null,
    confirm: (kind, user) => setConfirming({ kind, user, open: true }),
  };

  const confirmDowngrade = (user: AdminUser) =>
    downgrade.mutate(user.id, {
      onSuccess: ({ message }) => toast({ title: 'Subscription downgraded', description: message }),
      onSettled: close,
    });

  const confirmDelete = (user: AdminUser) =>
    remove.mutate(user.id, {
      onSuccess: ({ message }) => toast({ title: 'User deleted', description: message }),
      onSettled: close,
    });

  const list = users.data?.users;
  const total = users.data?.total ?? 0;
  const pageSize = users.data?.pageSize ?? 0;
  const shownPage = users.data?.page ?? page;
  const searching = search !== '';

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>User Management</CardTitle>
        <CardDescription>
          Grant or end Premium and remove accounts. Administrator accounts cannot be deleted.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
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

        {users.isPending ? (
          <ListSkeleton label="Loading users…" />
        ) : users.isError && !list ? (
          <ListError
            message={fetchFailedMessage('users', users.error)}
            onRetry={() => void users.refetch()}
          />
        ) : list && total === 0 ? (
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
        ) : list ? (
          <div
            className={cn('grid gap-3', users.isPlaceholderData && 'opacity-60')}
            aria-busy={users.isFetching || undefined}
          >
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {listSummary({ shown: list.length, total, page: shownPage, pageSize, search })}
            </p>
            <UsersTable users={list} actions={actions} />
            <UserCards users={list} actions={actions} />
            {total > pageSize && (
              <Pager
                page={shownPage}
                lastPage={lastPage}
                busy={users.isPlaceholderData}
                onPage={goToPage}
              />
            )}
          </div>
        ) : null}
      </CardContent>

      <ConfirmDialog
        open={confirming?.kind === 'downgrade' && confirming.open}
        onOpenChange={(open) => !open && close()}
        title={`Downgrade ${confirming?.user.username ?? ''} to Free?`}
        description={
          <>
            <p>
              Their Premium ends now and the free limit of {FREE_DOWNLOADS_PER_MONTH} downloads a
              month applies again.
            </p>
            {confirming?.user.hasStripeSubscription && (
              <p>Their paid Stripe subscription is cancelled as well.</p>
            )}
          </>
        }
        confirmLabel="Downgrade"
        pendingLabel="Downgrading..."
        pending={downgrade.isPending}
        destructive
        returnFocusFallback={searchInput}
        onConfirm={() => confirming && confirmDowngrade(confirming.user)}
      />
      <ConfirmDialog
        open={confirming?.kind === 'delete' && confirming.open}
        onOpenChange={(open) => !open && close()}
        title={`Delete ${confirming?.user.username ?? ''}?`}
        description={
          <p>
            The account of <strong>{confirming?.user.username}</strong>
            {confirming?.user.email ? ` (${confirming.user.email})` : ''}, with its download
            history, is removed for good. This cannot be undone.
          </p>
        }
        confirmLabel="Delete user"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        returnFocusFallback={searchInput}
        onConfirm={() => confirming && confirmDelete(confirming.user)}
      />
    </Card>
  );
}

/** '3 users', '1 user matches "ali"', or 'Showing 51–100 of 10,000 users' once there are pages. */
function listSummary(list: {
  shown: number;
  total: number;
  page: number;
  pageSize: number;
  search: string;
}): string {
  const { shown, total, page, pageSize, search } = list;
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

function Email({ user }: { user: AdminUser }) {
  return user.email ? (
    <span className="[overflow-wrap:anywhere]">{user.email}</span>
  ) : (
    <span className="text-muted-foreground italic">Not provided</span>
  );
}

function Expiry({ user }: { user: AdminUser }) {
  if (user.plan !== 'Premium') {
    return (
      <>
        <span aria-hidden className="text-muted-foreground">
          —
        </span>
        <span className="sr-only">None</span>
      </>
    );
  }
  const date = formatLongDate(user.subscriptionExpiryDate);
  return date ? (
    <time dateTime={user.subscriptionExpiryDate ?? undefined}>{date}</time>
  ) : (
    <span>No end date</span>
  );
}

function Downloads({ user }: { user: AdminUser }) {
  const cell = downloadsCell(user);
  return (
    <>
      <span aria-hidden className="tabular-nums">
        {cell.text}
      </span>
      <span className="sr-only">{cell.label}</span>
    </>
  );
}

function Actions({ user, actions }: { user: AdminUser; actions: RowActions }) {
  const { canGrant, canDowngrade, canDelete } = userActions(user);
  const busy = actions.granting === user.id;
  return (
    <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap lg:justify-end">
      {canGrant && (
        <>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Grant 1 month of Premium to ${user.username}`}
            onClick={() => actions.grant(user, 1)}
          >
            1 month
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Grant 1 year of Premium to ${user.username}`}
            onClick={() => actions.grant(user, 12)}
          >
            1 year
          </Button>
        </>
      )}
      {canDowngrade && (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Downgrade ${user.username}`}
          onClick={() => actions.confirm('downgrade', user)}
        >
          Downgrade
        </Button>
      )}
      {canDelete && (
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:text-red-800 dark:text-red-300 dark:hover:text-red-200"
          aria-label={`Delete ${user.username}`}
          onClick={() => actions.confirm('delete', user)}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      )}
    </div>
  );
}

function UsersTable({ users, actions }: { users: AdminUser[]; actions: RowActions }) {
  return (
    <AdminTable
      caption="Users, with their plan, expiry and downloads"
      className="hidden lg:block"
      columns={[
        { label: 'User' },
        { label: 'Email' },
        { label: 'Plan' },
        { label: 'Expires' },
        { label: 'Downloads' },
        { label: 'Actions', align: 'right' },
      ]}
    >
      {users.map((user) => (
        <tr key={user.id} className="align-middle">
          <th scope="row" className="min-w-44 px-4 py-3 font-medium">
            <span className="flex flex-wrap items-center gap-2">
              <span className="[overflow-wrap:anywhere]">{user.username}</span>
              {user.isAdmin && <AdminBadge />}
            </span>
          </th>
          <td className="max-w-64 min-w-40 px-4 py-3">
            <Email user={user} />
          </td>
          <td className="px-4 py-3">
            <PlanBadge plan={user.plan} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap">
            <Expiry user={user} />
          </td>
          <td className="px-4 py-3">
            <Downloads user={user} />
          </td>
          <td className="w-px px-4 py-3">
            <Actions user={user} actions={actions} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function UserCards({ users, actions }: { users: AdminUser[]; actions: RowActions }) {
  return (
    <ul aria-label="Users" className="grid gap-3 lg:hidden">
      {users.map((user) => (
        <li key={user.id} className="grid gap-3 rounded-xl border p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Users aria-hidden className="size-4 text-muted-foreground" />
            <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{user.username}</span>
            <PlanBadge plan={user.plan} />
            {user.isAdmin && <AdminBadge />}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="min-w-0">
              <Email user={user} />
            </dd>
            <dt className="text-muted-foreground">Expires</dt>
            <dd>
              <Expiry user={user} />
            </dd>
            <dt className="text-muted-foreground">Downloads</dt>
            <dd>
              <Downloads user={user} />
            </dd>
          </dl>
          <Actions user={user} actions={actions} />
        </li>
      ))}
    </ul>
  );
}
