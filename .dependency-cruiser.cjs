/**
 * Module rules that keep the features apart (npm run lint; src/server/test/dependency-rules.test.ts
 * shows each failing on a deliberate violation):
 * - no import cycles anywhere in src/;
 * - db/ is infrastructure (connections, migrations, maintenance loop) and names no feature: the
 *   features register their tables and tasks in src/server/features.ts;
 * - only the composition root (features.ts) imports the features' registrations.
 */
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
      name: 'feature-registrations-only-in-the-root',
      comment: 'A *.feature.ts is read by src/server/features.ts alone.',
      severity: 'error',
      from: { pathNot: '^src/server/features\\.ts$' },
      to: { path: '\\.feature\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
