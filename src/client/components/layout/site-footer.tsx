import { Link } from 'react-router';
import { AccountLinks } from '#client/components/layout/account-links.tsx';
import { HomeLink } from '#client/components/layout/logo-mark.tsx';
import { CONTACT_NAV, LEGAL_NAV, MAIN_NAV } from '#client/components/layout/nav-links.tsx';
import { useCurrentUser } from '#client/features/accounts/hooks/use-current-user.ts';

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground hover:underline underline-offset-4';

export function SiteFooter() {
  const year = new Date().getFullYear();
  const { user } = useCurrentUser();
  return (
    <footer className="border-t bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_auto] lg:px-8">
        <div className="max-w-sm">
          <HomeLink className="inline-flex" />
          <p className="mt-3 text-sm/6 text-muted-foreground">
            Company logos from Wikimedia Commons, ready for your next design. Search, preview and
            download in seconds, and never see an ad.
          </p>
        </div>

        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold">Explore</h2>
          <ul className="mt-3 grid gap-2.5">
            {[...MAIN_NAV, CONTACT_NAV, LEGAL_NAV].map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold">Your account</h2>
          <p className="mt-3 mb-4 max-w-56 text-sm/6 text-muted-foreground">
            {user
              ? 'Your downloads and plan are on your dashboard.'
              : 'Sign in to keep track of your downloads.'}
          </p>
          <AccountLinks layout="footer" />
        </div>
      </div>

      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs/5 text-muted-foreground sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>© {year} WikiLogos</p>
          <p className="md:text-right">
            By using this site you agree to our{' '}
            <Link
              to="/legal"
              className="font-medium text-foreground underline underline-offset-4 hover:text-link"
            >
              terms of use and logo usage agreement
            </Link>
            . Logos are trademarks of their respective owners.
          </p>
        </div>
      </div>
    </footer>
  );
}
