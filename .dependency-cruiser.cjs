/**
 * Module rules that keep the features apart (npm run lint; src/server/dependency-rules.test.ts
 * shows each failing on a deliberate violation).
 *
 * A directory of src/server is either infrastructure or a feature. Infrastructure is what every
 * feature builds on and names no feature: db (connections, migrations, maintenance loop), events
 * (the domain event bus), http (Express plumbing, client addresses), jobs (the job queue),
 * observability (metrics, request context, logs), trpc (procedures, context, errors) and test
 * (test support). Every other directory is a feature (contacts, booking, auth, users, audit, ...)
 * and owns its tables. The files directly in src/server are the composition root (features.ts,
 * app-router.ts, app-deps.ts, app.ts, ...): they may name every feature.
 *
 * - no import cycles anywhere in src/;
 * - db/ names no feature: the features register their tables and tasks in src/server/features.ts;
 * - the rest of the infrastructure names no feature either, not even for a type or in a test:
 *   the root assembles the routers (app-router.ts), the app's dependencies (app-deps.ts), the
 *   domain events (domain-events.ts) and the test app (test-app.ts);
 * - only the composition root (features.ts) imports the features' registrations;
 * - a feature uses another one through its *.service.ts files (or type-only imports); its
 *   entities, SQL and other files are its own. src/shared (schemas, types) is open to all. Tests
 *   and test support may arrange another feature's rows. The exceptions are listed below, each
 *   with its reason.
 */

const INFRASTRUCTURE = '^src/server/(db|events|http|jobs|observability|trpc|test)/';
const TESTS = ['\\.test\\.ts$', '-test-support\\.ts$'];

/** Feature-to-feature imports that skip the other feature's services, and why. */
const FEATURE_EXCEPTIONS = [
  {
    from: '^src/server/([^/]+)/[^/]+\\.entity\\.ts$',
    to: '^src/server/[^/]+/[^/]+\\.entity\\.ts$',
    reason: 'MikroORM relations: an entity names the entity class it references.',
  },
  {
    from: '^src/server/(booking)/(booking-reads|booking-contact|host-schedule)\\.sql\\.ts$',
    to: '^src/server/(users/user|contacts/contact|lead-routing/lead-routing-member)\\.entity\\.ts$',
    reason:
      "Booking's read queries join hosts, the routing pool and leads in one statement; typedSql types the join from those entities. Reads only.",
  },
  {
    from: '^src/server/(auth)/session-actor\\.sql\\.ts$',
    to: '^src/server/(users/user|security-center/security-settings)\\.entity\\.ts$',
    reason:
      'Every signed-in request reads its session, its user and the two-factor setting in one statement; typedSql types the join from those entities. Reads only.',
  },
  {
    from: '^src/server/(lead-routing)/lead-routing\\.sql\\.ts$',
    to: '^src/server/users/user\\.entity\\.ts$',
    reason:
      'Round-robin takes the next active member in one statement, joining users for is_active; typedSql types the join from the entity. Reads only.',
  },
  {
    from: '^src/server/(booking)/booking-stats\\.service\\.ts$',
    to: '^src/server/contacts/(contact|contact-daily)\\.entity\\.ts$',
    reason:
      'The booking figures divide by the contacts of the same period in one statement (typedSql, reads only).',
  },
];

/**
 * The rule itself, for the files no exception starts from, and one copy per exception's `from`
 * that lets those files reach that exception's targets as well (entries with the same `from`
 * share a copy; keep the `from`s of different entries apart).
 */
function withExceptions(rule, exceptions) {
  const byFrom = new Map();
  for (const e of exceptions) byFrom.set(e.from, [...(byFrom.get(e.from) ?? []), e]);
  const pathNot = (...extra) => [...[rule.to.pathNot ?? []].flat(), ...extra];
  return [
    { ...rule, from: { ...rule.from, pathNot: [...rule.from.pathNot, ...byFrom.keys()] } },
    ...[...byFrom].map(([from, entries]) => ({
      ...rule,
      comment: `${rule.comment} Allowed here: ${entries.map((e) => e.reason).join(' ')}`,
      from: { path: from, pathNot: rule.from.pathNot },
      to: { ...rule.to, pathNot: pathNot(...entries.map((e) => e.to)) },
    })),
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: split the shared part into a module both import.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'db-knows-no-feature',
      comment:
        'src/server/db is infrastructure: a feature registers its entities and maintenance in its *.feature.ts, listed in src/server/features.ts.',
      severity: 'error',
      from: { path: '^src/server/db/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/[^/]+/', pathNot: '^src/server/db/' },
    },
    {
      name: 'infrastructure-knows-no-feature',
      comment:
        "Infrastructure (trpc, http, jobs, events, observability, test) names no feature, not even a type, not even in a test: the composition root in src/server (app-router.ts, app-deps.ts, build-app.ts, test-app.ts, the app-wide tests) brings them together. (infrastructure-names.test.ts also reads the infrastructure's strings.)",
      severity: 'error',
      from: { path: '^src/server/(trpc|http|jobs|events|observability|test)/' },
      to: { path: '^src/server/[^/]+/', pathNot: INFRASTRUCTURE },
    },
    {
      name: 'feature-registrations-only-in-the-root',
      comment:
        'A *.feature.ts is read by src/server/features.ts alone (and the sample feature by its own test, which lists it as features.ts would).',
      severity: 'error',
      from: {
        pathNot: [
          '^src/server/features\\.ts$',
          '^src/server/sample-feature/sample-feature\\.test\\.ts$',
        ],
      },
      to: { path: '\\.feature\\.ts$' },
    },
    ...withExceptions(
      {
        name: 'features-meet-through-services',
        comment:
          "A feature uses another feature's *.service.ts (or its types): move or re-export what it needs there, so its tables keep one owner.",
        severity: 'error',
        from: { path: '^src/server/([^/]+)/', pathNot: [INFRASTRUCTURE, ...TESTS] },
        to: {
          path: '^src/server/[^/]+/',
          pathNot: ['^src/server/$1/', INFRASTRUCTURE, '\\.service\\.ts$'],
          dependencyTypesNot: ['type-only'],
        },
      },
      FEATURE_EXCEPTIONS,
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
