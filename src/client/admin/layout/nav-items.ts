import {
  BarChart3,
  CalendarClock,
  ScrollText,
  Bell,
  Briefcase,
  KeyRound,
  ListTodo,
  LayoutDashboard,
  Megaphone,
  Shield,
  UserLock,
  Users,
  Mail,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** Sidebar links, relative to /admin (the admin app is nested there), grouped by use. */
export const NAV_GROUPS: readonly { label: string; items: readonly NavItem[] }[] = [
  {
    label: 'Work',
    items: [
      { href: '/', label: 'Dashboard', icon: LayoutDashboard },
      { href: '/contacts', label: 'Contacts', icon: Mail },
      { href: '/meetings', label: 'Meetings', icon: CalendarClock },
      { href: '/tasks', label: 'Tasks', icon: ListTodo },
      { href: '/service-inquiries', label: 'Service Inquiries', icon: Briefcase },
    ],
  },
  {
    label: 'Marketing',
    items: [
      { href: '/campaigns', label: 'Campaigns', icon: Megaphone },
      { href: '/analytics', label: 'Analytics', icon: BarChart3 },
    ],
  },
  {
    label: 'Settings',
    items: [
      { href: '/users', label: 'Users', icon: Users },
      { href: '/notifications', label: 'Notifications', icon: Bell },
      { href: '/webhooks', label: 'Webhooks', icon: Webhook },
      { href: '/api-keys', label: 'API Keys', icon: KeyRound },
      { href: '/security', label: 'Security', icon: Shield },
      { href: '/privacy', label: 'Privacy', icon: UserLock },
      { href: '/audit-log', label: 'Audit Log', icon: ScrollText },
    ],
  },
];

export function isActive(href: string, location: string): boolean {
  return href === '/'
    ? location === '/' || location === ''
    : location === href || location.startsWith(`${href}/`);
}
