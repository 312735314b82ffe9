import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';

/** The main navigation, shared by the header, the mobile menu and the footer. */
interface NavItem {
  to: string;
  label: string;
  /** Other paths that belong to the same section (the results page is part of "Search & Download"). */
  alsoActiveOn?: readonly string[];
}

export const MAIN_NAV: readonly NavItem[] = [
  { to: '/', label: 'Search & Download', alsoActiveOn: ['/search'] },
  { to: '/wall', label: 'Logo Wall' },
  { to: '/premium', label: 'Upgrade' },
  { to: '/about', label: 'About' },
];

export const LEGAL_NAV: NavItem = { to: '/legal', label: 'Legal & Privacy' };

export const CONTACT_NAV: NavItem = { to: '/contact', label: 'Contact Support' };

function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.to === pathname) return true;
  return (
    item.alsoActiveOn?.some((path) => pathname === path || pathname.startsWith(`${path}/`)) ?? false
  );
}

/** The header's and the mobile menu's list of links, each styled by whether it is the current section. */
export function NavLinks({
  items,
  className,
  linkClassName,
  onNavigate,
  after,
}: {
  items: readonly NavItem[];
  className: string;
  linkClassName: (active: boolean) => string;
  onNavigate?: (to: string) => void;
  /** Shown after each label (the mobile menu's chevron). */
  after?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end
            onClick={() => onNavigate?.(item.to)}
            className={linkClassName(isNavItemActive(item, pathname))}
          >
            {item.label}
            {after}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
