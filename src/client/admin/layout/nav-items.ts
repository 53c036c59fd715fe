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
  Users,
  Mail,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

/** Sidebar links, relative to /admin (the admin app is nested there). */
export const NAV_ITEMS: readonly { href: string; label: string; icon: LucideIcon }[] = [
  { href: '/', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/contacts', label: 'Contacts', icon: Mail },
  { href: '/meetings', label: 'Meetings', icon: CalendarClock },
  { href: '/tasks', label: 'Tasks', icon: ListTodo },
  { href: '/users', label: 'Users', icon: Users },
  { href: '/service-inquiries', label: 'Service Inquiries', icon: Briefcase },
  { href: '/campaigns', label: 'Campaigns', icon: Megaphone },
  { href: '/analytics', label: 'Analytics', icon: BarChart3 },
  { href: '/security', label: 'Security', icon: Shield },
  { href: '/notifications', label: 'Notifications', icon: Bell },
  { href: '/webhooks', label: 'Webhooks', icon: Webhook },
  { href: '/api-keys', label: 'API Keys', icon: KeyRound },
  { href: '/audit-log', label: 'Audit Log', icon: ScrollText },
];

export function isActive(href: string, location: string): boolean {
  return href === '/'
    ? location === '/' || location === ''
    : location === href || location.startsWith(`${href}/`);
}
