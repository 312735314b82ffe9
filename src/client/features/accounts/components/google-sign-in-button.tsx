import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useGoogleStatus } from '../api/account-api.ts';
import { takePostLoginRedirect } from '../post-login-redirect.ts';

/** 'Continue with Google': the whole OpenID Connect flow runs on the server. */
export function GoogleSignInButton() {
  const noteId = useId();
  const status = useGoogleStatus();
  const [leaving, setLeaving] = useState(false);
  const enabled = status.data?.enabled === true;

  function start() {
    setLeaving(true);
    const redirect = takePostLoginRedirect('');
    window.location.assign(
      `/api/auth/google/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
    );
  }

  return (
    <div className="grid gap-2">
      <Button
        size="lg"
        variant="outline"
        className="w-full"
        aria-disabled={!enabled || leaving}
        aria-busy={leaving || undefined}
        aria-describedby={enabled ? undefined : noteId}
        onClick={(event) => {
          event.preventDefault();
          if (enabled && !leaving) start();
        }}
      >
        <GoogleMark />
        {leaving ? 'Signing in...' : 'Continue with Google'}
      </Button>
      {!enabled && !status.isPending && (
        <p id={noteId} className="text-center text-xs/5 text-muted-foreground">
          Google sign-in is not configured on this server. Sign up with your email below.
        </p>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.57c2.08-1.92 3.27-4.74 3.27-8.09z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.76c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.49 12c0-.73.13-1.44.35-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.95l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
