import { Quote } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { CASE_STUDY_DETAILS } from '../content/case-study-details.content';
import type { CaseStudy } from '../content/marketing.types';
import { TagList } from './tag-list';
import { IconList } from './icon-list';

interface CaseStudyDialogProps {
  study: CaseStudy | null;
  onClose: () => void;
}

/** One part of the write-up under its heading (Challenge, Solution, ...). */
function StoryPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

/** The full case study; closing by X, Escape, overlay or 'Start Your Project' clears the selection. */
export function CaseStudyDialog({ study, onClose }: CaseStudyDialogProps) {
  const details = study ? CASE_STUDY_DETAILS[study.id] : undefined;
  return (
    <Dialog open={study !== null} onOpenChange={(open) => !open && onClose()}>
      {study && details && (
        <DialogContent className="max-w-2xl sm:p-8">
          <DialogHeader>
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">
              {study.category}
            </p>
            <DialogTitle className="text-2xl">{study.title}</DialogTitle>
            <DialogDescription>{study.description}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-2 gap-4 rounded-xl bg-slate-50 p-4 text-sm">
            {(
              [
                ['Company', details.company],
                ['Industry', details.industry],
                ['Timeline', details.timeline],
                ['Team size', details.teamSize],
              ] as const
            ).map(([term, value]) => (
              <div key={term}>
                <dt className="font-medium text-slate-600">{term}</dt>
                <dd className="font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <StoryPart title="Challenge">
            <p className="mt-1 text-slate-700">{details.challenge}</p>
          </StoryPart>
          <StoryPart title="Solution">
            <p className="mt-1 text-slate-700">{details.solution}</p>
          </StoryPart>
          <StoryPart title="Technologies">
            <TagList tags={details.technologies} className="mt-2" />
          </StoryPart>
          <StoryPart title="Results">
            <IconList items={details.results} variant="result" />
          </StoryPart>
          <figure className="rounded-xl border-l-4 border-primary bg-primary-50 p-4">
            <Quote className="size-5 text-primary" aria-hidden />
            <blockquote className="mt-2 text-slate-800">“{details.testimonial}”</blockquote>
            <figcaption className="mt-2 text-sm font-semibold text-slate-700">
              {details.testimonialAuthor}
            </figcaption>
          </figure>
          <Button asChild size="lg" className="w-full sm:w-auto sm:justify-self-start">
            <Link href="/contact" onClick={onClose}>
              Start Your Project
            </Link>
          </Button>
        </DialogContent>
      )}
    </Dialog>
  );
}
