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
  { to: '/team', label: 'Team' },
];

export const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold hover:bg-muted hover:text-brand-800 ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-700'
  }`;
