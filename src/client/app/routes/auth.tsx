import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Check, LogIn, Sparkles } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { PageSpinner } from '#client/app/require-user.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { ForgotPasswordDialog } from '#client/features/accounts/components/forgot-password-dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { GoogleLinkCard } from '#client/features/accounts/components/google-link-card.tsx';
import {
  GOOGLE_SIGN_IN_ERROR_TITLE,
  GOOGLE_SIGNED_IN_PARAM,
  GOOGLE_SIGNED_IN_TITLE,
  googleSignInErrorMessage,
} from '#client/features/accounts/google-sign-in-messages.ts';
import { GoogleSignInButton } from '#client/features/accounts/components/google-sign-in-button.tsx';
import { LoginForm, RegisterForm } from '#client/features/accounts/components/account-forms.tsx';
import { useCurrentUser } from '#client/features/accounts/hooks/use-current-user.ts';
import {
  savePostLoginRedirect,
  takePostLoginRedirect,
} from '#client/features/accounts/post-login-redirect.ts';
import {
  SESSION_ENDED_MESSAGE,
  SESSION_ENDED_REASON,
} from '#client/features/accounts/session-ended.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

const PERKS = [
  'Thousands of company logos from Wikimedia Commons',
  'Multiple formats: SVG, PNG and JPG',
  'Premium for unlimited downloads',
  'Batch download for Premium members',
] as const;

const LEGAL_LINK_CLASS = 'font-medium text-foreground underline underline-offset-4 hover:text-link';

export function AuthRoute() {
  useDocumentTitle('Sign In');
  const [searchParams, setSearchParams] = useSearchParams();
  const redirectParam = searchParams.get('redirect');
  const errorParam = searchParams.get('error');
  // The Google redirect flow comes back through here once signed in, on its way to `redirect`.
  const signedInWithGoogle = searchParams.get(GOOGLE_SIGNED_IN_PARAM) === 'google';
  // Google sign-in comes back with ?link=google when the email's account needs its password first.
  const linkingGoogle = searchParams.get('link') === 'google';
  const sessionEnded = searchParams.get('reason') === SESSION_ENDED_REASON;
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  // Someone whose session just ended came to sign in again: the sign-in form is open already.
  const [showLogin, setShowLogin] = useState(sessionEnded);
  const loginId = useId();
  // Whether the visitor was already signed in when the page opened (null until the session answers).
  // Signing in on this page navigates from the form's success handler instead.
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean | null>(null);
  if (!isLoading && signedInOnArrival === null) setSignedInOnArrival(user !== null);

  useEffect(() => {
    savePostLoginRedirect(redirectParam);
  }, [redirectParam]);

  useEffect(() => {
    if (signedInWithGoogle && user) {
      toast({ title: GOOGLE_SIGNED_IN_TITLE, description: `Welcome, ${user.username}.` });
    }
  }, [signedInWithGoogle, user]);

  // Google sign-in comes back here with ?error=<code> when it did not work.
  useEffect(() => {
    if (!errorParam) return;
    toast({
      variant: 'destructive',
      title: GOOGLE_SIGN_IN_ERROR_TITLE,
      description: googleSignInErrorMessage(errorParam),
    });
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [errorParam, setSearchParams]);

  useEffect(() => {
    if (signedInOnArrival) void navigate(takePostLoginRedirect('/'), { replace: true });
  }, [signedInOnArrival, navigate]);

  if (isLoading || signedInOnArrival) return <PageSpinner />;

  return (
    <PageContainer className="grid gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16">
      <div className="lg:pt-6">
        <p className="text-sm font-semibold text-link">Your WikiLogos account</p>
        <h1 className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Sign in to WikiLogos
        </h1>
        <p className="mt-4 max-w-lg text-base/7 text-muted-foreground">
          An account keeps track of your downloads and unlocks Premium.
        </p>
        <ul className="mt-8 grid gap-3">
          {PERKS.map((perk) => (
            <li key={perk} className="flex items-start gap-3 text-sm/6">
              <span
                aria-hidden
                className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground"
              >
                <Check className="size-3.5" strokeWidth={3} />
              </span>
              {perk}
            </li>
          ))}
        </ul>
      </div>

      <div className="grid content-start gap-5">
        {linkingGoogle && (
          <GoogleLinkCard onLinked={(redirect) => void navigate(redirect, { replace: true })} />
        )}
        {sessionEnded && (
          <Notice variant="warning" role="alert">
            {SESSION_ENDED_MESSAGE}
          </Notice>
        )}
        <SectionCard
          title="Sign-up for Premium"
          icon={Sparkles}
          description="Create a free account, then upgrade whenever you need unlimited downloads."
          descriptionClassName="text-sm/6"
          contentClassName="grid gap-5"
        >
          <GoogleSignInButton />
          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
            <span className="h-px flex-1 bg-border" />
            or sign up with email
            <span className="h-px flex-1 bg-border" />
          </div>
          <RegisterForm
            onSuccess={() => void navigate(takePostLoginRedirect('/dashboard'), { replace: true })}
          />
        </SectionCard>

        <SectionCard
          title="Already have an account?"
          description="Sign in with your username or email and password."
          descriptionClassName="text-sm/6"
          contentClassName="grid gap-4"
        >
          {!showLogin && (
            <Button
              size="lg"
              variant="outline"
              aria-expanded={false}
              aria-controls={loginId}
              onClick={() => setShowLogin(true)}
            >
              <LogIn aria-hidden />
              Login here
            </Button>
          )}
          <div id={loginId} hidden={!showLogin}>
            {showLogin && (
              <LoginForm
                extra={<ForgotPasswordDialog />}
                onSuccess={() => void navigate(takePostLoginRedirect('/'), { replace: true })}
              />
            )}
          </div>
        </SectionCard>

        <p className="px-1 text-xs/5 text-muted-foreground">
          By continuing you agree to our{' '}
          <Link to="/legal" className={LEGAL_LINK_CLASS}>
            terms of use
          </Link>{' '}
          and{' '}
          <Link to="/legal?tab=privacy" className={LEGAL_LINK_CLASS}>
            privacy policy
          </Link>
          .
        </p>
      </div>
    </PageContainer>
  );
}
