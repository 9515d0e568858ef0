import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { ChevronDownIcon as ChevronDown } from '@/components/layout/icons';
import { DEALER_TOOL_LINKS, IN_MENU_BELOW, type NavItem, navClass, PUBLIC_LINKS } from './nav-links';

/**
 * Dealers keep their tools (Watchlist, Saved Searches) and the public pages one click away; `bar`: the header's
 * links that leave the bar below their width (`from`) and show here instead.
 */
export function MoreMenu({ bar = [] }: { bar?: NavItem[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={`${navClass({ isActive: false })} inline-flex items-center gap-1`}>
        More <ChevronDown className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-border bg-card p-1 shadow-lg"
        >
          {[...bar.filter((l) => l.from), ...DEALER_TOOL_LINKS, ...PUBLIC_LINKS].map((l: NavItem) => (
            <DropdownMenu.Item key={l.to} asChild>
              <Link
                to={l.to}
                className={`block rounded px-3 py-2 text-sm font-semibold text-gray-700 outline-none hover:bg-muted data-[highlighted]:bg-muted ${
                  l.from ? IN_MENU_BELOW[l.from] : ''
                }`}
              >
                {l.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
