/** Header links and their look, shared by the header and its lazily loaded "More" menu. */
export const PUBLIC_LINKS = [
  { to: '/dealer-benefits', label: 'Dealer Benefits' },
  { to: '/sell-your-tractor', label: 'Sell Your Tractor' },
  { to: '/contact', label: 'Contact' },
];

/**
 * Dealer tools and the dealership's team (dealer-tools.md): under "More" on wide screens, in the list on
 * phones.
 */
export const DEALER_TOOL_LINKS = [
  { to: '/watchlist', label: 'Watchlist' },
  { to: '/saved-searches', label: 'Saved Searches' },
  { to: '/want-lists', label: 'Want-Lists' },
  { to: '/market', label: 'Market' },
  { to: '/sales', label: 'Timed Sales' },
  { to: '/team', label: 'Team' },
];

/** A header link; `from`: the width from which it stands in the bar (below it, it is under "More"). */
export interface NavItem {
  to: string;
  label: string;
  from?: 'xl' | '2xl';
}

/**
 * Where a link with `from` shows: in the bar from that width, in the "More" menu below it. Whole class names, so
 * Tailwind finds them.
 */
export const IN_BAR_FROM = { xl: 'hidden xl:inline-block', '2xl': 'hidden 2xl:inline-block' } as const;
export const IN_MENU_BELOW = { xl: 'xl:hidden', '2xl': '2xl:hidden' } as const;

// Tight padding and no wrapping: the dealer's and admin's bar fits on one line at 1280 px beside the signed-in name.
export const navClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-semibold hover:bg-muted hover:text-brand-800 2xl:px-3 ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-700'
  }`;
