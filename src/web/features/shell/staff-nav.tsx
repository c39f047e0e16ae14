import { Link } from '@tanstack/react-router';
import type { Role } from '../../../domain/constants';
import { cn } from '../../lib/cn';
import { navItemsFor, settingsNavItemFor } from './nav-items';
import type { NavItem } from './nav-items';

const linkClass =
  'flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors [&_svg]:size-5 [&_svg]:shrink-0';

/** Sidebar (dark) and mobile sheet (light) draw the same links in two colour schemes. */
const toneClass = {
  dark: 'text-sea-100 hover:bg-white/10 hover:text-white data-[status=active]:bg-white/15 data-[status=active]:text-white',
  light:
    'text-foreground hover:bg-accent hover:text-accent-foreground data-[status=active]:bg-accent data-[status=active]:text-accent-foreground data-[status=active]:font-semibold',
} as const;

function NavLink({
  item,
  tone,
  onNavigate,
}: {
  item: NavItem;
  tone: keyof typeof toneClass;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  return (
    <Link to={item.to} className={cn(linkClass, toneClass[tone])} onClick={onNavigate}>
      <Icon aria-hidden="true" />
      <span className="truncate">{item.label}</span>
    </Link>
  );
}

export interface StaffNavProps {
  role: Role | null;
  tone: keyof typeof toneClass;
  /** Called after a link is followed (closes the mobile menu). */
  onNavigate?: () => void;
  className?: string;
}

/** SPEC §2 navigation; Settings comes last, under a divider. */
export function StaffNav({ role, tone, onNavigate, className }: StaffNavProps) {
  return (
    <nav aria-label="Back office" className={className}>
      <ul className="grid gap-1">
        {navItemsFor(role).map((item) => (
          <li key={item.to}>
            <NavLink item={item} tone={tone} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <div className={cn('my-3 border-t', tone === 'dark' ? 'border-white/15' : 'border-border')} />
      <ul className="grid gap-1">
        <li>
          <NavLink item={settingsNavItemFor(role)} tone={tone} onNavigate={onNavigate} />
        </li>
      </ul>
    </nav>
  );
}
