import {
  MessageSquareText,
  PhoneIncoming,
  PhoneOutgoing,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { ServiceIcon as ServiceIconName } from '../content/marketing.types';
import { clsx } from 'clsx';

const ICONS: Record<ServiceIconName, LucideIcon> = {
  'phone-outgoing': PhoneOutgoing,
  'phone-incoming': PhoneIncoming,
  'message-square': MessageSquareText,
  workflow: Workflow,
};

export function ServiceIcon({ name, className }: { name: ServiceIconName; className?: string }) {
  const Icon = ICONS[name];
  return (
    <span
      className={clsx(
        'inline-flex size-12 items-center justify-center rounded-xl bg-primary-50 text-primary',
        className,
      )}
    >
      <Icon className="size-6" aria-hidden />
    </span>
  );
}
