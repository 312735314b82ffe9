/** The main navigation, shared by the header, the mobile menu and the footer. */
interface NavItem {
  to: string;
  label: string;
  /** Other paths that belong to the same section (the results page is part of "Search & Download"). */
  alsoActiveOn?: readonly string[];
}

export const MAIN_NAV: readonly NavItem[] = [
  { to: '/', label: 'Search & Download', alsoActiveOn: ['/search'] },
  { to: '/premium', label: 'Upgrade' },
  { to: '/about', label: 'About' },
];

export const LEGAL_NAV: NavItem = { to: '/legal', label: 'Legal & Privacy' };

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.to === pathname) return true;
  return (
    item.alsoActiveOn?.some((path) => pathname === path || pathname.startsWith(`${path}/`)) ?? false
  );
}
