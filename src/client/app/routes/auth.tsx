import { Link, useSearchParams } from 'react-router';
import { Check, Layers, LogIn, Sparkles } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';
import { GUEST_DOWNLOADS_PER_SESSION } from '#shared/billing/plans.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

const PERKS = [
  'Thousands of company logos from Wikimedia Commons',
  'Multiple formats: SVG, PNG and JPG',
  'Premium for unlimited downloads',
  'Batch download for Premium members',
] as const;

export function AuthRoute() {
  useDocumentTitle('Sign In');
  // Where to return after signing in (e.g. /premium); only same-site paths are honoured.
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const backTo = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';

  return (
    <PageContainer className="grid gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:items-center lg:gap-16">
      <div>
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

      <div className="grid gap-5">
        <Card>
          <CardHeader>
            <CardTitle level={2} className="flex items-center gap-2">
              <Sparkles aria-hidden className="size-5 text-link" />
              Accounts are almost here
            </CardTitle>
            <CardDescription className="text-sm/6">
              Sign-up and login open very soon. Until then you can search and download as a guest:{' '}
              {GUEST_DOWNLOADS_PER_SESSION} downloads per browser session, no account needed.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="sm:flex-1">
              <Link to={backTo}>
                <Layers aria-hidden />
                Continue as guest
              </Link>
            </Button>
            <Button size="lg" variant="outline" disabled className="sm:flex-1">
              <LogIn aria-hidden />
              Login here
            </Button>
          </CardContent>
        </Card>
        <p className="px-1 text-xs/5 text-muted-foreground">
          By continuing you agree to our{' '}
          <Link
            to="/legal"
            className="font-medium text-foreground underline underline-offset-4 hover:text-link"
          >
            terms of use
          </Link>{' '}
          and{' '}
          <Link
            to="/legal?tab=privacy"
            className="font-medium text-foreground underline underline-offset-4 hover:text-link"
          >
            privacy policy
          </Link>
          .
        </p>
      </div>
    </PageContainer>
  );
}
