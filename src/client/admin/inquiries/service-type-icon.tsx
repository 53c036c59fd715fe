import {
  Briefcase,
  MessageSquare,
  PhoneIncoming,
  PhoneOutgoing,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { isServiceType, type TServiceType } from '../../../shared/service-inquiries.schema';

const ICONS: Record<TServiceType, LucideIcon> = {
  ai_outbound: PhoneOutgoing,
  ai_inbound: PhoneIncoming,
  ai_messaging: MessageSquare,
  workflow_automation: Workflow,
};

/** Icon per known service type; other types get a briefcase. */
export function ServiceTypeIcon({ serviceType }: { serviceType: string }) {
  const known = isServiceType(serviceType);
  const Icon = known ? ICONS[serviceType] : Briefcase;
  return (
    <span
      className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary"
      data-icon={known ? serviceType : 'default'}
    >
      <Icon className="size-5" aria-hidden />
    </span>
  );
}
