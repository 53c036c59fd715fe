import { FileText, Mail, Megaphone, Phone, Share2, type LucideIcon } from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  email: Mail,
  social: Share2,
  voice: Phone,
  content: FileText,
};

/** Icon per campaign type: email, social, voice, content; anything else a megaphone. */
export function CampaignTypeIcon({ type }: { type: string }) {
  const Icon = ICONS[type] ?? Megaphone;
  return (
    <span
      className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary"
      data-icon={type in ICONS ? type : 'other'}
    >
      <Icon className="size-5" aria-hidden />
    </span>
  );
}
