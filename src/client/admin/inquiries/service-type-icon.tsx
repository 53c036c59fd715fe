import {
  Briefcase,
  MessageSquare,
  PhoneIncoming,
  PhoneOutgoing,
  Workflow,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  ai_outbound: PhoneOutgoing,
  ai_inbound: PhoneIncoming,
  ai_messaging: MessageSquare,
  workflow_automation: Workflow,
};

/** Icon per known service type; other types get a briefcase. */
export function ServiceTypeIcon({ serviceType }: { serviceType: string }) {
  const Icon = ICONS[serviceType] ?? Briefcase;
  return (
    <span
      className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary"
      data-icon={serviceType in ICONS ? serviceType : 'default'}
    >
      <Icon className="size-5" aria-hidden />
    </span>
  );
}
