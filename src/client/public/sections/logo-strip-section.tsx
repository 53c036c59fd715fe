import { CLIENT_LOGOS } from '../content/home.content';

/** Six brand marks (simple-icons, CC0) drawn in one neutral tone and served from our own host. */
export function LogoStripSection() {
  return (
    <section
      aria-labelledby="logos-title"
      className="defer-render border-b border-slate-200 bg-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2
          id="logos-title"
          className="text-center text-sm font-semibold uppercase tracking-wider text-slate-600"
        >
          Trusted by revenue teams running on
        </h2>
        <ul className="mt-8 grid grid-cols-2 items-center gap-x-8 gap-y-6 sm:grid-cols-3 lg:grid-cols-6">
          {CLIENT_LOGOS.map((logo) => (
            <li key={logo.name} className="flex items-center justify-center gap-2 text-slate-600">
              <img src={logo.src} alt="" width={28} height={28} loading="lazy" className="size-7" />
              <span className="text-lg font-semibold tracking-tight">{logo.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
