// The ORM's handle as the app passes it around, apart from orm.ts: that module reads the ORM's
// options (every feature's entities), so a feature importing it would import itself.
import type { MikroORM } from '@mikro-orm/postgresql';

export type Orm = MikroORM;
