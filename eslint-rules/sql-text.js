// Finds SQL text in string and template literals: hand-written SQL lives only in `*.sql.ts` files
// (and migrations), so renaming a column fails the type check of a typed query, or at least
// shows up in one place, instead of failing a query at run time. Matching needs SQL structure
// (`select ... from <table>`, `insert into <table> (`, `<column> = ?`) so prose such as
// "Select a status" passes.

const NAME = String.raw`"?[a-z_][\w$]*"?(?:\."?[a-z_][\w$]*"?)*`;
// What a template's `${...}` reads as: a name (a table, a list of columns, a condition).
const HOLE = 'x_';
// What may follow a table name in a statement.
const AFTER_TABLE = String.raw`(?:\s*$|\s*[,;)]|\s+(?:as\s+)?(?:where|join|left|right|inner|full|cross|on|using|order|group|limit|offset|for|union|returning|set|values|select|default|\(|[a-z_]\w*\s*(?:$|[,;)]|\s+(?:where|join|left|inner|on|order|group|limit|set|using|returning)\b)))`;

const PATTERNS = [
  String.raw`\bselect\s+(?:distinct\s+)?[\s\S]+?\sfrom\s+(?:\(|${NAME}${AFTER_TABLE})`,
  String.raw`\bselect\s+(?:\*|\d|(?:[a-z_]\w*\.)?[a-z_]\w*\s*\(|exists\b|count\b)`,
  String.raw`\binsert\s+into\s+${NAME}\s*(?:\(|values\b|select\b|default\b|as\b|on\b)`,
  String.raw`\bupdate\s+${NAME}(?:\s+(?:as\s+)?[a-z_]\w*)?\s+set\s+${NAME}\s*=`,
  String.raw`\bdelete\s+from\s+${NAME}${AFTER_TABLE}`,
  String.raw`\bwith\s+(?:recursive\s+)?[a-z_]\w*(?:\s*\([^)]*\))?\s+as\s+(?:not\s+)?(?:materialized\s+)?\(`,
  String.raw`\bcopy\s+(?:\(|${NAME}\s*(?:\(|to\b|from\b))[\s\S]*\b(?:stdout|stdin)\b`,
  String.raw`(?:^|;)\s*(?:listen|unlisten|notify)\s+${NAME}\s*(?:,|;|$)`,
  String.raw`\btruncate\s+(?:table\s+)?${NAME}\s*(?:$|[,;]|cascade\b|restart\b)`,
  String.raw`\block\s+table\s+${NAME}`,
  String.raw`^set\s+(?:local|session)\s+[a-z_][\w.]*`,
  String.raw`^set\s+[a-z]+_[\w.]*\s*(?:=|to\b)`,
  String.raw`\b(?:create|alter|drop)\s+(?:unique\s+)?(?:table|index|database|schema|extension|role|function|trigger|view|sequence)\s+(?:if\s+(?:not\s+)?exists\s+|concurrently\s+)?${NAME}`,
  // Fragments: a condition on a placeholder, a cast, a keyset page.
  String.raw`${NAME}\s*(?:=|<>|!=|<=|>=|<|>|\blike|\bilike|\bin|\bany\s*\()\s*\(?\s*(?:\?|\$\d+)`,
  String.raw`(?:\?|\$\d+|\w|\)|')::(?:int|integer|bigint|smallint|text|varchar|boolean|numeric|float8|date|timestamptz|timestamp|interval|jsonb?|uuid|inet|bytea|regclass|regconfig|tsvector|tsquery)\b`,
  String.raw`\border\s+by\s+${NAME}(?:\s+(?:asc|desc|nulls\b)|\s*,|\s+limit\b|\s*$)`,
  String.raw`\bwhere\s[\s\S]*\blimit\s+(?:\d+|\?|\$\d+|${HOLE})`,
].map((source) => new RegExp(source, 'i'));

/** Whether `text` (a literal, or a template's static parts joined) reads as SQL. */
export function isSqlText(text) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return PATTERNS.some((pattern) => pattern.test(flat));
}

/** @type {import('eslint').Rule.RuleModule} */
export const sqlTextRule = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL text belongs in a *.sql.ts file (or is a typedSql query)' },
    schema: [],
    messages: {
      sql: 'SQL text outside a *.sql.ts file: move it into the feature’s *.sql.ts (or write it with typedSql).',
    },
  },
  create(context) {
    // An index or check an entity declares (`{ name, expression }`) is schema, like a migration.
    const entity = context.filename.endsWith('.entity.ts');
    const check = (node, text) => {
      if (isSqlText(text)) context.report({ node, messageId: 'sql' });
    };
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        const parent = node.parent;
        const declared =
          entity &&
          parent?.type === 'Property' &&
          parent.key.type === 'Identifier' &&
          parent.key.name === 'expression';
        if (!declared) check(node, node.value);
      },
      TemplateLiteral(node) {
        check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(` ${HOLE} `));
      },
    };
  },
};

// A `?` where a value goes: MikroORM's `em.execute` style. Values are bound through Kysely's
// `sql` tag (`${value}`), which compiles to PostgreSQL's own `$n`; hand-numbered `$n` stays for
// plain `pg` clients. Two styles in one code base meant counting `?`s against a params array.
const QUESTION_PLACEHOLDER = /(?:^|[\s(,=<>])\?(?=$|[\s),;]|::)/;

/** @type {import('eslint').Rule.RuleModule} */
export const sqlPlaceholderRule = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL values are bound with the sql tag or $n, never `?`' },
    schema: [],
    messages: {
      placeholder:
        'A `?` placeholder: bind the value with Kysely’s sql tag (`${value}`), or `$n` for a plain pg client.',
    },
  },
  create(context) {
    const check = (node, text) => {
      const flat = text.replace(/\s+/g, ' ');
      if (QUESTION_PLACEHOLDER.test(flat) && isSqlText(flat.replace(/\?/g, '$1')))
        context.report({ node, messageId: 'placeholder' });
    };
    // A condition on its own (`status = ?`, `id in (?)`), too short to read as a statement.
    const fragment = (text) =>
      /(?:^|\(|\band\s|\bor\s)\s*[a-z_][\w.]*\s*(?:=|<>|!=|<=|>=|<|>|~\*|\b(?:ilike|like|in)\b)\s*\(?\s*\?/i.test(
        text,
      );
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        if (fragment(node.value)) context.report({ node, messageId: 'placeholder' });
        else check(node, node.value);
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(` ${HOLE} `);
        if (fragment(text)) context.report({ node, messageId: 'placeholder' });
        else check(node, text);
      },
    };
  },
};
