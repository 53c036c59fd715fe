import { PageSection } from '../components/page-section';
import { TEAM } from '../content/about.content';

export function AboutTeamSection() {
  return (
    <PageSection id="team" band="white" eyebrow="Leadership" title="The team behind the agents">
      <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {TEAM.map((member) => (
          <li
            key={member.name}
            className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center"
          >
            <img
              src={member.image}
              alt={`Illustrated portrait of ${member.name}`}
              width={128}
              height={128}
              loading="lazy"
              className="mx-auto size-32 rounded-full"
            />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{member.name}</h3>
            <p className="text-sm font-semibold text-primary">{member.role}</p>
            <p className="mt-3 text-slate-600">{member.bio}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
