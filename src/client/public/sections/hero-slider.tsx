import { useEffect, useState, useSyncExternalStore } from 'react';
import { clsx } from 'clsx';
import { HERO_SLIDES, SLIDE_INTERVAL_MS } from '../content/home.content';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The prerendered HTML assumes motion is allowed; hydration then reads the real preference. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The hero's 4 illustrations, cross-fading (1 s) every 4000 ms. It pauses while hovered or
 * focused so a reader is never rushed, and never rotates on its own under reduced motion.
 */
export function HeroSlider() {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || reducedMotion;

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(
      () => setActive((i) => (i + 1) % HERO_SLIDES.length),
      SLIDE_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [paused, active]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Convoza agents at work"
      className="relative"
      data-paused={paused}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocused(false)}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-2xl border border-white/10 bg-slate-900 shadow-2xl shadow-primary/20">
        {HERO_SLIDES.map((slide, i) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${HERO_SLIDES.length}`}
            aria-hidden={i !== active}
            data-testid="hero-slide"
            data-active={i === active}
            className={clsx(
              'absolute inset-0 transition-opacity duration-1000 ease-in-out',
              i === active ? 'opacity-100' : 'opacity-0',
            )}
          >
            <img
              src={slide.src}
              alt={slide.alt}
              width={640}
              height={480}
              className="size-full object-cover"
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
          </div>
        ))}
      </div>
      <div className="mt-4 flex justify-center gap-1">
        {HERO_SLIDES.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === active ? 'true' : undefined}
            onClick={() => setActive(i)}
            className="group inline-flex size-6 items-center justify-center rounded-full"
          >
            <span
              className={clsx(
                'block h-2.5 rounded-full transition-all',
                i === active ? 'w-6 bg-accent' : 'w-2.5 bg-slate-400 group-hover:bg-slate-200',
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
