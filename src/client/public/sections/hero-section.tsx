import { PlayCircle, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'wouter';
import { ctaClass } from '../components/cta-styles';
import { HERO } from '../content/home.content';
import { HeroSlider } from './hero-slider';

const BADGE_ICONS = [Users, ShieldCheck];

export function HeroSection() {
  return (
    <section className="hero-glow relative isolate overflow-hidden bg-ink text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8 lg:py-24">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">
            {HERO.eyebrow}
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {HERO.headlineLead} <span className="text-accent">{HERO.headlineFigure}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-300">{HERO.subhead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link className={ctaClass('primary', 'lg')} href="/contact">
              Book a Strategy Call
            </Link>
            <button
              type="button"
              className={ctaClass('inverse', 'lg')}
              onClick={() => window.alert(HERO.demoAlert)}
            >
              <PlayCircle aria-hidden />
              Watch Demo Video
            </button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-3" aria-label="Credentials">
            {HERO.badges.map((badge, i) => {
              const Icon = BADGE_ICONS[i] ?? ShieldCheck;
              return (
                <li
                  key={badge}
                  className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-4 py-1.5 text-sm font-medium text-slate-100"
                >
                  <Icon className="size-4 text-accent" aria-hidden />
                  {badge}
                </li>
              );
            })}
          </ul>
        </div>
        <HeroSlider />
      </div>
    </section>
  );
}
