import { useRef, useState, type ReactNode } from 'react';
import { Copy, FlaskConical, KeyRound, TriangleAlert } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { useConfirmation } from './admin-list.tsx';
import { Dialog, DialogClose, DialogContent, DialogHeader } from '#client/components/ui/dialog.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import {
  useAdminConfig,
  useCreateTestAccounts,
  useResetAdminCredentials,
} from '../api/admin-api.ts';
import { copyWithToast } from '../copy-with-toast.ts';
import { useReturnFocus } from '#client/components/ui/use-return-focus.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';

const COPY_FAILED = 'Failed to copy to clipboard.';

interface Credential {
  username: string;
  password: string;
  plan?: string;
}

type Shown =
  | { kind: 'admin'; credential: Credential; message: string }
  | { kind: 'test'; credentials: Credential[]; message: string };

/** 'Administrator tools'. Both ask first; new passwords are shown once, here, and nowhere else. */
export function AdminTools() {
  const config = useAdminConfig();
  const reset = useResetAdminCredentials();
  const testAccounts = useCreateTestAccounts();
  const confirmation = useConfirmation<'reset' | 'test'>();
  const [shown, setShown] = useState<(Shown & { open: boolean }) | null>(null);
  // The results dialog opens as the confirmation closes; afterwards focus goes back to the tool.
  const resetButton = useRef<HTMLButtonElement>(null);
  const testButton = useRef<HTMLButtonElement>(null);
  const shownReturnFocus = useReturnFocus(shown?.kind === 'test' ? testButton : resetButton);

  const testing = confirmation.target === 'test';
  const run = () => {
    const show = (next: Shown) => {
      confirmation.close();
      setShown({ ...next, open: true });
    };
    if (testing) {
      testAccounts.mutate(undefined, {
        onSuccess: ({ testUsers, message }) =>
          show({ kind: 'test', credentials: testUsers, message }),
        onError: confirmation.close,
      });
    } else {
      reset.mutate(undefined, {
        onSuccess: ({ username, password, message }) =>
          show({ kind: 'admin', credential: { username, password }, message }),
        onError: confirmation.close,
      });
    }
  };

  return (
    <SectionCard
      title="Administrator tools"
      description="Actions that affect every administrator or every account."
      action={null}
      contentClassName="grid gap-4"
    >
      <Tool
        icon={<KeyRound aria-hidden />}
        title="Reset administrator credentials"
        description="Creates a new strong password for the administrator account, shown once. Every other administrator session is signed out."
      >
        <Button ref={resetButton} variant="outline" onClick={() => confirmation.ask('reset')}>
          Reset credentials
        </Button>
      </Tool>
      {config.data?.allowTestAccounts && (
        <Tool
          icon={<FlaskConical aria-hidden />}
          title="Create test accounts"
          description="Deletes every non-administrator account and creates a few test accounts. Only for test servers."
        >
          <Button ref={testButton} variant="destructive" onClick={() => confirmation.ask('test')}>
            Create test accounts
          </Button>
        </Tool>
      )}

      <ConfirmDialog
        {...confirmation.dialog}
        title={testing ? 'Create test accounts?' : 'Reset administrator credentials?'}
        description={
          testing ? (
            <p>
              This <strong>deletes all non-administrator users</strong>, with their downloads and
              subscriptions, and creates a few test accounts in their place. It cannot be undone.
            </p>
          ) : (
            <>
              <p>A new password replaces the current one and is shown to you once.</p>
              <p>Every other administrator session is signed out; this one stays signed in.</p>
            </>
          )
        }
        confirmLabel={testing ? 'Delete users and create test accounts' : 'Reset credentials'}
        pendingLabel={testing ? 'Creating...' : 'Resetting...'}
        pending={(testing ? testAccounts : reset).isPending}
        destructive
        onConfirm={run}
      />

      <Dialog
        open={shown?.open ?? false}
        onOpenChange={(open) => !open && setShown((current) => current && { ...current, open })}
      >
        <DialogContent className="grid gap-5 p-6" {...shownReturnFocus}>
          <DialogHeader
            title={
              shown?.kind === 'test' ? 'Test accounts created' : 'New administrator credentials'
            }
            description={shown?.message}
          />
          <Notice variant="warning" icon={<TriangleAlert aria-hidden />}>
            {shown?.kind === 'test' ? (
              <p>Save these passwords now: they are not shown again.</p>
            ) : (
              <p>
                Save this password now: it is not shown again. Every other administrator session has
                been signed out.
              </p>
            )}
          </Notice>
          {shown?.kind === 'admin' && <CredentialCard credential={shown.credential} />}
          {shown?.kind === 'test' && (
            <ul aria-label="Test accounts" className="grid gap-3">
              {shown.credentials.map((credential) => (
                <li key={credential.username}>
                  <CredentialCard credential={credential} named />
                </li>
              ))}
            </ul>
          )}
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button>I have saved {shown?.kind === 'test' ? 'them' : 'it'}</Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    </SectionCard>
  );
}

function Tool({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <span className="mt-0.5 text-muted-foreground [&_svg]:size-5">{icon}</span>
        <div className="grid gap-1">
          <h3 className="font-medium">{title}</h3>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

function CredentialCard({
  credential,
  named = false,
}: {
  credential: Credential;
  named?: boolean;
}) {
  const owner = named ? credential.username : undefined;
  return (
    <dl className="grid gap-3 rounded-xl border bg-surface p-4 text-sm">
      <CredentialLine label="Username" value={credential.username} owner={owner} />
      <CredentialLine label="Password" value={credential.password} owner={owner} />
      {credential.plan && (
        <div className="flex items-center gap-2">
          <dt className="text-muted-foreground">Plan</dt>
          <dd>{credential.plan}</dd>
        </div>
      )}
    </dl>
  );
}

function CredentialLine({ label, value, owner }: { label: string; value: string; owner?: string }) {
  const what = label.toLowerCase();
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1 font-mono break-all select-all">
          {value}
        </code>
        <Button
          size="icon-sm"
          variant="outline"
          aria-label={owner ? `Copy ${what} of ${owner}` : `Copy ${what}`}
          title={`Copy ${what}`}
          onClick={() =>
            void copyWithToast(value, {
              success: `The ${what} is on your clipboard.`,
              failure: COPY_FAILED,
            })
          }
        >
          <Copy aria-hidden />
        </Button>
      </dd>
    </div>
  );
}
